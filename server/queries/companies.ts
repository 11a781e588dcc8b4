import type { Queryable } from "../db/db.ts";
import { companyColumns, companyView, type CompanyRow, type CompanyView } from "../auth/user.ts";

/** Network of the company when it is still linked to the account, else undefined. */
export async function linkedCompanyNetwork(db: Queryable, uuidCompte: string, idTier: string): Promise<string | undefined> {
  const { rows } = await db.query<{ code_reseau: string }>(
    `SELECT c.code_reseau FROM account_companies ac JOIN companies c ON c.id_tier = ac.id_tier
     WHERE ac.uuid_compte = $1 AND ac.id_tier = $2`,
    [uuidCompte, idTier],
  );
  return rows[0]?.code_reseau;
}

/** Records that the customer confirmed the company data today; the company as the login answer shows it. */
export async function confirmCompanyData(db: Queryable, idTier: string): Promise<CompanyView | undefined> {
  const { rows } = await db.query<CompanyRow>(
    `UPDATE companies SET derniere_mise_a_jour = CURRENT_DATE WHERE id_tier = $1
     RETURNING ${companyColumns()}`,
    [idTier],
  );
  return rows[0] && companyView(rows[0]);
}
