import type { MiddlewareHandler } from "hono";
import { linkedCompanyNetwork } from "../queries/companies.ts";
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
    const codeReseau = idTier ? await linkedCompanyNetwork(deps.db, uuidCompte, idTier) : undefined;
    if (!idTier || !codeReseau) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
    c.set("company", { uuidCompte, idTier, codeReseau });
    await next();
  };
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
