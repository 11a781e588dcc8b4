import type { Locale } from "./constants";
import { pathsOf } from "./paths";

/** Route names of SPEC §2 are the contract; their paths are translated per language. */
export const ROUTE_NAMES = [
  "AGRIMACC",
  "AIDE_CONNEXION",
  "CHOIX_ENTREPRISE",
  "CONFIRMATION_INFORMATION",
  "CONSEILLER",
  "COORDONNEE_BANCAIRE",
  "DASHBOARD",
  "FACTURES",
  "FORMULAIRE_CONTACT",
  "INFOS_PERSONNEL",
  "INSCRIPTION",
  "INTERLOCUTEURS",
  "LOGIN",
  "LOGIN_PANIER",
  "MAINTENANCE",
  "MOT_DE_PASSE_OUBLIE",
  "MOT_DE_PASSE_UPDATE",
  "PANIER",
  "PANIER_VALIDER",
  "PARC_PRODUITS",
  "PARC_PRODUITS_DETAIL",
  "PARC_PRODUITS_DETAIL_SAV",
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export type PathTable = Record<RouteName, string>;

export function pathTable(locale: Locale): PathTable {
  return pathsOf(locale).routes;
}

export type RouteParams = { codeFamille?: string };
export interface RouteMatch {
  name: RouteName;
  params: RouteParams;
}

/** The path of a route in a locale, with `:codeFamille` filled in (URL-encoded). */
export function pathFor(name: RouteName, locale: Locale, params: RouteParams = {}): string {
  return pathTable(locale)[name].replace(":codeFamille", () => {
    if (!params.codeFamille) throw new Error(`Route ${name} needs codeFamille`);
    return encodeURIComponent(params.codeFamille);
  });
}
