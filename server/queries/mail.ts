import type { Queryable } from "../db/db.ts";

/* Outbox (development and demo: what the service would have sent). */

export interface OutboxRow {
  id: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  created_at: Date | string;
}

export async function insertOutboxMessage(
  db: Queryable,
  message: {
    channel: "email" | "sms";
    recipient: string;
    subject: string | null;
    body: string;
    html: string | null;
    headers?: Record<string, string> | null;
  },
): Promise<void> {
  await db.query("INSERT INTO outbox (channel, recipient, subject, body, html, headers) VALUES ($1, $2, $3, $4, $5, $6)", [
    message.channel,
    message.recipient,
    message.subject,
    message.body,
    message.html,
    message.headers ? JSON.stringify(message.headers) : null,
  ]);
}

/** Newest first. */
export async function selectOutbox(db: Queryable, limit: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, channel, recipient, subject, body, html, created_at FROM outbox
     ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

/** The HTML version of one e-mail of the outbox, or null. */
export async function selectOutboxHtml(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ html: string | null }>("SELECT html FROM outbox WHERE id = $1", [id]);
  return rows[0]?.html ?? null;
}

/* Transactional e-mail queue. */

export interface QueuedMailRow {
  id: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  html: string;
  headers: Record<string, string> | null;
}

/** Queues one message, in the caller's transaction; returns its id. */
export async function insertQueuedMail(
  tx: Queryable,
  message: {
    recipient: string;
    replyTo: string | null;
    subject: string;
    body: string;
    html: string;
    headers: Record<string, string> | null;
  },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO mail_queue (recipient, reply_to, subject, body, html, headers) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [message.recipient, message.replyTo, message.subject, message.body, message.html, message.headers && JSON.stringify(message.headers)],
  );
  return rows[0]!.id;
}

/**
 * Claims up to `batch` due messages (all of them, or only `ids`) in one statement, counting the
 * attempt. A claim pushes `next_attempt_at` forward (a delay growing with the attempts) and skips
 * the rows another instance is claiming, so two instances never send the same message at once.
 */
export async function claimDueMail(db: Queryable, maxAttempts: number, ids: string[] | null, batch: number): Promise<QueuedMailRow[]> {
  const { rows } = await db.query<QueuedMailRow>(
    `UPDATE mail_queue q SET attempts = q.attempts + 1,
            next_attempt_at = now() + make_interval(secs => 60 * power(2, q.attempts)::int)
     WHERE q.id IN (
       SELECT id FROM mail_queue
       WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $1
         AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
       ORDER BY created_at LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING q.id, q.recipient, q.reply_to, q.subject, q.body, q.html, q.headers`,
    [maxAttempts, ids, batch],
  );
  return rows;
}

export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE id = $1", [id]);
}

/** Keeps the reason of the last failure; the message stays queued for a retry. */
export async function recordMailFailure(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query("UPDATE mail_queue SET last_error = $2 WHERE id = $1", [id, reason]);
}

/** Removes messages sent more than 30 days ago (housekeeping). */
export async function purgeSentMail(db: Queryable): Promise<void> {
  await db.query("DELETE FROM mail_queue WHERE sent_at < now() - interval '30 days'");
}
