import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test-support.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { seed: false });
});
afterAll(() => t.close());

describe("GET /api/docs: the generated document's interactive reference", () => {
  it("is a page whose only script comes from our origin, under a CSP of its own", async () => {
    const res = await t.app.request("/api/docs");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    const page = await res.text();
    expect(page).toContain('data-url="/api/openapi.json"');
    const sources = [...page.matchAll(/\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(["/api/docs/reference.js"]);
    expect(page).not.toMatch(/https?:\/\//);
  });

  it("serves the reference's script, compressed for a browser that accepts it", async () => {
    const res = await t.app.request("/api/docs/reference.js", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
