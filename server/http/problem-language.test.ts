/** A problem's `detail` is in the language of the request's X-langue (issue 25 item 7). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemDetail } from "../../src/contract/problem-details.ts";
import { createTestApp, expectProblem, json, type TestContext } from "../test-support.ts";

let t: TestContext;
let broken: TestContext;
beforeAll(async () => {
  t = await createTestApp({ botCheck: false }, undefined, { seed: false });
  broken = await createTestApp({}, { ...t.db, query: () => Promise.reject(new Error("boom")) });
});
afterAll(() => Promise.all([t.close(), broken.close()]));

const withLanguage = (init: RequestInit, langue: string | undefined): RequestInit =>
  langue === undefined ? init : { ...init, headers: { ...(init.headers as Record<string, string>), "X-langue": langue } };

/** X-langue as sent → the sentences' language: the locale's own, SPEC §4's fallbacks, else French. */
const LANGUAGES: [string | undefined, string][] = [
  ["en-GB", "en-GB"],
  ["nl-BE", "nl-BE"],
  ["de-LU", "de-LU"],
  ["en", "en-GB"], // a language alone
  ["de-DE", "de-BE"], // a region the suite does not have
  ["nl_NL", "nl-NL"],
  ["pt-BR", "fr-FR"], // a language the suite does not have
  ["", "fr-FR"],
  [undefined, "fr-FR"],
];

describe.each(LANGUAGES)("X-langue %j", (langue, expected) => {
  const locale = expected as Parameters<typeof problemDetail>[1];

  it("413: the body is too large", async () => {
    const res = await t.app.request("/api/auth/login", withLanguage(json({ email: "x".repeat(20_000) }), langue));
    expect((await expectProblem(res, 413)).detail).toBe(problemDetail("tooLarge", locale));
  });

  it("422: some fields are invalid (the fields' own messages stay the API's French)", async () => {
    const res = await t.app.request("/api/auth/login", withLanguage(json({ email: 1 }), langue));
    const p = await expectProblem(res, 422);
    expect(p.detail).toBe(problemDetail("validation", locale));
    expect(p.errors?.map((e) => e.path).sort()).toEqual(["email", "password"]);
  });

  it("500: an unexpected error", async () => {
    const origError = console.error;
    console.error = () => undefined;
    try {
      const res = await broken.app.request("/api/servicesMACC/reseau/FRA/type/gen", withLanguage({}, langue));
      expect((await expectProblem(res, 500)).detail).toBe(problemDetail("generic", locale));
    } finally {
      console.error = origError;
    }
  });
});

describe("sentences with a value", () => {
  it("a 429's wait is said in the request's language", async () => {
    const limited = await createTestApp({ botCheck: false, loginMaxAttemptsPerClient: 1 }, t.db);
    const attempt = () =>
      limited.app.request("/api/auth/login", json({ email: "nobody@demo.macc.test", password: "wrong" }, { "X-langue": "en-GB" }));
    await attempt();
    const p = await expectProblem(await attempt(), 429);
    expect(p.detail).toMatch(/^Too many login attempts\. Please try again in \d+\s(minutes?|seconds?)\.$/);
  });
});
