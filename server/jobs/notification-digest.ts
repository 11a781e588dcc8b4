/**
 * The day's new invoices, one message per member and company (issue 30): queued by one instance
 * at a time (a PostgreSQL advisory lock, tried: another instance already sending skips), once per
 * day (notification_digests), to the members whose role reads invoices and who take them by e-mail,
 * in their language, with the one-click unsubscribe.
 */
import { DEFAULT_CHANNELS } from "../../src/contract/notifications.ts";
import { can, ROLES } from "../../src/contract/permissions.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/db.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import { invoiceDigestMail } from "../mail/notification-templates.ts";
import { portalLink } from "../mail/portal-links.ts";
import { mailLanguage } from "../mail/templates.ts";
import { claimInvoiceDigests } from "../queries/customer-notifications.ts";
import { unsubscribeToken, unsubscribeUrl } from "../notifications/unsubscribe.ts";

/** Arbitrary key of the advisory lock the digest's sender holds while it queues. */
export const DIGEST_LOCK_KEY = 417330;

export interface DigestDeps {
  db: Db;
  config: Pick<Config, "publicUrl" | "portalBases">;
  secret: () => Promise<Buffer>;
  mailer?: Mailer;
}

/** The calendar day ("YYYY-MM-DD", UTC) of `date`. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Queues `day`'s digests; `locked`: another instance held the lock, nothing was queued here. */
export async function queueInvoiceDigest(
  { db, config, secret, mailer }: DigestDeps,
  day: string,
): Promise<{ queued: number; locked: boolean }> {
  const key = await secret();
  const readers = ROLES.filter((role) => can(role, "invoices", "R"));
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS ok", [DIGEST_LOCK_KEY]);
    if (!rows[0]?.ok) return { ids: [] as string[], locked: true };
    const digests = await claimInvoiceDigests(tx, day, readers, DEFAULT_CHANNELS.invoices);
    const ids: string[] = [];
    for (const d of digests) {
      const lang = mailLanguage(d.langue);
      const mail = invoiceDigestMail(lang, d.email, {
        count: d.count,
        company: d.company,
        url: portalLink(config, d.langue, "FACTURES"),
        unsubscribeUrl: unsubscribeUrl(config.publicUrl, unsubscribeToken(key, d.uuidCompte, "invoices")),
      });
      ids.push(await enqueueMail(tx, mail));
    }
    return { ids, locked: false };
  });
  if (mailer && outcome.ids.length) deliverInBackground(db, mailer, outcome.ids);
  return { queued: outcome.ids.length, locked: outcome.locked };
}
