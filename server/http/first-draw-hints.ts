import { IS_LOGGED_COOKIE, LOCALE_COOKIE, type Locale } from "../../src/contract/constants.ts";
import { isLocale } from "../../src/core/locale.ts";
import { escapeHtml } from "../mail/templates.ts";

/**
 * What an element's first draw fetches after its code (scripts/first-draw.ts writes it at build
 * time): its texts in each language and the session's code. The element asks for them only once
 * React and the core have run, a round trip after its code on a slow line; a page that names them in
 * its head has them fetched beside that code.
 */
export interface FirstDrawFiles {
  /** Per tag, per locale: the files, beside the loader, that the element's first draw asks for in that language. */
  texts: Record<string, Partial<Record<Locale, string[]>>>;
  /** The session's code, which a page with a logged-in customer asks for at once. */
  session: string;
}

/** Its name, beside the loader. */
export const FIRST_DRAW_FILE = "first-draw.json";

/**
 * The files `<macc-portal>`'s first draw will ask for on this request: its texts in the language it
 * will show (the visitor's stored choice, else the page's; none when the address asks for another
 * with `?lang=`), and the session's code when the `isLogged` cookie says a customer is there.
 */
export function firstDrawFor(
  files: FirstDrawFiles | null,
  request: { pageLocale: string | null; search: string; cookies: Record<string, string> },
): string[] {
  if (!files) return [];
  const chosen = request.cookies[LOCALE_COOKIE];
  const locale = isLocale(chosen) ? chosen : request.pageLocale;
  const texts = isLocale(locale) && !new URLSearchParams(request.search).has("lang") ? (files.texts["macc-portal"]?.[locale] ?? []) : [];
  return request.cookies[IS_LOGGED_COOKIE] === "true" ? [files.session, ...texts] : texts;
}

/**
 * The page with `names` preloaded, from its loader's folder, at the end of its head: after what the
 * page itself asks for first (its style sheets, the loader, the element's code). `behindFirstScreen`:
 * the page is sent with its first screen, which its style sheet paints before any script; the files
 * then come after what that paint needs (`fetchpriority="low"`), in time for the element's takeover.
 */
export function withFirstDrawHints(page: string, names: readonly string[], behindFirstScreen = false): string {
  const folder = /<script\b[^>]*\ssrc="([^"]*\/)?macc-elements\.js"/.exec(page);
  if (!names.length || !folder) return page;
  const priority = behindFirstScreen ? ' fetchpriority="low"' : "";
  const links = names.map((name) => `    <link rel="modulepreload" href="${escapeHtml(`${folder[1] ?? ""}${name}`)}"${priority} />\n`);
  return page.replace(/([ \t]*)<\/head>/, (end) => links.join("") + end);
}
