import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../contract/constants";
import { countryOf, isLocale, localeFromQuery, networkOf, pickLocale, resolveLocale, type LocaleSources } from "./locale";

describe("resolveLocale (SPEC §4 fallbacks)", () => {
  it.each<[string | null | undefined, Locale]>([
    ["de", "de-BE"],
    ["de-DE", "de-BE"],
    ["de_DE", "de-BE"],
    ["it", "it-IT"],
    ["it-CH", "it-IT"],
    ["es", "es-ES"],
    ["es-MX", "es-ES"],
    ["en", "en-GB"],
    ["en-US", "en-GB"],
    ["en_us", "en-GB"],
    ["nl", "nl-NL"],
    ["fr", "fr-FR"],
    ["fr-CH", "fr-FR"],
    ["pt-PT", "fr-FR"],
    ["xx", "fr-FR"],
    ["klingon", "fr-FR"],
    ["", "fr-FR"],
    ["   ", "fr-FR"],
    ["-", "fr-FR"],
    [null, "fr-FR"],
    [undefined, "fr-FR"],
    // Names that exist on every JS object must not leak through as a "locale".
    ["constructor", "fr-FR"],
    ["toString", "fr-FR"],
    ["__proto__", "fr-FR"],
    ["hasOwnProperty-XX", "fr-FR"],
  ])("%j → %s", (raw, expected) => {
    expect(resolveLocale(raw)).toBe(expected);
  });

  describe.each(LOCALES.map((l) => [l]))("exact match %s", (locale) => {
    it.each([locale, locale.toLowerCase(), locale.toUpperCase(), locale.replace("-", "_"), ` ${locale} `])(
      "%j resolves to itself",
      (raw) => {
        expect(resolveLocale(raw)).toBe(locale);
      },
    );
  });

  it("nl-BE stays Belgian (exact match wins over the nl fallback)", () => {
    expect(resolveLocale("nl_BE")).toBe("nl-BE");
  });
});

describe("isLocale", () => {
  it.each(LOCALES.map((l) => [l, true] as const))("%s → %s", (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });
  it.each<[unknown]>([["fr"], ["FR-fr"], ["en-US"], [""], [null], [42]])("%j is not a locale", (value) => {
    expect(isLocale(value)).toBe(false);
  });
});

describe("localeFromQuery (applied only when isLogged is not 'true')", () => {
  it.each<[string, string | null, Locale | null]>([
    ["?lang=en_GB", null, "en-GB"],
    ["?lang=nl_BE", "false", "nl-BE"],
    ["?lang=de", "", "de-BE"],
    ["?lang=de", "TRUE", "de-BE"],
    ["?lang=es", "1", "es-ES"],
    ["?lang=it_IT&site=macc", null, "it-IT"],
    ["?lang=zz", null, "fr-FR"],
    ["?lang=en_GB", "true", null],
    ["?lang=de", "true", null],
    ["", null, null],
    ["?site=macc", null, null],
    ["?lang=", null, null],
  ])("search %j, cookie %j → %j", (search, cookie, expected) => {
    expect(localeFromQuery(search, cookie)).toBe(expected);
  });
});

describe("pickLocale: ?lang= (visitors), stored choice, data-locale, previous page, <html lang>, fr-FR", () => {
  const none: LocaleSources = { search: "", isLoggedCookie: null, chosen: null, pageLocale: null, lastLocale: null, htmlLang: null };
  it.each<[string, Partial<LocaleSources>, Locale, Locale | null]>([
    ["nothing at all", {}, "fr-FR", null],
    ["<html lang> only", { htmlLang: "nl" }, "nl-NL", null],
    ["previous page over <html lang>", { lastLocale: "it-IT", htmlLang: "nl" }, "it-IT", null],
    ["data-locale over previous page and <html lang>", { pageLocale: "fr-BE", lastLocale: "it-IT", htmlLang: "nl" }, "fr-BE", null],
    ["stored choice over data-locale", { chosen: "en-GB", pageLocale: "fr-FR", htmlLang: "fr" }, "en-GB", null],
    ["stored choice, logged in", { chosen: "de-LU", pageLocale: "fr-FR", isLoggedCookie: "true" }, "de-LU", null],
    ["stored choice, logged out", { chosen: "de-LU", pageLocale: "fr-FR", isLoggedCookie: "false" }, "de-LU", null],
    [
      "?lang= over everything for a visitor",
      { search: "?lang=es", chosen: "en-GB", pageLocale: "fr-FR", lastLocale: "it-IT", htmlLang: "nl" },
      "es-ES",
      "es-ES",
    ],
    ["?lang= with isLogged=false", { search: "?lang=nl_BE", chosen: "en-GB", isLoggedCookie: "false" }, "nl-BE", "nl-BE"],
    [
      "?lang= ignored when logged in: stored choice",
      { search: "?lang=es", chosen: "en-GB", pageLocale: "fr-FR", isLoggedCookie: "true" },
      "en-GB",
      null,
    ],
    ["?lang= ignored when logged in: data-locale", { search: "?lang=es", pageLocale: "fr-LU", isLoggedCookie: "true" }, "fr-LU", null],
    ["?lang= ignored when logged in: <html lang>", { search: "?lang=es", htmlLang: "de-DE", isLoggedCookie: "true" }, "de-BE", null],
    ["?lang= empty is no choice", { search: "?lang=", pageLocale: "nl-NL" }, "nl-NL", null],
  ])("%s", (_, sources, locale, choice) => {
    expect(pickLocale({ ...none, ...sources })).toEqual({ locale, choice });
  });
});

describe("countryOf (SPEC §9 country codes)", () => {
  it.each<[Locale, string]>([
    ["fr-FR", "FR"],
    ["fr-BE", "BE"],
    ["fr-LU", "LU"],
    ["de-BE", "BE"],
    ["de-LU", "LU"],
    ["en-GB", "GB"],
    ["es-ES", "ES"],
    ["it-IT", "IT"],
    ["nl-BE", "BE"],
    ["nl-NL", "NL"],
  ])("%s → %s", (locale, country) => {
    expect(countryOf(locale)).toBe(country);
  });
});

describe("networkOf (SPEC §9 locale → network)", () => {
  const table: Array<[Locale, string]> = [
    ["fr-FR", "FRA"],
    ["fr-BE", "BLG"],
    ["fr-LU", "BLG"],
    ["de-BE", "BLG"],
    ["de-LU", "BLG"],
    ["nl-BE", "BLG"],
    ["nl-NL", "BLG"],
    ["en-GB", "GBR"],
    ["es-ES", "ESP"],
    ["it-IT", "ITA"],
  ];

  it("covers all 10 locales", () => {
    expect(table.map(([l]) => l).sort()).toEqual([...LOCALES].sort());
  });

  it.each(table)("%s (MACC theme) → %s", (locale, network) => {
    expect(networkOf(locale, "MACC")).toBe(network);
    expect(networkOf(locale)).toBe(network);
  });

  it.each(table.map(([l]) => [l]))("%s in the AGRI theme → AGR", (locale) => {
    expect(networkOf(locale, "AGRI")).toBe("AGR");
  });
});
