import type { Queryable } from "../db/db.ts";
import { companyColumns, companyView, type CompanyRow, type CompanyView } from "../auth/user.ts";

/** Records that the customer confirmed the company data today; the company as the login answer shows it. */
export async function confirmCompanyData(db: Queryable, idTier: string): Promise<CompanyView | undefined> {
  const { rows } = await db.query<CompanyRow>(
    `UPDATE companies SET derniere_mise_a_jour = CURRENT_DATE WHERE id_tier = $1
     RETURNING ${companyColumns()}`,
    [idTier],
  );
  return rows[0] && companyView(rows[0]);
}
