import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import type { Db } from "./db/db.ts";
import { DEMO_PASSWORD } from "./demo/seed.ts";
import { createTestApp, expectProblem, fromAddress, json, withBotCheck, type TestContext } from "./test-support.ts";

let t: TestContext;
let maintenance: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  maintenance = await createTestApp({ maintenance: true }, t.db);
});

describe("health and API basics", () => {
  it("GET /api/health", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each(["/api", "/api/", "/api/nope", "/api/servicesMACC", "/api/auth", "/api/me/extra"])(
    "unknown API route %s → 404 problem+json",
    async (path) => {
      await expectProblem(await t.app.request(path), 404);
    },
  );

  it("POST to an unknown API route with a big body still answers a problem", async () => {
    const res = await t.app.request("/api/unknown", json({ x: "y".repeat(20_000) }));
    expect([404, 413]).toContain(res.status);
    await expectProblem(res, res.status);
  });

  it("apps sharing one cache hub subscribe it to the database's changes once (twice, each change would be heard again late)", () => {
    const channels: string[] = [];
    const db: Db = { ...t.db, listen: (channel) => (channels.push(channel), Promise.resolve(async () => undefined)) };
    const shared = { db, config: t.config, mailer: t.mailer, caches: t.caches };
    createApp(shared);
    createApp(shared);
    createApp({ ...shared, caches: undefined });
    expect(channels).toEqual(["macc_cache"]);
  });

  it("an unexpected error becomes a 500 problem without a stack trace", async () => {
    const broken = await createTestApp({}, { ...t.db, query: () => Promise.reject(new Error("boom at /secret/path.ts:1")) });
    const origError = console.error;
    console.error = () => undefined;
    try {
      const res = await broken.app.request("/api/servicesMACC/reseau/FRA/type/gen");
      const p = await expectProblem(res, 500);
      expect(JSON.stringify(p)).not.toMatch(/boom|secret|\.ts/);
    } finally {
      console.error = origError;
    }
  });
});

describe("maintenance mode", () => {
  const routes: [string, string, RequestInit?][] = [
    ["GET", "/api/servicesMACC/reseau/FRA/type/gen?langue=fr-FR"],
    ["POST", "/api/auth/login", json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })],
    ["POST", "/api/auth/refresh", { method: "POST", headers: { "X-Requested-With": "macc" } }],
    ["POST", "/api/auth/logout", { method: "POST", headers: { "X-Requested-With": "macc" } }],
    ["GET", "/api/me"],
    ["GET", "/api/openapi.yaml"],
    ["GET", "/api/does-not-exist"],
    ["POST", "/api/auth/login (malformed)", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }],
  ];

  it.each(routes)("%s %s → 503 problem with Retry-After", async (_m, path, init) => {
    const res = await maintenance.app.request(path.replace(/ \(.*\)$/, ""), init, fromAddress("198.51.100.1"));
    const p = await expectProblem(res, 503);
    expect(p.detail).toBe("Nous sommes actuellement en maintenance.");
    expect(res.headers.get("retry-after")).toBe("600");
  });

  it("GET /api/health → 503 { status: maintenance }", async () => {
    const res = await maintenance.app.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "maintenance" });
    expect(res.headers.get("retry-after")).toBe("600");
  });

  it("without an announced end, no answer has an expectedEnd member", async () => {
    const res = await maintenance.app.request("/api/me");
    expect(await res.json()).not.toHaveProperty("expectedEnd");
  });
});

describe("maintenance with an announced end (MACC_MAINTENANCE_UNTIL)", () => {
  const end = new Date(Date.now() + 2 * 3600_000);
  end.setUTCMilliseconds(0);
  let announced: TestContext;
  let overrun: TestContext;
  beforeAll(async () => {
    announced = await createTestApp({ maintenance: true, maintenanceUntil: end }, t.db);
    // An end already past: the maintenance ran over it.
    overrun = await createTestApp({ maintenance: true, maintenanceUntil: new Date(Date.now() - 60_000) }, t.db);
  });

  it("a route's 503 problem carries the end as expectedEnd and as Retry-After (an HTTP date)", async () => {
    const res = await announced.app.request("/api/servicesMACC/reseau/FRA/type/gen?langue=en-GB", { headers: { "X-langue": "en-GB" } });
    const p = await expectProblem(res, 503);
    expect(p.type).toBe("urn:macc:problem:maintenance");
    expect(p.detail).toBe("We are currently under maintenance.");
    expect(p).toMatchObject({ expectedEnd: end.toISOString() });
    expect(res.headers.get("retry-after")).toBe(end.toUTCString());
    expect(new Date(res.headers.get("retry-after")!).getTime()).toBe(end.getTime());
  });

  it("GET /api/health → 503 with the same end", async () => {
    const res = await announced.app.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "maintenance", expectedEnd: end.toISOString() });
    expect(res.headers.get("retry-after")).toBe(end.toUTCString());
  });

  it("once the end is past, the answers announce none: Retry-After 600, no expectedEnd", async () => {
    const res = await overrun.app.request("/api/me");
    const p = await expectProblem(res, 503);
    expect(p).not.toHaveProperty("expectedEnd");
    expect(res.headers.get("retry-after")).toBe("600");
  });
});

describe("CORS", () => {
  let cors: TestContext;
  beforeAll(async () => {
    cors = await createTestApp({ corsOrigins: ["https://www.macc.example"] }, t.db);
  });

  it("answers the preflight of an allowed origin with credentials", async () => {
    const res = await cors.app.request("/api/auth/refresh", {
      method: "OPTIONS",
      headers: {
        Origin: "https://www.macc.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-requested-with, content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://www.macc.example");
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const h of ["authorization", "content-type", "x-langue", "x-requested-with"]) expect(allowed).toContain(h);
  });

  it("exposes Retry-After to an allowed origin", async () => {
    const res = await cors.app.request("/api/health", { headers: { Origin: "https://www.macc.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("https://www.macc.example");
    expect((res.headers.get("access-control-expose-headers") ?? "").toLowerCase()).toContain("retry-after");
  });

  it("does not allow other origins", async () => {
    const res = await cors.app.request("/api/health", { headers: { Origin: "https://evil.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const plain = await t.app.request("/api/health", { headers: { Origin: "https://www.macc.example" } });
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("SameSite=None when configured for cross-site hosting", async () => {
    const crossSite = await createTestApp({ cookieSameSite: "None" }, t.db);
    const res = await crossSite.app.request(
      "/api/auth/login",
      await withBotCheck(crossSite.app, json({ email: "uk@demo.macc.test", password: DEMO_PASSWORD })),
      fromAddress("198.51.100.9"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/SameSite=None/);
    expect(res.headers.getSetCookie().join()).toMatch(/Secure/);
  });
});
