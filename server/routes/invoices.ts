import { createHash } from "node:crypto";
import { Hono } from "hono";
import { zipSync, type Zippable } from "fflate";
import * as v from "valibot";
import type { Queryable } from "../db/db.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import { companyScope, isUuid } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { ProblemError } from "../http/problem.ts";
import { intParam, parseQuery } from "../http/query.ts";
import { createArchiveCache } from "../pdf/archive-cache.ts";
import { invoiceFileName, renderInvoicePdf, type InvoiceForPdf } from "../pdf/invoice-pdf.ts";

export const INVOICE_NOT_FOUND = "Facture introuvable.";
export const NO_INVOICES_FOR_YEAR = "Aucune facture pour cette année.";
/** Years older than this many most recent calendar years come from customer accounting (SPEC §9 "annee"). */
export const RECENT_YEARS = 3;
export const MAX_PAGE_SIZE = 100;

const yearParam = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}$/, `${name} : année sur 4 chiffres attendue.`),
      v.transform(Number),
      v.minValue(1900, `${name} : année invalide.`),
    ),
  );

const ListQuery = v.pipe(
  v.object({
    page: intParam(1, 1_000_000, "page : entier supérieur ou égal à 1 attendu."),
    pageSize: intParam(1, MAX_PAGE_SIZE, `pageSize : entier de 1 à ${MAX_PAGE_SIZE} attendu.`),
    sort: v.optional(v.picklist(["date", "number", "amount"], "sort : date, number ou amount attendu.")),
    order: v.optional(v.picklist(["asc", "desc"], "order : asc ou desc attendu.")),
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, "q : 50 caractères au maximum."))),
    year: yearParam("year"),
    annee: yearParam("annee"),
    status: v.optional(v.picklist(["paid", "unpaid"], "status : paid ou unpaid attendu.")),
  }),
  v.forward(
    v.check((q) => q.year === undefined || q.annee === undefined || q.year === q.annee, "annee : doit être égal à year."),
    ["annee"],
  ),
);

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

const SORT_COLUMNS = { date: "date_facture", number: "numero", amount: "amount_cents" } as const;

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

async function listInvoices(
  db: Queryable,
  idTier: string,
  o: {
    page: number;
    pageSize: number;
    sort: keyof typeof SORT_COLUMNS;
    order: "asc" | "desc";
    q: string;
    year?: number;
    status?: "paid" | "unpaid";
  },
): Promise<{ items: InvoiceItem[]; total: number }> {
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
  const dir = o.order === "asc" ? "ASC" : "DESC";
  const orderBy = o.sort === "number" ? `numero ${dir}, id` : `${SORT_COLUMNS[o.sort]} ${dir}, numero ${dir}, id`;
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
    total: number;
  }>(
    `SELECT id, numero, to_char(date_facture, 'YYYY-MM-DD') AS date, reference, amount_cents, currency,
            to_char(due_date, 'YYYY-MM-DD') AS due_date, paid, count(*) OVER ()::int AS total
     FROM invoices WHERE ${where.join(" AND ")}
     ORDER BY ${orderBy}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: the window count has no row to ride on.
    total =
      o.page === 1
        ? 0
        : ((
            await db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM invoices WHERE ${where.join(" AND ")}`,
              params.slice(0, params.length - 2),
            )
          ).rows[0]?.n ?? 0);
  }
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      number: r.numero,
      date: r.date,
      reference: r.reference,
      amountCents: Number(r.amount_cents),
      currency: r.currency,
      dueDate: r.due_date,
      paid: r.paid,
    })),
  };
}

async function invoiceYears(db: Queryable, idTier: string): Promise<{ year: number; archive: boolean }[]> {
  const { rows } = await db.query<{ year: number; archive: boolean }>(
    `SELECT y.year, y.year <= EXTRACT(YEAR FROM CURRENT_DATE)::int - $2 AS archive
     FROM (SELECT DISTINCT EXTRACT(YEAR FROM date_facture)::int AS year FROM invoices WHERE id_tier = $1) y
     ORDER BY y.year DESC`,
    [idTier, RECENT_YEARS],
  );
  return rows;
}

type InvoiceRow = {
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
};

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

/** Lets other requests run between two PDFs of a long archive. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function buildArchive(rows: InvoiceRow[]): Promise<Uint8Array> {
  const files: Zippable = {};
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    files[invoiceFileName(row.numero)] = await renderInvoicePdf(toPdfInput(row));
    if (i % 20 === 19) await yieldToEventLoop();
  }
  // The PDFs' streams are already compressed: store them as they are.
  return zipSync(files, { level: 0 });
}

/** Changes whenever anything printed on one of the year's invoices changes. */
function contentKey(rows: InvoiceRow[]): string {
  const text = JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  return createHash("sha256").update(text).digest("base64url");
}

/** Invoices of the selected company: list, PDF of one, ZIP of a year. */
export function invoiceRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const archives = createArchiveCache();

  app.get("/me/invoices", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const { idTier } = await companyScope(c, db);
    const q = parseQuery(ListQuery, c.req.query());
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 25;
    const [list, years] = await Promise.all([
      listInvoices(db, idTier, {
        page,
        pageSize,
        sort: q.sort ?? "date",
        order: q.order ?? "desc",
        q: q.q ?? "",
        year: q.year ?? q.annee,
        status: q.status,
      }),
      invoiceYears(db, idTier),
    ]);
    return c.json({ items: list.items, total: list.total, page, pageSize, years });
  });

  app.get("/me/invoices/archive/:file", requireAuth(deps), async (c) => {
    const { idTier } = await companyScope(c, db);
    const m = /^(\d{4})\.zip$/.exec(c.req.param("file"));
    if (!m) throw new ProblemError(404, "not-found", NO_INVOICES_FOR_YEAR);
    const year = Number(m[1]);
    if (year < 1900) throw new ProblemError(404, "not-found", NO_INVOICES_FOR_YEAR);
    const { rows } = await db.query<InvoiceRow>(
      `${INVOICE_FOR_PDF}
       WHERE i.id_tier = $1 AND i.date_facture >= make_date($2::int, 1, 1) AND i.date_facture < make_date($2::int + 1, 1, 1)
       ORDER BY i.date_facture, i.numero`,
      [idTier, year],
    );
    if (rows.length === 0) throw new ProblemError(404, "not-found", NO_INVOICES_FOR_YEAR);
    const zip = await archives.get(`${idTier}:${year}:${contentKey(rows)}`, () => buildArchive(rows));
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="factures-${year}.zip"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "private, no-store",
    });
  });

  app.get("/me/invoices/:id/pdf", requireAuth(deps), async (c) => {
    const { idTier } = await companyScope(c, db);
    const id = c.req.param("id");
    if (!isUuid(id)) throw new ProblemError(404, "not-found", INVOICE_NOT_FOUND);
    const { rows } = await db.query<InvoiceRow>(`${INVOICE_FOR_PDF} WHERE i.id = $1 AND i.id_tier = $2`, [id, idTier]);
    const row = rows[0];
    if (!row) throw new ProblemError(404, "not-found", INVOICE_NOT_FOUND);
    const pdf = await renderInvoicePdf(toPdfInput(row));
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(row.numero)}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    });
  });

  return app;
}
