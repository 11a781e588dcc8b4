/**
 * The SMTP relay refusing (5xx, then 4xx) and then down: the contact message and the basket
 * validation are still acknowledged and kept, their e-mails stay in `mail_queue`, and the queue's
 * retry (`deliverPending`, what main.ts runs every minute) delivers each of them once, and only
 * once, when the relay accepts again. A real SMTP server (smtp-server) on loopback, reached through
 * the production relay mailer (`smtpMailer`, as with SMTP_URL).
 */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { defaultConfig } from "../config.ts";
import type { Db } from "../db/db.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { BASKET_REQUEST, fromAddress, json, openTestDb, withBotCheck } from "../test-support.ts";
import { smtpMailer, type Mailer } from "./mailer.ts";
import { deliverPending } from "./queue.ts";

/** How the relay answers: a permanent refusal, a temporary one, or acceptance. */
type Mode = { refuse: 550 | 451 } | "accept";

/** A relay on `port` (0: any): RCPT refused or accepted as `mode()` says; accepted messages' subjects in `received`. */
function startRelay(port: number, mode: () => Mode, received: string[]): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const m = mode();
      if (m === "accept") return callback();
      const text = m.refuse === 550 ? "Relay denied" : "Try again later";
      callback(Object.assign(new Error(text), { responseCode: m.refuse }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push(parsed.subject ?? "");
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      resolve({
        port: (server.server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

interface QueuedMail {
  subject: string;
  attempts: number;
  sent: boolean;
  last_error: string | null;
}

describe("the SMTP relay refusing, then down, then back", () => {
  let db: Db;
  let mailer: Mailer;
  let app: ReturnType<typeof createApp>;
  let relay: { port: number; close(): Promise<void> };
  let mode: Mode = { refuse: 550 };
  const received: string[] = [];

  beforeAll(async () => {
    db = await openTestDb(true);
    relay = await startRelay(0, () => mode, received);
    const config = defaultConfig({ nodeEnv: "test", botCheckMaxNumber: 1000, smtpUrl: `smtp://127.0.0.1:${relay.port}` });
    mailer = smtpMailer(config.smtpUrl!, config.mailFrom);
    app = createApp({ db, config, mailer });
  });
  afterAll(async () => {
    await relay?.close();
    await mailer?.close();
    await db?.close();
  });

  const queue = async () =>
    (
      await db.query<QueuedMail>(
        "SELECT subject, attempts, sent_at IS NOT NULL AS sent, last_error FROM mail_queue ORDER BY created_at, subject",
      )
    ).rows;
  /** Waits until every queued message has had `attempts` tries (the background one after a write, or a retry). */
  const triedTimes = (attempts: number) =>
    expect.poll(async () => (await queue()).every((m) => m.attempts === attempts && m.last_error !== null), { timeout: 5_000 }).toBe(true);
  /** The queue's retry, once the growing delay has passed (moved to now rather than waited for). */
  const retry = async () => {
    await db.query("UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL");
    return deliverPending(db, mailer);
  };

  it("keeps the writes, keeps their e-mails queued through the fault, and delivers each once when the relay accepts", async () => {
    const origError = console.error;
    console.error = () => undefined; // the failed deliveries are logged: expected here
    try {
      const login = await app.request(
        "/api/auth/login",
        await withBotCheck(app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
        fromAddress("10.41.0.1"),
      );
      const token = ((await login.json()) as { user: { entreprises: { idTier: string; token: string }[] } }).user.entreprises.find(
        (e) => e.idTier === "1004217",
      )!.token;
      // The login's new-device alert is not this test's subject: only the message's e-mails are followed.
      await db.query("DELETE FROM mail_queue");

      // Refused for good (550): the message is acknowledged and stored, its two e-mails queued.
      const contact = await app.request(
        "/api/me/contact",
        await withBotCheck(
          app,
          json(
            { service: "Service clients", subject: "Relais en panne", message: "Message envoyé pendant que le relais refuse." },
            { Authorization: `Bearer ${token}` },
          ),
        ),
        fromAddress("10.41.0.1"),
      );
      expect(contact.status).toBe(201);
      const { id } = (await contact.json()) as { id: string };
      expect((await db.query("SELECT 1 FROM contact_messages WHERE id = $1", [id])).rows).toHaveLength(1);
      await triedTimes(1);
      expect((await queue()).map((m) => m.last_error)).toEqual([expect.stringMatching(/550/), expect.stringMatching(/550/)]);

      // Refused for now (451): the retry fails too, and keeps them.
      mode = { refuse: 451 };
      expect(await retry()).toBe(0);
      await triedTimes(2);
      expect((await queue()).map((m) => m.last_error)).toEqual([expect.stringMatching(/451/), expect.stringMatching(/451/)]);

      // Down: a basket validation is acknowledged and stored all the same.
      await relay.close();
      const basket = await app.request(
        "/api/basket/requests",
        await withBotCheck(app, json(BASKET_REQUEST, { "Idempotency-Key": "smtp-fault-basket-1" })),
        fromAddress("10.41.0.2"),
      );
      expect(basket.status).toBe(201);
      const { reference } = (await basket.json()) as { reference: string };
      expect((await db.query("SELECT 1 FROM basket_requests WHERE reference = $1", [reference])).rows).toHaveLength(1);
      await expect
        .poll(async () => (await queue()).find((m) => m.subject.includes(reference))?.last_error ?? null, { timeout: 5_000 })
        .toMatch(/ECONNREFUSED/);
      expect(await retry()).toBe(0);
      expect((await queue()).map((m) => [m.attempts, m.sent, /ECONNREFUSED/.test(m.last_error ?? "")])).toEqual([
        [3, false, true],
        [3, false, true],
        [2, false, true],
      ]);

      // Back and accepting (same address): the next retry delivers the three, once each.
      mode = "accept";
      relay = await startRelay(relay.port, () => mode, received);
      expect(await retry()).toBe(3);
      expect(await retry()).toBe(0);
      expect(received).toHaveLength(3);
      expect(received).toEqual(
        expect.arrayContaining([
          "[Formulaire de contact] Relais en panne",
          "Nous avons bien reçu votre message",
          expect.stringContaining(reference),
        ]),
      );
      expect((await queue()).every((m) => m.sent && m.last_error === null)).toBe(true);
    } finally {
      console.error = origError;
    }
  });
});
