import type { Queryable } from "../db/db.ts";

/** A message kept in the `outbox` table (development and demo: what the service would have sent). */
export interface OutboxMessage {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** ISO date-time. */
  createdAt: string;
}

export async function storeInOutbox(
  db: Queryable,
  message: { channel: "email" | "sms"; to: string; subject?: string | null; text: string; html?: string | null },
): Promise<void> {
  await db.query("INSERT INTO outbox (channel, recipient, subject, body, html) VALUES ($1, $2, $3, $4, $5)", [
    message.channel,
    message.to,
    message.subject ?? null,
    message.text,
    message.html ?? null,
  ]);
}

/** Newest first. */
export async function listOutbox(db: Queryable, limit = 100): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{
    id: string;
    channel: "email" | "sms";
    recipient: string;
    subject: string | null;
    body: string;
    html: string | null;
    created_at: Date | string;
  }>(
    `SELECT id, channel, recipient, subject, body, html, created_at FROM outbox
     ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    html: r.html,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The HTML version of one e-mail of the outbox, or null. */
export async function outboxHtml(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ html: string | null }>("SELECT html FROM outbox WHERE id = $1", [id]);
  return rows[0]?.html ?? null;
}
