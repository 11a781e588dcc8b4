import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../contract/constants";
import { loadAllPaths, sitePath } from "./paths";
import { SITE_PAGES, showsJoinUs } from "./site";

beforeAll(() => loadAllPaths());

describe("sitePath", () => {
  describe.each(LOCALES.map((l) => [l]))("%s", (locale) => {
    it.each(SITE_PAGES.map((p) => [p]))("%s is a site path", (page) => {
      expect(sitePath(page, locale)).toMatch(/^\/[a-z0-9-]+$/);
    });
    it("no two pages share a path", () => {
      const paths = SITE_PAGES.map((p) => sitePath(p, locale));
      expect(new Set(paths).size).toBe(paths.length);
    });
  });
});

describe("showsJoinUs (SPEC §1: hidden for the UK site)", () => {
  it.each<[Locale, string | null | undefined, boolean]>([
    ["en-GB", undefined, false],
    ["en-GB", "FRA", false],
    ["fr-FR", "GBR", false],
    ["fr-FR", undefined, true],
    ["fr-FR", "FRA", true],
    ["nl-BE", "BLG", true],
    ["es-ES", null, true],
    ["it-IT", "ITA", true],
    ["de-LU", "AGR", true],
  ])("%s, network %j → %s", (locale, network, shown) => {
    expect(showsJoinUs(locale, network)).toBe(shown);
  });
});
