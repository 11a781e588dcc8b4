import type { Queryable } from "../db/db.ts";

/**
 * Records a bot-check solution (the SHA-256 of its signature and number) as used until its
 * challenge expires (`expires`, in seconds since the epoch); false when it was already recorded.
 * One statement, so two requests sending the same solution at once cannot both be accepted.
 */
export async function recordBotCheckSolution(db: Queryable, hash: string, expires: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO bot_check_solutions (solution_hash, expires_at) VALUES ($1, to_timestamp($2))
     ON CONFLICT (solution_hash) DO NOTHING RETURNING solution_hash`,
    [hash, expires],
  );
  return rows.length > 0;
}

/** Removes the records of solutions whose challenge has expired (housekeeping). */
export async function purgeBotCheckSolutions(db: Queryable): Promise<void> {
  await db.query("DELETE FROM bot_check_solutions WHERE expires_at < now()");
}
