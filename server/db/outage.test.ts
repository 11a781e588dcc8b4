/**
 * PostgreSQL stopped under a running API, then started again. While it is down every request that
 * needs it answers at once 503 problem+json with `Retry-After` (not 500, no hang); once it is back
 * the same app answers again without a restart (its pool reconnects, its LISTEN connection too, so
 * its caches follow the database again), and every write it acknowledged is in the database.
 *
 * Runs its own throw-away cluster (.ci/run's `start_test_postgres`, on a free port) wherever the
 * PostgreSQL server binaries are installed: the shared test server of TEST_DATABASE_URL is never
 * stopped. The embedded engine (PGlite) runs inside the API's process: it cannot stop under it.
 */
import { execFile, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig, PROJECT_ROOT } from "../config.ts";
import { BASKET_REQUEST, createTestApp, fromAddress, json, type TestContext } from "../test-support.ts";
import { isDatabaseUnavailable, type Db } from "./db.ts";
import { migrate } from "./migrate.ts";
import { openDb } from "./open.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "../demo/seed.ts";

/** Runs `script` in bash with .ci/run's functions; its standard output. */
const ciRun = (script: string, env: Record<string, string> = {}) =>
  promisify(execFile)("bash", ["-c", `source .ci/run; ${script}`], { cwd: PROJECT_ROOT, env: { ...process.env, ...env } }).then(
    (r) => r.stdout,
  );
const installed = execFileSync("bash", ["-c", "source .ci/run; pg_bindir"], { cwd: PROJECT_ROOT, encoding: "utf8" }).trim() !== "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const PG_CTL = 'as_postgres "$(pg_bindir)/pg_ctl" -D "$PG_TMP/data"';
/** A normal stop: sessions are ended, what was committed is on disk. */
const stopCluster = (dir: string) => ciRun(`${PG_CTL} -m fast -w stop`, { PG_TMP: dir });
/** Started again with the options of its first start (kept in postmaster.opts). */
const startCluster = (dir: string) =>
  ciRun(`${PG_CTL} -l "$PG_TMP/server.log" -w start -o "$(cut -d' ' -f2- "$PG_TMP/data/postmaster.opts")"`, { PG_TMP: dir });

const FOOTER = "/api/servicesMACC/reseau/BLG/type/gen?langue=fr-BE";
/** The longest a request may take while the database is down: it fails fast, it does not hang. */
const BOUND_MS = 3_000;

describe.skipIf(!installed)("PostgreSQL stopped under a running API", () => {
  let dir = "";
  let url = "";
  let db: Db;
  let admin: pg.Client;
  let t: TestContext;
  let addresses = 0;

  beforeAll(async () => {
    const port = await freePort();
    // The cluster outlives this shell (its exit trap removed): the test stops and deletes it.
    dir = (
      await ciRun('start_test_postgres >&2; trap - EXIT; echo "$PG_TMP"', { PG_TEST_PORT: String(port), TEST_DATABASE_URL: "" })
    ).trim();
    url = `postgres://postgres@127.0.0.1:${port}/macc_test`;
    // The pool of production (open.ts), not one made for the test.
    db = await openDb(defaultConfig({ databaseUrl: url }));
    await migrate(db);
    await seedDemoIfEmpty(db);
    t = await createTestApp({ botCheck: false, databaseUrl: url }, db);
    admin = new pg.Client({ connectionString: url });
  });
  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await t?.close();
    await db?.close();
    if (dir) await ciRun("stop_test_postgres", { PG_TMP: dir });
  });

  /** One basket validation with its own key and client address; its status, id and duration. */
  async function validateBasket(key = `outage-${randomUUID()}`) {
    const started = performance.now();
    const res = await t.app.request(
      "/api/basket/requests",
      json(BASKET_REQUEST, { "Idempotency-Key": key }),
      fromAddress(`10.77.0.${++addresses % 250}`),
    );
    const body = (await res.json()) as { id?: string; type?: string };
    return {
      key,
      status: res.status,
      id: body.id,
      type: body.type,
      retryAfter: res.headers.get("retry-after"),
      ms: performance.now() - started,
    };
  }

  it(
    "down: 503 problem+json with Retry-After at once; back: the same app answers, listens again, and keeps every acknowledged write",
    { timeout: 30_000 },
    async () => {
      const login = await t.app.request("/api/auth/login", json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD }));
      expect(login.status).toBe(200);
      const token = ((await login.json()) as { user: { entreprises: { token: string }[] } }).user.entreprises[0]!.token;
      let parked: Promise<void> = Promise.resolve();
      const invoices = () => t.app.request("/api/me/invoices", { headers: { Authorization: `Bearer ${token}` } });
      expect((await invoices()).status).toBe(200);

      // Writes one after the other through the whole outage: acknowledged (201) or refused (503), nothing else.
      const acknowledged = new Map<string, string>();
      const refused: string[] = [];
      const wrong: string[] = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const w = await validateBasket();
          if (w.status === 201) acknowledged.set(w.key, w.id!);
          else if (w.status === 503 && w.retryAfter === "5") {
            refused.push(w.key);
            // A client waits before its next try (shorter than Retry-After, to keep the test short).
            await new Promise((resolve) => setTimeout(resolve, 100));
          } else wrong.push(`${w.status} ${w.type}`);
          if (w.ms > BOUND_MS) wrong.push(`${w.status} after ${Math.round(w.ms)} ms`);
        }
      })();
      await expect.poll(() => acknowledged.size, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(3);

      // A transaction open when the server stops: its failure is the caller's, not an uncaught event.
      let resume = () => {};
      const parkedReady = new Promise<void>((ready) => {
        parked = db.transaction(async (tx) => {
          await tx.query("SELECT 1");
          await new Promise<void>((r) => {
            resume = r;
            ready();
          });
          await tx.query("SELECT 1");
        });
      });
      await parkedReady;
      await stopCluster(dir);
      resume();
      await expect(parked).rejects.toSatisfy(isDatabaseUnavailable);
      const before = acknowledged.size;
      for (const request of [
        () => t.app.request(FOOTER),
        invoices,
        () => t.app.request("/api/auth/login", json({ email: "a@b.fr", password: "x" })),
      ]) {
        const started = performance.now();
        const res = await request();
        expect(performance.now() - started).toBeLessThan(BOUND_MS);
        expect(res.status).toBe(503);
        expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(await res.json()).toMatchObject({ type: "urn:macc:problem:unavailable", status: 503 });
      }
      await expect.poll(() => refused.length, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(3);

      await startCluster(dir);
      // Back without a restart: the next writes are acknowledged again.
      await expect.poll(() => acknowledged.size, { timeout: 10_000, interval: 20 }).toBeGreaterThan(before + 2);
      writing = false;
      await writer;
      expect(wrong).toEqual([]);
      expect((await invoices()).status).toBe(200);

      // The refused ones sent again with their keys (as a client retries): done once each.
      for (const key of refused) {
        const w = await validateBasket(key);
        expect(w.status).toBe(201);
        acknowledged.set(key, w.id!);
      }
      await admin.connect();
      const ids = [...acknowledged.values()];
      expect(new Set(ids).size).toBe(ids.length);
      const stored = await admin.query<{ id: string }>("SELECT id FROM basket_requests");
      expect(stored.rows.map((r) => r.id).sort()).toEqual([...ids].sort());

      // The LISTEN connection is back, and the cache follows a change made elsewhere again.
      await expect
        .poll(async () => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE query LIKE 'LISTEN %'")).rowCount, { timeout: 10_000 })
        .toBe(1);
      const ville = async () => ((await (await t.app.request(FOOTER)).json()) as { ville: string }).ville;
      expect(await ville()).toBe(await ville());
      await admin.query("UPDATE footer_contacts SET ville = 'Namur' WHERE code_reseau = 'BLG'");
      await expect.poll(ville, { timeout: 5_000 }).toBe("Namur");
    },
  );
});

describe("isDatabaseUnavailable: which errors answer 503", () => {
  const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });
  it.each([
    ["connection refused", coded("ECONNREFUSED"), true],
    ["connection reset", coded("ECONNRESET"), true],
    ["refused on every address of the host", new AggregateError([coded("ECONNREFUSED")], ""), true],
    ["server shutting down (57P01)", coded("57P01", "terminating connection due to administrator command"), true],
    ["server starting up (57P03)", coded("57P03", "the database system is starting up"), true],
    ["connection exception class 08", coded("08006"), true],
    ["too many connections", coded("53300"), true],
    ["connection ended under a query", new Error("Connection terminated unexpectedly"), true],
    ["no pool slot in time", new Error("timeout exceeded when trying to connect"), true],
    ["wrapped in a cause", new Error("outer", { cause: coded("ECONNREFUSED") }), true],
    ["unique violation", coded("23505"), false],
    ["lock timeout (answered 409 elsewhere)", coded("55P03"), false],
    ["a bug", new TypeError("x is undefined"), false],
    ["not an error", "ECONNREFUSED", false],
  ])("%s → %s", (_, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});
