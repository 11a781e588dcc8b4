import type { Queryable } from "../db/db.ts";

/** Removes sessions expired, or revoked, more than 30 days ago. */
export async function purgeOldSessions(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM sessions
     WHERE expires_at < now() - interval '30 days'
        OR (revoked_at IS NOT NULL AND revoked_at < now() - interval '30 days')`,
  );
}

/** Removes password reset links expired or used more than a day ago. */
export async function purgeOldPasswordResetTokens(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM password_reset_tokens
     WHERE expires_at < now() - interval '1 day' OR consumed_at < now() - interval '1 day'`,
  );
}

export async function purgeExpiredRegistrations(db: Queryable): Promise<void> {
  await db.query("DELETE FROM registrations WHERE expires_at < now()");
}

/**
 * Refreshes the planner's statistics (for the embedded engine, which has no autovacuum): without
 * them the planner cannot tell that a company's invoices are many, and sorts them all instead of
 * reading an index with a LIMIT.
 */
export async function refreshPlannerStatistics(db: Queryable): Promise<void> {
  await db.exec("ANALYZE");
}
