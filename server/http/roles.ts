/**
 * Roles (issue 29): the account's role in the token's company, read on each request and kept a
 * minute at most, dropped as soon as the account's links change (a role change notifies
 * `account_companies:<uuid_compte>`, migration 0008's trigger): a new role applies to the sessions
 * already open. The table of what each role may do is the contract's (src/contract/permissions.ts).
 */
import type { MiddlewareHandler } from "hono";
import { can, mayCall, requirementOf, type Module, type Permission, type Role } from "../../src/contract/permissions.ts";
import { companyRole } from "../queries/users.ts";
import type { AppEnv, Deps } from "./context.ts";
import type { CacheHub, MemoryCache } from "./memory-cache.ts";
import { ProblemError } from "./problem.ts";

/** Account × company roles read within the last minute (a few dozen bytes each). */
const MAX_ROLES = 20_000;
/** How long a role read is kept, at most, when no change notification drops it first. */
const ROLE_SECONDS = 60;
const roleCaches = new WeakMap<CacheHub, MemoryCache<Role | null>>();

/** The account's role in the company, or null when they are not linked. */
export async function roleIn(deps: Deps, uuidCompte: string, idTier: string): Promise<Role | null> {
  let roles = roleCaches.get(deps.caches);
  if (!roles) roleCaches.set(deps.caches, (roles = deps.caches.create(MAX_ROLES, { everywhere: ["account_companies"] })));
  const period = Math.floor(Date.now() / (ROLE_SECONDS * 1000));
  return roles.get(
    `${uuidCompte}:${idTier}:${period}`,
    [`account_companies:${uuidCompte}`],
    async () => (await companyRole(deps.db, uuidCompte, idTier)) ?? null,
  );
}

/** The 403 of an operation the caller's role does not allow. */
export const forbiddenRole = () => new ProblemError(403, "forbidden-role", "forbiddenRole");

/**
 * Reads the caller's role in the token's company (after `requireAuth`), sets `c.get("role")` and
 * refuses (403 `forbidden-role`) when `allowed` says no. An account-level token, or none (an
 * operation open to visitors), acts for no company: no role applies.
 */
function roleGuard(deps: Deps, allowed: (role: Role) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.var.auth as AppEnv["Variables"]["auth"] | undefined;
    if (!auth?.idTier) return next();
    const role = await roleIn(deps, auth.uuidCompte, auth.idTier);
    if (!role || !allowed(role)) throw forbiddenRole();
    c.set("role", role);
    await next();
  };
}

/** Requires the caller's role to read (R) or change (W) `module`. */
export function requirePermission(deps: Deps, module: Module, permission: Permission): MiddlewareHandler<AppEnv> {
  return roleGuard(deps, (role) => can(role, module, permission));
}

/**
 * Requires what the contract declares for the operation `operationId` (`OPERATION_PERMISSIONS`); an
 * operation it does not declare is the owner's only until it does.
 */
export function requireOperationRole(deps: Deps, operationId: string): MiddlewareHandler<AppEnv> {
  const requirement = requirementOf(operationId);
  if (requirement === "every-role" || (requirement && requirement[0] === "own")) {
    // Every role may: the role is still read, for the handler (`c.get("role")`).
    return roleGuard(deps, () => true);
  }
  return roleGuard(deps, (role) => mayCall(role, operationId));
}
