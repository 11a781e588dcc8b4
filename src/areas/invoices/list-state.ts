import { INVOICE_FIRST_YEAR, INVOICE_MAX_PAGE, INVOICE_SEARCH_MAX } from "../../contract/constants";
import type { SortKey } from "../../contract/invoices";
import type { InvoiceQuery } from "./invoices-api";

/** What the customer chose in the list: kept in the address (see useAddressQuery). */
export type ListState = Pick<InvoiceQuery, "q" | "year" | "status" | "sort" | "order" | "page">;

export const DEFAULT_LIST: ListState = { q: "", year: null, status: "", sort: "date", order: "desc", page: 1 };

/** Parameter names in the address: `?q=&annee=&statut=&tri=&page=`. */
const PARAM = { q: "q", year: "annee", status: "statut", sort: "tri", page: "page" } as const;

const SORTS: readonly SortKey[] = ["date", "number", "amount"];
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The list state of a query string. A value that is missing or not valid (an edited or truncated
 * address) falls back to its default, one parameter at a time: the list always shows.
 */
export function readListState(search: string): ListState {
  const params = new URLSearchParams(search);
  const state = { ...DEFAULT_LIST };
  const q = params.get(PARAM.q)?.trim() ?? "";
  if (q.length <= INVOICE_SEARCH_MAX && !CONTROL.test(q)) state.q = q;
  const year = params.get(PARAM.year) ?? "";
  if (/^\d{4}$/.test(year) && Number(year) >= INVOICE_FIRST_YEAR) state.year = Number(year);
  const status = params.get(PARAM.status);
  if (status === "paid" || status === "unpaid") state.status = status;
  const [sort, order, extra] = (params.get(PARAM.sort) ?? "").split("-");
  if (SORTS.includes(sort as SortKey) && (order === "asc" || order === "desc") && extra === undefined) {
    state.sort = sort as SortKey;
    state.order = order;
  }
  const page = params.get(PARAM.page) ?? "";
  if (/^[1-9]\d*$/.test(page) && Number(page) <= INVOICE_MAX_PAGE) state.page = Number(page);
  return state;
}

/**
 * The query string for `state`, keeping the parameters that are not the list's (a `lang`, say);
 * defaults are left out, so the list's plain address stays plain.
 */
export function writeListState(state: ListState, search: string): string {
  const params = new URLSearchParams(search);
  Object.values(PARAM).forEach((name) => params.delete(name));
  if (state.q) params.set(PARAM.q, state.q);
  if (state.year !== null) params.set(PARAM.year, String(state.year));
  if (state.status) params.set(PARAM.status, state.status);
  if (state.sort !== DEFAULT_LIST.sort || state.order !== DEFAULT_LIST.order) params.set(PARAM.sort, `${state.sort}-${state.order}`);
  if (state.page !== 1) params.set(PARAM.page, String(state.page));
  return params.toString();
}
