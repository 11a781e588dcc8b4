import { describe, expect, it } from "vitest";
import type { ApiRequest } from "./api";
import { LOCALES, type Locale } from "../contract/constants";
import { fetchFeatures, NO_FEATURES, readFeatures, routeAvailability, type Features, type RouteAvailability } from "./features";
import { ROUTE_NAMES, type RouteName } from "./routes";

const ON: Features = new Set(["coordonnee-bancaire"]);

describe("routeAvailability: the bank-details route by flag and locale", () => {
  const rows: Array<[Locale, string, Features | null, RouteAvailability]> = [];
  for (const locale of LOCALES) {
    const french = locale === "fr-FR";
    rows.push([locale, "flag on", ON, french ? "available" : "absent"]);
    rows.push([locale, "flag off", NO_FEATURES, "absent"]);
    rows.push([locale, "flags not read yet", null, french ? "unknown" : "absent"]);
  }
  it.each(rows)("%s, %s → %s", (locale, _label, features, expected) => {
    expect(routeAvailability("COORDONNEE_BANCAIRE", locale, features)).toBe(expected);
  });

  const others = ROUTE_NAMES.filter((name) => name !== "COORDONNEE_BANCAIRE");
  it.each(others.flatMap((name) => [null, NO_FEATURES, ON].map((features) => [name, features] as const)))(
    "%s is available whatever the flags (%o)",
    (name: RouteName, features) => {
      expect(routeAvailability(name, "en-GB", features)).toBe("available");
    },
  );
});

describe("fetchFeatures", () => {
  const answering =
    (body: unknown): ApiRequest =>
    <T>() =>
      Promise.resolve(body as T);

  it.each<[string, unknown, string[]]>([
    ["the flag on", { features: ["coordonnee-bancaire"] }, ["coordonnee-bancaire"]],
    ["nothing on", { features: [] }, []],
    ["names this version does not know are ignored", { features: ["later-feature", "coordonnee-bancaire"] }, ["coordonnee-bancaire"]],
    ["a malformed answer: all off", { features: "coordonnee-bancaire" }, []],
    ["no body: all off", null, []],
  ])("%s", async (_label, body, expected) => {
    expect([...(await fetchFeatures(answering(body)))]).toEqual(expected);
  });

  it("is a quiet public read: no token, no toast, no logout", async () => {
    let seen: unknown;
    const request: ApiRequest = <T>(path: string, options?: unknown) => {
      seen = { path, options };
      return Promise.resolve({ features: [] } as T);
    };
    await fetchFeatures(request);
    expect(seen).toMatchObject({ path: "/features", options: { anonymous: true, optional: true, errors: "inline" } });
  });
});

describe("readFeatures: once per page, through the page's read cache", () => {
  it("asks once however many readers; a failed read counts as all off and is asked again next time", async () => {
    const core = {};
    let asked = 0;
    let fail = true;
    const request: ApiRequest = <T>() => {
      asked++;
      return fail ? Promise.reject(new Error("offline")) : Promise.resolve({ features: ["coordonnee-bancaire"] } as T);
    };
    expect([...(await readFeatures(core, request))]).toEqual([]);
    fail = false;
    const [a, b] = await Promise.all([readFeatures(core, request), readFeatures(core, request)]);
    expect([...a]).toEqual(["coordonnee-bancaire"]);
    expect(b).toBe(a);
    expect([...(await readFeatures(core, request))]).toEqual(["coordonnee-bancaire"]);
    expect(asked).toBe(2);
  });
});
