import type { MiddlewareHandler } from "hono";
import { sessionScope } from "../auth/sessions.ts";
import { verifyAccessToken } from "../auth/tokens.ts";
import type { AppEnv, AuthInfo, Deps } from "./context.ts";
import { MESSAGES, ProblemError } from "./problem.ts";

/** Verifies a bearer token (signature, expiry, live session, company still linked); null when absent or invalid. */
export async function authenticate(deps: Deps, header: string | undefined): Promise<AuthInfo | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const claims = verifyAccessToken(await deps.secret(), match[1]);
  if (!claims) return null;
  const scope = await sessionScope(deps.db, claims, deps.config.sessionIdleMinutes);
  return scope && { sid: claims.sid, uuidCompte: claims.sub, idTier: claims.tier, codeReseau: scope.codeReseau };
}

/** Requires `Authorization: Bearer <access token>`; sets `c.get("auth")`. */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await authenticate(deps, c.req.header("authorization"));
    if (!auth) {
      throw new ProblemError(401, "unauthorized", MESSAGES.unauthorized, {
        headers: { "WWW-Authenticate": 'Bearer realm="macc"' },
      });
    }
    c.set("auth", auth);
    await next();
  };
}

/**
 * For the routes a visitor may call too: without an Authorization header the request goes on
 * anonymous (`c.var.auth` undefined); with one, as `requireAuth` (an invalid or expired token → 401,
 * never silently anonymous).
 */
export function optionalAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  const required = requireAuth(deps);
  return (c, next) => (c.req.header("authorization") === undefined ? next() : required(c, next));
}
