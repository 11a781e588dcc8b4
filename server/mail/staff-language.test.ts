import { describe, expect, it } from "vitest";
import { LOCALES, NETWORK_CODES } from "../../src/contract/constants.ts";
import { staffLanguage } from "./staff-language.ts";

describe("staffLanguage: the language of a mail to a network's staff", () => {
  it.each([
    ["FRA", "fr"],
    ["AGR", "fr"],
    ["FIL", "fr"],
    ["EXP", "fr"],
    ["GBR", "en"],
    ["ESP", "es"],
    ["ITA", "it"],
  ] as const)("%s reads %s, whatever the request's language", (network, lang) => {
    for (const locale of LOCALES) expect(staffLanguage(network, locale)).toBe(lang);
  });

  it.each([
    ["nl-BE", "nl"],
    ["nl-NL", "nl"],
    ["fr-BE", "fr"],
    ["fr-LU", "fr"],
    ["fr-FR", "fr"],
    ["de-BE", "fr"],
    ["de-LU", "fr"],
    ["en-GB", "fr"],
    ["es-ES", "fr"],
    ["it-IT", "fr"],
    ["", "fr"],
  ])("BLG, a request in %s: %s (the request's when French or Dutch, else French)", (locale, lang) => {
    expect(staffLanguage("BLG", locale)).toBe(lang);
  });

  it("every network has a language; an unknown one gets French, the back office's", () => {
    for (const network of NETWORK_CODES) expect(staffLanguage(network, "de-BE")).toMatch(/^(fr|en|es|it)$/);
    expect(staffLanguage("XYZ", "en-GB")).toBe("fr");
  });
});
