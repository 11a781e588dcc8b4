import * as v from "valibot";
import type { ApiRequest } from "../../core/api";

const InvoiceSchema = v.object({
  id: v.union([v.string(), v.number()]),
  number: v.string(),
  date: v.string(),
  reference: v.nullish(v.string(), ""),
  amountCents: v.number(),
  currency: v.nullish(v.string(), "EUR"),
  dueDate: v.nullish(v.string(), null),
  paid: v.boolean(),
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

const PageSchema = v.object({
  items: v.array(InvoiceSchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  years: v.array(v.object({ year: v.number(), archive: v.boolean() })),
});
export type InvoicePage = v.InferOutput<typeof PageSchema>;

export type SortKey = "date" | "number" | "amount";
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
  const params: Record<string, string | number | undefined> = {
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    order: query.order,
    q: query.q.trim() || undefined,
    status: query.status || undefined,
  };
  if (query.year !== null) params[query.archive ? "annee" : "year"] = query.year;
  return v.parse(PageSchema, await request<unknown>("/me/invoices", { query: params, signal, errors: "inline" }));
}

/** A failed download is said on its row. */
export function downloadInvoice(request: ApiRequest, id: Invoice["id"]): Promise<Blob> {
  return request<Blob>(`/me/invoices/${encodeURIComponent(String(id))}/pdf`, { as: "blob", errors: "inline" });
}

/** A failed archive is said beside its button. */
export function downloadYear(request: ApiRequest, year: number, onProgress: (loaded: number, total: number | null) => void): Promise<Blob> {
  return request<Blob>(`/me/invoices/archive/${year}.zip`, { as: "blob", onProgress, errors: "inline" });
}
