import { describe, expect, it } from "vitest";
import { LOCALES } from "./constants";
import { fileSize, languageOfLocale, PROBLEM_DETAILS, problemDetail, waitDuration, type ProblemDetailKey } from "./problem-details";

const placeholders = (sentence: string) => [...sentence.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("problem details", () => {
  it("every sentence is said in each language, with the same placeholders as in French", () => {
    for (const [key, sentences] of Object.entries(PROBLEM_DETAILS)) {
      for (const sentence of Object.values(sentences)) {
        expect(sentence.trim(), key).not.toBe("");
        expect(placeholders(sentence), key).toEqual(placeholders(sentences.fr));
      }
    }
  });

  it("every locale has a language of the catalogue", () => {
    for (const locale of LOCALES) expect(Object.keys(PROBLEM_DETAILS.generic)).toContain(languageOfLocale(locale));
  });

  it("a locale says its language's sentence, its values filled in", () => {
    const key: ProblemDetailKey = "retryIn";
    expect(problemDetail(key, "fr-BE", { duration: "2 minutes" })).toBe("Veuillez réessayer dans 2 minutes.");
    expect(problemDetail(key, "nl-BE", { duration: "2 minuten" })).toBe("Probeer het over 2 minuten opnieuw.");
    expect(problemDetail(key, "en-GB")).toBe("Please try again in {duration}.");
  });

  it.each<[number, (typeof LOCALES)[number], string]>([
    [45, "fr-FR", "45\u00a0secondes"],
    [1, "en-GB", "1 second"],
    [60, "de-BE", "1 Minute"],
    [61, "it-IT", "2 minuti"],
    [900, "es-ES", "15 minutos"],
  ])("a wait of %i s in %s: %s", (seconds, locale, words) => {
    expect(waitDuration(seconds, locale)).toBe(words);
  });

  it.each<[number, (typeof LOCALES)[number], string]>([
    [2048, "fr-FR", "2\u202fko"],
    [5 * 1024 * 1024, "fr-FR", "5\u202fMo"],
    [1.5 * 1024 * 1024, "en-GB", "1.5 MB"],
    [512 * 1024, "nl-NL", "512 kB"],
  ])("a size of %i bytes in %s: %s", (bytes, locale, words) => {
    expect(fileSize(bytes, locale)).toBe(words);
  });
});
