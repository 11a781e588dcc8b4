import type { Db } from "../db/db.ts";
import { purgeBotCheckSolutions } from "../http/bot-check.ts";
import { purgeSentMail } from "../mail/queue.ts";
import { purgeIdempotencyKeys } from "../queries/idempotency.ts";
import { purgeExpired } from "../queries/rate-limits.ts";

/**
 * Deletes closed throttling windows, sessions expired or revoked for over 30 days, and reset links
 * expired or used for over a day, queued e-mails sent over 30 days ago, expired bot-check
 * solutions, registrations and idempotency keys older than a day. Safe from any instance.
 * On the embedded engine, which has no autovacuum, it also refreshes the planner's statistics:
 * without them the planner cannot tell that a company's invoices are many, and sorts them all
 * instead of reading an index with a LIMIT.
 */
export async function housekeeping(db: Db): Promise<void> {
  await purgeExpired(db);
  await db.query(
    `DELETE FROM sessions
     WHERE expires_at < now() - interval '30 days'
        OR (revoked_at IS NOT NULL AND revoked_at < now() - interval '30 days')`,
  );
  await db.query(
    `DELETE FROM password_reset_tokens
     WHERE expires_at < now() - interval '1 day' OR consumed_at < now() - interval '1 day'`,
  );
  await purgeSentMail(db);
  await purgeBotCheckSolutions(db);
  await db.query("DELETE FROM registrations WHERE expires_at < now()");
  await purgeIdempotencyKeys(db);
  if (db.engine === "pglite") await db.exec("ANALYZE");
}
