/** Security the customer can see (issue 29, step 3): devices (sessions), the activity log, the alerts' links. */
import { activityFilterOf, type ActivityDetail, type ActivityFilter, type ActivityKind } from "../../src/contract/security.ts";
import type { Queryable } from "../db/db.ts";

export interface SessionRow {
  id: string;
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: string;
  lastUsedAt: string;
}

/** The account's live sessions (not revoked, not expired, used within the idle limit), last used first. */
export async function liveSessions(db: Queryable, uuidCompte: string, idleMinutes: number): Promise<SessionRow[]> {
  const { rows } = await db.query<{
    id: string;
    user_agent: string | null;
    client_address: string | null;
    created_at: Date;
    last_used_at: Date;
  }>(
    `SELECT id, user_agent, client_address, created_at, last_used_at FROM sessions
     WHERE uuid_compte = $1 AND revoked_at IS NULL AND expires_at > now()
       AND last_used_at > now() - make_interval(mins => $2::int)
     ORDER BY last_used_at DESC, id`,
    [uuidCompte, idleMinutes],
  );
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.user_agent,
    clientAddress: r.client_address,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: new Date(r.last_used_at).toISOString(),
  }));
}

/** Revokes the account's session `id` (signed out from the devices list); its user agent, or undefined when it is not one of the account's live ones. */
export async function revokeOwnSession(db: Queryable, uuidCompte: string, id: string): Promise<{ userAgent: string | null } | undefined> {
  const { rows } = await db.query<{ user_agent: string | null }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'signed-out-from-devices'
     WHERE id = $2::uuid AND uuid_compte = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING user_agent`,
    [uuidCompte, id],
  );
  return rows[0] && { userAgent: rows[0].user_agent };
}

/** Records the device cookie's id of a new session. */
export async function setSessionDevice(db: Queryable, sid: string, deviceId: string): Promise<void> {
  await db.query("UPDATE sessions SET device_id = $2 WHERE id = $1::uuid", [sid, deviceId]);
}

export interface ActivityEvent {
  uuidCompte: string;
  /** The company it concerns (its owner reads it too), or null: the account's own. */
  idTier?: string | null;
  kind: ActivityKind;
  detail?: ActivityDetail;
}

/** One line of the account's activity: call it inside the transaction of the change it records. */
export async function recordActivity(db: Queryable, event: ActivityEvent): Promise<void> {
  await db.query("INSERT INTO account_activity (uuid_compte, id_tier, kind, category, detail) VALUES ($1, $2, $3, $4, $5::jsonb)", [
    event.uuidCompte,
    event.idTier ?? null,
    event.kind,
    activityFilterOf(event.kind),
    JSON.stringify(event.detail ?? {}),
  ]);
}

/** A failed login against the account: counted on the hour's one line (an attack is one line, not thousands). */
export async function recordFailedLogin(db: Queryable, uuidCompte: string, detail: ActivityDetail): Promise<void> {
  await db.query(
    `INSERT INTO account_activity (uuid_compte, kind, category, detail, hour)
     VALUES ($1, 'login-failed', $3, $2::jsonb, date_trunc('hour', now()))
     ON CONFLICT (uuid_compte, hour) WHERE kind = 'login-failed'
     DO UPDATE SET count = account_activity.count + 1, at = now(), detail = EXCLUDED.detail`,
    [uuidCompte, JSON.stringify(detail), activityFilterOf("login-failed")],
  );
}

export interface ActivityRow {
  id: string;
  kind: ActivityKind;
  at: string;
  count: number;
  actor: string | null;
  detail: ActivityDetail;
}

/**
 * A page of the account's activity of the last `months` months, newest first (by id: lines are
 * written in time order), after the line `after` (a keyset: each page costs the same however deep),
 * of one filter when given; with `teamOf`, the company's lines by anyone too (its owner's view), each
 * read as one range of its own index and merged. The statement is put together for the conditions
 * given (no "$n IS NULL OR …"), so that every plan reads an index range with its LIMIT.
 * `actor`: who did it, when not the reader.
 */
export async function activityPage(
  db: Queryable,
  q: { uuidCompte: string; teamOf: string | null; filter: ActivityFilter | null; after: string | null; limit: number; months: number },
): Promise<ActivityRow[]> {
  const params: unknown[] = [q.uuidCompte, q.limit, q.months];
  const bind = (value: unknown) => `$${params.push(value)}`;
  const rest = [
    ...(q.filter ? [`a.category = ${bind(q.filter)}`] : []),
    ...(q.after ? [`a.id < ${bind(q.after)}::bigint`] : []),
    "a.at > now() - make_interval(months => $3::int)",
  ].join(" AND ");
  const range = (column: "uuid_compte" | "id_tier", value: string) =>
    `(SELECT a.* FROM account_activity a WHERE a.${column} = ${value} AND ${rest} ORDER BY a.id DESC LIMIT $2)`;
  const ranges = [range("uuid_compte", "$1"), ...(q.teamOf ? [range("id_tier", bind(q.teamOf))] : [])];
  const { rows } = await db.query<ActivityRow>(
    // The account's own lines in the company are in both ranges: kept once by their id (UNION would
    // compare every column, the detail's JSON too).
    // The time as toISOString writes it, formatted by PostgreSQL: no Date made and read again per line.
    `SELECT DISTINCT ON (u.id) u.id::text AS id, u.kind, to_char(u.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, u.count, u.detail,
            CASE WHEN u.uuid_compte = $1 THEN NULL ELSE acc.email END AS actor
     FROM (${ranges.join(" UNION ALL ")}) u
     LEFT JOIN accounts acc ON acc.uuid_compte = u.uuid_compte AND u.uuid_compte <> $1
     ORDER BY u.id DESC LIMIT $2`,
    params,
    // Each range an index's read backwards from a key, for an account with 10 lines or 200,000.
    { prepared: true },
  );
  return rows;
}

/** Lines older than `months` months are no longer shown: housekeeping deletes them. */
export async function deleteOldActivity(db: Queryable, months: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM account_activity WHERE at < now() - make_interval(months => $1::int) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [months],
  );
  return rows[0]?.n ?? 0;
}

/** The account's login address and language (its alerts' recipient). */
export async function accountContact(db: Queryable, uuidCompte: string): Promise<{ email: string; langue: string } | undefined> {
  const { rows } = await db.query<{ email: string; langue: string | null }>("SELECT email, langue FROM accounts WHERE uuid_compte = $1", [
    uuidCompte,
  ]);
  return rows[0] && { email: rows[0].email, langue: rows[0].langue ?? "fr" };
}

/** "This wasn't me" links used or expired more than a day ago. */
export async function purgeOldAlertLinks(db: Queryable): Promise<void> {
  await db.query("DELETE FROM security_alert_links WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'");
}

/** Keeps a "this wasn't me" link's token hash, valid `ttlDays` days. */
export async function insertAlertLink(db: Queryable, tokenHash: string, uuidCompte: string, kind: string, ttlDays: number): Promise<void> {
  await db.query(
    `INSERT INTO security_alert_links (token_hash, uuid_compte, kind, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4::int))`,
    [tokenHash, uuidCompte, kind, ttlDays],
  );
}

/** The account a "this wasn't me" link may still act for (unused, unexpired), without using it. */
export async function alertLinkAccount(
  db: Queryable,
  tokenHash: string,
): Promise<{ uuidCompte: string; email: string; langue: string } | undefined> {
  const { rows } = await db.query<{ uuid_compte: string; email: string; langue: string | null }>(
    `SELECT l.uuid_compte, a.email, a.langue FROM security_alert_links l JOIN accounts a USING (uuid_compte)
     WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now()`,
    [tokenHash],
  );
  const r = rows[0];
  return r && { uuidCompte: r.uuid_compte, email: r.email, langue: r.langue ?? "fr" };
}

/** Uses the link (once: a second use finds nothing); the account it acts for. */
export async function consumeAlertLink(
  db: Queryable,
  tokenHash: string,
): Promise<{ uuidCompte: string; email: string; langue: string } | undefined> {
  const { rows } = await db.query<{ uuid_compte: string; email: string; langue: string | null }>(
    `UPDATE security_alert_links l SET used_at = now() FROM accounts a
     WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND a.uuid_compte = l.uuid_compte
     RETURNING l.uuid_compte, a.email, a.langue`,
    [tokenHash],
  );
  const r = rows[0];
  return r && { uuidCompte: r.uuid_compte, email: r.email, langue: r.langue ?? "fr" };
}
