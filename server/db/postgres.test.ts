/**
 * The migrations, seed and main flows on a real PostgreSQL server, where the other tests' embedded
 * PGlite differs: node-postgres returns bigint as strings and dates as Date objects, and a pool of
 * connections really runs transactions at the same time (advisory and row locks matter).
 *
 * Skipped unless TEST_DATABASE_URL is set. `.ci/run` starts a throw-away server and sets it, so CI
 * always runs this file; locally, against any server where you may create a schema:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/macc_test npx vitest run server/db/postgres.test.ts
 * Works in a throw-away schema that is dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresDb, type Db } from "./db.ts";
import { migrate } from "./migrate.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty, type SeedReport } from "../demo/seed.ts";
import { makePdf } from "../demo/seed-helpers.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import { can, ROLES } from "../../src/contract/permissions.ts";
import { DIGEST_LOCK_KEY, dayOf, queueInvoiceDigest, type DigestDeps } from "../jobs/notification-digest.ts";
import {
  botJson,
  createTestApp,
  fromAddress,
  json,
  withBotCheck,
  refreshCookie,
  settleMail,
  solveBotCheck,
  type TestContext,
} from "../test-support.ts";

const url = process.env.TEST_DATABASE_URL;
const schema = `macc_test_${randomBytes(4).toString("hex")}`;

// Read from the folder rather than listed here, so that a new migration needs no edit of this test.
// It also catches a .sql file whose name migrate() would silently skip (not NNNN_name.sql).
const MIGRATIONS = readdirSync(new URL("./migrations/", import.meta.url))
  .filter((f) => f.endsWith(".sql"))
  .sort()
  .map((f) => f.slice(0, -".sql".length));
// Versions already applied on existing databases: renaming one would apply it a second time.
// (A prefix of the folder's list: a new migration needs no entry here.)
const RELEASED = ["0001_initial", "0002_profile_password_mail", "0003_invoices_products_contact", "0004_bot_check_registration"];

const MULTI = "1004217"; // the demo company with 2,150 invoices

describe.skipIf(!url)("PostgreSQL engine", () => {
  let admin: Db;
  /** Two pools on the same schema: two API instances starting at the same time. */
  let db: Db;
  let db2: Db;
  let t: TestContext;
  let migrations: string[][];
  let seeds: SeedReport[];

  beforeAll(async () => {
    admin = postgresDb(url!);
    await admin.exec(`CREATE SCHEMA ${schema}`);
    db = postgresDb(url!, { options: `-c search_path=${schema}` });
    db2 = postgresDb(url!, { options: `-c search_path=${schema}` });
    migrations = await Promise.all([migrate(db), migrate(db2)]);
    seeds = await Promise.all([seedDemoIfEmpty(db), seedDemoIfEmpty(db2)]);
    t = await createTestApp({}, db);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await db2?.close();
    await admin?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
  });

  const login = async () => {
    const res = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
      fromAddress("192.0.2.1"),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      accessToken: string;
      user: { entreprises: { idTier: string; token: string; derniereMiseAJour: string | null }[] };
    };
    return { body, cookie: refreshCookie(res)! };
  };
  const me = (token: string) => t.app.request("/api/me", { headers: { Authorization: `Bearer ${token}` } });
  const refresh = (cookie: string) =>
    t.app.request("/api/auth/refresh", { method: "POST", headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` } });

  it("migrates and seeds once, even when two instances start together", async () => {
    expect(MIGRATIONS.slice(0, RELEASED.length)).toEqual(RELEASED);
    // One instance waits for the other's advisory lock, then finds everything applied.
    expect(migrations.map((m) => m.length).sort((a, b) => a - b)).toEqual([0, MIGRATIONS.length]);
    expect(migrations.flat()).toEqual(MIGRATIONS);
    const recorded = await db.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(recorded.rows.map((r) => r.version)).toEqual(MIGRATIONS);
    expect(await migrate(db)).toEqual([]);

    expect(seeds.map((s) => s.seeded).sort()).toEqual([false, true]);
    const invoices = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices");
    expect(invoices.rows[0]?.n).toBe(seeds.find((s) => s.seeded)?.invoices);
    expect((await seedDemoIfEmpty(db)).seeded).toBe(false);
  });

  it("serves the auth flow: login, rotation with its grace period, late reuse revokes the session", async () => {
    const { body, cookie } = await login();
    expect(body.user.entreprises.map((e) => e.idTier)).toEqual(["1004217", "2000873", "3000452"]);
    expect(body.user.entreprises[0]?.derniereMiseAJour).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await me(body.accessToken)).status).toBe(200);

    const r1 = await refresh(cookie);
    expect(r1.status).toBe(200);
    expect(refreshCookie(r1)).not.toBe(cookie);
    // The rotated-out token presented again within seconds (a lost answer) rotates again.
    expect((await refresh(cookie)).status).toBe(200);
    // Later than the grace period it is refused and revokes the whole session.
    await db.query("UPDATE retired_refresh_tokens SET retired_at = now() - interval '1 minute'");
    expect((await refresh(cookie)).status).toBe(401);
    expect((await refresh(refreshCookie(r1)!)).status).toBe(401);
    expect((await me(body.accessToken)).status).toBe(401);

    expect((await t.app.request("/api/servicesMACC/reseau/BLG/type/gen?langue=de-BE")).status).toBe(200);
    const bad = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "nobody@demo.macc.test", password: "x" })),
      fromAddress("192.0.2.1"),
    );
    expect(bad.status).toBe(401);
  });

  it("20 wrong logins at once for one account: at most 5 password checks, on a pool of real connections", async () => {
    const solved = await Promise.all(
      Array.from({ length: 20 }, (_, i) => withBotCheck(t.app, json({ email: "stale@demo.macc.test", password: `Wrong-${i}` }))),
    );
    const statuses = await Promise.all(
      solved.map(async (init, i) => (await t.app.request("/api/auth/login", init, fromAddress(`192.0.2.${100 + i}`))).status),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    // the owner still gets in, with the harder proof of work the refusals named
    const owner = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "stale@demo.macc.test", password: DEMO_PASSWORD }), 2 * t.config.botCheckMaxNumber),
      fromAddress("192.0.2.99"),
    );
    expect(owner.status).toBe(200);
  });

  it("bank details on a pool: of 16 changes at once 10 are counted and recorded, one pending; housekeeping purges superseded RIBs' bytes", async () => {
    const bank = await createTestApp({ features: ["coordonnee-bancaire"] }, db);
    const token = (await login()).body.user.entreprises.find((e) => e.idTier === "3000452")!.token;
    const form = new FormData();
    form.set("iban", "FR76 3000 4000 0312 3456 7890 143");
    form.set("intitule", "Agri Services Wallonie");
    form.set("rib", new File([makePdf("RIB", "pool") as Uint8Array<ArrayBuffer>], "rib.pdf", { type: "application/pdf" }));
    const statuses = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const res = await bank.app.request("/api/me/bank-details", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const versions = () =>
      db.query<{ status: string; has_bytes: boolean }>(
        "SELECT status, rib_bytes IS NOT NULL AS has_bytes FROM bank_details WHERE id_tier = '3000452' ORDER BY status",
      );
    expect((await versions()).rows.map((r) => r.status)).toEqual(["pending", ...Array<string>(9).fill("withdrawn")]);
    await db.query("UPDATE bank_details SET superseded_at = now() - interval '31 days' WHERE id_tier = '3000452' AND status = 'withdrawn'");
    await housekeeping(db, { ribRetentionDays: 30 });
    expect((await versions()).rows.map((r) => r.has_bytes)).toEqual([true, ...Array<boolean>(9).fill(false)]);
    await bank.close();
  });

  it("two refreshes at once with the same cookie both succeed and keep the session (row lock)", async () => {
    const { body, cookie } = await login();
    const sid = (await db.query<{ id: string }>("SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1")).rows[0]!.id;
    // The session row is held from another connection until both refreshes wait on a lock, so
    // they surely overlap (otherwise the first is often done before the second starts).
    let inFlight: Promise<Response[]> | undefined;
    let overlapped = false;
    await db2.transaction(async (tx) => {
      await tx.query("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", [sid]);
      inFlight = Promise.all([refresh(cookie), refresh(cookie)]);
      for (const deadline = Date.now() + 5_000; !overlapped && Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
        const waiting = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        overlapped = waiting.rows[0]!.n >= 2;
      }
    });
    const both = await inFlight!;
    expect(overlapped).toBe(true);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = both.map((r) => refreshCookie(r));
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
    // Neither rotation was lost: the later one retired the earlier one's token, so both still work.
    expect((await refresh(a!)).status).toBe(200);
    expect((await refresh(b!)).status).toBe(200);
    expect((await me(body.accessToken)).status).toBe(200);
  });

  it("invoices: bigint amounts as numbers, dates as text, the count, a PDF", async () => {
    const { body } = await login();
    const token = body.user.entreprises.find((e) => e.idTier === MULTI)!.token;
    const get = (path: string) => t.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    const res = await get("/api/me/invoices?pageSize=5&sort=amount&order=desc");
    expect(res.status).toBe(200);
    const list = (await res.json()) as {
      items: { id: string; date: string; amountCents: number; dueDate: string | null }[];
      total: number;
      years: { year: number; archive: boolean }[];
    };
    // node-postgres gives bigint as a string: the API must still answer numbers.
    const top = await db.query<{ amount_cents: string }>(
      "SELECT amount_cents FROM invoices WHERE id_tier = $1 ORDER BY amount_cents DESC, numero DESC, id LIMIT 5",
      [MULTI],
    );
    expect(list.items.map((i) => i.amountCents)).toEqual(top.rows.map((r) => Number(r.amount_cents)));
    expect(list.total).toBe(2150);
    for (const i of list.items) expect(i.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(list.years.length).toBeGreaterThan(1);
    for (const y of list.years) expect(typeof y.year).toBe("number");

    expect(await (await get("/api/me/summary")).json()).toMatchObject({ invoices: { total: 2150 }, products: 6, adviser: true });
    const pdf = await get(`/api/me/invoices/${list.items[0]!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("the search's extensions live in `extensions`, outside this schema and its search_path, and the search works", async () => {
    // Migrations 0012 and 0016: dropping this schema (afterAll) must not drop them, nor another schema fail to find them.
    const ext = await db.query<{ extname: string; schema: string }>(
      "SELECT extname, extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname IN ('pg_trgm', 'btree_gin') ORDER BY extname",
    );
    expect(ext.rows).toEqual([
      { extname: "btree_gin", schema: "extensions" },
      { extname: "pg_trgm", schema: "extensions" },
    ]);
    expect((await db.query<{ p: string }>("SELECT current_setting('search_path') AS p")).rows[0]?.p).toBe(schema);

    const { body } = await login();
    const token = body.user.entreprises.find((e) => e.idTier === MULTI)!.token;
    const res = await t.app.request("/api/me/invoices?q=2020-0000&pageSize=100", { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const found = (await res.json()) as { items: { number: string }[]; total: number };
    expect(found.total).toBe(9);
    expect(found.items.every((i) => i.number.includes("2020-0000"))).toBe(true);
  });

  it("registration end to end by SMS (jsonb and text[] columns, one transaction for the account)", async () => {
    const post = async (path: string, body: unknown) => t.app.request(path, await botJson(t.app, body), fromAddress("192.0.2.7"));
    const email = `pg.${randomBytes(3).toString("hex")}@client.test`;
    const start = await post("/api/registration", { pays: "FR", numeroClient: "C-100200", email, mobile: "+33 6 12 34 56 78" });
    expect(start.status).toBe(201);
    const { registrationId: id } = (await start.json()) as { registrationId: string };
    const chosen = await post(`/api/registration/${id}/companies`, { idTiers: ["1007001"] });
    expect(chosen.status).toBe(200);
    const { moyensContacts } = (await chosen.json()) as { moyensContacts: { id: string; type: string }[] };
    const sms = moyensContacts.find((m) => m.type === "sms");
    expect(sms).toBeDefined();
    expect((await post(`/api/registration/${id}/code`, { moyenContact: sms!.id })).status).toBe(202);
    // The SMS goes to the outbox in the background.
    let text: string | undefined;
    for (const deadline = Date.now() + 5_000; !text && Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      const { rows } = await db.query<{ body: string }>("SELECT body FROM outbox WHERE channel = 'sms' AND recipient = $1", [
        "+33611223344",
      ]);
      text = rows[0]?.body;
    }
    const code = /\b(\d{6})\b/.exec(text ?? "")?.[1];
    expect(code).toBeDefined();
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await post(`/api/registration/${id}/verify`, { code: wrong })).status).toBe(422);
    expect((await post(`/api/registration/${id}/verify`, { code })).status).toBe(200);
    const done = await post(`/api/registration/${id}/complete`, { motDePasse: "Inscription2026", confirmerMotDePasse: "Inscription2026" });
    expect(done.status).toBe(201);
    const account = (await done.json()) as { accessToken: string; user: { entreprises: { idTier: string }[] } };
    expect(account.user.entreprises.map((e) => e.idTier)).toEqual(["1007001"]);
    expect((await me(account.accessToken)).status).toBe(200);
    expect((await db.query("SELECT 1 FROM accounts WHERE email = $1", [email])).rows).toHaveLength(1);
    expect((await db.query("SELECT 1 FROM registrations")).rows).toHaveLength(0);
  });

  describe("basket", () => {
    // The call-back mails are delivered in the background: done before the pools close.
    afterAll(() => settleMail(db));
    const basket = {
      items: ["1001", "1007"],
      nom: "Jean Dupont",
      societe: "GAEC des Prés",
      mobile: "06 98 76 54 32",
      immat: "552100554",
      pays: "FR",
      langue: "fr-FR",
    };
    const send = async (key: string, token: string, bot?: string) =>
      t.app.request(
        "/api/basket/requests",
        json(basket, { "Idempotency-Key": key, "X-Bot-Check": bot ?? (await solveBotCheck(t.app)), Authorization: `Bearer ${token}` }),
        fromAddress("192.0.2.20"),
      );
    const counts = async () =>
      (
        await db.query<{ requests: number; mails: number; sms: number }>(
          `SELECT (SELECT count(*) FROM basket_requests)::int AS requests,
                  (SELECT count(*) FROM mail_queue WHERE subject LIKE '[Panier]%')::int AS mails,
                  (SELECT count(*) FROM outbox WHERE channel = 'sms' AND recipient = '+33698765432')::int AS sms`,
        )
      ).rows[0]!;
    const companyToken = async () => (await login()).body.user.entreprises.find((e) => e.idTier === MULTI)!.token;

    it("10 validations at once with one key, on a pool of connections: one request, one mail, one SMS, ten equal answers", async () => {
      const token = await companyToken();
      const key = `pg-${randomBytes(8).toString("hex")}`;
      const before = await counts();
      const solutions = await Promise.all(Array.from({ length: 10 }, () => solveBotCheck(t.app)));
      // Half of them retries with the first one's solution, as a network retry would.
      const answers = await Promise.all(solutions.map((bot, i) => send(key, token, i % 2 === 0 ? solutions[0] : bot)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const texts = await Promise.all(answers.map((a) => a.text()));
      expect(new Set(texts).size).toBe(1);
      expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
      expect(await counts()).toEqual({ requests: before.requests + 1, mails: before.mails + 1, sms: before.sms + 1 });

      // Read back through node-postgres: timestamps, json_agg, bytea.
      const { sms: _sms, ...created } = JSON.parse(texts[0]!) as { id: string; sms: boolean };
      const listed = await t.app.request("/api/me/basket-requests", { headers: { Authorization: `Bearer ${token}` } });
      const { requests } = (await listed.json()) as { requests: { id: string }[] };
      expect(requests.find((r) => r.id === created.id)).toEqual({ ...created, status: "sent" });
      const catalogue = await t.app.request("/api/basket/items?ids=1007,1001,9999");
      expect(await catalogue.json()).toMatchObject({ items: [{ id: "1007" }, { id: "1001" }], unknown: ["9999"] });
      const image = await t.app.request("/api/basket/items/1001/image");
      expect(image.headers.get("content-type")).toBe("image/svg+xml");
      const etag = image.headers.get("etag")!;
      expect((await image.text()).startsWith("<svg")).toBe(true);
      expect((await t.app.request("/api/basket/items/1001/image", { headers: { "If-None-Match": etag } })).status).toBe(304);
    });

    it("a request waiting over 5 s for the first one with its key → 409 with Retry-After; the key works once the first is gone", async () => {
      const token = await companyToken();
      const key = `pg-${randomBytes(8).toString("hex")}`;
      let release = () => {};
      let claimed = () => {};
      const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
      // Another instance's transaction holding the key, then rolling back.
      const first = db2
        .transaction(async (tx) => {
          await tx.query("INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ('basket-request', $1, 'x')", [key]);
          claimed();
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await isClaimed;
      const started = Date.now();
      const waiting = await send(key, token);
      expect(waiting.status).toBe(409);
      expect(waiting.headers.get("retry-after")).toBe("1");
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
      release();
      await first;
      expect((await send(key, token)).status).toBe(201);
    });
  });

  it("a statement asked prepared is prepared once per connection and kept through a change of its table; another is not", async () => {
    const one = postgresDb(url!, { max: 1, options: `-c search_path=${schema}` });
    try {
      const page = "SELECT DISTINCT year FROM invoice_counts WHERE id_tier = $1 AND n > 0 ORDER BY year DESC";
      const other = "SELECT count(*)::int AS n FROM invoice_counts WHERE id_tier = $1";
      const kept = async () =>
        (await one.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements ORDER BY statement")).rows.map(
          (r) => r.statement,
        );
      const years = async () => (await one.query<{ year: number }>(page, [MULTI], { prepared: true })).rows.map((r) => r.year);
      const first = await years();
      expect(first.length).toBeGreaterThan(0);
      for (let i = 0; i < 6; i++) expect(await years()).toEqual(first); // past the five custom plans
      await one.query(other, [MULTI]);
      expect(await kept()).toEqual([page]);
      // A column added to the table: the kept statement is planned again, not refused.
      await one.exec("ALTER TABLE invoice_counts ADD COLUMN prepared_probe int");
      try {
        expect(await years()).toEqual(first);
      } finally {
        await one.exec("ALTER TABLE invoice_counts DROP COLUMN prepared_probe");
      }
      expect(await kept()).toEqual([page]);
    } finally {
      await one.close();
    }
  });

  it("the day's invoice digest, two instances: one queues under its lock while the other skips; then once, whoever runs", async () => {
    const day = dayOf(new Date());
    // Two invoices today for each company of multi@ (its owner's), as the back office reports them.
    await db.query(
      `INSERT INTO notification_events (event_id, body_hash, kind, id_tier, subject)
       SELECT 'pg-digest-' || ac.id_tier || '-' || n, 'x', 'invoice', ac.id_tier, 'F-' || n
         FROM account_companies ac JOIN accounts a USING (uuid_compte), generate_series(1, 2) n
        WHERE a.email = 'multi@demo.macc.test'`,
    );
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(DISTINCT (ac.uuid_compte, ac.id_tier))::int AS n FROM notification_events e JOIN account_companies ac USING (id_tier)
        WHERE e.kind = 'invoice' AND e.created_at >= $1::date AND ac.role = ANY($2::text[])`,
      [day, ROLES.filter((role) => can(role, "invoices", "R"))],
    );
    const expected = rows[0]!.n;
    expect(expected).toBeGreaterThanOrEqual(3);
    const deps = (on: Db): DigestDeps => ({ db: on, config: t.config, secret: () => Promise.resolve(Buffer.from("test-token-secret")) });
    const queued = () => db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE '%nouvelles factures%'");
    const before = (await queued()).rows[0]!.n;

    // The other instance is sending (it holds the lock): this one queues nothing and says so.
    let release!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const other = db2.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [DIGEST_LOCK_KEY]);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    expect(await queueInvoiceDigest(deps(db), day)).toEqual({ queued: 0, locked: true });
    release();
    await other;

    // Both at once, three times each: each member's digest of each company is queued once in all.
    const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => queueInvoiceDigest(deps(i % 2 ? db2 : db), day)));
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(expected);
    expect((await queued()).rows[0]!.n - before).toBe(runs.reduce((sum, run) => sum + run.queued, 0));
    const digests = await db.query<{ n: number; distinct: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT (uuid_compte, id_tier))::int AS distinct FROM notification_digests WHERE day = $1",
      [day],
    );
    expect(digests.rows[0]!.n).toBe(digests.rows[0]!.distinct);
    expect(await queueInvoiceDigest(deps(db2), day)).toEqual({ queued: 0, locked: false });
  });
});
