import type { Queryable } from "../db/db.ts";

/**
 * For the rest of the transaction `tx`, a statement waiting for a lock longer than `timeout` fails
 * with `lock_not_available` (55P03). The timeout is written into the statement (SET takes no
 * parameter), hence its type: a number of seconds, nothing else.
 */
export async function setLockTimeout(tx: Queryable, timeout: `${number}s`): Promise<void> {
  await tx.query(`SET LOCAL lock_timeout = '${timeout}'`);
}

/** Back to the server's lock timeout for the rest of the transaction `tx`. */
export async function resetLockTimeout(tx: Queryable): Promise<void> {
  await tx.query("SET LOCAL lock_timeout = DEFAULT");
}
