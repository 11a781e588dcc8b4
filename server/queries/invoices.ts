import type { Queryable } from "../db/db.ts";
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

const SORT_COLUMNS: Record<InvoiceSort, string> = { date: "date_facture", number: "numero", amount: "amount_cents" };

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export type InvoiceFilters = Pick<InvoiceListOptions, "q" | "year" | "status">;

/** The WHERE clause of the company's invoices matching the filters, and its parameters ($1…). */
function invoiceFilter(idTier: string, o: InvoiceFilters): { where: string; params: unknown[] } {
  const where = ["id_tier = $1"];
  const params: unknown[] = [idTier];
  if (o.year !== undefined) {
    params.push(o.year);
    where.push(`date_facture >= make_date($${params.length}::int, 1, 1) AND date_facture < make_date($${params.length}::int + 1, 1, 1)`);
  }
  if (o.status) where.push(o.status === "paid" ? "paid" : "NOT paid");
  if (o.q) {
    params.push(`%${likeEscape(o.q)}%`);
    where.push(`(numero ILIKE $${params.length} ESCAPE '\\' OR reference ILIKE $${params.length} ESCAPE '\\')`);
  }
  return { where: where.join(" AND "), params };
}

/**
 * One page of the company's invoices matching the filters, in the sort's full order (every column
 * in the same direction, so that one index read forwards or backwards answers it with a LIMIT).
 */
export async function listInvoices(db: Queryable, idTier: string, o: InvoiceListOptions): Promise<InvoiceItem[]> {
  const { where, params } = invoiceFilter(idTier, o);
  const dir = o.order === "asc" ? "ASC" : "DESC";
  const orderBy = o.sort === "number" ? `numero ${dir}, id ${dir}` : `${SORT_COLUMNS[o.sort]} ${dir}, numero ${dir}, id ${dir}`;
  params.push(o.pageSize, (o.page - 1) * o.pageSize);
  const { rows } = await db.query<{
    id: string;
    numero: string;
    date: string;
    reference: string | null;
    amount_cents: string | number;
    currency: string;
    due_date: string | null;
    paid: boolean;
  }>(
    `SELECT id, numero, to_char(date_facture, 'YYYY-MM-DD') AS date, reference, amount_cents, currency,
            to_char(due_date, 'YYYY-MM-DD') AS due_date, paid
     FROM invoices WHERE ${where}
     ORDER BY ${orderBy}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.numero,
    date: r.date,
    reference: r.reference,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    dueDate: r.due_date,
    paid: r.paid,
  }));
}

/** How many of the company's invoices match the filters. */
export async function countInvoices(db: Queryable, idTier: string, o: InvoiceFilters): Promise<number> {
  const { where, params } = invoiceFilter(idTier, o);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE ${where}`, params);
  return rows[0]?.n ?? 0;
}

/** Years with invoices, newest first. */
export async function invoiceYears(db: Queryable, idTier: string): Promise<number[]> {
  const { rows } = await db.query<{ year: number }>(
    `SELECT DISTINCT EXTRACT(YEAR FROM date_facture)::int AS year FROM invoices WHERE id_tier = $1 ORDER BY year DESC`,
    [idTier],
  );
  return rows.map((r) => r.year);
}

interface InvoiceRow {
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
  SELECT i.numero, to_char(i.date_facture, 'YYYY-MM-DD') AS date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
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

/** The company's invoices of a year in date order, as printed. */
export async function invoicesOfYearForPdf(db: Queryable, idTier: string, year: number): Promise<InvoiceForPdf[]> {
  const { rows } = await db.query<InvoiceRow>(
    `${INVOICE_FOR_PDF}
     WHERE i.id_tier = $1 AND i.date_facture >= make_date($2::int, 1, 1) AND i.date_facture < make_date($2::int + 1, 1, 1)
     ORDER BY i.date_facture, i.numero`,
    [idTier, year],
  );
  return rows.map(toPdfInput);
}
