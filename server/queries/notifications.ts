import type { Queryable } from "../db/db.ts";

/**
 * Sends `payload` on the PostgreSQL notification `channel` (NOTIFY), to every connection listening
 * (`db.listen`); sent through `db`, it goes out when `db`'s transaction commits.
 */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query("SELECT pg_notify($1, $2)", [channel, payload]);
}
