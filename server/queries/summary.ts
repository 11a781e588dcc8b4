import type { Queryable } from "../db/db.ts";

/** Dashboard counts of a company: invoices (unpaid, all), product families bought, whether it has an adviser. */
export async function companySummary(db: Queryable, idTier: string) {
  const { rows } = await db.query<{ unpaid: number; total: number; products: number; adviser: boolean }>(
    `SELECT (SELECT count(*) FROM invoices WHERE id_tier = $1 AND NOT paid)::int AS unpaid,
            (SELECT count(*) FROM invoices WHERE id_tier = $1)::int AS total,
            (SELECT count(DISTINCT code_famille) FROM company_product_purchases WHERE id_tier = $1)::int AS products,
            EXISTS (SELECT 1 FROM company_advisers WHERE id_tier = $1) AS adviser`,
    [idTier],
  );
  const r = rows[0]!;
  return { invoices: { unpaid: r.unpaid, total: r.total }, products: r.products, adviser: r.adviser };
}
