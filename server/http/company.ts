import type { Context } from "hono";
import type { Queryable } from "../db/db.ts";
import type { AppEnv } from "./context.ts";
import { MESSAGES, ProblemError } from "./problem.ts";

export interface CompanyScope {
  uuidCompte: string;
  idTier: string;
  codeReseau: string;
}

/**
 * The company the bearer token is scoped to, still linked to the account. An account-level token,
 * or a company no longer linked to the account → 403 "Choisissez d'abord une entreprise.".
 */
export async function companyScope(c: Context<AppEnv>, db: Queryable): Promise<CompanyScope> {
  const { uuidCompte, idTier } = c.get("auth");
  if (!idTier) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
  const { rows } = await db.query<{ code_reseau: string }>(
    `SELECT c.code_reseau FROM account_companies ac JOIN companies c ON c.id_tier = ac.id_tier
     WHERE ac.uuid_compte = $1 AND ac.id_tier = $2`,
    [uuidCompte, idTier],
  );
  const row = rows[0];
  if (!row) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
  return { uuidCompte, idTier, codeReseau: row.code_reseau };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (anything else is answered 404 before reaching the database). */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** ASCII file name for Content-Disposition: accents dropped, anything unusual → "-". */
export function safeFileName(base: string, extension: string): string {
  const ascii = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 100);
  return `${ascii || "document"}.${extension}`;
}
