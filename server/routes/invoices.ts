import { createHash } from "node:crypto";
import { Hono } from "hono";
import { zipSync, type Zippable } from "fflate";
import { InvoiceArchiveParams, InvoiceListQuery, InvoicePage } from "../../src/contract/invoices.ts";
import { IdParams } from "../../src/contract/parameters.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { paramsOf, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { createArchiveCache } from "../pdf/archive-cache.ts";
import { invoiceFileName, renderInvoicePdf, type InvoiceForPdf } from "../pdf/invoice-pdf.ts";
import {
  countInvoices,
  invoiceForPdf,
  invoicesOfYearForPdf,
  invoiceYears,
  listInvoices,
  PAGE_ANCHOR_STEP,
  pageAnchors,
  searchCountReach,
  type InvoiceCount,
  type InvoiceFilters,
  type InvoiceListOptions,
} from "../queries/invoices.ts";

/** Years older than this many most recent calendar years come from customer accounting (SPEC §9 "annee"). */
const RECENT_YEARS = 3;
/** Pages kept as sent (a few kB each), counts per company and filters and year lists per company (a few bytes each). */
const MAX_PAGES = 5_000;
const MAX_COUNTS = 20_000;
const MAX_YEAR_LISTS = 5_000;
/** Page anchors per company, filters and sort: a few kB each (a company with 50,000 invoices: 250 keys). */
const MAX_ANCHOR_LISTS = 2_000;

/** Lets other requests run between two PDFs of a long archive. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function buildArchive(invoices: InvoiceForPdf[]): Promise<Uint8Array> {
  const files: Zippable = {};
  for (let i = 0; i < invoices.length; i++) {
    const invoice = invoices[i]!;
    files[invoiceFileName(invoice.numero)] = await renderInvoicePdf(invoice);
    if (i % 20 === 19) await yieldToEventLoop();
  }
  // The PDFs' streams are already compressed: store them as they are.
  return zipSync(files, { level: 0 });
}

/** Changes whenever anything printed on one of the year's invoices changes. */
function contentKey(invoices: InvoiceForPdf[]): string {
  return createHash("sha256").update(JSON.stringify(invoices)).digest("base64url");
}

/** `/me/invoices`: the selected company's invoices: list, PDF of one, ZIP of a year. */
export function invoiceRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const archives = createArchiveCache();

  // Answers (a page as sent), how many invoices match and the years, kept until the company's
  // invoices change (the `invoices:<idTier>` notification of migration 0008): the count and the
  // years serve every page; the archive flags change with the calendar year, part of the key.
  const answers = deps.caches.create<string>(MAX_PAGES);
  const counts = deps.caches.create<InvoiceCount>(MAX_COUNTS);
  const yearLists = deps.caches.create<number[]>(MAX_YEAR_LISTS);
  const anchorLists = deps.caches.create<string[][]>(MAX_ANCHOR_LISTS);

  /**
   * Where a page past the first PAGE_ANCHOR_STEP invoices starts, from the anchors of its filters
   * and sort (read once until the company's invoices change). Not for a search: its matches are
   * few, or its first pages are what is read.
   */
  const anchorOf = async (idTier: string, o: InvoiceListOptions, key: string, tags: string[]) => {
    const offset = (o.page - 1) * o.pageSize;
    if (o.q || offset < PAGE_ANCHOR_STEP) return undefined;
    const anchors = await anchorLists.get(key, tags, () => pageAnchors(db, idTier, o));
    const keys = anchors[Math.floor(offset / PAGE_ANCHOR_STEP)];
    return keys && { keys, skip: offset % PAGE_ANCHOR_STEP };
  };

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "listInvoices",
      summary: "Invoices of the selected company (one page)",
      tags: ["invoices"],
      auth: "company",
      answers: { 200: { description: "One page of invoices", schema: InvoicePage } },
      problems: [400, 401, 403, 422],
    }),
    ...queryOf(InvoiceListQuery),
    async (c) => {
      const { idTier } = c.get("company");
      const q = c.req.valid("query");
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? 25;
      const filters: InvoiceFilters = { q: q.q ?? "", year: q.year ?? q.annee, status: q.status };
      const options: InvoiceListOptions = { ...filters, page, pageSize, sort: q.sort ?? "date", order: q.order ?? "desc" };
      const tags = [`invoices:${idTier}`];
      const filterKey = [idTier, filters.q, filters.year ?? null, filters.status ?? null];
      const thisYear = new Date().getUTCFullYear();
      const key = JSON.stringify([...filterKey, options.sort, options.order, page, pageSize, thisYear]);
      // A search is counted up to a bound that depends on the page (see countInvoices).
      const reach = filters.q ? searchCountReach(page, pageSize) : 0;
      const answer = await answers.get(key, tags, async () => {
        const [items, count, years] = await Promise.all([
          anchorOf(idTier, options, JSON.stringify([...filterKey, options.sort, options.order]), tags).then((anchor) =>
            listInvoices(db, idTier, options, anchor),
          ),
          counts.get(JSON.stringify([...filterKey, reach]), tags, () => countInvoices(db, idTier, filters, reach)),
          yearLists.get(idTier, tags, () => invoiceYears(db, idTier)),
        ]);
        const archive = (year: number) => year <= thisYear - RECENT_YEARS;
        return JSON.stringify({
          items,
          total: count.total,
          ...(count.more && { moreThanTotal: true }),
          page,
          pageSize,
          years: years.map((year) => ({ year, archive: archive(year) })),
        });
      });
      return c.body(answer, 200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    },
  );

  app.get(
    "/archive/:file",
    ...protectedOperation(deps, {
      operationId: "getInvoiceArchive",
      summary: "ZIP of every invoice PDF of a year",
      tags: ["invoices"],
      auth: "company",
      answers: { 200: { description: "The ZIP", file: "application/zip" } },
      problems: [401, 403, 404],
    }),
    paramsOf(InvoiceArchiveParams, "noInvoicesForYear"),
    async (c) => {
      const { idTier } = c.get("company");
      const year = c.req.valid("param").file;
      const invoices = await invoicesOfYearForPdf(db, idTier, year);
      if (invoices.length === 0) throw new ProblemError(404, "not-found", "noInvoicesForYear");
      const zip = await archives.get(`${idTier}:${year}:${contentKey(invoices)}`, () => buildArchive(invoices));
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="factures-${year}.zip"`,
        "Content-Length": String(zip.byteLength),
        "Cache-Control": "private, no-store",
      });
    },
  );

  app.get(
    "/:id/pdf",
    ...protectedOperation(deps, {
      operationId: "getInvoicePdf",
      summary: "PDF of one invoice",
      tags: ["invoices"],
      auth: "company",
      answers: { 200: { description: "The PDF", file: "application/pdf" } },
      problems: [401, 403, 404],
    }),
    paramsOf(IdParams, "invoiceNotFound"),
    async (c) => {
      const invoice = await invoiceForPdf(db, c.get("company").idTier, c.req.valid("param").id);
      if (!invoice) throw new ProblemError(404, "not-found", "invoiceNotFound");
      const pdf = await renderInvoicePdf(invoice);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${invoiceFileName(invoice.numero)}"`,
        "Content-Length": String(pdf.byteLength),
        "Cache-Control": "private, no-store",
      });
    },
  );

  return app;
}
