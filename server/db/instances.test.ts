/**
 * Two API instances on one PostgreSQL database (each with its own pool and LISTEN connection): a
 * login on one works on the other, and a change made directly in the database reaches both
 * instances' in-memory caches through NOTIFY. Skipped unless TEST_DATABASE_URL is set (see
 * postgres.test.ts); works in a throw-away schema.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { postgresDb, type Db } from "./db.ts";
import { migrate } from "./migrate.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "../demo/seed.ts";
import { createTestApp, fromAddress, json, withBotCheck, type TestContext } from "../test-support.ts";

const url = process.env.TEST_DATABASE_URL;
const schema = `macc_instances_${randomBytes(4).toString("hex")}`;
const FOOTER = "/api/servicesMACC/reseau/BLG/type/gen?langue=fr-BE";

describe.skipIf(!url)("two instances on one PostgreSQL", () => {
  let admin: Db;
  let dbA: Db;
  let dbB: Db;
  let a: TestContext;
  let b: ReturnType<typeof createApp>;

  beforeAll(async () => {
    admin = postgresDb(url!);
    await admin.exec(`CREATE SCHEMA ${schema}`);
    dbA = postgresDb(url!, { options: `-c search_path=${schema}` });
    dbB = postgresDb(url!, { options: `-c search_path=${schema}` });
    await migrate(dbA);
    await seedDemoIfEmpty(dbA);
    // No TOKEN_SECRET: the instances share the secret kept in the database.
    a = await createTestApp({}, dbA);
    b = createApp({ db: dbB, config: a.config, mailer: a.mailer });
  });
  afterAll(async () => {
    await a?.close();
    await dbA?.close();
    await dbB?.close();
    await admin?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
  });

  it("a login on one instance works on the other; a logout on one is refused at once on both", async () => {
    const res = await a.app.request(
      "/api/auth/login",
      await withBotCheck(a.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
      fromAddress("192.0.2.40"),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string; user: { entreprises: { token: string }[] } };
    const token = body.user.entreprises[0]!.token;
    const invoices = async (app: { request: typeof b.request }) =>
      (await app.request("/api/me/invoices", { headers: { Authorization: `Bearer ${token}` } })).status;
    // Both instances keep the session's check in memory.
    expect([await invoices(b), await invoices(b), await invoices(a.app), await invoices(a.app)]).toEqual([200, 200, 200, 200]);
    const logout = await a.app.request("/api/auth/logout", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Authorization: `Bearer ${body.accessToken}` },
    });
    expect(logout.status).toBe(204);
    expect([await invoices(a.app), await invoices(b)]).toEqual([401, 401]);
  });

  it("a footer row changed directly in SQL: both instances answer the new content (no stale cache)", async () => {
    const ville = async (app: { request: typeof b.request }) => ((await (await app.request(FOOTER)).json()) as { ville: string }).ville;
    const before = await ville(a.app);
    // Asked twice on each: kept in both instances' memory.
    expect([await ville(a.app), await ville(b), await ville(b)]).toEqual([before, before, before]);
    await admin.query(`UPDATE ${schema}.footer_contacts SET ville = 'Mons' WHERE code_reseau = 'BLG'`);
    await expect.poll(async () => [await ville(a.app), await ville(b)], { timeout: 5_000 }).toEqual(["Mons", "Mons"]);
    await admin.query(`UPDATE ${schema}.footer_contacts SET ville = $1 WHERE code_reseau = 'BLG'`, [before]);
    await expect.poll(async () => [await ville(a.app), await ville(b)], { timeout: 5_000 }).toEqual([before, before]);
  });

  it("an instance whose LISTEN connection is cut reconnects, and its cache follows the database again", async () => {
    const ville = async (app: { request: typeof b.request }) => ((await (await app.request(FOOTER)).json()) as { ville: string }).ville;
    const before = await ville(b);
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()");
    await admin.query(`UPDATE ${schema}.footer_contacts SET ville = 'Namur' WHERE code_reseau = 'BLG'`);
    await expect.poll(() => ville(b), { timeout: 5_000 }).toBe("Namur");
    // Listening again: kept, then emptied by the next change.
    await expect
      .poll(async () => (await b.request(FOOTER)).headers.get("etag") === (await b.request(FOOTER)).headers.get("etag"))
      .toBe(true);
    await admin.query(`UPDATE ${schema}.footer_contacts SET ville = $1 WHERE code_reseau = 'BLG'`, [before]);
    await expect.poll(() => ville(b), { timeout: 5_000 }).toBe(before);
  });
});

/**
 * Three instances of one database, the other two hearing its changes late: `slow` 300 ms after
 * they are sent, `deaf` never (a LISTEN connection that stays open but delivers nothing). A session
 * ended on the first is refused by all three as soon as the logout has answered: the logout waits
 * for the instances it hears to acknowledge, and one that does not answer in time (deaf) trusts
 * its kept session checks only while its own markers come back (its lease).
 */
describe.skipIf(!url)("a logout reaches every instance before it answers", () => {
  const schema2 = `macc_revoke_${randomBytes(4).toString("hex")}`;
  let admin: Db;
  const dbs: Db[] = [];
  let a: TestContext;
  let slow: ReturnType<typeof createApp>;
  let deaf: ReturnType<typeof createApp>;

  /** `db` whose notifications reach their listener `delayMs` later, or never (null). */
  const lateListener = (db: Db, delayMs: number | null): Db => ({
    ...db,
    listen: (channel, listener) =>
      db.listen(channel, {
        notify: (payload) => {
          if (delayMs !== null) setTimeout(() => listener.notify(payload), delayMs);
        },
        listening: (up) => listener.listening(up),
      }),
  });

  beforeAll(async () => {
    admin = postgresDb(url!);
    await admin.exec(`CREATE SCHEMA ${schema2}`);
    for (let i = 0; i < 3; i++) dbs.push(postgresDb(url!, { options: `-c search_path=${schema2}` }));
    await migrate(dbs[0]!);
    await seedDemoIfEmpty(dbs[0]!);
    a = await createTestApp({}, dbs[0]);
    slow = createApp({ db: lateListener(dbs[1]!, 300), config: a.config, mailer: a.mailer });
    deaf = createApp({ db: lateListener(dbs[2]!, null), config: a.config, mailer: a.mailer });
  });
  afterAll(async () => {
    await a?.close();
    for (const db of dbs) await db.close();
    await admin?.exec(`DROP SCHEMA IF EXISTS ${schema2} CASCADE`);
    await admin?.close();
  });

  it("a session ended on one instance is refused by the others as soon as the logout has answered", async () => {
    const res = await a.app.request(
      "/api/auth/login",
      await withBotCheck(a.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
      fromAddress("192.0.2.41"),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string; user: { entreprises: { token: string }[] } };
    const token = body.user.entreprises[0]!.token;
    const invoices = async (app: { request: typeof slow.request }) =>
      (await app.request("/api/me/invoices", { headers: { Authorization: `Bearer ${token}` } })).status;
    // Every instance has checked the session (and keeps the check, as far as it may).
    for (let i = 0; i < 3; i++) expect([await invoices(a.app), await invoices(slow), await invoices(deaf)]).toEqual([200, 200, 200]);
    const logout = await a.app.request("/api/auth/logout", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Authorization: `Bearer ${body.accessToken}` },
    });
    expect(logout.status).toBe(204);
    expect([await invoices(slow), await invoices(deaf), await invoices(a.app)]).toEqual([401, 401, 401]);
  });
});
