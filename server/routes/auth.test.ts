import { beforeAll, describe, expect, it } from "vitest";
import { problemDetail } from "../../src/contract/problem-details.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { createTestApp, expectProblem, fromAddress, json, withBotCheck, refreshCookie, type TestContext } from "../test-support.ts";

let t: TestContext;
let addressCounter = 0;
/** A fresh client address per request group, so per-address throttling never interferes between tests. */
const nextAddress = () => fromAddress(`10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`);

beforeAll(async () => {
  t = await createTestApp();
});

interface LoginBody {
  accessToken: string;
  expiresIn: number;
  idleTimeout: number;
  user: {
    uuidCompte: string;
    infosConnexion: { emailLogin: string };
    codeReseau: string;
    token: string;
    derniereConnexion: string | null;
    entreprises: {
      idTier: string;
      token: string;
      codeReseau: string;
      formeJuridique: string;
      raisonSocial: string;
      immatriculation: string;
      numeroClient: string;
      derniereMiseAJour: string | null;
    }[];
  };
}

async function login(email: string, password = DEMO_PASSWORD, env = nextAddress()) {
  return t.app.request("/api/auth/login", await withBotCheck(t.app, json({ email, password })), env);
}

async function loginOk(email: string) {
  const res = await login(email);
  expect(res.status).toBe(200);
  const body = (await res.json()) as LoginBody;
  const cookie = refreshCookie(res);
  expect(cookie).toBeTruthy();
  return { body, cookie: cookie! };
}

const refresh = (cookie: string | undefined, headers: Record<string, string> = { "X-Requested-With": "macc" }) =>
  t.app.request("/api/auth/refresh", {
    method: "POST",
    headers: { ...headers, ...(cookie ? { Cookie: `macc_refresh=${cookie}` } : {}) },
  });

const me = (token: string) => t.app.request("/api/me", { headers: { Authorization: `Bearer ${token}` } });

describe("POST /api/auth/login — demo accounts", () => {
  const accounts: [string, string[], string[], ("fresh" | "stale" | "null")[]][] = [
    ["multi@demo.macc.test", ["FRA", "AGR", "BLG"], ["1004217", "2000873", "3000452"], ["fresh", "fresh", "fresh"]],
    ["stale@demo.macc.test", ["FRA"], ["1005530"], ["stale"]],
    ["welcome@demo.macc.test", ["FRA"], ["1006612"], ["null"]],
    ["uk@demo.macc.test", ["GBR"], ["4000128"], ["fresh"]],
  ];

  it.each(accounts)("%s logs in with its companies in order", async (email, networks, tiers, freshness) => {
    const res = await login(email);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as LoginBody;
    expect(body.expiresIn).toBe(900);
    expect(body.idleTimeout).toBe(1800);
    expect(body.accessToken).toBe(body.user.token);
    expect(body.user.infosConnexion.emailLogin).toBe(email);
    expect(body.user.uuidCompte).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user.codeReseau).toBe(networks[0]);
    expect(body.user.entreprises.map((e) => e.codeReseau)).toEqual(networks);
    expect(body.user.entreprises.map((e) => e.idTier)).toEqual(tiers);
    const threeYearsAgo = new Date();
    threeYearsAgo.setUTCFullYear(threeYearsAgo.getUTCFullYear() - 3);
    body.user.entreprises.forEach((e, i) => {
      expect(e.token).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(e.token).not.toBe(body.user.token);
      expect(typeof e.raisonSocial).toBe("string");
      expect(typeof e.formeJuridique).toBe("string");
      expect(typeof e.immatriculation).toBe("string");
      expect(typeof e.numeroClient).toBe("string");
      if (freshness[i] === "null") expect(e.derniereMiseAJour).toBeNull();
      else {
        expect(e.derniereMiseAJour).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const stale = new Date(`${e.derniereMiseAJour}T00:00:00Z`) < threeYearsAgo;
        expect(stale).toBe(freshness[i] === "stale");
      }
    });
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/macc_refresh=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
  });

  it("accepts the e-mail in any case and with surrounding spaces", async () => {
    const res = await login("  MULTI@Demo.MACC.test ");
    expect(res.status).toBe(200);
  });

  it("reports the previous login date as derniereConnexion", async () => {
    const first = await loginOk("uk@demo.macc.test");
    const second = await loginOk("uk@demo.macc.test");
    expect(second.body.user.derniereConnexion).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    if (first.body.user.derniereConnexion) {
      expect(Date.parse(second.body.user.derniereConnexion!)).toBeGreaterThanOrEqual(Date.parse(first.body.user.derniereConnexion));
    }
  });

  it("company tokens are scoped to their company", async () => {
    const { body } = await loginOk("multi@demo.macc.test");
    const account = await me(body.user.token);
    expect(account.status).toBe(200);
    expect(((await account.json()) as { idTier: string | null }).idTier).toBeNull();
    for (const e of body.user.entreprises) {
      const res = await me(e.token);
      expect(res.status).toBe(200);
      const payload = (await res.json()) as { idTier: string; user: { entreprises: { token?: string }[] } };
      expect(payload.idTier).toBe(e.idTier);
      expect(payload.user.entreprises[0]).not.toHaveProperty("token");
    }
  });
});

describe("POST /api/auth/login — failures", () => {
  it.each([
    ["wrong password", "stale@demo.macc.test", "Wrong2026!"],
    ["unknown e-mail", "nobody@demo.macc.test", DEMO_PASSWORD],
  ])("%s gives the same 401", async (_label, email, password) => {
    const res = await login(email, password);
    const problem = await expectProblem(res, 401);
    expect(problem.detail).toBe("Nom d'utilisateur ou mot de passe invalide. Vous pouvez cliquer sur 'Mot de passe oublié ?' ci-dessous.");
    expect(problem.detail).toBe(problemDetail("invalidCredentials", "fr-FR"));
    expect(refreshCookie(res)).toBeUndefined();
  });

  const bad: [string, RequestInit, number][] = [
    ["malformed JSON", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"email":' }, 400],
    ["empty body", { method: "POST", headers: { "Content-Type": "application/json" }, body: "" }, 400],
    ["text/plain", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" }, 415],
    ["form encoded", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "email=a&password=b" }, 415],
    ["no content type", { method: "POST", body: "{}" }, 415],
    ["array body", json([]), 422],
    ["string body", json("hello"), 422],
    ["null body", json(null), 422],
    ["missing password", json({ email: "multi@demo.macc.test" }), 422],
    ["missing e-mail", json({ password: DEMO_PASSWORD }), 422],
    ["empty object", json({}), 422],
    ["e-mail is a number", json({ email: 42, password: DEMO_PASSWORD }), 422],
    ["password is an object", json({ email: "multi@demo.macc.test", password: { $ne: "" } }), 422],
    ["invalid e-mail", json({ email: "not-an-email", password: DEMO_PASSWORD }), 422],
    ["empty password", json({ email: "multi@demo.macc.test", password: "" }), 422],
    ["oversized body", json({ email: "multi@demo.macc.test", password: "x".repeat(17 * 1024) }), 413],
  ];
  it.each(bad)("%s → %i problem+json", async (_label, init, status) => {
    const res = await t.app.request("/api/auth/login", await withBotCheck(t.app, init), nextAddress());
    await expectProblem(res, status);
  });

  it("lists the invalid fields", async () => {
    const res = await t.app.request("/api/auth/login", await withBotCheck(t.app, json({ email: 1 })), nextAddress());
    const problem = await expectProblem(res, 422);
    expect(problem.errors?.map((e) => e.path).sort()).toEqual(["email", "password"]);
    expect(problem.errors?.every((e) => typeof e.message === "string" && e.message.length > 0)).toBe(true);
  });

  it("GET on the login route is an API 404 problem", async () => {
    await expectProblem(await t.app.request("/api/auth/login"), 404);
  });
});

describe("login throttling (stored in the database)", () => {
  const loginWith = async (app: TestContext["app"], email: string, password: string, maxnumber?: number, env = nextAddress()) =>
    app.request("/api/auth/login", await withBotCheck(app, json({ email, password }), maxnumber), env);
  const clearAccountCounters = () => t.db.query("DELETE FROM rate_limits WHERE key LIKE 'login:account:%'");

  it("20 concurrent wrong logins for one account: at most 5 password checks, the rest refused before any check", async () => {
    const solved = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: `Wrong-${i}` }))),
    );
    const answers = await Promise.all(solved.map((init) => t.app.request("/api/auth/login", init, nextAddress())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 403)) {
      const problem = (await expectProblem(res, 403)) as unknown as { type: string; maxnumber: number };
      expect(problem.type).toBe("urn:macc:problem:bot-check-cost");
      expect(problem.maxnumber).toBe(2 * t.config.botCheckMaxNumber);
    }
    const counter = await t.db.query<{ count: number }>("SELECT count FROM rate_limits WHERE key = 'login:account:multi@demo.macc.test'");
    expect(counter.rows[0]?.count).toBe(5);
    await clearAccountCounters();
  });

  it("no lockout: after failures the owner gets in with a harder proof of work, and a success resets the cost", async () => {
    const app = (await createTestApp({ loginFailuresAtBaseCost: 3, loginMaxCostDoublings: 3 }, t.db)).app;
    const email = "welcome@demo.macc.test";
    // two failures then a success at the base cost: the success resets the count
    await expectProblem(await loginWith(app, email, "bad-1"), 401);
    await expectProblem(await loginWith(app, email, "bad-2"), 401);
    expect((await loginWith(app, email, DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) await expectProblem(await loginWith(app, email, `bad-${i}`), 401);

    // the right password with the base cost is refused before the check, naming the cost to pay
    const refused = await loginWith(app, email, DEMO_PASSWORD);
    const problem = (await expectProblem(refused, 403)) as unknown as { maxnumber: number };
    expect(problem.maxnumber).toBe(2000);
    expect(refused.headers.get("retry-after")).toBeNull();
    // a second instance on the same database asks the same
    const other = (await createTestApp({ loginFailuresAtBaseCost: 3, loginMaxCostDoublings: 3 }, t.db)).app;
    expect(((await expectProblem(await loginWith(other, email, DEMO_PASSWORD), 403)) as unknown as { maxnumber: number }).maxnumber).toBe(
      2000,
    );

    // a guesser pays double for each further failure, up to the highest cost, never locked out
    await expectProblem(await loginWith(app, email, "bad-4", 2000), 401);
    expect(((await expectProblem(await loginWith(app, email, "bad-5", 2000), 403)) as unknown as { maxnumber: number }).maxnumber).toBe(
      4000,
    );
    await expectProblem(await loginWith(app, email, "bad-5", 4000), 401);
    for (let i = 6; i < 9; i++) await expectProblem(await loginWith(app, email, `bad-${i}`, 8000), 401);

    // the owner, with the harder challenge solved, gets in; then the base cost is back
    expect((await loginWith(app, email, DEMO_PASSWORD, 8000)).status).toBe(200);
    expect((await loginWith(app, email, DEMO_PASSWORD)).status).toBe(200);
    await clearAccountCounters();
  });

  it("treats unknown accounts the same way (no enumeration)", async () => {
    const app = (await createTestApp({ loginFailuresAtBaseCost: 2 }, t.db)).app;
    for (const email of ["ghost@demo.macc.test", "stale@demo.macc.test"]) {
      await expectProblem(await loginWith(app, email, "x"), 401);
      await expectProblem(await loginWith(app, email, "x"), 401);
      expect(((await expectProblem(await loginWith(app, email, "x"), 403)) as unknown as { maxnumber: number }).maxnumber).toBe(2000);
      await expectProblem(await loginWith(app, email, "x", 2000), 401);
    }
    await clearAccountCounters();
  });

  it("without the bot check (BOT_CHECK=off) no work can be asked: a plain limit with Retry-After", async () => {
    const app = (await createTestApp({ loginFailuresAtBaseCost: 2, botCheck: false }, t.db)).app;
    const attempt = (password: string) => app.request("/api/auth/login", json({ email: "uk@demo.macc.test", password }), nextAddress());
    await expectProblem(await attempt("bad-1"), 401);
    await expectProblem(await attempt("bad-2"), 401);
    const blocked = await attempt(DEMO_PASSWORD);
    const problem = await expectProblem(blocked, 429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(problem.detail).toMatch(/réessayer dans \d+\s(minute|seconde)s?/);
    await clearAccountCounters();
  });

  it("GET /api/bot-check/challenge?maxnumber= gives the harder challenges of the cost ladder only", async () => {
    const ok = await t.app.request("/api/bot-check/challenge?maxnumber=4000");
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { maxnumber: number }).maxnumber).toBe(4000);
    for (const bad of ["1234", "1000000000", "abc", "-1"]) {
      await expectProblem(await t.app.request(`/api/bot-check/challenge?maxnumber=${bad}`), 400);
    }
  });

  it("limits attempts per client address", async () => {
    const limited = await createTestApp({ loginMaxAttemptsPerClient: 3 }, t.db);
    const env = fromAddress("192.0.2.77");
    for (let i = 0; i < 3; i++) {
      await expectProblem(
        await limited.app.request(
          "/api/auth/login",
          await withBotCheck(limited.app, json({ email: `c${i}@demo.macc.test`, password: "x" })),
          env,
        ),
        401,
      );
    }
    const res = await limited.app.request(
      "/api/auth/login",
      await withBotCheck(limited.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
      env,
    );
    await expectProblem(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // another address is not affected
    expect(
      (
        await limited.app.request(
          "/api/auth/login",
          await withBotCheck(limited.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
          fromAddress("192.0.2.78"),
        )
      ).status,
    ).toBe(200);
  });

  it("uses X-Forwarded-For only when the proxy is trusted", async () => {
    const trusted = await createTestApp({ loginMaxAttemptsPerClient: 1, trustProxy: 1 }, t.db);
    const socket = fromAddress("192.0.2.90");
    const send = async (xff: string) =>
      trusted.app.request(
        "/api/auth/login",
        await withBotCheck(trusted.app, json({ email: "nobody2@demo.macc.test", password: "x" }, { "X-Forwarded-For": xff })),
        socket,
      );
    await expectProblem(await send("203.0.113.1"), 401);
    await expectProblem(await send("203.0.113.2"), 401); // a different forwarded client
    await expectProblem(await send("203.0.113.1"), 429);

    const untrusted = await createTestApp({ loginMaxAttemptsPerClient: 1 }, t.db);
    const env = fromAddress("192.0.2.91");
    const sendU = async (xff: string) =>
      untrusted.app.request(
        "/api/auth/login",
        await withBotCheck(untrusted.app, json({ email: "nobody3@demo.macc.test", password: "x" }, { "X-Forwarded-For": xff })),
        env,
      );
    await expectProblem(await sendU("203.0.113.3"), 401);
    await expectProblem(await sendU("203.0.113.4"), 429); // the header is ignored: same socket address
  });

  it("trusts exactly TRUST_PROXY hops from the right: entries the client forged on the left change nothing", async () => {
    const oneHop = await createTestApp({ loginMaxAttemptsPerClient: 2, trustProxy: 1 }, t.db);
    const socket = fromAddress("192.0.2.92");
    const send = async (app: TestContext["app"], xff: string) =>
      app.request(
        "/api/auth/login",
        await withBotCheck(app, json({ email: "nobody4@demo.macc.test", password: "x" }, { "X-Forwarded-For": xff })),
        socket,
      );
    // the proxy appended 198.51.100.7; the client made up a new first entry each time
    await expectProblem(await send(oneHop.app, "10.9.9.1, 198.51.100.7"), 401);
    await expectProblem(await send(oneHop.app, "10.9.9.2,198.51.100.7"), 401);
    await expectProblem(await send(oneHop.app, "10.9.9.3, 10.9.9.4, 198.51.100.7"), 429);

    // two proxies: the client is the second entry from the right
    const twoHops = await createTestApp({ loginMaxAttemptsPerClient: 1, trustProxy: 2 }, t.db);
    await expectProblem(await send(twoHops.app, "forged, 198.51.100.8, 192.0.2.1"), 401);
    await expectProblem(await send(twoHops.app, "other, 198.51.100.8, 192.0.2.2"), 429);
    await expectProblem(await send(twoHops.app, "198.51.100.9, 192.0.2.1"), 401);
  });
});

describe("refresh, logout and bearer authentication", () => {
  it("refresh rotates the token; a late reuse of the old one fails and revokes the session", async () => {
    const { body, cookie } = await loginOk("multi@demo.macc.test");
    const r1 = await refresh(cookie);
    expect(r1.status).toBe(200);
    const b1 = (await r1.json()) as LoginBody;
    expect(b1.user.entreprises.map((e) => e.idTier)).toEqual(body.user.entreprises.map((e) => e.idTier));
    expect(b1.accessToken).toBe(b1.user.token);
    const next = refreshCookie(r1);
    expect(next).toBeTruthy();
    expect(next).not.toBe(cookie);
    expect((await me(b1.accessToken)).status).toBe(200);

    // A rotated-out token presented again within seconds is the browser's lost answer (a page left
    // while its refresh was in flight): it rotates again and the session lives on.
    const replay = await refresh(cookie);
    expect(replay.status).toBe(200);
    const replayed = refreshCookie(replay);
    expect(replayed).toBeTruthy();
    expect((await me(((await replay.json()) as LoginBody).accessToken)).status).toBe(200);

    // Later than the grace period, the rotated-out token is refused and revokes the whole family.
    await t.db.query("UPDATE retired_refresh_tokens SET retired_at = now() - interval '1 minute'");
    const reuse = await refresh(cookie);
    await expectProblem(reuse, 401);
    expect(reuse.headers.getSetCookie().join()).toMatch(/macc_refresh=;.*Max-Age=0/);
    await expectProblem(await refresh(next), 401);
    await expectProblem(await refresh(replayed!), 401);
    await expectProblem(await me(b1.accessToken), 401);
    await expectProblem(await me(body.user.token), 401);
  });

  it.each([
    ["no cookie", undefined],
    ["unknown cookie", "x".repeat(43)],
    ["absurdly long cookie", "x".repeat(500)],
  ])("refresh with %s → 401 and clears the cookie", async (_l, cookie) => {
    const res = await refresh(cookie);
    await expectProblem(res, 401);
    expect(res.headers.getSetCookie().join()).toMatch(/macc_refresh=;/);
  });

  it("idle session: refresh and bearer refused after SESSION_IDLE_MINUTES without use", async () => {
    const { body, cookie } = await loginOk("welcome@demo.macc.test");
    const sid = (await t.db.query<{ id: string }>("SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1")).rows[0]!.id;
    // 29 minutes without use: still fine, and the refresh answers the idle timeout again
    await t.db.query("UPDATE sessions SET last_used_at = now() - interval '29 minutes' WHERE id = $1", [sid]);
    const ok = await refresh(cookie);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as LoginBody).idleTimeout).toBe(1800);
    const next = refreshCookie(ok)!;
    const fresh = (
      await t.db.query<{ recent: boolean }>("SELECT last_used_at > now() - interval '1 minute' AS recent FROM sessions WHERE id = $1", [
        sid,
      ])
    ).rows[0];
    expect(fresh?.recent).toBe(true);
    // 31 minutes: refused, cookie cleared, session revoked as idle
    await t.db.query("UPDATE sessions SET last_used_at = now() - interval '31 minutes' WHERE id = $1", [sid]);
    await expectProblem(await me(body.user.token), 401);
    const idle = await refresh(next);
    await expectProblem(idle, 401);
    expect(idle.headers.getSetCookie().join()).toMatch(/macc_refresh=;.*Max-Age=0/);
    const row = (await t.db.query<{ revoked_reason: string }>("SELECT revoked_reason FROM sessions WHERE id = $1", [sid])).rows[0];
    expect(row?.revoked_reason).toBe("idle");
  });

  it("authenticated calls count as use (last_used_at written at most once a minute)", async () => {
    const { body } = await loginOk("uk@demo.macc.test");
    const sid = (await t.db.query<{ id: string }>("SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1")).rows[0]!.id;
    await t.db.query("UPDATE sessions SET last_used_at = now() - interval '20 minutes' WHERE id = $1", [sid]);
    expect((await me(body.user.token)).status).toBe(200);
    const row = (
      await t.db.query<{ recent: boolean }>("SELECT last_used_at > now() - interval '1 minute' AS recent FROM sessions WHERE id = $1", [
        sid,
      ])
    ).rows[0];
    expect(row?.recent).toBe(true);
  });

  it("SESSION_IDLE_MINUTES is configurable", async () => {
    const short = await createTestApp({ sessionIdleMinutes: 5 }, t.db);
    const res = await short.app.request(
      "/api/auth/login",
      await withBotCheck(short.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
      nextAddress(),
    );
    expect(((await res.json()) as LoginBody).idleTimeout).toBe(300);
    const cookie = refreshCookie(res)!;
    await t.db.query("UPDATE sessions SET last_used_at = now() - interval '6 minutes' WHERE revoked_at IS NULL");
    const r = await short.app.request("/api/auth/refresh", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` },
    });
    await expectProblem(r, 401);
  });

  it("refresh of an expired session → 401", async () => {
    const { cookie } = await loginOk("stale@demo.macc.test");
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL");
    await expectProblem(await refresh(cookie), 401);
  });

  it.each([
    ["X-Requested-With: macc", { "X-Requested-With": "macc" }, 200],
    ["Content-Type: application/json", { "Content-Type": "application/json" }, 200],
    ["no header", {}, 403],
    ["X-Requested-With: other", { "X-Requested-With": "XMLHttpRequest" }, 403],
    ["Content-Type: text/plain", { "Content-Type": "text/plain" }, 403],
  ])("CSRF rule on refresh: %s → %i", async (_l, headers, status) => {
    const { cookie } = await loginOk("uk@demo.macc.test");
    const res = await refresh(cookie, headers as Record<string, string>);
    if (status === 200) expect(res.status).toBe(200);
    else await expectProblem(res, status);
  });

  it("CSRF rule on logout", async () => {
    const { cookie } = await loginOk("uk@demo.macc.test");
    const res = await t.app.request("/api/auth/logout", { method: "POST", headers: { Cookie: `macc_refresh=${cookie}` } });
    await expectProblem(res, 403);
    expect((await refresh(cookie)).status).toBe(200); // not revoked
  });

  it("logout revokes at once: bearer → 401 on /api/me, refresh → 401", async () => {
    const { body, cookie } = await loginOk("multi@demo.macc.test");
    expect((await me(body.user.entreprises[1]!.token)).status).toBe(200);
    const res = await t.app.request("/api/auth/logout", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` },
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/macc_refresh=;.*Max-Age=0/);
    await expectProblem(await me(body.user.token), 401);
    await expectProblem(await me(body.user.entreprises[1]!.token), 401);
    await expectProblem(await refresh(cookie), 401);
  });

  it("logout with only a bearer token revokes its session", async () => {
    const { body, cookie } = await loginOk("welcome@demo.macc.test");
    const res = await t.app.request("/api/auth/logout", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Authorization: `Bearer ${body.accessToken}` },
    });
    expect(res.status).toBe(204);
    await expectProblem(await me(body.accessToken), 401);
    await expectProblem(await refresh(cookie), 401);
  });

  it("logout is idempotent (no cookie → 204)", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request("/api/auth/logout", { method: "POST", headers: { "X-Requested-With": "macc" } });
      expect(res.status).toBe(204);
    }
  });

  it.each([
    ["no header", undefined],
    ["not bearer", "Basic abc"],
    ["garbage", "Bearer garbage"],
    ["bad signature", "Bearer eyJzaWQiOiJ4In0.AAAA"],
  ])("/api/me with %s → 401", async (_l, header) => {
    const res = await t.app.request("/api/me", header ? { headers: { Authorization: header } } : {});
    const p = await expectProblem(res, 401);
    expect(p.detail.length).toBeGreaterThan(0);
  });

  it("a tampered or expired token → 401", async () => {
    const { body } = await loginOk("uk@demo.macc.test");
    const [payload, sig] = body.accessToken.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, tier: "1004217" })).toString("base64url");
    await expectProblem(await me(`${forged}.${sig}`), 401);

    const short = await createTestApp({ accessTokenTtlSeconds: 1 }, t.db);
    const res = await short.app.request(
      "/api/auth/login",
      await withBotCheck(short.app, json({ email: "uk@demo.macc.test", password: DEMO_PASSWORD })),
      nextAddress(),
    );
    const token = ((await res.json()) as LoginBody).accessToken;
    expect((await short.app.request("/api/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    await expectProblem(await short.app.request("/api/me", { headers: { Authorization: `Bearer ${token}` } }), 401);
  });

  it("tokens signed by one instance are accepted by another sharing the database", async () => {
    const { body } = await loginOk("multi@demo.macc.test");
    const other = await createTestApp({}, t.db);
    expect((await other.app.request("/api/me", { headers: { Authorization: `Bearer ${body.accessToken}` } })).status).toBe(200);
  });

  it("stores only the hash of refresh tokens", async () => {
    const { cookie } = await loginOk("multi@demo.macc.test");
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE refresh_hash = $1", [cookie]);
    expect(rows[0]?.n).toBe(0);
  });
});
