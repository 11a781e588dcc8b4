import { describe, expect, it } from "vitest";
import { firstDrawFiles, type ChunkFacts } from "./first-draw";

/** A chunk as the build describes it: its file, its source (when it has one), what it imports. */
const chunk = (fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts => ({
  fileName,
  name: fileName.replace(/(-[\w]{8})?\.js$/, ""),
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  ...facts,
});
const entry = (tag: string, imports: string[]) => chunk(`${tag}.js`, { isEntry: true, imports });
const catalog = (fileName: string, source: string) => chunk(fileName, { facadeModuleId: `/repo/${source}` });

// A portal and a footer sharing the core; the portal's lazy screen has texts of its own.
const BUNDLE: ChunkFacts[] = [
  chunk("macc-elements.js", { isEntry: true }),
  entry("macc-portal", ["core-Aa000001.js", "Header-Aa000002.js"]),
  entry("macc-footer", ["core-Aa000001.js"]),
  chunk("core-Aa000001.js", {
    dynamicImports: [
      "fr-FR-Cc000001.js",
      "en-GB-Cc000002.js",
      "fr-Pp000001.js",
      "en-Pp000002.js",
      "session-Ss000001.js",
      "Invoices-Ii000001.js",
    ],
  }),
  chunk("Header-Aa000002.js", { dynamicImports: ["fr-FR-Hh000001.js", "en-GB-Hh000002.js", "de-BE-Hh000003.js"] }),
  chunk("Invoices-Ii000001.js", { isEntry: false, dynamicImports: ["fr-FR-Ii000002.js"] }),
  catalog("fr-FR-Cc000001.js", "src/locales/fr-FR.po"),
  catalog("en-GB-Cc000002.js", "src/locales/en-GB.po"),
  catalog("fr-FR-Hh000001.js", "src/areas/header/locales/fr-FR.po"),
  catalog("en-GB-Hh000002.js", "src/areas/header/locales/en-GB.po"),
  catalog("de-BE-Hh000003.js", "src/areas/header/locales/de-BE.po"),
  catalog("fr-FR-Ii000002.js", "src/areas/invoices/locales/fr-FR.po"),
  catalog("fr-Pp000001.js", "src/core/paths/fr.ts"),
  catalog("en-Pp000002.js", "src/core/paths/en.ts"),
  catalog("session-Ss000001.js", "src/core/session.ts"),
];

describe("first-draw.json: what an element's first draw asks for after its code", () => {
  const files = firstDrawFiles(BUNDLE);

  it.each<[string, string, string[] | undefined]>([
    // Its own code's catalogs and its language's addresses, not a lazy screen's texts.
    ["macc-portal", "fr-FR", ["fr-FR-Cc000001.js", "fr-FR-Hh000001.js", "fr-Pp000001.js"]],
    ["macc-portal", "en-GB", ["en-GB-Cc000002.js", "en-GB-Hh000002.js", "en-Pp000002.js"]],
    // Only what exists in that language: here the header's German texts, no German addresses.
    ["macc-portal", "de-BE", ["de-BE-Hh000003.js"]],
    ["macc-footer", "fr-FR", ["fr-FR-Cc000001.js", "fr-Pp000001.js"]],
    ["macc-footer", "de-BE", undefined],
  ])("%s in %s", (tag, locale, expected) => {
    expect(files.texts[tag]?.[locale as "fr-FR"]).toEqual(expected);
  });

  it("lists the elements only: not the loader, not a shared chunk", () => {
    expect(Object.keys(files.texts).sort()).toEqual(["macc-footer", "macc-portal"]);
  });

  it("names the session's code", () => {
    expect(files.session).toBe("session-Ss000001.js");
  });

  it("a build without the session's chunk is a broken build, not an empty list", () => {
    expect(() => firstDrawFiles(BUNDLE.filter((c) => !c.fileName.startsWith("session-")))).toThrow(/session/);
  });
});
