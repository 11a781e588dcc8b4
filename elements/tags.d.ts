// Generated from the tag registry (src/core/tags.ts) and the Custom Elements Manifest: do not edit.

/** One of the ten locales. */
export type MaccLocale = "fr-FR" | "fr-BE" | "fr-LU" | "de-BE" | "de-LU" | "en-GB" | "es-ES" | "it-IT" | "nl-BE" | "nl-NL";
/** A route name of the specification (SPEC §2). */
export type MaccRouteName =
  | "AGRIMACC"
  | "AIDE_CONNEXION"
  | "CHANGEMENT_EMAIL"
  | "CHOIX_ENTREPRISE"
  | "CONFIRMATION_INFORMATION"
  | "CONSEILLER"
  | "COORDONNEE_BANCAIRE"
  | "DASHBOARD"
  | "FACTURES"
  | "FORMULAIRE_CONTACT"
  | "INFOS_PERSONNEL"
  | "INSCRIPTION"
  | "INTERLOCUTEURS"
  | "INVITATION"
  | "LOGIN"
  | "LOGIN_PANIER"
  | "MAINTENANCE"
  | "MOT_DE_PASSE_OUBLIE"
  | "MOT_DE_PASSE_UPDATE"
  | "PANIER"
  | "PANIER_VALIDER"
  | "PARC_PRODUITS"
  | "PARC_PRODUITS_DETAIL"
  | "PARC_PRODUITS_DETAIL_SAV"
  | "SERVICE_REQUEST"
  | "SERVICE_REQUESTS"
  | "TEAM"
  | "SECURITY"
  | "NOTIFICATIONS";

/** `event.detail` of each `macc-*` event. */
export interface MaccEventDetailMap {
  /** a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path` */
  "macc-navigate": { route: MaccRouteName; params: { codeFamille?: string }; path: string };
  /** the element's code failed to load or took over 120 s (the loader shows its message in the element's place) */
  "macc-load-error": { type: "error" | "timeout"; url: string };
  /** a login through any form, or the end of a registration (`idTier`: the company chosen first, or null) */
  "macc-login": { uuidCompte: string; emailLogin: string; idTier: string | null };
  /** whenever a session ends: `"user"` (the logout button), `"idle"` (inactivity), `"expired"` (the session could not be renewed), `"forced"` (the API refused a call) */
  "macc-logout": { reason: "user" | "idle" | "expired" | "forced" };
  /** another company chosen (not at login, not the same one again) */
  "macc-company-change": { idTier: string; codeReseau: string };
  /** `<macc-action-banner>` read or changed what needs the customer: `total` entries, `actionRequired` of them to act on (0 and 0 for a visitor), for a badge on the host page */
  "macc-notifications-change": { total: number; actionRequired: number };
  /** the basket's items changed (basket screen, `<macc-add-to-basket>`, `?panier=`) */
  "macc-basket-change": { panier: string[] };
}

/** What every element has: its properties reflect the attributes of the same (camelCase) name. */
export interface MaccElement extends HTMLElement {
  /** the element's language; overrides the page's `data-locale`. Setting it sets the `locale` attribute. */
  locale: "fr-FR" | "fr-BE" | "fr-LU" | "de-BE" | "de-LU" | "en-GB" | "es-ES" | "it-IT" | "nl-BE" | "nl-NL" | undefined;
  /** the element's theme; overrides the page's `data-theme`. Setting it sets the `theme` attribute. */
  theme: "macc" | "agri" | undefined;
  /** base URL of the API; overrides the page's `data-api-base`. Setting it sets the `api-base` attribute. */
  apiBase: string | undefined;
}

/** `<macc-portal>`: every route of the spec, with header and footer; sets `<html lang>`, keeps the address in its language (the root path becomes LOGIN's) */
export interface MaccPortalElement extends MaccElement {
  /** path prefix of the portal's routes (default: the page's `data-portal-base`). Setting it sets the `base` attribute. */
  base: string | undefined;
}

/** `<macc-header>`: brand header: skip link, menus, locale selector, search, basket count, company block, logout; collapsed to one bar up to 48rem wide */
export type MaccHeaderElement = MaccElement;

/** `<macc-footer>`: contact block from the API (cached per network), legal links */
export type MaccFooterElement = MaccElement;

/** `<macc-login>`: LOGIN: log in with e-mail and password (a proof of work after failed attempts), links to a forgotten password, login help and registration */
export interface MaccLoginElement extends MaccElement {
  /** log in to continue validating the basket, then back to it (LOGIN_PANIER). Setting it sets the `variant` attribute. */
  variant: "basket" | undefined;
}

/** `<macc-maintenance>`: MAINTENANCE: the maintenance notice, in the page's language */
export type MaccMaintenanceElement = MaccElement;

/** `<macc-bank-details>`: COORDONNEE_BANCAIRE (fr-FR): the IBAN and account holder in force, a change being validated, a change with its RIB document; nothing while the server's `coordonnee-bancaire` feature is off */
export type MaccBankDetailsElement = MaccElement;

/** `<macc-company-choice>`: CHOIX_ENTREPRISE: pick the company you act for (its token, network and theme) */
export type MaccCompanyChoiceElement = MaccElement;

/** `<macc-info-confirmation>`: CONFIRMATION_INFORMATION: confirm or correct data never confirmed or older than 3 years */
export type MaccInfoConfirmationElement = MaccElement;

/** `<macc-personal-info>`: INFOS_PERSONNEL: personal and company data */
export type MaccPersonalInfoElement = MaccElement;

/** `<macc-password-update>`: MOT_DE_PASSE_UPDATE: change the password (once) */
export type MaccPasswordUpdateElement = MaccElement;

/** `<macc-forgot-password>`: MOT_DE_PASSE_OUBLIE: e-mail a reset link; opened with `?token=`, set the new password */
export type MaccForgotPasswordElement = MaccElement;

/** `<macc-login-help>`: AIDE_CONNEXION: help logging in (a forgotten password, no account yet, a blocked account) */
export type MaccLoginHelpElement = MaccElement;

/** `<macc-dashboard>`: DASHBOARD: what needs the customer (the action banner), then tiles for invoices, information, product fleet (bank details when switched on) */
export type MaccDashboardElement = MaccElement;

/** `<macc-action-banner>`: what needs the logged-in customer, most urgent first, each entry linking to its route (CONFIRMATION_INFORMATION, FACTURES, …) and dismissible until it changes; nothing for a visitor */
export type MaccActionBannerElement = MaccElement;

/** `<macc-invoices>`: FACTURES: search, year and status filters, sorting, paging, PDF per invoice, ZIP per year */
export type MaccInvoicesElement = MaccElement;

/** `<macc-product-fleet>`: PARC_PRODUITS, and with `family` its detail */
export interface MaccProductFleetElement extends MaccElement {
  /** a product family code, to show its detail (PARC_PRODUITS_DETAIL). Setting it sets the `family` attribute. */
  family: string | undefined;
  /** with `family`, the after-sales documents (PARC_PRODUITS_DETAIL_SAV). Setting it sets the `view` attribute. */
  view: "sav" | undefined;
}

/** `<macc-adviser>`: CONSEILLER: the customer's adviser, or the service to contact */
export type MaccAdviserElement = MaccElement;

/** `<macc-contacts>`: INTERLOCUTEURS (public): the network's services, the adviser first when logged in */
export type MaccContactsElement = MaccElement;

/** `<macc-service-request>`: SERVICE_REQUEST: a request to the network's after-sales service about a machine of the fleet, with photos */
export interface MaccServiceRequestElement extends MaccElement {
  /** the product family code of the machine (SERVICE_REQUEST's `codeFamille`); without it, a link to the fleet. Setting it sets the `family` attribute. */
  family: string | undefined;
  /** a machine's product code in that family, prefilled (the form asks which machine when the family has several). Setting it sets the `product` attribute. */
  product: string | undefined;
}

/** `<macc-team>`: TEAM: the company's members and invitations with role, status and end date; the owner invites, changes, suspends and removes */
export type MaccTeamElement = MaccElement;

/** `<macc-security>`: SECURITY: the account's signed-in devices (sign out one or all others) and its activity of the last 12 months, filtered and paged */
export type MaccSecurityElement = MaccElement;

/** `<macc-contact-form>`: FORMULAIRE_CONTACT: a message to one of the network's services */
export type MaccContactFormElement = MaccElement;

/** `<macc-basket>`: PANIER: the basket's items, the customer's details and the request for an adviser's call (sent once); with `view="sent"` PANIER_VALIDER, its confirmation */
export interface MaccBasketElement extends MaccElement {
  /** PANIER_VALIDER: the confirmation of the basket just sent from this tab. Setting it sets the `view` attribute. */
  view: "sent" | undefined;
}

/** `<macc-add-to-basket>`: a button that adds one item to the stored basket (never replacing it, unlike `?panier=`) and says so, with a link to PANIER: added with the new count, already there, no longer available, or the basket full; what the editor writes inside the tag (a plain link) shows until the element is defined, and stays when scripts do not run */
export interface MaccAddToBasketElement extends MaccElement {
  /** the catalogue id of the item to add (as in `?panier=`). Setting it sets the `item` attribute. */
  item: string | undefined;
  /** the item's name, said to screen readers with the button ("Add to basket: …"); give it when a page has several. Setting it sets the `name` attribute. */
  name: string | undefined;
}

/** `<macc-registration>`: INSCRIPTION: identify the company, choose companies, receive a 6-digit code, set a password */
export type MaccRegistrationElement = MaccElement;

declare global {
  interface HTMLElementTagNameMap {
    "macc-portal": MaccPortalElement;
    "macc-header": MaccHeaderElement;
    "macc-footer": MaccFooterElement;
    "macc-login": MaccLoginElement;
    "macc-maintenance": MaccMaintenanceElement;
    "macc-bank-details": MaccBankDetailsElement;
    "macc-company-choice": MaccCompanyChoiceElement;
    "macc-info-confirmation": MaccInfoConfirmationElement;
    "macc-personal-info": MaccPersonalInfoElement;
    "macc-password-update": MaccPasswordUpdateElement;
    "macc-forgot-password": MaccForgotPasswordElement;
    "macc-login-help": MaccLoginHelpElement;
    "macc-dashboard": MaccDashboardElement;
    "macc-action-banner": MaccActionBannerElement;
    "macc-invoices": MaccInvoicesElement;
    "macc-product-fleet": MaccProductFleetElement;
    "macc-adviser": MaccAdviserElement;
    "macc-contacts": MaccContactsElement;
    "macc-service-request": MaccServiceRequestElement;
    "macc-team": MaccTeamElement;
    "macc-security": MaccSecurityElement;
    "macc-contact-form": MaccContactFormElement;
    "macc-basket": MaccBasketElement;
    "macc-add-to-basket": MaccAddToBasketElement;
    "macc-registration": MaccRegistrationElement;
  }
  interface HTMLElementEventMap {
    "macc-navigate": CustomEvent<MaccEventDetailMap["macc-navigate"]>;
    "macc-load-error": CustomEvent<MaccEventDetailMap["macc-load-error"]>;
  }
  interface DocumentEventMap {
    "macc-navigate": CustomEvent<MaccEventDetailMap["macc-navigate"]>;
    "macc-load-error": CustomEvent<MaccEventDetailMap["macc-load-error"]>;
    "macc-login": CustomEvent<MaccEventDetailMap["macc-login"]>;
    "macc-logout": CustomEvent<MaccEventDetailMap["macc-logout"]>;
    "macc-company-change": CustomEvent<MaccEventDetailMap["macc-company-change"]>;
    "macc-notifications-change": CustomEvent<MaccEventDetailMap["macc-notifications-change"]>;
    "macc-basket-change": CustomEvent<MaccEventDetailMap["macc-basket-change"]>;
  }
}
