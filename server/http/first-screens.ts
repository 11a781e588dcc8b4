import { escapeHtml } from "../mail/templates.ts";
import { BASKET_COOKIE, IS_LOGGED_COOKIE, LOCALE_COOKIE, THEME_COOKIE } from "../../src/contract/constants.ts";

/**
 * The portal's first screens, drawn at build time (scripts/first-screens.ts) for the demo pages that
 * host `<macc-portal>`: sent inside the element as declarative shadow DOM, they show an anonymous
 * visitor the login screen before any script has run. The element then takes over (elements/define.tsx).
 */
export interface FirstScreen {
  /** The portal page's `data-portal-base`. */
  base: string;
  /** The addresses it is the first screen of: the portal's root and the login route it leads to. */
  paths: string[];
  locale: string;
  /** `macc` or `agri`, as the element's root names it. */
  theme: string;
  /** The document title the portal gives its login screen (the page is sent with it, and its language). */
  title: string;
  /** Its style sheet's address, fetched with the page's head (a sheet in a shadow root is found late). */
  stylesheet: string;
  /** `<template shadowrootmode="open">…</template>`: its sheet, the wide and the narrow header. */
  html: string;
}

/** Where the build writes them, under the build's folder. */
export const FIRST_SCREENS_MANIFEST = "first-screens/manifest.json";

/**
 * The first screen for a request of a portal page, when it is the one the visitor will see: an
 * anonymous visitor, on the portal's root or its login address, without a query (`?lang=`,
 * `?site=`, `?panier=`… change the screen), without a language or theme of their own that differs,
 * and with an empty basket.
 */
export function firstScreenFor(
  screens: readonly FirstScreen[],
  request: { base: string; pathname: string; search: string; cookies: Record<string, string> },
): FirstScreen | undefined {
  const { cookies } = request;
  if (request.search !== "" || cookies[IS_LOGGED_COOKIE] === "true") return undefined;
  const screen = screens.find((s) => s.base === request.base && s.paths.includes(request.pathname));
  if (!screen) return undefined;
  const locale = cookies[LOCALE_COOKIE];
  const theme = cookies[THEME_COOKIE];
  if ((locale && locale !== screen.locale) || (theme && theme !== screen.theme)) return undefined;
  // Its header shows an empty basket.
  if (cookies[BASKET_COOKIE]) return undefined;
  return screen;
}

/**
 * The page with the first screen inside its (empty) `<macc-portal>` element, its sheet asked for in
 * the head, and the title and language the portal gives the page (nothing changes at the takeover).
 */
export function withFirstScreen(page: string, screen: FirstScreen): string {
  return page
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(screen.title)}</title>`)
    .replace(/(<html\b[^>]*\slang=")[^"]*"/, (_, start: string) => `${start}${escapeHtml(screen.locale)}"`)
    .replace(/<head\b[^>]*>/, (head) => `${head}\n    <link rel="preload" href="${screen.stylesheet}" as="style" />`)
    .replace(/(<macc-portal\b[^>]*>)(\s*<\/macc-portal>)/, (_, open: string, close: string) => open + screen.html + close);
}
