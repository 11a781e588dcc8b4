import type { Role } from "../../src/contract/permissions.ts";
import type { Db, Queryable } from "../db/db.ts";
import {
  insertSession,
  liveSession,
  lockSessionById,
  lockSessionByRefreshHash,
  retiredRefreshToken,
  retireRefreshToken,
  revokeAccountSessionsExcept,
  revokeIdleSession,
  revokeSessionByRefreshHash,
  revokeSessionById,
  revokeSessionForReuse,
  setSessionRefreshHash,
  touchSession,
} from "../queries/sessions.ts";
import { hashSecretToken, newRefreshToken, type AccessClaims } from "./tokens.ts";

export interface NewSession {
  sid: string;
  refreshToken: string;
}

export async function createSession(
  db: Queryable,
  uuidCompte: string,
  ttlDays: number,
  meta: { userAgent?: string; clientAddress?: string } = {},
): Promise<NewSession> {
  const { token, hash } = newRefreshToken();
  const id = await insertSession(db, uuidCompte, hash, ttlDays, meta.userAgent?.slice(0, 300) ?? null, meta.clientAddress ?? null);
  if (!id) throw new Error("session not created");
  return { sid: id, refreshToken: token };
}

export type RotateResult =
  | { ok: true; sid: string; uuidCompte: string; refreshToken: string }
  | { ok: false; reason: "unknown" | "revoked" | "expired" | "reused" | "idle" };

/**
 * A token rotated out this recently is the browser's answer that never arrived (a page left while
 * its refresh was in flight, a dropped connection): it rotates again instead of revoking.
 */
const ROTATION_GRACE_SECONDS = 30;

/**
 * Exchanges a refresh token for a new one (rotation). Presenting a token that was rotated out
 * longer ago than the grace period revokes the whole session, since either the client or an
 * attacker holds a stolen copy.
 */
export function rotateSession(db: Db, refreshToken: string, ttlDays: number, idleMinutes: number): Promise<RotateResult> {
  const hash = hashSecretToken(refreshToken);
  return db.transaction(async (tx): Promise<RotateResult> => {
    let session = await lockSessionByRefreshHash(tx, hash, idleMinutes);
    if (!session) {
      const family = await retiredRefreshToken(tx, hash, ROTATION_GRACE_SECONDS);
      if (!family) return { ok: false, reason: "unknown" };
      if (!family.recent) {
        await revokeSessionForReuse(tx, family.sessionId);
        return { ok: false, reason: "reused" };
      }
      session = await lockSessionById(tx, family.sessionId, idleMinutes);
      if (!session) return { ok: false, reason: "unknown" };
    }
    if (session.revoked) return { ok: false, reason: "revoked" };
    if (session.expired) return { ok: false, reason: "expired" };
    if (session.idle) {
      await revokeIdleSession(tx, session.id);
      return { ok: false, reason: "idle" };
    }
    const next = newRefreshToken();
    // The token in use now is retired (the one presented may already be, within the grace period).
    await retireRefreshToken(tx, session.refreshHash, session.id);
    await setSessionRefreshHash(tx, session.id, next.hash, ttlDays);
    return { ok: true, sid: session.id, uuidCompte: session.uuidCompte, refreshToken: next.token };
  });
}

export async function revokeSessionByRefreshToken(db: Queryable, refreshToken: string): Promise<void> {
  const hash = hashSecretToken(refreshToken);
  await revokeSessionByRefreshHash(db, hash);
}

export async function revokeSession(db: Queryable, sid: string): Promise<void> {
  await revokeSessionById(db, sid);
}

/** Authenticated requests count as activity, but `last_used_at` is written at most once a minute. */
export const TOUCH_EVERY_SECONDS = 60;

/** A live session as `sessionScope` found it. */
export interface SessionScope {
  /** Network of the token's company (null for an account-level token). */
  codeReseau: string | null;
  /** When the session expires (ms since the epoch). */
  expiresAt: number;
  /** The account's role in the token's company while the link is active (null: none, or suspended or ended). */
  role: Role | null;
}

/**
 * The session of a token, in one query: null unless it is live (not revoked, not expired, not idle
 * for longer than `idleMinutes`) and, for a company token, the account is still linked to that
 * company; then the company's network (null for an account-level token). A valid use refreshes the
 * session's last use (so an active user is not logged out as idle), at most once a minute.
 */
export async function sessionScope(db: Queryable, claims: AccessClaims, idleMinutes: number): Promise<SessionScope | null> {
  if (!/^[0-9a-f-]{36}$/i.test(claims.sid) || !/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
  const row = await liveSession(db, claims.sid, claims.sub, claims.tier, idleMinutes, TOUCH_EVERY_SECONDS);
  if (!row || (claims.tier !== null && row.codeReseau === null)) return null;
  if (row.touch) await touchSession(db, claims.sid);
  return { codeReseau: row.codeReseau, expiresAt: Number(row.expiresMs), role: row.role };
}

/** Revokes every live session of the account except `keepSid` (null: all of them). Returns how many. */
export async function revokeAccountSessions(
  db: Queryable,
  uuidCompte: string,
  reason: string,
  keepSid: string | null = null,
): Promise<number> {
  return (await revokeAccountSessionsExcept(db, uuidCompte, reason, keepSid)).length;
}
