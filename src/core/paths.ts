import type { Locale } from "../contract/constants";
import { languageOf } from "./locale";
import type { PathTable, RouteName, RouteParams } from "./routes";
import type { SitePage } from "./site";

/** A language's translated addresses: the portal's routes and the CMS site's pages. */
export interface LanguagePaths {
  routes: PathTable;
  site: Record<SitePage, string>;
}

/**
 * Path tables load per language with the locale's catalogs (an element renders once both are
 * here), so a page downloads only its own language's addresses.
 */
const modules = import.meta.glob<{ default: LanguagePaths }>("./paths/*.ts");
const tables = new Map<string, LanguagePaths>();
const FALLBACK_LANGUAGE = "fr";

const fileOf = (language: string) => (modules[`./paths/${language}.ts`] ? language : FALLBACK_LANGUAGE);

export function loadPaths(locale: Locale): Promise<void> {
  const language = fileOf(languageOf(locale));
  if (tables.has(language)) return Promise.resolve();
  return modules[`./paths/${language}.ts`]!().then((m) => void tables.set(language, m.default));
}

/** Every language's addresses, for matching a link shared from another country's site. */
export function loadAllPaths(): Promise<void> {
  return Promise.all(Object.keys(modules).map((file) => modules[file]!().then((m) => void tables.set(file.slice(8, -3), m.default)))).then(
    () => undefined,
  );
}

export function hasPaths(locale: Locale): boolean {
  return tables.has(fileOf(languageOf(locale)));
}

export function pathsOf(locale: Locale): LanguagePaths {
  const paths = tables.get(fileOf(languageOf(locale)));
  if (!paths) throw new Error(`Addresses for ${locale} are not loaded yet (loadPaths).`);
  return paths;
}

export function loadedPaths(): Iterable<LanguagePaths> {
  return tables.values();
}

export function pathTable(locale: Locale): PathTable {
  return pathsOf(locale).routes;
}

/** The path of a route in a locale, with `:codeFamille` filled in (URL-encoded). */
export function pathFor(name: RouteName, locale: Locale, params: RouteParams = {}): string {
  return pathTable(locale)[name].replace(":codeFamille", () => {
    if (!params.codeFamille) throw new Error(`Route ${name} needs codeFamille`);
    return encodeURIComponent(params.codeFamille);
  });
}

/** The address of a page of the country's CMS site, under the page's `data-site-base` when it has one. */
export function sitePath(page: SitePage, locale: Locale, siteBase = ""): string {
  return siteBase + pathsOf(locale).site[page];
}
