import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../contract/constants";

const SRC = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every catalog folder: the shared one, one per area, and the editor's configurator's. */
const folders = [
  join(SRC, "locales"),
  ...readdirSync(join(SRC, "areas")).map((a) => join(SRC, "areas", a, "locales")),
  join(SRC, "..", "demo", "editor", "locales"),
].filter((dir) => {
  try {
    return readdirSync(dir).some((f) => f.endsWith(".po"));
  } catch {
    return false;
  }
});

function parsePo(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  const text = readFileSync(path, "utf8");
  for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (m[1]) entries.set(m[1], m[2] ?? "");
  }
  return entries;
}

/** Words that really are the same in a language (brands, "FAQ", "Contact" in French…). */
const SAME_EVERYWHERE = /^(AGRIMACC|MACC|FAQ|Menu|Contact|Maintenance|E-mail:|Password|password|Ideas|LinkedIn|PDF|IBAN|RIB)$/;

/** Variable names ({year}, {0}, {count, plural, …}), not the words that open a plural branch. */
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)(?=[,}])/g)].map((m) => m[1]))].sort();

describe.each(folders.map((f) => [relative(SRC, f)]))("catalog %s", (folder) => {
  const dir = join(SRC, folder);
  const source = parsePo(join(dir, "en-GB.po"));

  it("exists for all 10 locales with the same messages", () => {
    for (const locale of LOCALES) {
      expect([...parsePo(join(dir, `${locale}.po`)).keys()].sort(), locale).toEqual([...source.keys()].sort());
    }
  });

  it.each(LOCALES.filter((l) => l !== "en-GB"))("%s is translated, placeholders intact", (locale) => {
    const catalog = parsePo(join(dir, `${locale}.po`));
    for (const [id, text] of catalog) {
      expect(text, `${locale}: "${id}" has no translation`).not.toBe("");
      if (!SAME_EVERYWHERE.test(id)) expect(text, `${locale}: "${id}" is a copy of the source`).not.toBe(id);
      expect(placeholders(text), `${locale}: "${id}" placeholders`).toEqual(placeholders(id));
    }
  });
});

describe("messages quoted by the spec (SPEC §8), in French", () => {
  const login = parsePo(join(SRC, "areas/login/locales/fr-FR.po"));
  const shared = parsePo(join(SRC, "locales/fr-FR.po"));
  it.each([
    [
      login,
      "Invalid username or password. You can click on 'Forgot password?' below.",
      "Nom d'utilisateur ou mot de passe invalide. Vous pouvez cliquer sur 'Mot de passe oublié ?' ci-dessous.",
    ],
    [shared, "We are currently under maintenance.", "Nous sommes actuellement en maintenance."],
  ])("%#: %s", (catalog, id, french) => {
    expect(catalog.get(id)).toBe(french);
  });
});

/**
 * Catalogs of the areas on a page merge into one Lingui instance per locale, so a message that
 * two areas share must read the same in both, or the last catalog to load would win.
 */
describe.each(LOCALES.map((l) => [l]))("shared messages in %s", (locale) => {
  it("have one translation across catalogs", () => {
    const seen = new Map<string, { text: string; folder: string }>();
    for (const folder of folders) {
      for (const [id, text] of parsePo(join(folder, `${locale}.po`))) {
        const first = seen.get(id);
        if (first) expect(text, `"${id}" in ${folder} vs ${first.folder}`).toBe(first.text);
        else seen.set(id, { text, folder });
      }
    }
  });
});

/** The brand follows the theme (MACC or AGRIMACC): messages name it through {brand}, never in words. */
describe.each(LOCALES.map((l) => [l]))("brand name in %s", (locale) => {
  it("is a {brand} placeholder in every message", () => {
    for (const folder of folders) {
      for (const [id, text] of parsePo(join(folder, `${locale}.po`))) {
        if (id === "AGRIMACC") continue; // the AGRIMACC page's own title
        expect(id, `${folder}: "${id}"`).not.toMatch(/MACC/);
        // A brand may be a select's key (English "a MACC", "an AGRIMACC"); French elides the article
        // before AGRIMACC: "la MACC" only inside a select on {brand}.
        const rest = text.replace(/\{brand, select, MACC \{la MACC\}/g, "").replace(/\b(AGRIMACC|MACC)(?= \{)/g, "");
        expect(rest, `${folder} ${locale}: "${text}"`).not.toMatch(/MACC/);
      }
    }
  });
});
