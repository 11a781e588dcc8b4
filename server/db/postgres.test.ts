/**
 * The same migrations, seed and flows on a real PostgreSQL server. Runs only when
 * TEST_DATABASE_URL is set; works in a throw-away schema that is dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { defaultConfig } from "../config.ts";
import { postgresDb, type Db } from "./db.ts";
import { migrate } from "./migrate.ts";
import { DEMO_PASSWORD, seedIfEmpty } from "./seed.ts";
import { fromAddress, json, withBotCheck, refreshCookie } from "../test-support.ts";

const url = process.env.TEST_DATABASE_URL;
const schema = `macc_test_${randomBytes(4).toString("hex")}`;

describe.skipIf(!url)("PostgreSQL engine", () => {
  let admin: Db;
  let db: Db;
  beforeAll(async () => {
    admin = postgresDb(url!);
    await admin.exec(`CREATE SCHEMA ${schema}`);
    db = postgresDb(url!, { options: `-c search_path=${schema}` });
  });
  afterAll(async () => {
    await db?.close();
    await admin?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
  });

  it("migrates, seeds once and serves the auth flow", async () => {
    expect(await migrate(db)).toEqual(["0001_initial", "0002_profile_password_mail", "0003_invoices_products_contact"]);
    expect(await migrate(db)).toEqual([]);
    const seeded = await seedIfEmpty(db);
    expect(seeded.seeded).toBe(true);
    expect((await seedIfEmpty(db)).seeded).toBe(false);

    const app = createApp({ db, config: defaultConfig() });
    const login = await app.request("/api/auth/login", await withBotCheck(app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })), fromAddress("192.0.2.1"));
    expect(login.status).toBe(200);
    const body = (await login.json()) as { accessToken: string; user: { entreprises: { idTier: string; derniereMiseAJour: string | null }[] } };
    expect(body.user.entreprises.map((e) => e.idTier)).toEqual(["1004217", "2000873", "3000452"]);
    expect(body.user.entreprises[0]?.derniereMiseAJour).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const me = await app.request("/api/me", { headers: { Authorization: `Bearer ${body.accessToken}` } });
    expect(me.status).toBe(200);
    const cookie = refreshCookie(login)!;
    const refresh = () =>
      app.request("/api/auth/refresh", { method: "POST", headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` } });
    expect((await refresh()).status).toBe(200);
    expect((await refresh()).status).toBe(401); // reuse
    expect((await app.request("/api/me", { headers: { Authorization: `Bearer ${body.accessToken}` } })).status).toBe(401);
    const footer = await app.request("/api/servicesMACC/reseau/BLG/type/gen?langue=de-BE");
    expect(footer.status).toBe(200);
    const bad = await app.request("/api/auth/login", await withBotCheck(app, json({ email: "nobody@demo.macc.test", password: "x" })), fromAddress("192.0.2.1"));
    expect(bad.status).toBe(401);
  });
});
