import type { Queryable } from "../db/db.ts";

/** A company's counts on the dashboard: its invoices (unpaid, all) and the product families it bought. */
export interface CompanyCounts {
  invoices: { unpaid: number; total: number };
  products: number;
}

/**
 * The company's dashboard counts. Read from the invoices' counts kept per company, year and status
 * (migration 0012), not counted (9 ms for a company of 50,000 invoices); the product families
 * counted among its purchases (about 1.5 ms for its 5,000, which the route keeps).
 */
export async function companyCounts(db: Queryable, idTier: string): Promise<CompanyCounts> {
  const { rows } = await db.query<{ unpaid: number; total: number; products: number }>(
    `SELECT (SELECT coalesce(sum(n), 0) FROM invoice_counts WHERE id_tier = $1 AND NOT paid)::int AS unpaid,
            (SELECT coalesce(sum(n), 0) FROM invoice_counts WHERE id_tier = $1)::int AS total,
            (SELECT count(DISTINCT code_famille) FROM company_product_purchases WHERE id_tier = $1)::int AS products`,
    [idTier],
    { prepared: true }, // each count a key's range
  );
  const r = rows[0]!;
  return { invoices: { unpaid: r.unpaid, total: r.total }, products: r.products };
}

/** Whether the company has an adviser, and the account's service requests for it not in one of the `closed` states. */
export async function accountSummary(db: Queryable, idTier: string, uuidCompte: string, closed: readonly string[]) {
  const { rows } = await db.query<{ adviser: boolean; open_requests: number }>(
    `SELECT EXISTS (SELECT 1 FROM company_advisers WHERE id_tier = $1) AS adviser,
            (SELECT count(*) FROM service_requests
             WHERE uuid_compte = $2 AND id_tier = $1 AND status <> ALL($3::text[]))::int AS open_requests`,
    [idTier, uuidCompte, closed],
    { prepared: true },
  );
  const r = rows[0]!;
  return { adviser: r.adviser, openServiceRequests: r.open_requests };
}
