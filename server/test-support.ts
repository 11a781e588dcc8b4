/** Shared set-up of the API tests (not a test file itself). */
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { INTEGRATION_SIGNATURE_HEADER, INTEGRATION_TIMESTAMP_HEADER } from "../src/contract/service-request.ts";
import { DEMO_INTEGRATION_SECRET, defaultConfig, type Config } from "./config.ts";
import { createApp, createCacheHubFor } from "./app.ts";
import type { CacheHub } from "./http/memory-cache.ts";
import { openMemoryDb, postgresDb, type Db } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "./demo/seed.ts";
import { localMailer, type Mailer } from "./mail/mailer.ts";
import { integrationSignature } from "./routes/service-request-events.ts";
import { databaseUrl, TEMPLATES } from "./test-postgres.ts";
import { botCheckSolution } from "../src/test/bot-check-solution.ts";
import type { BotCheckChallenge } from "../src/contract/bot-check.ts";

export interface TestContext {
  db: Db;
  config: Config;
  app: ReturnType<typeof createApp>;
  seedMs: number;
  /** The in-process SMTP receiver (ephemeral port) writing to the outbox; started on the first mail. */
  mailer: Mailer;
  /** The app's memory caches, which `db`'s changes wait for: another app made in a test shares them. */
  caches: CacheHub;
  /** Stops the mail receiver (call in afterAll). */
  close(): Promise<void>;
}

/**
 * A database image held in memory, read once per worker, given to the engine without a copy:
 * Node's Blob.arrayBuffer() streams a 45 MB image through chunks and joins them (about 0.7 s of
 * the 1.7 s a copy took to open).
 */
class ImageBlob extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents);
  }
}
const imageCache = new Map<string, ImageBlob>();
function image(file: string): ImageBlob {
  let blob = imageCache.get(file);
  if (!blob) {
    const bytes = readFileSync(file);
    blob = new ImageBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    imageCache.set(file, blob);
  }
  return blob;
}

/** The databases the current file opened (closeTestDbs). */
const opened: Db[] = [];
/** Closes the databases the file opened: a worker runs many files, their connections would pile up (test-setup.ts). */
export async function closeTestDbs(): Promise<void> {
  await Promise.all(opened.splice(0).map((db) => db.close()));
}

/** A copy of the run's prepared database (test-global-setup.ts), or a new one when there is none. */
export async function openTestDb(seeded: boolean): Promise<Db> {
  const server = inject("testPostgres");
  const images = inject("dbImages");
  let db: Db;
  if (server) {
    const name = `macc_test_${randomUUID().replaceAll("-", "")}`;
    const admin = postgresDb(server, { max: 1 });
    // FILE_COPY: the template's files copied as they are, without writing them to the WAL.
    await admin
      .exec(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATES[seeded ? "seeded" : "bare"]} STRATEGY FILE_COPY`)
      .finally(() => admin.close());
    db = postgresDb(databaseUrl(server, name), { max: 4 });
  } else db = images ? await openMemoryDb(image(seeded ? images.seeded : images.bare)) : await openMemoryDb();
  opened.push(db);
  return db;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  existingDb?: Db,
  options: { seed?: boolean } = {},
): Promise<TestContext> {
  const db = existingDb ?? (await openTestDb(options.seed !== false));
  let seedMs = 0;
  if (!existingDb) {
    // Both are no-ops on the run's prepared image; they still bring a database made without one up to date.
    await migrate(db);
    if (options.seed !== false) seedMs = (await seedDemoIfEmpty(db)).ms;
  }
  // A small proof of work keeps the bot-check solutions fast to find in tests.
  const config = defaultConfig({ nodeEnv: "test", tokenSecret: undefined, botCheckMaxNumber: 1000, ...overrides });
  const mailer = localMailer(db, config.mailFrom, 0);
  const caches = createCacheHubFor(db);
  const app = createApp({ db, config, mailer, caches });
  return { db: heardByApp(db, caches), config, app, seedMs, mailer, caches, close: () => mailer.close() };
}

/**
 * `db` for the test itself: a change it makes in SQL answers once the app has heard it. PostgreSQL
 * tells the app's caches through a notification that arrives a moment after the change (the embedded
 * engine at once); a real change reaches an instance as fast, well within what the caches allow.
 */
function heardByApp(db: Db, caches: CacheHub): Db {
  if (db.engine !== "postgres") return db;
  const changes = (sql: string) => !/^\s*select\b/i.test(sql);
  return {
    ...db,
    async query(sql, params, options) {
      const result = await db.query(sql, params, options);
      if (changes(sql)) await caches.settle(db);
      return result;
    },
    async exec(sql) {
      await db.exec(sql);
      if (changes(sql)) await caches.settle(db);
    },
  } as Db;
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

/** Lets the background deliveries finish (at most `timeoutMs`) before the mail receiver stops. */
export async function settleMail(db: Db, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_queue WHERE sent_at IS NULL AND last_error IS NULL",
    );
    if (rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A valid basket validation body (`POST /api/basket/requests`): two demo items, a French company. */
export const BASKET_REQUEST = {
  items: ["1001", "1002"],
  nom: "Jean Dupont",
  societe: "GAEC des Prés",
  mobile: "06 12 34 56 78",
  immat: "552 100 554",
  pays: "FR",
  langue: "fr-FR",
};

/** A valid service request body (`POST /api/me/service-requests`): multi@'s first company's tractor, in French. */
export const TRACTOR_REQUEST = {
  codeFamille: "MACH",
  codeProduit: "MACH-TRACT-130",
  numeroSerie: "TR130-20-00391",
  kind: "maintenance",
  description: "Révision des 5000 heures à prévoir avant les semis.",
  urgency: "can-wait",
  location: "farm",
  callTime: "any",
  langue: "fr-FR",
};

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

export async function expectProblem(
  res: Response,
  status: number,
): Promise<{ type: string; title: string; status: number; detail: string; errors?: { path: string; message: string }[] }> {
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

/**
 * Solves a bot-check challenge of `app` (GET /api/bot-check/challenge, asking `maxnumber` of work
 * when given) → the X-Bot-Check value.
 */
export async function solveBotCheck(app: { request: (path: string) => Response | Promise<Response> }, maxnumber?: number): Promise<string> {
  const res = await app.request(`/api/bot-check/challenge${maxnumber ? `?maxnumber=${maxnumber}` : ""}`);
  if (res.status !== 200) throw new Error(`bot-check challenge: ${res.status}`);
  return botCheckSolution((await res.json()) as BotCheckChallenge);
}

/** Header of a request protected by the bot check: `{ "X-Bot-Check": <fresh solution> }`. */
export async function botCheckHeader(app: { request: (path: string) => Response | Promise<Response> }): Promise<{ "X-Bot-Check": string }> {
  return { "X-Bot-Check": await solveBotCheck(app) };
}

/** `json(body, headers)` with a fresh bot-check solution added to the headers. */
export async function botJson(
  app: { request: (path: string) => Response | Promise<Response> },
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RequestInit> {
  return json(body, { ...(await botCheckHeader(app)), ...headers });
}

/** `init` with a fresh bot-check solution in its headers (for the requests protected by the bot check). */
export async function withBotCheck(
  app: { request: (path: string) => Response | Promise<Response> },
  init: RequestInit = {},
  maxnumber?: number,
): Promise<RequestInit> {
  const headers = new Headers(init.headers);
  headers.set("X-Bot-Check", await solveBotCheck(app, maxnumber));
  return { ...init, headers };
}

/** A demo account logged in (password DEMO_PASSWORD) from `address`: its account token and a token per company. */
export async function demoLogin(
  app: ReturnType<typeof createApp>,
  email: string,
  address: string,
): Promise<{ account: string; company: Record<string, string> }> {
  const res = await app.request("/api/auth/login", await withBotCheck(app, json({ email, password: DEMO_PASSWORD })), fromAddress(address));
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { idTier: string; token: string }[] } };
  return { account: body.accessToken, company: Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token])) };
}

/** What a service-request API test file works with: its app, multi@'s company tokens, uk@'s token. */
export interface ServiceRequestCustomers {
  t: TestContext;
  tokens: Record<string, string>;
  ukToken: string;
}

/**
 * The service-request API test files' set-up, registered in the calling file: an app, multi@ and
 * uk@ logged in from `network` (`10.79.0` → .1 and .2), the service requests' and SMS rate limits
 * cleared before each test, the mail settled at the end. `ready` receives what the tests use.
 */
export function serviceRequestCustomers(network: string, ready: (customers: ServiceRequestCustomers) => void): void {
  let t: TestContext | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const tokens = (await demoLogin(t.app, "multi@demo.macc.test", `${network}.1`)).company;
    const uk = await demoLogin(t.app, "uk@demo.macc.test", `${network}.2`);
    ready({ t, tokens, ukToken: Object.values(uk.company)[0] ?? uk.account });
  });
  afterAll(async () => {
    await settleMail(t!.db);
    await t!.close();
  });
  beforeEach(async () => {
    await t!.db.query("DELETE FROM rate_limits WHERE key LIKE 'service-request%' OR key LIKE 'sms:%'");
  });
}

/** A back-office call to an integration endpoint, signed as they check it (HMAC of `<timestamp>.<body>`), with the demo secret unless told. */
export function signedPost(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  body: unknown,
  secret = DEMO_INTEGRATION_SECRET,
) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return app.request(path, {
    method: "POST",
    body: raw,
    headers: {
      "Content-Type": "application/json",
      [INTEGRATION_TIMESTAMP_HEADER]: timestamp,
      [INTEGRATION_SIGNATURE_HEADER]: integrationSignature(secret, timestamp, raw),
    },
  });
}
