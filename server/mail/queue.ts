import type { Db, Queryable } from "../db/db.ts";
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
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO mail_queue (recipient, reply_to, subject, body, html) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [message.to, message.replyTo ?? null, message.subject, message.text, message.html],
  );
  return rows[0]!.id;
}

interface QueuedRow {
  id: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  html: string;
}

/**
 * Claims the due messages (all of them, or only `ids`) and sends them; returns how many were sent.
 * A claim pushes `next_attempt_at` forward, so two instances never send the same message at once.
 */
export async function deliverPending(db: Db, mailer: Mailer, ids?: string[]): Promise<number> {
  const { rows } = await db.query<QueuedRow>(
    `UPDATE mail_queue q SET attempts = q.attempts + 1,
            next_attempt_at = now() + make_interval(secs => 60 * power(2, q.attempts)::int)
     WHERE q.id IN (
       SELECT id FROM mail_queue
       WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $1
         AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
       ORDER BY created_at LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING q.id, q.recipient, q.reply_to, q.subject, q.body, q.html`,
    [MAX_ATTEMPTS, ids ?? null, BATCH],
  );
  let sent = 0;
  for (const r of rows) {
    const message: MailMessage = { to: r.recipient, subject: r.subject, text: r.body, html: r.html };
    if (r.reply_to) message.replyTo = r.reply_to;
    try {
      await mailer.send(message);
      await db.query("UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE id = $1", [r.id]);
      sent += 1;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await db.query("UPDATE mail_queue SET last_error = $2 WHERE id = $1", [r.id, reason.slice(0, 500)]);
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

/** Removes messages sent more than 30 days ago (housekeeping). */
export async function purgeSentMail(db: Queryable): Promise<void> {
  await db.query("DELETE FROM mail_queue WHERE sent_at < now() - interval '30 days'");
}
