import type { Role } from "../../src/contract/permissions.ts";
import type { Queryable } from "../db/db.ts";
import { companyColumns, companyView, type CompanyRow, type CompanyView } from "./companies.ts";

/** The login details of an account; undefined when it does not exist. */
export async function accountLogin(
  db: Queryable,
  uuidCompte: string,
): Promise<{ uuidCompte: string; email: string; previousLoginAt: Date | string | null } | undefined> {
  const { rows } = await db.query<{ uuid_compte: string; email: string; previous_login_at: Date | string | null }>(
    "SELECT uuid_compte, email, previous_login_at FROM accounts WHERE uuid_compte = $1",
    [uuidCompte],
  );
  const r = rows[0];
  return r && { uuidCompte: r.uuid_compte, email: r.email, previousLoginAt: r.previous_login_at };
}

/**
 * The companies linked to an account, in link order, each with the account's role in it; a link
 * suspended or past its last day is left out (its company cannot be chosen).
 */
export async function accountCompanies(db: Queryable, uuidCompte: string): Promise<(CompanyView & { role: Role })[]> {
  const { rows } = await db.query<CompanyRow & { role: Role }>(
    `SELECT ${companyColumns("c")}, ac.role
     FROM account_companies ac JOIN companies c ON c.id_tier = ac.id_tier
     WHERE ac.uuid_compte = $1 AND ac.suspended_at IS NULL AND (ac.ends_on IS NULL OR ac.ends_on >= current_date)
     ORDER BY ac.position, c.id_tier`,
    [uuidCompte],
  );
  return rows.map((row) => ({ ...companyView(row), role: row.role }));
}
