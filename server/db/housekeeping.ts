import type { Queryable } from "./db.ts";
import { purgeExpired } from "../http/rate-limit.ts";

/** Deletes closed throttling windows and sessions expired or revoked for over 30 days. Safe from any instance. */
export async function housekeeping(db: Queryable): Promise<void> {
  await purgeExpired(db);
  await db.query(
    `DELETE FROM sessions
     WHERE expires_at < now() - interval '30 days'
        OR (revoked_at IS NOT NULL AND revoked_at < now() - interval '30 days')`,
  );
}
