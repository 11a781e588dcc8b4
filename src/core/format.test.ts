import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../contract/constants";
import { foreignLanguageName, formatDate, formatDateTime, isEmail } from "./format";

// 4 March 2024, 09:05 local time: day, month and year all distinguishable.
const DAY = "2024-03-04";
const MOMENT = new Date(2024, 2, 4, 9, 5);

const SHORT: Record<Locale, string> = {
  "fr-FR": "04/03/2024",
  "fr-BE": "04/03/2024",
  "fr-LU": "04/03/2024",
  "de-BE": "04.03.2024",
  "de-LU": "04.03.2024",
  "en-GB": "04/03/2024",
  "es-ES": "04/03/2024",
  "it-IT": "04/03/2024",
  "nl-BE": "04/03/2024",
  "nl-NL": "04-03-2024",
};

describe("dates show a 4-digit year in every locale", () => {
  it("covers every locale", () => {
    expect(Object.keys(SHORT).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.map((locale) => [locale, SHORT[locale]] as const))("%s short date: %s", (locale, expected) => {
    expect(formatDate(locale, DAY)).toBe(expected);
    expect(formatDate(locale, MOMENT)).toBe(expected);
  });

  it.each(LOCALES)("%s long date and date-time spell 2024 and never a 2-digit year", (locale) => {
    for (const text of [formatDate(locale, DAY, "long"), formatDateTime(locale, MOMENT)]) {
      expect(text).toMatch(/(^|\D)2024(\D|$)/);
      expect(text).not.toMatch(/[./-]24(\D|$)/);
    }
  });

  it("an invalid date shows nothing", () => {
    expect(formatDate("fr-FR", "not a date")).toBe("");
    expect(formatDateTime("fr-FR", "not a date")).toBe("");
  });
});

describe("isEmail only rejects what cannot be an address", () => {
  it.each(["a@b.fr", "jean.dupont+macc@exemple.co.uk"])("accepts %s", (value) => expect(isEmail(value)).toBe(true));
  it.each(["", "a@b", "@b.fr", "a b@c.fr", "a@b .fr", "a@@b.fr"])("rejects %j", (value) => expect(isEmail(value)).toBe(false));
});

describe("foreignLanguageName names a content's language only when it is not the reader's", () => {
  it.each<[Locale, string | null | undefined, string | null]>([
    ["en-GB", "fr", "French"],
    ["nl-BE", "fr", "Frans"],
    ["de-LU", "fr", "Französisch"],
    ["es-ES", "de", "alemán"],
    ["fr-FR", "en", "anglais"],
    ["fr-FR", "fr", null],
    ["fr-BE", "fr", null],
    ["nl-NL", "nl", null],
    ["en-GB", "", null],
    ["en-GB", null, null],
    ["en-GB", "x!", null],
    ["en-GB", "qq", null],
  ])("%s, a document in %j: %j", (locale, language, expected) => {
    expect(foreignLanguageName(locale, language)).toBe(expected);
  });
});
