/**
 * Roles (issue 29): the account's role in the token's company, read with the session's check
 * (server/http/auth-middleware.ts: the same query, kept a minute at most and dropped as soon as the
 * account's links change, as a role change, a suspension or a removal notifies
 * `account_companies:<uuid_compte>`): a new role applies to the sessions already open. The table of
 * what each role may do is the contract's (src/contract/permissions.ts).
 */
import type { MiddlewareHandler } from "hono";
import { can, mayCall, requirementOf, type Module, type Permission, type Role } from "../../src/contract/permissions.ts";
import type { AppEnv } from "./context.ts";
import { ProblemError } from "./problem.ts";

/** The 403 of an operation the caller's role does not allow. */
export const forbiddenRole = () => new ProblemError(403, "forbidden-role", "forbiddenRole");

/**
 * Reads the caller's role in the token's company (after `requireAuth`), sets `c.get("role")` and
 * refuses (403 `forbidden-role`) when `allowed` says no. An account-level token, or none (an
 * operation open to visitors), acts for no company: no role applies.
 */
function roleGuard(allowed: (role: Role) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.var.auth as AppEnv["Variables"]["auth"] | undefined;
    if (!auth?.idTier) return next();
    const role = auth.role;
    if (!role || !allowed(role)) throw forbiddenRole();
    c.set("role", role);
    await next();
  };
}

/** Requires the caller's role to read (R) or change (W) `module`. */
export function requirePermission(module: Module, permission: Permission): MiddlewareHandler<AppEnv> {
  return roleGuard((role) => can(role, module, permission));
}

/**
 * Requires what the contract declares for the operation `operationId` (`OPERATION_PERMISSIONS`); an
 * operation it does not declare is the owner's only until it does.
 */
export function requireOperationRole(operationId: string): MiddlewareHandler<AppEnv> {
  const requirement = requirementOf(operationId);
  if (requirement === "every-role" || (requirement && requirement[0] === "own")) {
    // Every role may: the role is still read, for the handler (`c.get("role")`).
    return roleGuard(() => true);
  }
  return roleGuard((role) => mayCall(role, operationId));
}
