import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { startLocalReceiver, type LocalReceiver } from "./local-receiver.ts";

/** One e-mail: every message carries a text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Address the recipient's "Reply" goes to (e.g. the customer, for a contact-form message). */
  replyTo?: string;
  /** Headers of its own: a notification's one-click unsubscribe (RFC 8058 `List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
}

/** Sends e-mails. Features build a `MailMessage` and call `send`; the transport is chosen once at start. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Releases the transport (and stops the local receiver when there is one). */
  close(): Promise<void>;
  /** What the mailer delivers to, for the start-up log. */
  describe(): Promise<string>;
}

/**
 * A relay that accepts the connection and then says nothing fails the attempt in seconds (the
 * message stays queued) instead of holding the queue for nodemailer's default minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** Real SMTP relay (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://host:465). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  const target = (() => {
    try {
      const u = new URL(url);
      return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
    } catch {
      return "SMTP relay";
    }
  })();
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
    describe: async () => `e-mails relayed through ${target}`,
  };
}

/**
 * Development: an in-process SMTP receiver storing messages in the `outbox` table; nodemailer sends
 * to it over real SMTP. The receiver starts on the first `send` (or `describe`).
 */
export function localMailer(db: Queryable, from: string, port = 0): Mailer {
  let receiver: Promise<LocalReceiver> | undefined;
  let transport: Transporter | undefined;
  let closed = false;
  const ready = async () => {
    if (closed) throw new Error("mailer closed");
    receiver ??= startLocalReceiver(db, port).catch((err: unknown) => {
      receiver = undefined;
      throw err;
    });
    const r = await receiver;
    transport ??= nodemailer.createTransport({
      host: r.host,
      port: r.port,
      secure: false,
      ignoreTLS: true,
      ...SMTP_TIMEOUTS,
    });
    return { receiver: r, transport };
  };
  return {
    async send(message) {
      const { transport: t } = await ready();
      await t.sendMail({ from, ...message });
    },
    async close() {
      closed = true;
      transport?.close();
      const r = await receiver?.catch(() => undefined);
      await r?.close();
    },
    async describe() {
      const { receiver: r } = await ready();
      return `e-mails kept in the outbox (local SMTP receiver on ${r.host}:${r.port}, see /demo/outbox)`;
    },
  };
}

/** Production without SMTP_URL: nothing can be sent; each attempt is logged. */
export function disabledMailer(): Mailer {
  return {
    async send(message) {
      console.error(`[mail] SMTP_URL is not configured: e-mail "${message.subject}" not sent.`);
    },
    async close() {},
    describe: async () => "e-mails DISABLED (set SMTP_URL)",
  };
}

export function createMailer(config: Config, db: Queryable): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  if (config.demoOutbox) return localMailer(db, config.mailFrom, config.smtpPort);
  return disabledMailer();
}

/** Sends without making the caller wait or fail (the HTTP answer must not depend on the mail relay). */
export function sendInBackground(mailer: Mailer, message: MailMessage): void {
  mailer.send(message).catch((err: unknown) => {
    console.error(`[mail] sending "${message.subject}" failed:`, err instanceof Error ? err.message : err);
  });
}
