/** Shared set-up of the API tests (not a test file itself). */
import { defaultConfig, type Config } from "./config.ts";
import { createApp } from "./app.ts";
import { openMemoryDb, type Db } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { seedIfEmpty } from "./db/seed.ts";
import { localMailer, type Mailer } from "./mail/mailer.ts";

export interface TestContext {
  db: Db;
  config: Config;
  app: ReturnType<typeof createApp>;
  seedMs: number;
  /** The in-process SMTP receiver (ephemeral port) writing to the outbox; started on the first mail. */
  mailer: Mailer;
  /** Stops the mail receiver (call in afterAll). */
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  existingDb?: Db,
  options: { seed?: boolean } = {},
): Promise<TestContext> {
  const db = existingDb ?? (await openMemoryDb());
  let seedMs = 0;
  if (!existingDb) {
    await migrate(db);
    if (options.seed !== false) seedMs = (await seedIfEmpty(db)).ms;
  }
  const config = defaultConfig({ nodeEnv: "test", tokenSecret: undefined, ...overrides });
  const mailer = localMailer(db, config.mailFrom, 0);
  return { db, config, app: createApp({ db, config, mailer }), seedMs, mailer, close: () => mailer.close() };
}

/** Outbox rows (newest first). */
export async function outbox(db: Db): Promise<{ to: string; subject: string | null; text: string; html: string | null }[]> {
  const { rows } = await db.query<{ recipient: string; subject: string | null; body: string; html: string | null }>(
    "SELECT recipient, subject, body, html FROM outbox ORDER BY created_at DESC, id DESC",
  );
  return rows.map((r) => ({ to: r.recipient, subject: r.subject, text: r.body, html: r.html }));
}

/** Waits (at most `timeoutMs`) until the outbox holds a message matching `match`; returns the newest such. */
export async function waitForMail(
  db: Db,
  match: (m: { to: string; subject: string | null; text: string; html: string | null }) => boolean,
  timeoutMs = 5_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox(db)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error("no matching e-mail in the outbox");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A fake socket peer, so each test can act from its own client address. */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: "IPv4" } } };
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/** Value of the macc_refresh cookie in a Set-Cookie header, or undefined. */
export function refreshCookie(res: Response): string | undefined {
  const all = res.headers.getSetCookie();
  for (const c of all) {
    const m = /^macc_refresh=([^;]*)/.exec(c);
    if (m) return m[1];
  }
  return undefined;
}

export async function expectProblem(res: Response, status: number): Promise<{ type: string; title: string; status: number; detail: string; errors?: { path: string; message: string }[] }> {
  if (res.status !== status) {
    throw new Error(`expected ${status}, got ${res.status}: ${await res.clone().text()}`);
  }
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/problem+json")) throw new Error(`expected problem+json, got ${type}`);
  const body = (await res.json()) as { type: string; title: string; status: number; detail: string };
  if (body.status !== status || typeof body.detail !== "string" || typeof body.type !== "string" || typeof body.title !== "string") {
    throw new Error(`bad problem body ${JSON.stringify(body)}`);
  }
  return body;
}
