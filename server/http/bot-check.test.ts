import { createChallenge, solveChallenge } from "altcha-lib";
import { problemDetail } from "../../src/contract/problem-details.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import { createTestApp, expectProblem, fromAddress, json, solveBotCheck, type TestContext } from "../test-support.ts";

let t: TestContext;
let n = 0;
const nextAddress = () => fromAddress(`10.77.${Math.floor(++n / 250)}.${n % 250}`);

beforeAll(async () => {
  t = await createTestApp();
});

const LOGIN = { email: "multi@demo.macc.test", password: DEMO_PASSWORD };
const login = (botCheck?: string) =>
  t.app.request("/api/auth/login", json(LOGIN, botCheck === undefined ? {} : { "X-Bot-Check": botCheck }), nextAddress());

async function expectRefused(res: Response) {
  const p = await expectProblem(res, 403);
  expect(p.type).toBe("urn:macc:problem:bot-check");
  expect(p.detail).toBe("La vérification anti-robot a échoué. Réessayez.");
  expect(p.detail).toBe(problemDetail("botCheck", "fr-FR"));
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");

async function storedKey(): Promise<string> {
  const { rows } = await t.db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'bot_check_hmac'");
  return rows[0]!.value;
}

/** A challenge signed with the server's key, solved. */
async function crafted(expires: Date, maxnumber = 200) {
  const ch = await createChallenge({ hmacKey: await storedKey(), maxnumber, expires });
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, maxnumber).promise;
  return { algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature };
}

describe("GET /api/bot-check/challenge", () => {
  it("gives an altcha challenge (SHA-256, maxnumber, expiry in the salt), not cached", async () => {
    const res = await t.app.request("/api/bot-check/challenge");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["algorithm", "challenge", "maxnumber", "salt", "signature"]);
    expect(body.algorithm).toBe("SHA-256");
    expect(body.maxnumber).toBe(1000); // test configuration (default 50000)
    expect(body.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(new URLSearchParams(String(body.salt).split("?")[1]).get("expires"));
    const inSeconds = expires - Date.now() / 1000;
    expect(inSeconds).toBeGreaterThan(590);
    expect(inSeconds).toBeLessThanOrEqual(600);
  });

  it("BOT_CHECK_MAX_NUMBER and BOT_CHECK configure it; the default is on, 50000", () => {
    expect(loadConfig({}).botCheck).toBe(true);
    expect(loadConfig({}).botCheckMaxNumber).toBe(50_000);
    expect(loadConfig({ BOT_CHECK: "off" }).botCheck).toBe(false);
    expect(loadConfig({ BOT_CHECK: "on", BOT_CHECK_MAX_NUMBER: "2000" }).botCheckMaxNumber).toBe(2000);
    expect(() => loadConfig({ BOT_CHECK: "maybe" })).toThrow(/BOT_CHECK/);
    expect(loadConfig({ BOT_CHECK_SECRET: "s3cret" }).botCheckSecret).toBe("s3cret");
  });
});

describe("X-Bot-Check on a protected request (login)", () => {
  it("a valid solution is accepted", async () => {
    expect((await login(await solveBotCheck(t.app))).status).toBe(200);
  });

  it("missing header → 403", async () => {
    await expectRefused(await login());
    await expectRefused(await login(""));
  });

  it.each([
    ["not base64", "%%%not-base64%%%"],
    ["base64 of text", Buffer.from("hello").toString("base64")],
    ["base64 of a JSON array", encode([1, 2])],
    ["JSON null", encode(null)],
    ["missing fields", encode({ algorithm: "SHA-256", number: 1 })],
    ["number as a string", encode({ algorithm: "SHA-256", challenge: "a".repeat(64), number: "1", salt: "x", signature: "b".repeat(64) })],
    ["huge header", "A".repeat(5000)],
  ])("garbage (%s) → 403, never 500", async (_label, header) => {
    await expectRefused(await login(header));
  });

  it("wrong number → 403", async () => {
    const payload = JSON.parse(Buffer.from(await solveBotCheck(t.app), "base64").toString()) as { number: number };
    await expectRefused(await login(encode({ ...payload, number: payload.number + 1 })));
  });

  it("a tampered signature or another algorithm → 403", async () => {
    const payload = JSON.parse(Buffer.from(await solveBotCheck(t.app), "base64").toString()) as Record<string, unknown>;
    await expectRefused(await login(encode({ ...payload, signature: "0".repeat(64) })));
    await expectRefused(await login(encode({ ...payload, algorithm: "SHA-1" })));
  });

  it("a challenge signed with another key → 403", async () => {
    const ch = await createChallenge({ hmacKey: "not-the-key", maxnumber: 100, expires: new Date(Date.now() + 60_000) });
    const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, 100).promise;
    await expectRefused(await login(encode({ ...ch, number: s!.number })));
  });

  it("expired → 403 (a crafted challenge that expired a second ago); the same one unexpired passes", async () => {
    await expectRefused(await login(encode(await crafted(new Date(Date.now() - 1000)))));
    expect((await login(encode(await crafted(new Date(Date.now() + 60_000))))).status).toBe(200);
  });

  it("a challenge without expiry is refused", async () => {
    const ch = await createChallenge({ hmacKey: await storedKey(), maxnumber: 100 });
    const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, 100).promise;
    await expectRefused(await login(encode({ ...ch, number: s!.number })));
  });

  it("reuse → 403 (single use, also across instances sharing the database)", async () => {
    const header = await solveBotCheck(t.app);
    expect((await login(header)).status).toBe(200);
    await expectRefused(await login(header));
    const other = await createTestApp({}, t.db);
    await expectRefused(await other.app.request("/api/auth/login", json(LOGIN, { "X-Bot-Check": header }), nextAddress()));
  });

  it("a refused request for another reason still consumes the solution", async () => {
    const header = await solveBotCheck(t.app);
    await expectProblem(await t.app.request("/api/auth/login", json({ email: "x" }, { "X-Bot-Check": header }), nextAddress()), 422);
    await expectRefused(await login(header));
  });

  it("housekeeping forgets the solutions of expired challenges", async () => {
    await solveAndUse();
    await t.db.query("INSERT INTO bot_check_solutions (solution_hash, expires_at) VALUES ('old', now() - interval '1 second')");
    await housekeeping(t.db);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM bot_check_solutions WHERE expires_at < now()");
    expect(rows[0]!.n).toBe(0);
    const live = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM bot_check_solutions");
    expect(live.rows[0]!.n).toBeGreaterThan(0);
  });

  async function solveAndUse() {
    expect((await login(await solveBotCheck(t.app))).status).toBe(200);
  }
});

describe("every protected endpoint", () => {
  it("POST /api/auth/forgot without a solution → 403", async () => {
    await expectRefused(await t.app.request("/api/auth/forgot", json({ email: "multi@demo.macc.test", resetPath: "/r" }), nextAddress()));
  });

  it("POST /api/me/contact without a solution → 403 (after authentication: no token → 401 first)", async () => {
    const res = await login(await solveBotCheck(t.app));
    const body = (await res.json()) as { user: { entreprises: { token: string }[] } };
    const token = body.user.entreprises[0]!.token;
    const message = { service: "Service clients", subject: "Objet", message: "Un message assez long." };
    await expectRefused(await t.app.request("/api/me/contact", json(message, { Authorization: `Bearer ${token}` })));
    await expectProblem(await t.app.request("/api/me/contact", json(message)), 401);
  });

  it("BOT_CHECK=off: no header needed", async () => {
    const off = await createTestApp({ botCheck: false }, t.db);
    expect((await off.app.request("/api/auth/login", json(LOGIN), nextAddress())).status).toBe(200);
  });

  it("BOT_CHECK_SECRET: challenges signed with the configured key", async () => {
    const own = await createTestApp({ botCheckSecret: "configured-key" }, t.db);
    const header = await solveBotCheck(own.app);
    await expectRefused(await login(header)); // the other instance uses the stored key
    expect((await own.app.request("/api/auth/login", json(LOGIN, { "X-Bot-Check": header }), nextAddress())).status).toBe(200);
  });

  it("CORS lets the header through", async () => {
    const cors = await createTestApp({ corsOrigins: ["https://www.macc.example"] }, t.db);
    const res = await cors.app.request("/api/auth/login", {
      method: "OPTIONS",
      headers: {
        Origin: "https://www.macc.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-bot-check",
      },
    });
    expect((res.headers.get("access-control-allow-headers") ?? "").toLowerCase()).toContain("x-bot-check");
  });
});
