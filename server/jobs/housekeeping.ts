import { defaultConfig, type Config } from "../config.ts";
import type { Db } from "../db/db.ts";
import { purgeSupersededRibs } from "../queries/bank-details.ts";
import { purgeBotCheckSolutions } from "../queries/bot-check.ts";
import { purgeOldEmailChanges } from "../queries/email-changes.ts";
import {
  purgeExpiredRegistrations,
  purgeOldPasswordResetTokens,
  purgeOldSessions,
  refreshPlannerStatistics,
} from "../queries/housekeeping.ts";
import { purgeIdempotencyKeys } from "../queries/idempotency.ts";
import { purgeSentMail } from "../queries/mail.ts";
import { purgeExpired } from "../queries/rate-limits.ts";
import { purgeServiceRequestPhotos } from "../queries/service-requests.ts";
import { deleteOldActivity, purgeOldAlertLinks } from "../queries/security.ts";
import { ACTIVITY_MONTHS } from "../../src/contract/security.ts";
import { PHOTO_RETENTION_DAYS, UNATTACHED_PHOTO_HOURS } from "../../src/contract/service-request.ts";

/**
 * Deletes closed throttling windows, sessions expired or revoked for over 30 days, and reset links
 * expired or used for over a day, e-mail changes expired for over 30 days, queued e-mails sent over 30 days ago, expired bot-check
 * solutions, registrations and idempotency keys older than a day, and the RIB documents of bank
 * details superseded more than RIB_RETENTION_DAYS ago (their rows stay), photos uploaded for a service
 * request that none named within a day, and the photos of service requests made more than
 * PHOTO_RETENTION_DAYS ago (their rows stay), activity lines past the ACTIVITY_MONTHS the log shows and
 * "this wasn't me" links used or expired. Safe from any instance.
 * On the embedded engine, which has no autovacuum, it also refreshes the planner's statistics:
 * without them the planner cannot tell that a company's invoices are many, and sorts them all
 * instead of reading an index with a LIMIT.
 */
export async function housekeeping(db: Db, config: Pick<Config, "ribRetentionDays"> = defaultConfig()): Promise<void> {
  await purgeExpired(db);
  await purgeOldSessions(db);
  await purgeOldPasswordResetTokens(db);
  await purgeOldEmailChanges(db);
  await purgeSentMail(db);
  await purgeBotCheckSolutions(db);
  await purgeExpiredRegistrations(db);
  await purgeIdempotencyKeys(db);
  await purgeSupersededRibs(db, config.ribRetentionDays);
  await purgeServiceRequestPhotos(db, PHOTO_RETENTION_DAYS, UNATTACHED_PHOTO_HOURS);
  await deleteOldActivity(db, ACTIVITY_MONTHS);
  await purgeOldAlertLinks(db);
  if (db.engine === "pglite") await refreshPlannerStatistics(db);
}
