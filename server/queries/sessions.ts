import type { Role } from "../../src/contract/permissions.ts";
import type { Queryable } from "../db/db.ts";

/** Inserts a session of `ttlDays` days for the refresh token of hash `refreshHash`; its id. */
export async function insertSession(
  db: Queryable,
  uuidCompte: string,
  refreshHash: string,
  ttlDays: number,
  userAgent: string | null,
  clientAddress: string | null,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sessions (uuid_compte, refresh_hash, expires_at, user_agent, client_address)
     VALUES ($1, $2, now() + make_interval(days => $3::int), $4, $5) RETURNING id`,
    [uuidCompte, refreshHash, ttlDays, userAgent, clientAddress],
  );
  return rows[0]?.id;
}

/** A session as rotation sees it, locked until the transaction ends. */
export interface LockedSession {
  id: string;
  uuidCompte: string;
  refreshHash: string;
  revoked: boolean;
  expired: boolean;
  /** Unused for longer than the idle limit given. */
  idle: boolean;
}

async function lockSessionBy(
  tx: Queryable,
  where: "refresh_hash" | "id",
  value: string,
  idleMinutes: number,
): Promise<LockedSession | undefined> {
  const { rows } = await tx.query<{
    id: string;
    uuid_compte: string;
    refresh_hash: string;
    revoked: boolean;
    expired: boolean;
    idle: boolean;
  }>(
    `SELECT id, uuid_compte, refresh_hash, revoked_at IS NOT NULL AS revoked, expires_at <= now() AS expired,
            last_used_at <= now() - make_interval(mins => $2::int) AS idle
     FROM sessions WHERE ${where} = $1 FOR UPDATE`,
    [value, idleMinutes],
  );
  const r = rows[0];
  return r && { id: r.id, uuidCompte: r.uuid_compte, refreshHash: r.refresh_hash, revoked: r.revoked, expired: r.expired, idle: r.idle };
}

/** The session whose current refresh token has this hash, locked (`FOR UPDATE`): run it in a transaction. */
export function lockSessionByRefreshHash(tx: Queryable, refreshHash: string, idleMinutes: number): Promise<LockedSession | undefined> {
  return lockSessionBy(tx, "refresh_hash", refreshHash, idleMinutes);
}

/** The session of this id, locked (`FOR UPDATE`): run it in a transaction. */
export function lockSessionById(tx: Queryable, sid: string, idleMinutes: number): Promise<LockedSession | undefined> {
  return lockSessionBy(tx, "id", sid, idleMinutes);
}

/** The session a retired refresh token belonged to, and whether it was retired less than `graceSeconds` ago. */
export async function retiredRefreshToken(
  db: Queryable,
  tokenHash: string,
  graceSeconds: number,
): Promise<{ sessionId: string; recent: boolean } | undefined> {
  const { rows } = await db.query<{ session_id: string; recent: boolean }>(
    `SELECT session_id, retired_at > now() - make_interval(secs => $2::int) AS recent
     FROM retired_refresh_tokens WHERE token_hash = $1`,
    [tokenHash, graceSeconds],
  );
  const r = rows[0];
  return r && { sessionId: r.session_id, recent: r.recent };
}

/** A retired token presented again: the whole session is revoked (unless it already is). */
export async function revokeSessionForReuse(db: Queryable, sid: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh-token-reuse'
     WHERE id = $1 AND revoked_at IS NULL`,
    [sid],
  );
}

export async function revokeIdleSession(db: Queryable, sid: string): Promise<void> {
  await db.query("UPDATE sessions SET revoked_at = now(), revoked_reason = 'idle' WHERE id = $1", [sid]);
}

/** Keeps a rotated-out token's hash, so that presenting it again is recognised (once is enough: the grace period counts from the first). */
export async function retireRefreshToken(db: Queryable, tokenHash: string, sid: string): Promise<void> {
  await db.query("INSERT INTO retired_refresh_tokens (token_hash, session_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [tokenHash, sid]);
}

/** The session's new refresh token; its use counts as activity and extends it by `ttlDays` from now. */
export async function setSessionRefreshHash(db: Queryable, sid: string, refreshHash: string, ttlDays: number): Promise<void> {
  await db.query(
    `UPDATE sessions SET refresh_hash = $2, last_used_at = now(),
         expires_at = now() + make_interval(days => $3::int)
       WHERE id = $1`,
    [sid, refreshHash, ttlDays],
  );
}

/** Logout by refresh token: the current one, or one already rotated out of the same session. */
export async function revokeSessionByRefreshHash(db: Queryable, refreshHash: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout'
     WHERE revoked_at IS NULL AND (refresh_hash = $1
       OR id = (SELECT session_id FROM retired_refresh_tokens WHERE token_hash = $1))`,
    [refreshHash],
  );
}

export async function revokeSessionById(db: Queryable, sid: string): Promise<void> {
  await db.query("UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1 AND revoked_at IS NULL", [sid]);
}

/**
 * The live session `sid` of account `uuidCompte` (not revoked, not expired, not idle for longer than
 * `idleMinutes`), in one query, with the network of company `idTier` when the account is still
 * linked to it (null otherwise, and for a null `idTier`), the account's role there while the link is
 * neither suspended nor past its last day (null otherwise: the role check refuses), and whether its last use is older than
 * `touchEverySeconds` (so worth recording again).
 */
export async function liveSession(
  db: Queryable,
  sid: string,
  uuidCompte: string,
  idTier: string | null,
  idleMinutes: number,
  touchEverySeconds: number,
): Promise<{ codeReseau: string | null; role: Role | null; touch: boolean; expiresMs: number } | undefined> {
  const { rows } = await db.query<{ code_reseau: string | null; role: Role | null; touch: boolean; expires_ms: number }>(
    `SELECT c.code_reseau, s.last_used_at < now() - make_interval(secs => $5::int) AS touch,
            CASE WHEN ac.suspended_at IS NULL AND (ac.ends_on IS NULL OR ac.ends_on >= current_date) THEN ac.role END AS role,
            (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms
     FROM sessions s
     LEFT JOIN account_companies ac ON ac.uuid_compte = s.uuid_compte AND ac.id_tier = $3::text
     LEFT JOIN companies c ON c.id_tier = ac.id_tier
     WHERE s.id = $1::uuid AND s.uuid_compte = $2::uuid AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_used_at > now() - make_interval(mins => $4::int)`,
    [sid, uuidCompte, idTier, idleMinutes, touchEverySeconds],
    { prepared: true }, // primary keys
  );
  const r = rows[0];
  return r && { codeReseau: r.code_reseau, role: r.role, touch: r.touch, expiresMs: r.expires_ms };
}

/** Records a use of the session (so an active user is not logged out as idle). */
export async function touchSession(db: Queryable, sid: string): Promise<void> {
  await db.query("UPDATE sessions SET last_used_at = now() WHERE id = $1::uuid", [sid], { prepared: true });
}

/** Revokes every live session of the account except `keepSid` (null: all of them); the ids revoked. */
export async function revokeAccountSessionsExcept(
  db: Queryable,
  uuidCompte: string,
  reason: string,
  keepSid: string | null,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
     WHERE uuid_compte = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid) RETURNING id`,
    [uuidCompte, reason, keepSid],
  );
  return rows.map((r) => r.id);
}

/**
 * The secret kept in `server_secrets` under `name`: `candidate` is stored first unless one already
 * is, so that every instance sharing the database reads the same (the first stored wins).
 */
export async function storedSecret(db: Queryable, name: string, candidate: string): Promise<string | undefined> {
  await db.query("INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, candidate]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = $1", [name]);
  return rows[0]?.value;
}
