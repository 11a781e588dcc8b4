import type { MiddlewareHandler } from "hono";
import { linkedCompanyNetwork } from "../queries/companies.ts";
import type { Queryable } from "../db/db.ts";
import type { AppEnv, Deps } from "./context.ts";
import { MESSAGES, ProblemError } from "./problem.ts";

/**
 * Middleware of every route on the selected company's data, after `requireAuth`: the company the
 * access token is scoped to must still be linked to the account; `c.get("company")` is then
 * `{ uuidCompte, idTier, codeReseau }`. An account-level token, or a company no longer linked
 * → 403 "Choisissez d'abord une entreprise.".
 */
export function requireCompany(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { uuidCompte, idTier } = c.get("auth");
    if (!idTier) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
    c.set("company", { uuidCompte, idTier, codeReseau: await linkedNetwork(deps.db, uuidCompte, idTier) });
    await next();
  };
}

/** The network of a company still linked to the account; one no longer linked → 403 "Choisissez d'abord une entreprise.". */
export async function linkedNetwork(db: Queryable, uuidCompte: string, idTier: string): Promise<string> {
  const codeReseau = await linkedCompanyNetwork(db, uuidCompte, idTier);
  if (!codeReseau) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
  return codeReseau;
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
