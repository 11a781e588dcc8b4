/** Shared set-up of the API tests (not a test file itself). */
import { defaultConfig, type Config } from "./config.ts";
import { createApp } from "./app.ts";
import { openMemoryDb, type Db } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { seedIfEmpty } from "./db/seed.ts";

export interface TestContext {
  db: Db;
  config: Config;
  app: ReturnType<typeof createApp>;
  seedMs: number;
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
  return { db, config, app: createApp({ db, config }), seedMs };
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
