import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { ProblemError } from "./problem.ts";

/**
 * Middleware of every route on the selected company's data, after `requireAuth` (whose session
 * query already checked that the token's company is still linked, and read its network: no query
 * here); `c.get("company")` is then `{ uuidCompte, idTier, codeReseau }`. An account-level token
 * → 403 "Choisissez d'abord une entreprise.".
 */
export function requireCompany(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { uuidCompte, idTier, codeReseau } = c.get("auth");
    if (!idTier || !codeReseau) throw new ProblemError(403, "company-required", "companyRequired");
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
