import type { MiddlewareHandler } from "hono";
import { sessionScope, TOUCH_EVERY_SECONDS, type SessionScope } from "../auth/sessions.ts";
import { verifyAccessToken, type AccessClaims } from "../auth/tokens.ts";
import type { AppEnv, AuthInfo, Deps } from "./context.ts";
import type { CacheHub, MemoryCache } from "./memory-cache.ts";
import { ProblemError } from "./problem.ts";

/** Sessions checked within the last minute (a few hundred bytes each). */
const MAX_SESSIONS = 20_000;
/** The tables a session's check is read from (the tags below). */
const SESSION_TABLES = ["sessions", "account_companies", "companies"];
const sessionCaches = new WeakMap<CacheHub, MemoryCache<SessionScope | null>>();

/** Tokens whose signature was checked (about 300 bytes each): an access token lives 15 minutes. */
const MAX_CHECKED_TOKENS = 20_000;
const checkedTokens = new WeakMap<Buffer, Map<string, AccessClaims>>();

/**
 * The token's claims, its signature checked once per secret: a customer's next requests with the
 * same token skip the HMAC (a tenth of a cached read's CPU). Its expiry is checked every time.
 */
export function tokenClaims(secret: Buffer, token: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims | null {
  let checked = checkedTokens.get(secret);
  if (!checked) checkedTokens.set(secret, (checked = new Map()));
  const known = checked.get(token);
  if (known) return known.exp > nowSeconds ? known : null;
  const claims = verifyAccessToken(secret, token, nowSeconds);
  if (claims) {
    // The oldest first: a Map iterates in insertion order.
    if (checked.size >= MAX_CHECKED_TOKENS) checked.delete(checked.keys().next().value!);
    checked.set(token, claims);
  }
  return claims;
}

/**
 * Verifies a bearer token (signature, expiry, live session, company still linked, and the account's
 * role there, in the same query: a protected request costs no other); null when absent or invalid. The session's check is kept a minute, the time between two writes of its last use,
 * unless the session is revoked, its company unlinked or its role changed (notifications of migration
 * 0008 on `account_companies:<uuid_compte>`): the write
 * that did it answers once every instance has heard it, and on a database shared by several
 * instances the check is taken from memory only under the instance's lease (memory-cache.ts).
 */
export async function authenticate(deps: Deps, header: string | undefined): Promise<AuthInfo | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const claims = tokenClaims(await deps.secret(), match[1]);
  if (!claims) return null;
  let sessions = sessionCaches.get(deps.caches);
  // A session ended (or a company unlinked) is refused by every instance once the write has answered.
  if (!sessions) sessionCaches.set(deps.caches, (sessions = deps.caches.create(MAX_SESSIONS, { everywhere: SESSION_TABLES })));
  const minute = Math.floor(Date.now() / (TOUCH_EVERY_SECONDS * 1000));
  const tags = [`sessions:${claims.sid}`, `account_companies:${claims.sub}`, ...(claims.tier ? [`companies:${claims.tier}`] : [])];
  const scope = await sessions.get(`${claims.sid}:${claims.tier ?? ""}:${minute}`, tags, () =>
    sessionScope(deps.db, claims, deps.config.sessionIdleMinutes),
  );
  if (!scope || scope.expiresAt <= Date.now()) return null;
  return { sid: claims.sid, uuidCompte: claims.sub, idTier: claims.tier, codeReseau: scope.codeReseau, role: scope.role };
}

/** Requires `Authorization: Bearer <access token>`; sets `c.get("auth")`. */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await authenticate(deps, c.req.header("authorization"));
    if (!auth) {
      throw new ProblemError(401, "unauthorized", "sessionExpired", {
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
