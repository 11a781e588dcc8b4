/**
 * Sessions, API side: logout and the password change revoke at once (the old access token and the
 * refresh cookie are refused on the next request, whatever the session check kept in memory); login,
 * registration and forgotten password throttle with `Retry-After`; and none of them tells whether an
 * account exists: the same status and body for a known and an unknown address, and the same time.
 * Timing on a shared 2-core machine: the wall-clock time of a request mostly measures the other
 * processes, so the work a request does is measured as the CPU time this process spends on it (the
 * API, its embedded database and the password hashing threads all run in it), unaffected by the
 * others: known and unknown medians within 35 % (plus 5 ms), when skipping the password hash would make one
 * several times cheaper. The forgotten-password answer, padded to a floor, is timed on the clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import {
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  refreshCookie,
  settleMail,
  withBotCheck,
  type TestContext,
} from "../test-support.ts";

let t: TestContext;
/** Apps with other limits on the same database (closed at the end). */
const others: TestContext[] = [];
let address = 0;
const nextAddress = () => fromAddress(`10.88.${Math.floor(++address / 250)}.${address % 250}`);

beforeAll(async () => {
  // Limits out of the way of the timing samples, which repeat one account, e-mail and company number.
  // A token proof of work (the check is the same, the solving nearly free).
  t = await createTestApp({
    loginFailuresAtBaseCost: 1_000,
    forgotMaxPerEmail: 1_000,
    registrationIdentifyMaxPerNumber: 1_000,
    botCheckMaxNumber: 10,
  });
});
afterAll(async () => {
  await settleMail(t.db);
  for (const other of [t, ...others]) await other.close();
});

/** An app on the same database with other settings. */
async function appWith(overrides: Partial<TestContext["config"]>): Promise<App> {
  const other = await createTestApp({ botCheckMaxNumber: 10, ...overrides }, t.db);
  others.push(other);
  return other.app;
}

type App = TestContext["app"];

async function login(email: string, password = DEMO_PASSWORD, app: App = t.app) {
  return app.request("/api/auth/login", await withBotCheck(app, json({ email, password })), nextAddress());
}

async function session(email: string) {
  const res = await login(email);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { token: string }[] } };
  return { account: body.accessToken, company: body.user.entreprises[0]!.token, cookie: refreshCookie(res)! };
}

const get = (path: string, token: string) => t.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
const refresh = (cookie: string) =>
  t.app.request("/api/auth/refresh", { method: "POST", headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` } });

describe("revocation", () => {
  it("logout: the access tokens and the refresh cookie are refused at once", async () => {
    const s = await session("multi@demo.macc.test");
    // Used first, so that the session's check is kept in memory: the logout must drop it.
    expect((await get("/api/me", s.account)).status).toBe(200);
    expect((await get("/api/me/profile", s.company)).status).toBe(200);
    const out = await t.app.request("/api/auth/logout", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Authorization: `Bearer ${s.account}`, Cookie: `macc_refresh=${s.cookie}` },
    });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/macc_refresh=;.*Max-Age=0/i);
    await expectProblem(await get("/api/me", s.account), 401);
    await expectProblem(await get("/api/me/profile", s.company), 401);
    await expectProblem(await refresh(s.cookie), 401);
  });

  it("password change: every other session is refused at once, the caller's goes on", async () => {
    const email = "welcome@demo.macc.test";
    const caller = await session(email);
    const other = await session(email);
    expect((await get("/api/me/profile", other.company)).status).toBe(200);
    const changed = await t.app.request(
      "/api/me/password",
      json(
        { ancienMotDePasse: DEMO_PASSWORD, nouveauMotDePasse: "Autre2026pass", confirmerMotDePasse: "Autre2026pass" },
        { Authorization: `Bearer ${caller.account}` },
      ),
    );
    expect(changed.status).toBe(204);
    await expectProblem(await get("/api/me", other.account), 401);
    await expectProblem(await get("/api/me/profile", other.company), 401);
    await expectProblem(await refresh(other.cookie), 401);
    expect((await get("/api/me/profile", caller.company)).status).toBe(200);
    // The old password no longer opens a session; the new one does.
    await expectProblem(await login(email), 401);
    expect((await login(email, "Autre2026pass")).status).toBe(200);
  });
});

describe("throttling with Retry-After", () => {
  /** Sends `attempt` from one client address until the first 429; checks its Retry-After against the window. */
  async function throttled(attempt: (from: ReturnType<typeof fromAddress>) => Promise<Response>, limit: number, windowSeconds: number) {
    const from = nextAddress();
    for (let i = 0; i < limit; i++) expect((await attempt(from)).status).not.toBe(429);
    const res = await attempt(from);
    const problem = await expectProblem(res, 429);
    expect(problem.type).toBe("urn:macc:problem:too-many-requests");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds, `Retry-After ${retryAfter}`).toBe(true);
    return problem;
  }

  it("login: per client address, known and unknown e-mails alike", async () => {
    const app = await appWith({ loginMaxAttemptsPerClient: 3 });
    const emails = ["multi@demo.macc.test", "nobody@demo.macc.test", "stale@demo.macc.test", "nobody2@demo.macc.test"];
    let i = 0;
    await throttled(
      async (from) => app.request("/api/auth/login", await withBotCheck(app, json({ email: emails[i++], password: "Wrong2026x" })), from),
      3,
      t.config.loginWindowSeconds,
    );
  });

  it("forgotten password: per client address and per e-mail", async () => {
    const app = await appWith({ forgotMaxPerClient: 2, forgotMaxPerEmail: 100, forgotMinDurationMs: 0 });
    const forgot = async (email: string, from: ReturnType<typeof fromAddress>) =>
      app.request("/api/auth/forgot", await withBotCheck(app, json({ email, resetPath: "/portail/mot-de-passe-oublie" })), from);
    await throttled((from) => forgot("stale@demo.macc.test", from), 2, t.config.forgotWindowSeconds);
    const perEmail = await appWith({ forgotMaxPerClient: 100, forgotMaxPerEmail: 2, forgotMinDurationMs: 0 });
    let n = 0;
    // Each request from a new address: the e-mail's own counter stops the third.
    await throttled(
      async () =>
        perEmail.request(
          "/api/auth/forgot",
          await withBotCheck(perEmail, json({ email: "ghost@demo.macc.test", resetPath: "/portail/mot-de-passe-oublie" })),
          fromAddress(`10.89.0.${++n}`),
        ),
      2,
      t.config.forgotWindowSeconds,
    );
  });

  it("registration: identifications per client address", async () => {
    const app = await appWith({ registrationIdentifyMaxPerClient: 2, registrationIdentifyMaxPerNumber: 1_000 });
    await throttled(
      async (from) =>
        app.request(
          "/api/registration",
          await withBotCheck(
            app,
            json({ pays: "FR", immatriculation: "552100554", email: "jean@ferme.test", mobile: "+33 6 12 34 56 78" }),
          ),
          from,
        ),
      2,
      t.config.registrationWindowSeconds,
    );
  });
});

describe("no account enumeration", () => {
  const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  type Sample = { res: Response; ms: number; cpuMs: number };

  /**
   * Times `send(known)` and `send(unknown)` alternately (so that a load change hits both), after one
   * warm-up each; returns the distinct answers (status and body) and the samples.
   */
  async function compare(rounds: number, send: (known: boolean) => Promise<Sample>) {
    await send(true);
    await send(false);
    const samples: { known: Sample[]; unknown: Sample[] } = { known: [], unknown: [] };
    const answers = new Set<string>();
    for (let i = 0; i < rounds; i++) {
      for (const known of i % 2 ? [true, false] : [false, true]) {
        const sample = await send(known);
        samples[known ? "known" : "unknown"].push(sample);
        answers.add(`${sample.res.status} ${await sample.res.text()}`);
      }
    }
    return { answers: [...answers], ...samples };
  }

  /** The request's wall-clock time and this process's CPU time for it (the bot check is solved before both start). */
  async function timed(path: string, body: unknown): Promise<Sample> {
    const init = await withBotCheck(t.app, json(body));
    const from = nextAddress();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const res = await t.app.request(path, init, from);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { res, ms, cpuMs: (used.user + used.system) / 1000 };
  }

  /** Known and unknown medians of `measure` within 35 % of the larger, plus 5 ms (a cheap request's own jitter). */
  const expectAlike = (m: { known: Sample[]; unknown: Sample[] }, measure: "cpuMs" | "ms") => {
    const [k, u] = [median(m.known.map((s) => s[measure])), median(m.unknown.map((s) => s[measure]))];
    const clock = `wall-clock medians ${median(m.known.map((s) => s.ms)).toFixed(1)}, ${median(m.unknown.map((s) => s.ms)).toFixed(1)} ms`;
    expect(Math.abs(k - u), `${measure} medians known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms (${clock})`).toBeLessThan(
      0.35 * Math.max(k, u) + 5,
    );
  };

  it("login: a wrong password for a known e-mail and any password for an unknown one answer alike, in the same time", async () => {
    const m = await compare(8, (known) =>
      timed("/api/auth/login", { email: known ? "stale@demo.macc.test" : "nobody@demo.macc.test", password: "Wrong2026x" }),
    );
    expect(m.answers).toHaveLength(1);
    expect(m.answers[0]).toMatch(/^401 .*invalid-credentials/);
    expectAlike(m, "cpuMs");
  });

  it("forgotten password: 202 {} for both, in the same time (the mail is sent after the answer)", async () => {
    const m = await compare(3, (known) =>
      timed("/api/auth/forgot", {
        email: known ? "uk@demo.macc.test" : "nobody@demo.macc.test",
        resetPath: "/portail/mot-de-passe-oublie",
      }),
    );
    expect(m.answers).toEqual(["202 {}"]);
    expect(Math.min(...[...m.known, ...m.unknown].map((s) => s.ms))).toBeGreaterThanOrEqual(t.config.forgotMinDurationMs - 5);
    expectAlike(m, "ms");
  });

  it("e-mail change: an address that has an account and one that has none answer alike (status, headers, body), in the same time", async () => {
    // 20 tries each: the answer's work is mostly the current password's hash, the same for both.
    const { company: token } = await session("stale@demo.macc.test");
    const headers = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
    const current = (await (await get("/api/me/profile", token)).json()) as { user: object; entreprise: Record<string, unknown> };
    const { raison_sociale, formeJuridique, immatriculation } = current.entreprise;
    const asked = (known: boolean) => (known ? "multi@demo.macc.test" : "nobody@demo.macc.test");
    const m = await compare(20, async (known) => {
      const body = JSON.stringify({
        user: { ...current.user, email: asked(known) },
        entreprise: { raison_sociale, formeJuridique, immatriculation },
        motDePasse: DEMO_PASSWORD,
        emailChangePath: "/portail/mon-compte/changement-email",
      });
      const cpu = process.cpuUsage();
      const started = performance.now();
      const res = await t.app.request("/api/me/profile", { method: "PUT", headers, body });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      // The answer names the address asked for and when its links expire: the rest, headers included, must not differ.
      const text = (await res.text()).replaceAll(asked(known), "<asked>").replace(/"expiresAt":"[^"]+"/, '"expiresAt":"…"');
      const sample = new Response(`${JSON.stringify([...res.headers])} ${text}`, { status: res.status });
      return { res: sample, ms, cpuMs: (used.user + used.system) / 1000 };
    });
    expect(m.answers).toHaveLength(1);
    expect(m.answers[0]).toMatch(/^200 .*"cache-control","no-store".*"emailChange":\{"email":"<asked>"/);
    expectAlike(m, "cpuMs");
  });

  it("registration: an e-mail that has an account and one that has none start a registration alike, in the same time", async () => {
    const body = (known: boolean) => ({
      pays: "FR",
      immatriculation: "552100554",
      email: known ? "multi@demo.macc.test" : "nobody@demo.macc.test",
      mobile: "+33 6 12 34 56 78",
    });
    const m = await compare(8, (known) => timed("/api/registration", body(known)));
    // Only the registration id differs.
    expect(new Set(m.answers.map((a) => a.replace(/"registrationId":"[\w-]+"/, '"registrationId":"…"')))).toHaveProperty("size", 1);
    expect(m.answers[0]).toMatch(/^201 /);
    expectAlike(m, "cpuMs");
  });
});
