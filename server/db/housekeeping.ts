import type { Queryable } from "./db.ts";
import { purgeExpired } from "../http/rate-limit.ts";

/**
 * Deletes closed throttling windows, sessions expired or revoked for over 30 days, and reset links
 * expired or used for over a day. Safe from any instance.
 */
export async function housekeeping(db: Queryable): Promise<void> {
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
}
