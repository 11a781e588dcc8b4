import type { Config } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { peek } from "../http/rate-limit.ts";

/**
 * Adaptive cost of logging in to one account (per normalised e-mail, known or not). Instead of a
 * lock, which would let anyone keep the owner out, each failed login within the window doubles the
 * proof of work (altcha `maxnumber`) the next one must carry, after `loginFailuresAtBaseCost` at the
 * base cost and up to 2^`loginMaxCostDoublings` times it: a guesser pays exponentially, the owner
 * waits a few seconds at worst.
 */

type CostConfig = Pick<Config, "botCheckMaxNumber" | "loginFailuresAtBaseCost" | "loginMaxCostDoublings">;

/** The work a challenge may ask for a login: the base, then each doubling up to the highest. */
export function loginCostLadder(config: CostConfig): number[] {
  return Array.from({ length: config.loginMaxCostDoublings + 1 }, (_, k) => config.botCheckMaxNumber * 2 ** k);
}

/** Work asked of the `attempt`-th password check of an account in the window (1-based). */
export function loginCost(config: CostConfig, attempt: number): number {
  const doublings = Math.min(Math.max(0, attempt - config.loginFailuresAtBaseCost), config.loginMaxCostDoublings);
  return config.botCheckMaxNumber * 2 ** doublings;
}

/** How many password checks in the window a proof of work `cost` allows; null: any number (the highest cost). */
export function checksAllowed(config: CostConfig, cost: number): number | null {
  const doublings = Math.floor(Math.log2(Math.max(1, cost / config.botCheckMaxNumber)));
  return doublings >= config.loginMaxCostDoublings ? null : config.loginFailuresAtBaseCost + doublings;
}

export type LoginAttempt = { counted: true } | { counted: false; checks: number; retryAfter: number };

/**
 * Counts one password check on `key` if fewer than `allowed` (null: no bound) were counted in the
 * window. One statement: concurrent attempts are counted one after the other, so no more than
 * `allowed` of them can ever reach the password check.
 */
export async function countLoginAttempt(db: Queryable, key: string, windowSeconds: number, allowed: number | null): Promise<LoginAttempt> {
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
