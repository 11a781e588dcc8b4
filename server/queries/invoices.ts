import type { Queryable } from "../db/db.ts";
import { INVOICE_FRAGMENT_MIN } from "../../src/contract/constants.ts";
import type { InvoiceForPdf } from "../pdf/invoice-pdf.ts";

export interface InvoiceItem {
  id: string;
  number: string;
  date: string;
  reference: string | null;
  amountCents: number;
  currency: string;
  dueDate: string | null;
  paid: boolean;
}

export type InvoiceSort = "date" | "number" | "amount";

export interface InvoiceListOptions {
  page: number;
  pageSize: number;
  sort: InvoiceSort;
  order: "asc" | "desc";
  q: string;
  year?: number;
  status?: "paid" | "unpaid";
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
/** The condition that an invoice's number or reference holds fragment `q`, its ILIKE pattern added to `params`. */
function holdsFragment(params: unknown[], q: string): string {
  const pattern = `$${params.push(`%${likeEscape(q)}%`)}`;
  return `(numero ILIKE ${pattern} ESCAPE '\\' OR reference ILIKE ${pattern} ESCAPE '\\')`;
}
/** Whether `q` is searched anywhere in the number and reference (else as the number's start). */
const searchedAnywhere = (q: string) => [...q].length >= INVOICE_FRAGMENT_MIN;

export type InvoiceFilters = Pick<InvoiceListOptions, "q" | "year" | "status">;

/**
 * How a search of INVOICE_FRAGMENT_MIN characters or more finds its matches. "keys": through the
 * company's search keys (migration 0024), reading the company's entries for the fragment's pieces,
 * the way for a fragment that few invoices hold. "scan": reading the company's invoices in an order
 * and checking each, at most a bound of them, the way for one that many hold (the keys would list
 * them by the ten thousand before the first ones in that order could be cut).
 */
export type SearchWay = "keys" | "scan";

/** The WHERE clause of the company's invoices matching the filters, and its parameters ($1…). */
function invoiceFilter(idTier: string, o: InvoiceFilters): { where: string; params: unknown[] } {
  const where = ["id_tier = $1"];
  const params: unknown[] = [idTier];
  if (o.year !== undefined) {
    params.push(o.year);
    where.push(`date_facture >= make_date($${params.length}::int, 1, 1) AND date_facture < make_date($${params.length}::int + 1, 1, 1)`);
  }
  if (o.status) where.push(o.status === "paid" ? "paid" : "NOT paid");
  if (o.q && searchedAnywhere(o.q)) {
    // The keys find the candidates (every piece of the fragment is one of a match's); ILIKE checks them.
    where.push(`invoice_search_keys(id_tier, numero, reference) @> invoice_search_keys($1, $${params.push(o.q)}, NULL)`);
    where.push(holdsFragment(params, o.q));
  } else if (o.q) {
    // Too short for a trigram: the numbers starting with it, read from the prefix index.
    params.push(`${likeEscape(o.q)}%`);
    where.push(`lower(numero) LIKE lower($${params.length}) ESCAPE '\\'`);
  }
  return { where: where.join(" AND "), params };
}

/**
 * A scan of a search: `first`, the first `bound` of the company's invoices of the year and status in
 * `order` (an index read that the LIMIT stops), with `columns`; `holds`, the condition that one of
 * them holds the fragment.
 */
function scan(idTier: string, o: InvoiceFilters, columns: string, order: string, bound: number) {
  const { where, params } = invoiceFilter(idTier, { ...o, q: "" });
  const holds = holdsFragment(params, o.q);
  return { first: `(SELECT ${columns} FROM invoices WHERE ${where} ${order} LIMIT ${bound})`, holds, params };
}

/** Each sort's columns, in the index's order (ties broken by number then id), and how they are read back and compared. */
const SORT_KEYS: Record<InvoiceSort, { column: string; read: string; type: string }[]> = {
  date: [{ column: "date_facture", read: "to_char(date_facture, 'YYYY-MM-DD')", type: "date" }],
  number: [],
  amount: [{ column: "amount_cents", read: "amount_cents::text", type: "bigint" }],
};
export const sortKeys = (sort: InvoiceSort) => [
  ...SORT_KEYS[sort],
  { column: "numero", read: "numero", type: "text" },
  { column: "id", read: "id::text", type: "uuid" },
];

/** Where a page starts: the sort keys of an invoice at or before it, and how many rows to skip from there. */
export interface PageAnchor {
  keys: string[];
  skip: number;
}

/** The page anchors keep the sort keys of every PAGE_ANCHOR_STEP-th invoice. */
export const PAGE_ANCHOR_STEP = 200;

export type InvoiceOrder = InvoiceFilters & Pick<InvoiceListOptions, "sort" | "order">;

/**
 * The sort keys of the invoices at 0, PAGE_ANCHOR_STEP, 2 × PAGE_ANCHOR_STEP… in the list's order
 * (one read of the sort's index): from them any page is a seek in the index and a skip of fewer
 * than PAGE_ANCHOR_STEP rows, however deep, instead of a skip of every row before it.
 */
export async function pageAnchors(db: Queryable, idTier: string, o: InvoiceOrder): Promise<string[][]> {
  const { where, params } = invoiceFilter(idTier, o);
  const keys = sortKeys(o.sort);
  const dir = o.order === "asc" ? "ASC" : "DESC";
  const { rows } = await db.query<{ keys: string[] }>(
    `SELECT keys FROM (
       SELECT ARRAY[${keys.map((k) => k.read).join(", ")}] AS keys,
              row_number() OVER (ORDER BY ${keys.map((k) => `${k.column} ${dir}`).join(", ")}) - 1 AS position
       FROM invoices WHERE ${where}) ranked
     WHERE position % ${PAGE_ANCHOR_STEP} = 0 ORDER BY position`,
    params,
  );
  return rows.map((r) => r.keys);
}

/** A list item's columns of invoice `i`, as ItemRow. */
export const ITEM_COLUMNS = `i.id, i.numero, to_char(i.date_facture, 'YYYY-MM-DD') AS date, i.reference, i.amount_cents, i.currency,
  to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.paid`;
export interface ItemRow {
  id: string;
  numero: string;
  date: string;
  reference: string | null;
  amount_cents: string | number;
  currency: string;
  due_date: string | null;
  paid: boolean;
}
export const itemOf = (r: ItemRow): InvoiceItem => ({
  id: r.id,
  number: r.numero,
  date: r.date,
  reference: r.reference,
  amountCents: Number(r.amount_cents),
  currency: r.currency,
  dueDate: r.due_date,
  paid: r.paid,
});

/**
 * One page of the company's invoices matching the filters, in the sort's full order (every column
 * in the same direction, so that one index read forwards or backwards answers it with a LIMIT).
 * The rows before the page are skipped on the sort's keys alone, which its index holds (an
 * index-only scan, migration 0012), from `anchor` when given; only the page's rows are then read
 * from the table. A search's `way`: "scan" when its count reached its bound (SearchWay).
 */
export async function listInvoices(
  db: Queryable,
  idTier: string,
  o: InvoiceListOptions,
  anchor?: PageAnchor,
  way: SearchWay = "keys",
): Promise<InvoiceItem[]> {
  const keys = sortKeys(o.sort);
  const columns = keys.map((k) => k.column).join(", ");
  const dir = o.order === "asc" ? "ASC" : "DESC";
  const orderBy = (table: string) => keys.map((k) => `${table}${k.column} ${dir}`).join(", ");
  const page = async (from: string, params: unknown[]) => {
    params.push(o.pageSize, anchor ? anchor.skip : (o.page - 1) * o.pageSize);
    const { rows } = await db.query<ItemRow>(
      `WITH page AS MATERIALIZED (
         SELECT ${columns} FROM ${from}
         ORDER BY ${orderBy("")}
         LIMIT $${params.length - 1} OFFSET $${params.length})
       SELECT ${ITEM_COLUMNS}
       FROM page JOIN invoices i ON i.id = page.id
       ORDER BY ${orderBy("page.")}`,
      params,
      // Without a search: the sort's index read from the company's key, its plan the same for 200
      // invoices or 50,000 (generic and custom plans within 0.12 ms of each other at 20 million, for
      // every sort, order, filter, and page 400).
      { prepared: !o.q },
    );
    return rows.map(itemOf);
  };
  if (way === "scan") {
    // Matches past the page exist: a page of them within SEARCH_SCAN_RATIO times its end, or, fewer
    // there, through the keys.
    const { first, holds, params } = scan(
      idTier,
      o,
      `${columns}, reference`,
      `ORDER BY ${orderBy("")}`,
      SEARCH_SCAN_RATIO * o.page * o.pageSize,
    );
    const items = await page(`${first} scanned WHERE ${holds}`, params);
    if (items.length === o.pageSize) return items;
  }
  const { where, params } = invoiceFilter(idTier, o);
  let from = `invoices WHERE ${where}`;
  if (anchor) {
    const values = anchor.keys.map((value, i) => `$${params.push(value)}::${keys[i]!.type}`);
    from += ` AND (${columns}) ${dir === "ASC" ? ">=" : "<="} (${values.join(", ")})`;
  }
  return page(from, params);
}

/** How many of the company's invoices match; `more`: more than `total` do (a search counted up to a bound). */
export interface InvoiceCount {
  total: number;
  more: boolean;
}

/** A search's matches are counted in steps of this many past the page asked, never all of them. */
export const SEARCH_COUNT_STEP = 1_000;

/**
 * A search first checks the company's newest invoices (of its year and status), this many: a fragment
 * that a quarter of them or more hold is common, and is counted by reading them in that order.
 */
export const SEARCH_PROBE = 200;
/** A fragment held by one in this many of the newest invoices is common: counted reading on in their order. */
const COMMON_ONE_IN = 4;
/** A search's page past its count's bound is read in the sort's order within this many invoices per row it needs. */
export const SEARCH_SCAN_RATIO = 40;
/** The order of the date index read backwards (migration 0012), which a LIMIT stops early. */
const NEWEST_FIRST = "ORDER BY date_facture DESC, numero DESC, id DESC";

/**
 * How many of the company's invoices match the filters. Year and status: a sum of the counts kept
 * by migration 0012's triggers. A search: its matches up to `reach`, the first multiple of
 * SEARCH_COUNT_STEP past the invoice after the page (so the screen knows whether a next page exists),
 * then "more than" — a fragment common to every invoice costs no more than one that is rare.
 */
export async function countInvoices(db: Queryable, idTier: string, o: InvoiceFilters, reach: number): Promise<InvoiceCount> {
  if (!o.q) {
    const params: unknown[] = [idTier];
    let where = "id_tier = $1";
    if (o.year !== undefined) where += ` AND year = $${params.push(o.year)}`;
    if (o.status) where += ` AND paid = $${params.push(o.status === "paid")}`;
    const { rows } = await db.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM invoice_counts WHERE ${where}`, params, {
      prepared: true,
    });
    return { total: rows[0]?.n ?? 0, more: false };
  }
  const bounded = async (from: string, params: unknown[]) => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} LIMIT ${reach + 1}) matches`,
      params,
    );
    return rows[0]?.n ?? 0;
  };
  // Through the search keys (a prefix: the prefix index).
  const indexed = () => {
    const { where, params } = invoiceFilter(idTier, o);
    return bounded(`invoices WHERE ${where}`, params);
  };
  if (!searchedAnywhere(o.q)) return countedTo(reach, await indexed());
  // The newest invoices of the year and status first: all of them when fewer than SEARCH_PROBE.
  // Otherwise a common fragment is counted reading on in that order (its bound reached within
  // COMMON_ONE_IN times it, else counted again through the keys), a rarer one through the keys.
  const probe = scan(idTier, o, "numero, reference", NEWEST_FIRST, SEARCH_PROBE);
  const { rows } = await db.query<{ n: number; m: number }>(
    `SELECT count(*)::int AS n, (count(*) FILTER (WHERE ${probe.holds}))::int AS m FROM ${probe.first} newest`,
    probe.params,
  );
  const { n: probed = 0, m: matches = 0 } = rows[0] ?? {};
  if (probed < SEARCH_PROBE) return countedTo(reach, matches);
  if (matches * COMMON_ONE_IN >= SEARCH_PROBE) {
    const { first, holds, params } = scan(idTier, o, "numero, reference", NEWEST_FIRST, COMMON_ONE_IN * (reach + 1));
    const n = await bounded(`${first} scanned WHERE ${holds}`, params);
    if (n > reach) return countedTo(reach, n);
  }
  return countedTo(reach, await indexed());
}

/** A count of `n` matches, reported up to `reach`. */
const countedTo = (reach: number, n: number): InvoiceCount => ({ total: Math.min(n, reach), more: n > reach });

/** The bound a search's count reaches for a page: past the first invoice after it. */
export const searchCountReach = (page: number, pageSize: number) =>
  SEARCH_COUNT_STEP * Math.ceil((page * pageSize + 1) / SEARCH_COUNT_STEP);

/** Years with invoices, newest first (from the counts kept per year). */
export async function invoiceYears(db: Queryable, idTier: string): Promise<number[]> {
  const { rows } = await db.query<{ year: number }>(
    `SELECT DISTINCT year FROM invoice_counts WHERE id_tier = $1 AND n > 0 ORDER BY year DESC`,
    [idTier],
    { prepared: true },
  );
  return rows.map((r) => r.year);
}

interface InvoiceRow {
  id: string;
  numero: string;
  date: string;
  due_date: string | null;
  reference: string | null;
  paid: boolean;
  currency: string;
  amount_cents: string | number;
  lines: unknown;
  forme_juridique: string;
  raison_sociale: string;
  immatriculation: string;
  numero_client: string;
  pays: string;
  adresse: string | null;
  adresse_complement: string | null;
  code_postal: string | null;
  ville: string | null;
  adresse_titre: string | null;
  adresse_ligne1: string | null;
  adresse_ligne2: string | null;
  f_code_postal: string | null;
  f_ville: string | null;
}

const INVOICE_FOR_PDF = `
  SELECT i.id, i.numero, to_char(i.date_facture, 'YYYY-MM-DD') AS date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
         i.reference, i.paid, i.currency, i.amount_cents, i.lines,
         c.forme_juridique, c.raison_sociale, c.immatriculation, c.numero_client, c.pays,
         c.adresse, c.adresse_complement, c.code_postal, c.ville,
         f.adresse_titre, f.adresse_ligne1, f.adresse_ligne2, f.code_postal AS f_code_postal, f.ville AS f_ville
  FROM invoices i
  JOIN companies c ON c.id_tier = i.id_tier
  LEFT JOIN footer_contacts f ON f.code_reseau = c.code_reseau`;

function toPdfInput(r: InvoiceRow): InvoiceForPdf {
  return {
    numero: r.numero,
    date: r.date,
    dueDate: r.due_date,
    reference: r.reference,
    paid: r.paid,
    currency: r.currency,
    amountCents: Number(r.amount_cents),
    lines: typeof r.lines === "string" ? (JSON.parse(r.lines) as unknown) : r.lines,
    company: {
      formeJuridique: r.forme_juridique,
      raisonSociale: r.raison_sociale,
      immatriculation: r.immatriculation,
      numeroClient: r.numero_client,
      pays: r.pays,
      adresse: r.adresse,
      adresseComplement: r.adresse_complement,
      codePostal: r.code_postal,
      ville: r.ville,
    },
    issuer:
      r.adresse_titre !== null
        ? {
            titre: r.adresse_titre,
            ligne1: r.adresse_ligne1 ?? "",
            ligne2: r.adresse_ligne2 ?? "",
            codePostal: r.f_code_postal ?? "",
            ville: r.f_ville ?? "",
          }
        : null,
  };
}

/** One invoice of the company, as printed. */
export async function invoiceForPdf(db: Queryable, idTier: string, id: string): Promise<InvoiceForPdf | undefined> {
  const { rows } = await db.query<InvoiceRow>(`${INVOICE_FOR_PDF} WHERE i.id = $1 AND i.id_tier = $2`, [id, idTier]);
  return rows[0] && toPdfInput(rows[0]);
}

/** A year's invoices are read this many at a time: an archive holds one batch, never the whole year. */
const PDF_BATCH = 50;

/**
 * The company's invoices of a year in date then number order, as printed, read PDF_BATCH at a time
 * (each batch from where the previous one ended, on the order's columns and the id): the caller
 * holds one batch however many invoices the year has.
 */
export async function* invoicesOfYearForPdf(db: Queryable, idTier: string, year: number): AsyncGenerator<InvoiceForPdf> {
  let after: InvoiceRow | undefined;
  for (;;) {
    const params: unknown[] = [idTier, year, PDF_BATCH];
    const from = after
      ? `AND (i.date_facture, i.numero, i.id) > ($${params.push(after.date)}::date, $${params.push(after.numero)}, $${params.push(after.id)}::uuid)`
      : "";
    const { rows } = await db.query<InvoiceRow>(
      `${INVOICE_FOR_PDF}
       WHERE i.id_tier = $1 AND i.date_facture >= make_date($2::int, 1, 1) AND i.date_facture < make_date($2::int + 1, 1, 1) ${from}
       ORDER BY i.date_facture, i.numero, i.id
       LIMIT $3`,
      params,
    );
    for (const row of rows) yield toPdfInput(row);
    if (rows.length < PDF_BATCH) return;
    after = rows[rows.length - 1];
  }
}
