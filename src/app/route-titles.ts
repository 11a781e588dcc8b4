import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { withValues } from "../core/i18n";
import type { RouteName } from "../core/routes";

/** Page titles of the portal's routes, for the document title and pages still to come. */
const ROUTE_TITLES: Record<RouteName, MessageDescriptor> = {
  AGRIMACC: msg`AGRIMACC`,
  AIDE_CONNEXION: msg`Help logging in`,
  CHOIX_ENTREPRISE: msg`Choose a company`,
  CONFIRMATION_INFORMATION: msg`Confirm your information`,
  CONSEILLER: msg({ message: "Your {brand} adviser" }),
  COORDONNEE_BANCAIRE: msg`Bank details`,
  DASHBOARD: msg`My account`,
  FACTURES: msg`My invoices`,
  FORMULAIRE_CONTACT: msg`Contact form`,
  INFOS_PERSONNEL: msg`My information`,
  INSCRIPTION: msg`Create my account`,
  INTERLOCUTEURS: msg`Contact us`,
  LOGIN: msg`I log in to my account`,
  LOGIN_PANIER: msg`Log in to continue`,
  MAINTENANCE: msg`Maintenance`,
  MOT_DE_PASSE_OUBLIE: msg`Forgot password`,
  MOT_DE_PASSE_UPDATE: msg`Change my password`,
  PANIER: msg`Your basket`,
  PANIER_VALIDER: msg`Basket sent`,
  PARC_PRODUITS: msg`My product fleet`,
  PARC_PRODUITS_DETAIL: msg`Product details`,
  PARC_PRODUITS_DETAIL_SAV: msg`After-sales service`,
};

/** A route's page title; `brand` fills the {brand} placeholder of the titles that name it. */
export function routeTitle(i18n: I18n, name: RouteName, brand: string): string {
  return i18n._(withValues(ROUTE_TITLES[name], { brand }));
}
