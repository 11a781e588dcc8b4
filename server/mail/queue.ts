import type { Db, Queryable } from "../db/db.ts";
import { claimDueMail, insertQueuedMail, markMailSent, recordMailFailure } from "../queries/mail.ts";
import type { MailMessage, Mailer } from "./mailer.ts";

/**
 * Transactional e-mail queue: a feature enqueues its messages with `enqueueMail(tx, …)` in the
 * transaction that writes its data, then calls `deliverInBackground` after the commit. A message
 * whose delivery fails stays queued and is retried by `deliverPending` (any instance, periodically),
 * with a delay growing with the attempts, at most `MAX_ATTEMPTS` times.
 */
const MAX_ATTEMPTS = 8;
const BATCH = 50;

export async function enqueueMail(tx: Queryable, message: MailMessage): Promise<string> {
  return insertQueuedMail(tx, {
    recipient: message.to,
    replyTo: message.replyTo ?? null,
    subject: message.subject,
    body: message.text,
    html: message.html,
    headers: message.headers ?? null,
  });
}

/**
 * Claims the due messages (all of them, or only `ids`) and sends them; returns how many were sent.
 * A claim pushes `next_attempt_at` forward, so two instances never send the same message at once.
 */
export async function deliverPending(db: Db, mailer: Mailer, ids?: string[]): Promise<number> {
  const rows = await claimDueMail(db, MAX_ATTEMPTS, ids ?? null, BATCH);
  let sent = 0;
  for (const r of rows) {
    const message: MailMessage = { to: r.recipient, subject: r.subject, text: r.body, html: r.html };
    if (r.reply_to) message.replyTo = r.reply_to;
    if (r.headers) message.headers = r.headers;
    try {
      await mailer.send(message);
      await markMailSent(db, r.id);
      sent += 1;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await recordMailFailure(db, r.id, reason.slice(0, 500));
      console.error(`[mail] sending "${r.subject}" failed (will retry):`, reason);
    }
  }
  return sent;
}

/** Sends the given queued messages without making the caller wait (failures stay queued). */
export function deliverInBackground(db: Db, mailer: Mailer, ids: string[]): void {
  deliverPending(db, mailer, ids).catch((err: unknown) => {
    console.error("[mail] queue delivery failed:", err instanceof Error ? err.message : err);
  });
}
