import * as v from "valibot";
import { InvoicePage, type Invoice, type InvoiceListQuery, type SortKey } from "../../contract/invoices";
import type { ApiRequest } from "../../core/api";

export interface InvoiceQuery {
  page: number;
  pageSize: number;
  sort: SortKey;
  order: "asc" | "desc";
  q: string;
  year: number | null;
  /** An archive year comes from customer accounting: asked with the spec's `annee` parameter. */
  archive: boolean;
  status: "" | "paid" | "unpaid";
}

/** The list shows its own error state; no toast on top. */
export async function listInvoices(request: ApiRequest, query: InvoiceQuery, signal?: AbortSignal): Promise<InvoicePage> {
  const params: Partial<Record<keyof InvoiceListQuery, string | number>> = {
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    order: query.order,
    q: query.q.trim() || undefined,
    status: query.status || undefined,
  };
  if (query.year !== null) params[query.archive ? "annee" : "year"] = query.year;
  return v.parse(InvoicePage, await request<unknown>("/me/invoices", { query: params, signal, errors: "inline" }));
}

/** A failed download is said on its row. */
export function downloadInvoice(request: ApiRequest, id: Invoice["id"]): Promise<Blob> {
  return request<Blob>(`/me/invoices/${encodeURIComponent(String(id))}/pdf`, { as: "blob", errors: "inline" });
}

/** A failed archive is said beside its button. */
export function downloadYear(request: ApiRequest, year: number, onProgress: (loaded: number, total: number | null) => void): Promise<Blob> {
  return request<Blob>(`/me/invoices/archive/${year}.zip`, { as: "blob", onProgress, errors: "inline" });
}
