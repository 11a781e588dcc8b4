import type { Db, Queryable } from "../db/db.ts";
import { hashRefreshToken, newRefreshToken, type AccessClaims } from "./tokens.ts";

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
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sessions (uuid_compte, refresh_hash, expires_at, user_agent, client_address)
     VALUES ($1, $2, now() + make_interval(days => $3::int), $4, $5) RETURNING id`,
    [uuidCompte, hash, ttlDays, meta.userAgent?.slice(0, 300) ?? null, meta.clientAddress ?? null],
  );
  const id = rows[0]?.id;
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
  const hash = hashRefreshToken(refreshToken);
  return db.transaction(async (tx): Promise<RotateResult> => {
    const sessionBy = (where: string, value: string) =>
      tx.query<{ id: string; uuid_compte: string; refresh_hash: string; revoked: boolean; expired: boolean; idle: boolean }>(
        `SELECT id, uuid_compte, refresh_hash, revoked_at IS NOT NULL AS revoked, expires_at <= now() AS expired,
                last_used_at <= now() - make_interval(mins => $2::int) AS idle
         FROM sessions WHERE ${where} = $1 FOR UPDATE`,
        [value, idleMinutes],
      );
    let session = (await sessionBy("refresh_hash", hash)).rows[0];
    if (!session) {
      const retired = await tx.query<{ session_id: string; recent: boolean }>(
        `SELECT session_id, retired_at > now() - make_interval(secs => $2::int) AS recent
         FROM retired_refresh_tokens WHERE token_hash = $1`,
        [hash, ROTATION_GRACE_SECONDS],
      );
      const family = retired.rows[0];
      if (!family) return { ok: false, reason: "unknown" };
      if (!family.recent) {
        await tx.query(
          `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh-token-reuse'
           WHERE id = $1 AND revoked_at IS NULL`,
          [family.session_id],
        );
        return { ok: false, reason: "reused" };
      }
      session = (await sessionBy("id", family.session_id)).rows[0];
      if (!session) return { ok: false, reason: "unknown" };
    }
    if (session.revoked) return { ok: false, reason: "revoked" };
    if (session.expired) return { ok: false, reason: "expired" };
    if (session.idle) {
      await tx.query("UPDATE sessions SET revoked_at = now(), revoked_reason = 'idle' WHERE id = $1", [session.id]);
      return { ok: false, reason: "idle" };
    }
    const next = newRefreshToken();
    // The token in use now is retired (the one presented may already be, within the grace period).
    await tx.query("INSERT INTO retired_refresh_tokens (token_hash, session_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
      session.refresh_hash,
      session.id,
    ]);
    await tx.query(
      `UPDATE sessions SET refresh_hash = $2, last_used_at = now(),
         expires_at = now() + make_interval(days => $3::int)
       WHERE id = $1`,
      [session.id, next.hash, ttlDays],
    );
    return { ok: true, sid: session.id, uuidCompte: session.uuid_compte, refreshToken: next.token };
  });
}

export async function revokeSessionByRefreshToken(db: Queryable, refreshToken: string): Promise<void> {
  const hash = hashRefreshToken(refreshToken);
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout'
     WHERE revoked_at IS NULL AND (refresh_hash = $1
       OR id = (SELECT session_id FROM retired_refresh_tokens WHERE token_hash = $1))`,
    [hash],
  );
}

export async function revokeSession(db: Queryable, sid: string): Promise<void> {
  await db.query("UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1 AND revoked_at IS NULL", [sid]);
}

/** Authenticated requests count as activity, but `last_used_at` is written at most once a minute. */
export const TOUCH_EVERY_SECONDS = 60;

/** A live session as `sessionScope` found it. */
export interface SessionScope {
  /** Network of the token's company (null for an account-level token). */
  codeReseau: string | null;
  /** When the session expires (ms since the epoch). */
  expiresAt: number;
}

/**
 * The session of a token, in one query: null unless it is live (not revoked, not expired, not idle
 * for longer than `idleMinutes`) and, for a company token, the account is still linked to that
 * company; then the company's network (null for an account-level token). A valid use refreshes the
 * session's last use (so an active user is not logged out as idle), at most once a minute.
 */
export async function sessionScope(db: Queryable, claims: AccessClaims, idleMinutes: number): Promise<SessionScope | null> {
  if (!/^[0-9a-f-]{36}$/i.test(claims.sid) || !/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
  const { rows } = await db.query<{ code_reseau: string | null; touch: boolean; expires_ms: number }>(
    `SELECT c.code_reseau, s.last_used_at < now() - make_interval(secs => $5::int) AS touch,
            (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms
     FROM sessions s
     LEFT JOIN account_companies ac ON ac.uuid_compte = s.uuid_compte AND ac.id_tier = $3::text
     LEFT JOIN companies c ON c.id_tier = ac.id_tier
     WHERE s.id = $1::uuid AND s.uuid_compte = $2::uuid AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_used_at > now() - make_interval(mins => $4::int)`,
    [claims.sid, claims.sub, claims.tier, idleMinutes, TOUCH_EVERY_SECONDS],
  );
  const row = rows[0];
  if (!row || (claims.tier !== null && row.code_reseau === null)) return null;
  if (row.touch) await db.query("UPDATE sessions SET last_used_at = now() WHERE id = $1::uuid", [claims.sid]);
  return { codeReseau: row.code_reseau, expiresAt: Number(row.expires_ms) };
}

/** Revokes every live session of the account except `keepSid` (null: all of them). Returns how many. */
export async function revokeAccountSessions(
  db: Queryable,
  uuidCompte: string,
  reason: string,
  keepSid: string | null = null,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
     WHERE uuid_compte = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid) RETURNING id`,
    [uuidCompte, reason, keepSid],
  );
  return rows.length;
}
