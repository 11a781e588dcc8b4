import type { Queryable } from "../db/db.ts";
import { insertOutboxMessage, selectOutbox, selectOutboxHtml } from "../queries/mail.ts";

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
  message: {
    channel: "email" | "sms";
    to: string;
    subject?: string | null;
    text: string;
    html?: string | null;
    headers?: Record<string, string> | null;
  },
): Promise<void> {
  await insertOutboxMessage(db, {
    channel: message.channel,
    recipient: message.to,
    subject: message.subject ?? null,
    body: message.text,
    html: message.html ?? null,
    headers: message.headers ?? null,
  });
}

/** Newest first. */
export async function listOutbox(db: Queryable, limit = 100): Promise<OutboxMessage[]> {
  const rows = await selectOutbox(db, limit);
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
  return selectOutboxHtml(db, id);
}
