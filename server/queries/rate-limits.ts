import type { Queryable } from "../db/db.ts";

/**
 * Fixed-window counters kept in the database, so every API instance sees the same counts.
 * A window opens at the first hit and lasts `windowSeconds`.
 */
export interface RateState {
  count: number;
  /** Seconds until the current window closes (at least 1). */
  retryAfter: number;
}

/** Counts one hit on `key` and returns the new state of its window. */
export async function hit(db: Queryable, key: string, windowSeconds: number): Promise<RateState> {
  const { rows } = await db.query<{ count: number; retry_after: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2::int) THEN now() ELSE r.window_start END,
       count        = CASE WHEN r.window_start <= now() - make_interval(secs => $2::int) THEN 1 ELSE r.count + 1 END
     RETURNING count,
       GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2::int) - now()))))::int AS retry_after`,
    [key, windowSeconds],
  );
  const row = rows[0];
  return { count: row?.count ?? 1, retryAfter: row?.retry_after ?? windowSeconds };
}

/** Current state of `key` without counting a hit (count 0 when no open window). */
export async function peek(db: Queryable, key: string, windowSeconds: number): Promise<RateState> {
  const { rows } = await db.query<{ count: number; retry_after: number }>(
    `SELECT count,
       GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2::int) - now()))))::int AS retry_after
     FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2::int)`,
    [key, windowSeconds],
  );
  const row = rows[0];
  return row ? { count: row.count, retryAfter: row.retry_after } : { count: 0, retryAfter: 0 };
}

export async function reset(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [key]);
}

/** Gives back a hit counted by `countWithin` for a request that then did nothing. */
export async function release(db: Queryable, key: string): Promise<void> {
  await db.query("UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = $1", [key]);
}

/** Removes windows closed for more than a day (housekeeping; safe to call from any instance). */
export async function purgeExpired(db: Queryable): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'");
}

export type Counted = { counted: true } | { counted: false; checks: number; retryAfter: number };

/**
 * Counts one hit on `key` if fewer than `allowed` (null: no bound) were counted in the window: a
 * login's password check (see auth/login-cost.ts), a bank-details change before its body is read.
 * One statement: concurrent callers are counted one after the other, so no more than `allowed` of
 * them can ever pass.
 */
export async function countWithin(db: Queryable, key: string, windowSeconds: number, allowed: number | null): Promise<Counted> {
  const expired = "r.window_start <= now() - make_interval(secs => $2::int)";
  const { rows } = await db.query<{ count: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN ${expired} THEN now() ELSE r.window_start END,
       count        = CASE WHEN ${expired} THEN 1 ELSE r.count + 1 END
     WHERE ${expired} OR $3::int IS NULL OR r.count < $3::int
     RETURNING count`,
    [key, windowSeconds, allowed],
  );
  if (rows.length > 0) return { counted: true };
  const state = await peek(db, key, windowSeconds);
  return { counted: false, checks: state.count, retryAfter: state.retryAfter };
}
