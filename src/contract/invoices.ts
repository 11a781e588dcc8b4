/** The selected company's invoices (`/api/me/invoices`): a page of the list, a PDF, a year's archive. */
import * as v from "valibot";
import { INVOICE_FIRST_YEAR, INVOICE_MAX_PAGE, INVOICE_SEARCH_MAX } from "./constants";
import { queryParam } from "./parameters";

export const INVOICE_PAGE_SIZE_MAX = 100;

/** An integer parameter in [min, max]. */
const integer = (min: number, max: number, message: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));

const year = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{4}$/, `${name} : année sur 4 chiffres attendue.`),
    v.transform(Number),
    v.minValue(INVOICE_FIRST_YEAR, `${name} : année invalide.`),
  );

/**
 * One page of the list: sorted by `sort` then by number, filtered by `q` (anywhere in the number
 * or the reference; under INVOICE_FRAGMENT_MIN characters, the start of the number),
 * the year and the status. `annee` is the spec's name of the year filter (SPEC §9), for the years
 * customer accounting keeps: the same as `year`, and both given must agree.
 */
export const InvoiceListQuery = v.pipe(
  v.object({
    page: queryParam(integer(1, INVOICE_MAX_PAGE, "page : entier supérieur ou égal à 1 attendu.")),
    pageSize: queryParam(integer(1, INVOICE_PAGE_SIZE_MAX, `pageSize : entier de 1 à ${INVOICE_PAGE_SIZE_MAX} attendu.`)),
    sort: queryParam(v.picklist(["date", "number", "amount"], "sort : date, number ou amount attendu.")),
    order: queryParam(v.picklist(["asc", "desc"], "order : asc ou desc attendu.")),
    q: queryParam(v.pipe(v.string(), v.trim(), v.maxLength(INVOICE_SEARCH_MAX, `q : ${INVOICE_SEARCH_MAX} caractères au maximum.`))),
    year: queryParam(year("year")),
    annee: queryParam(year("annee")),
    status: queryParam(v.picklist(["paid", "unpaid"], "status : paid ou unpaid attendu.")),
  }),
  v.forward(
    v.partialCheck(
      [["year"], ["annee"]],
      (q) => q.year === undefined || q.annee === undefined || q.year === q.annee,
      "annee : doit être égal à year.",
    ),
    ["annee"],
  ),
);
export type InvoiceListQuery = v.InferInput<typeof InvoiceListQuery>;
export type SortKey = NonNullable<v.InferOutput<typeof InvoiceListQuery>["sort"]>;

const Invoice = v.object({
  id: v.union([v.string(), v.number()]),
  number: v.string(),
  /** ISO date. */
  date: v.string(),
  reference: v.nullish(v.string(), ""),
  /** Total including VAT, in cents. */
  amountCents: v.number(),
  currency: v.nullish(v.string(), "EUR"),
  dueDate: v.nullish(v.string(), null),
  paid: v.boolean(),
});
export type Invoice = v.InferOutput<typeof Invoice>;

export const InvoicePage = v.object({
  items: v.array(Invoice),
  /** Invoices matching the filters. */
  total: v.number(),
  /**
   * Sent (true) when more invoices than `total` match: a search counts its matches only a bounded
   * way past the page asked (then "more than `total`"); the other filters are always counted exactly.
   */
  moreThanTotal: v.optional(v.boolean(), false),
  page: v.number(),
  pageSize: v.number(),
  /** Every year the company has invoices for, newest first; `archive`: older than the 3 most recent calendar years. */
  years: v.array(v.object({ year: v.number(), archive: v.boolean() })),
});
export type InvoicePage = v.InferOutput<typeof InvoicePage>;

/** `{year}.zip`, a year's archive. */
export const InvoiceArchiveParams = v.object({
  file: v.pipe(
    v.string(),
    v.regex(/^\d{4}\.zip$/),
    v.transform((file) => Number(file.slice(0, 4))),
    v.minValue(INVOICE_FIRST_YEAR),
  ),
});
