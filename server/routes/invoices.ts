import { Hono } from "hono";
import { Zip, ZipPassThrough } from "fflate";
import { InvoiceArchiveParams, InvoiceListQuery, InvoicePage } from "../../src/contract/invoices.ts";
import { IdParams } from "../../src/contract/parameters.ts";
import type { Db } from "../db/db.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { paramsOf, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { invoiceFileName, renderInvoicePdf, type InvoiceForPdf } from "../pdf/invoice-pdf.ts";
import { createTurns } from "../pdf/turns.ts";
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
import { listIndexPage, loadInvoiceIndex, searchableInMemory, searchInvoiceIndex, type InvoiceIndex } from "../queries/invoice-index.ts";

/** Years older than this many most recent calendar years come from customer accounting (SPEC §9 "annee"). */
const RECENT_YEARS = 3;
/** Pages kept as sent (a few kB each), counts per company and filters and year lists per company (a few bytes each). */
const MAX_PAGES = 5_000;
const MAX_COUNTS = 20_000;
const MAX_YEAR_LISTS = 5_000;
/** Page anchors per company, filters and sort: a few kB each (a company with 50,000 invoices: 250 keys). */
const MAX_ANCHOR_LISTS = 2_000;
/**
 * The companies whose invoices are indexed in memory for their searches and pages (InvoiceIndex), and
 * how many invoices they hold in all: about 300 bytes an invoice (a company with 50,000 invoices:
 * 15 MB), so at most about 60 MB whatever the load.
 */
const MAX_INVOICE_INDEXES = 200;
const MAX_INDEXED_INVOICES = 200_000;

/**
 * Replaceable by tests. `inMemoryUpTo`: up to how many invoices a company's searches and pages are
 * answered from its invoices indexed in memory (invoice-index.ts) rather than by the database's
 * statements (0: never). `waitUpTo`: up to how many a search waits for its company's index to be
 * built (a few tens of ms); a larger company's searches and pages are answered by the database
 * meanwhile (50,000 invoices take about half a second to read and index). A page without a search
 * never waits: a company's index is built by its first search, or, past `waitUpTo`, by the first
 * read of its whole list.
 */
export const invoiceIndex = {
  inMemoryUpTo: (_db: Db): number => 100_000,
  waitUpTo: 5_000,
};

/** What keys a company's answers for its filters, in the caches. */
const filterKeyOf = (idTier: string, f: InvoiceFilters) => [idTier, f.q, f.year ?? null, f.status ?? null];

/** Lets other requests run between two PDFs of a long archive. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes of ZIP rendered ahead of what the client has taken: past it, no PDF is rendered until it reads. */
const ARCHIVE_AHEAD_BYTES = 64 * 1024;
/** Archive PDFs rendered at once by this process, whatever the number of downloads. */
const ARCHIVE_RENDERS = 2;

/**
 * A year's ZIP, written as the client reads it: one PDF rendered at a time, from invoices read in
 * batches, so its memory does not grow with the year's size or the number of downloads. The PDFs
 * are stored as they are (their streams are already compressed), dated by their invoice, so the
 * same invoices give the same bytes. A failed read errors the stream before the ZIP's central
 * directory is written: the client's download fails instead of ending with a ZIP that looks whole.
 */
function archiveStream(
  invoices: AsyncIterator<InvoiceForPdf>,
  first: InvoiceForPdf,
  inTurn: ReturnType<typeof createTurns>,
): ReadableStream<Uint8Array> {
  const zip = new Zip();
  let next: InvoiceForPdf | undefined = first;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip.ondata = (err, chunk, final) => {
          if (err) return controller.error(err);
          controller.enqueue(chunk);
          if (final) controller.close();
        };
      },
      async pull() {
        const invoice = next ?? (await invoices.next()).value;
        next = undefined;
        if (!invoice) return zip.end();
        await yieldToEventLoop();
        const pdf = await inTurn(() => renderInvoicePdf(invoice));
        const file = new ZipPassThrough(invoiceFileName(invoice.numero));
        file.mtime = new Date(`${invoice.date}T12:00:00Z`);
        zip.add(file);
        file.push(pdf, true);
      },
      async cancel() {
        await invoices.return?.();
      },
    },
    { highWaterMark: ARCHIVE_AHEAD_BYTES, size: (chunk) => chunk.byteLength },
  );
}

/** `/me/invoices`: the selected company's invoices: list, PDF of one, ZIP of a year. */
export function invoiceRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const archiveTurns = createTurns(ARCHIVE_RENDERS);
  // One larger company's index built at a time: each holds its rows read (tens of MB) while it is built.
  const indexTurns = createTurns(1);

  // Answers (a page as sent), how many invoices match and the years, kept until the company's
  // invoices change (the `invoices:<idTier>` notification of migration 0008): the count and the
  // years serve every page; the archive flags change with the calendar year, part of the key.
  const answers = deps.caches.create<string>(MAX_PAGES);
  const counts = deps.caches.create<InvoiceCount>(MAX_COUNTS);
  const yearLists = deps.caches.create<number[]>(MAX_YEAR_LISTS);
  const anchorLists = deps.caches.create<string[][]>(MAX_ANCHOR_LISTS);
  /** How many of the company's invoices match the filters (up to `reach` for a search), kept for every page. */
  const countOf = (idTier: string, filters: InvoiceFilters, reach: number, tags: string[]) =>
    counts.get(JSON.stringify([...filterKeyOf(idTier, filters), reach]), tags, () => countInvoices(db, idTier, filters, reach));
  // A company's index, or null when it has too many invoices to be indexed.
  const invoiceIndexes = deps.caches.create<InvoiceIndex | null>(MAX_INVOICE_INDEXES, {
    weight: { weigh: (index) => index?.texts.length ?? 0, max: MAX_INDEXED_INVOICES },
  });

  /** The company's index as kept, without building it; undefined when this instance keeps none. */
  const keptIndexOf = (idTier: string) => (invoiceIndexes.keeping ? invoiceIndexes.peek(idTier) : undefined);

  /**
   * The company's invoice index (see invoiceIndex): kept, or built now, or undefined while a large
   * company's is built (started here unless under way), or null when it has too many invoices.
   * Undefined too when this instance does not hear the database's changes: nothing would be kept.
   */
  const invoiceIndexOf = async (idTier: string, tags: string[], knownSize?: number) => {
    const upTo = invoiceIndex.inMemoryUpTo(db);
    if (upTo === 0 || !invoiceIndexes.keeping) return undefined;
    const held = invoiceIndexes.peek(idTier);
    if (held !== undefined) return held;
    const size = knownSize ?? (await countOf(idTier, { q: "" }, 0, tags)).total;
    const awaited = size <= invoiceIndex.waitUpTo || size > upTo;
    const building = invoiceIndexes.get(idTier, tags, async () => {
      if (size > upTo) return null;
      return awaited ? loadInvoiceIndex(db, idTier) : indexTurns(() => loadInvoiceIndex(db, idTier));
    });
    if (awaited) return building;
    building.catch((err: unknown) => console.error("[invoices] invoice index not built:", err instanceof Error ? err.message : err));
    return undefined;
  };

  /** The search answered from the company's index when it may be, else undefined (the database's statements answer). */
  const searchedInMemory = async (idTier: string, o: InvoiceListOptions, reach: number, tags: string[]) => {
    if (!o.q || !searchableInMemory(o.q)) return undefined;
    const index = await invoiceIndexOf(idTier, tags);
    return index ? searchInvoiceIndex(index, o, reach) : undefined;
  };

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
      const filterKey = filterKeyOf(idTier, filters);
      const thisYear = new Date().getUTCFullYear();
      const key = JSON.stringify([...filterKey, options.sort, options.order, page, pageSize, thisYear]);
      // A search is counted up to a bound that depends on the page (see countInvoices).
      const reach = filters.q ? searchCountReach(page, pageSize) : 0;
      const answer = await answers.get(key, tags, async () => {
        const [inMemory, years] = await Promise.all([
          searchedInMemory(idTier, options, reach, tags),
          yearLists.get(idTier, tags, () => invoiceYears(db, idTier)),
        ]);
        const count = inMemory?.count ?? (await countOf(idTier, filters, reach, tags));
        // The count first (cheap, and kept for every page of the filters): a page it puts past the
        // end, or of no match, is answered empty without the sorted page query (nor its anchors).
        // A search counted only up to `reach` ("more than") always has rows past this page's start.
        // Without a search, the page comes from the company's index when it is kept (no statement).
        const index = filters.q ? undefined : keptIndexOf(idTier);
        const items = inMemory
          ? inMemory.items
          : (page - 1) * pageSize >= count.total
            ? []
            : index
              ? listIndexPage(index, options)
              : await anchorOf(idTier, options, JSON.stringify([...filterKey, options.sort, options.order]), tags).then((anchor) =>
                  listInvoices(db, idTier, options, anchor, count.more ? "scan" : "keys"),
                );
        // A large company's whole list read: its index is built now, for the pages and searches that follow.
        if (index === undefined && !filters.q && filters.year === undefined && !filters.status && count.total > invoiceIndex.waitUpTo)
          void invoiceIndexOf(idTier, tags, count.total);
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
      const invoices = invoicesOfYearForPdf(db, idTier, year);
      const first = await invoices.next();
      if (first.done) throw new ProblemError(404, "not-found", "noInvoicesForYear");
      // No Content-Length: the ZIP's size is known once its last PDF is written.
      return c.body(archiveStream(invoices, first.value, archiveTurns), 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="factures-${year}.zip"`,
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
