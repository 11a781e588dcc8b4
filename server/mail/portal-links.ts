/**
 * Every e-mail's link to a portal screen: on the customer's own country site (`PORTAL_BASE`, one
 * base per locale) and at the screen's route in the customer's language, from the route tables the
 * portal itself reads (src/core/paths). A link to a page the customer asked from (a reset link, an
 * e-mail change, an invitation) follows that page's own path instead: `pageLink`.
 */
import { DEFAULT_LOCALE, type Locale } from "../../src/contract/constants.ts";
import { languageOf, resolveLocale } from "../../src/core/locale.ts";
import de from "../../src/core/paths/de.ts";
import en from "../../src/core/paths/en.ts";
import es from "../../src/core/paths/es.ts";
import fr from "../../src/core/paths/fr.ts";
import it from "../../src/core/paths/it.ts";
import nl from "../../src/core/paths/nl.ts";
import type { PathTable, RouteName, RouteParams } from "../../src/core/routes.ts";
import type { Config } from "../config.ts";

/** Where each country site's portal is: a path on `PUBLIC_URL` or an origin of its own, per locale. */
export interface PortalBases {
  /** The portal of a locale not named in `locales`. */
  default: string;
  locales: Partial<Record<Locale, string>>;
}

const ROUTES: Record<string, PathTable> = { de: de.routes, en: en.routes, es: es.routes, fr: fr.routes, it: it.routes, nl: nl.routes };

/**
 * The address of `route` on the portal of the customer's locale (`langue` as the account keeps it;
 * an unknown one is fr-FR's), with `params` filled in and `query` after it.
 */
export function portalLink(
  config: Pick<Config, "publicUrl" | "portalBases">,
  langue: string | null | undefined,
  route: RouteName,
  { params = {}, query }: { params?: RouteParams; query?: Record<string, string> } = {},
): string {
  const locale = resolveLocale(langue);
  const base = config.portalBases.locales[locale] ?? config.portalBases.default;
  const table = ROUTES[languageOf(locale)] ?? ROUTES[languageOf(DEFAULT_LOCALE)]!;
  const path = encodeURI(table[route]).replace(":codeFamille", () => {
    if (!params.codeFamille) throw new Error(`Route ${route} needs codeFamille`);
    return encodeURIComponent(params.codeFamille);
  });
  const origin = /^https?:\/\//.test(base) ? "" : config.publicUrl;
  return `${origin}${base}${path}${query ? `?${new URLSearchParams(query)}` : ""}`;
}
