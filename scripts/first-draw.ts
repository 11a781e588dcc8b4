import type { Plugin } from "vite";
import { LOCALES, type Locale } from "../src/contract/constants.ts";
import { languageOf } from "../src/core/locale.ts";
import { FIRST_DRAW_FILE, type FirstDrawFiles } from "../server/http/first-draw-hints.ts";
import { staticImports } from "./chunk-graph.ts";

/*
 * What an element's first draw fetches after its code, per tag and language, and the session's code
 * (server/http/first-draw-hints.ts says why and reads it): `first-draw.json`, written beside the
 * loader by the widget build, which the reference server's portal pages and a CMS's pages (README,
 * "Naming what the first draw needs") name in their head.
 */

/** What the build knows of a chunk: enough to follow its imports and name its source. */
export interface ChunkFacts {
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/** A catalog's locale (`…/locales/fr-FR.po`), or a language's addresses (`src/core/paths/fr.ts`). */
const CATALOG = /[\\/]locales[\\/]([a-z]{2}-[A-Z]{2})\.po$/;
const PATHS = /[\\/]src[\\/]core[\\/]paths[\\/]([a-z]{2})\.ts$/;

/**
 * For each element entry (`macc-*`), the texts its code can ask for in each locale: the catalogs and
 * address tables its own code (not a lazy screen's) imports on demand.
 */
export function firstDrawFiles(chunks: readonly ChunkFacts[]): FirstDrawFiles {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const source = (fileName: string) => byName.get(fileName)?.facadeModuleId ?? "";
  const texts: FirstDrawFiles["texts"] = {};
  for (const entry of chunks) {
    if (!entry.isEntry || !entry.name.startsWith("macc-") || entry.name === "macc-elements") continue;
    const code = [entry.fileName, ...staticImports(byName, entry.fileName)];
    const asked = code.flatMap((fileName) => byName.get(fileName)?.dynamicImports ?? []);
    const perLocale: Partial<Record<Locale, string[]>> = {};
    for (const locale of LOCALES) {
      const files = asked.filter((fileName) => {
        const id = source(fileName);
        return CATALOG.exec(id)?.[1] === locale || PATHS.exec(id)?.[1] === languageOf(locale);
      });
      if (files.length) perLocale[locale] = [...new Set(files)].sort();
    }
    texts[entry.name] = perLocale;
  }
  const session = chunks.find((chunk) => /[\\/]src[\\/]core[\\/]session\.ts$/.test(chunk.facadeModuleId ?? ""));
  if (!session) throw new Error("first-draw: no chunk holds src/core/session.ts");
  return { texts, session: session.fileName };
}

/** The Vite plugin: `first-draw.json` beside the loader. */
export function firstDraw(): Plugin {
  return {
    name: "macc-first-draw",
    apply: "build",
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [file] : []));
      this.emitFile({ type: "asset", fileName: FIRST_DRAW_FILE, source: `${JSON.stringify(firstDrawFiles(chunks), null, 1)}\n` });
    },
  };
}
