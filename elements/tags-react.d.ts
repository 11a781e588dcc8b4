// Generated from the tag registry (src/core/tags.ts) and the Custom Elements Manifest: do not edit.
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type {
  MaccPortalElement,
  MaccHeaderElement,
  MaccFooterElement,
  MaccLoginElement,
  MaccMaintenanceElement,
  MaccBankDetailsElement,
  MaccCompanyChoiceElement,
  MaccInfoConfirmationElement,
  MaccPersonalInfoElement,
  MaccPasswordUpdateElement,
  MaccForgotPasswordElement,
  MaccLoginHelpElement,
  MaccDashboardElement,
  MaccActionBannerElement,
  MaccInvoicesElement,
  MaccProductFleetElement,
  MaccAdviserElement,
  MaccContactsElement,
  MaccServiceRequestElement,
  MaccTeamElement,
  MaccSecurityElement,
  MaccContactFormElement,
  MaccBasketElement,
  MaccAddToBasketElement,
  MaccRegistrationElement,
} from "./tags";

/** Every element takes these. */
interface MaccCommonAttributes {
  /** the element's language; overrides the page's `data-locale` */
  locale?: "fr-FR" | "fr-BE" | "fr-LU" | "de-BE" | "de-LU" | "en-GB" | "es-ES" | "it-IT" | "nl-BE" | "nl-NL";
  /** the element's theme; overrides the page's `data-theme` */
  theme?: "macc" | "agri";
  /** base URL of the API; overrides the page's `data-api-base` */
  "api-base"?: string;
}

type MaccElementProps<E extends HTMLElement, Own> = DetailedHTMLProps<HTMLAttributes<E>, E> & MaccCommonAttributes & Own;

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** `<macc-portal>`: every route of the spec, with header and footer; sets `<html lang>`, keeps the address in its language (the root path becomes LOGIN's) */
      "macc-portal": MaccElementProps<
        MaccPortalElement,
        {
          /** path prefix of the portal's routes (default: the page's `data-portal-base`) */
          base?: string;
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-header>`: brand header: skip link, menus, locale selector, search, basket count, company block, logout; collapsed to one bar up to 48rem wide */
      "macc-header": MaccElementProps<
        MaccHeaderElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-footer>`: contact block from the API (cached per network), legal links */
      "macc-footer": MaccElementProps<
        MaccFooterElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-login>`: LOGIN: log in with e-mail and password (a proof of work after failed attempts), links to a forgotten password, login help and registration */
      "macc-login": MaccElementProps<
        MaccLoginElement,
        {
          /** log in to continue validating the basket, then back to it (LOGIN_PANIER) */
          variant?: "basket";
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-maintenance>`: MAINTENANCE: the maintenance notice, in the page's language */
      "macc-maintenance": MaccElementProps<
        MaccMaintenanceElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-bank-details>`: COORDONNEE_BANCAIRE (fr-FR): the IBAN and account holder in force, a change being validated, a change with its RIB document; nothing while the server's `coordonnee-bancaire` feature is off */
      "macc-bank-details": MaccElementProps<
        MaccBankDetailsElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-company-choice>`: CHOIX_ENTREPRISE: pick the company you act for (its token, network and theme) */
      "macc-company-choice": MaccElementProps<
        MaccCompanyChoiceElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-info-confirmation>`: CONFIRMATION_INFORMATION: confirm or correct data never confirmed or older than 3 years */
      "macc-info-confirmation": MaccElementProps<
        MaccInfoConfirmationElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-personal-info>`: INFOS_PERSONNEL: personal and company data */
      "macc-personal-info": MaccElementProps<
        MaccPersonalInfoElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-password-update>`: MOT_DE_PASSE_UPDATE: change the password (once) */
      "macc-password-update": MaccElementProps<
        MaccPasswordUpdateElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-forgot-password>`: MOT_DE_PASSE_OUBLIE: e-mail a reset link; opened with `?token=`, set the new password */
      "macc-forgot-password": MaccElementProps<
        MaccForgotPasswordElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-login-help>`: AIDE_CONNEXION: help logging in (a forgotten password, no account yet, a blocked account) */
      "macc-login-help": MaccElementProps<
        MaccLoginHelpElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-dashboard>`: DASHBOARD: what needs the customer (the action banner), then tiles for invoices, information, product fleet (bank details when switched on) */
      "macc-dashboard": MaccElementProps<
        MaccDashboardElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-action-banner>`: what needs the logged-in customer, most urgent first, each entry linking to its route (CONFIRMATION_INFORMATION, FACTURES, …) and dismissible until it changes; nothing for a visitor */
      "macc-action-banner": MaccElementProps<
        MaccActionBannerElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-invoices>`: FACTURES: search, year and status filters, sorting, paging, PDF per invoice, ZIP per year */
      "macc-invoices": MaccElementProps<
        MaccInvoicesElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-product-fleet>`: PARC_PRODUITS, and with `family` its detail */
      "macc-product-fleet": MaccElementProps<
        MaccProductFleetElement,
        {
          /** a product family code, to show its detail (PARC_PRODUITS_DETAIL) */
          family?: string;
          /** with `family`, the after-sales documents (PARC_PRODUITS_DETAIL_SAV) */
          view?: "sav";
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-adviser>`: CONSEILLER: the customer's adviser, or the service to contact */
      "macc-adviser": MaccElementProps<
        MaccAdviserElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-contacts>`: INTERLOCUTEURS (public): the network's services, the adviser first when logged in */
      "macc-contacts": MaccElementProps<
        MaccContactsElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-service-request>`: SERVICE_REQUEST: a request to the network's after-sales service about a machine of the fleet, with photos */
      "macc-service-request": MaccElementProps<
        MaccServiceRequestElement,
        {
          /** the product family code of the machine (SERVICE_REQUEST's `codeFamille`); without it, a link to the fleet */
          family?: string;
          /** a machine's product code in that family, prefilled (the form asks which machine when the family has several) */
          product?: string;
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-team>`: TEAM: the company's members and invitations with role, status and end date; the owner invites, changes, suspends and removes */
      "macc-team": MaccElementProps<
        MaccTeamElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-security>`: SECURITY: the account's signed-in devices (sign out one or all others) and its activity of the last 12 months, filtered and paged */
      "macc-security": MaccElementProps<
        MaccSecurityElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-contact-form>`: FORMULAIRE_CONTACT: a message to one of the network's services */
      "macc-contact-form": MaccElementProps<
        MaccContactFormElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-basket>`: PANIER: the basket's items, the customer's details and the request for an adviser's call (sent once); with `view="sent"` PANIER_VALIDER, its confirmation */
      "macc-basket": MaccElementProps<
        MaccBasketElement,
        {
          /** PANIER_VALIDER: the confirmation of the basket just sent from this tab */
          view?: "sent";
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-add-to-basket>`: a button that adds one item to the stored basket (never replacing it, unlike `?panier=`) and says so, with a link to PANIER: added with the new count, already there, no longer available, or the basket full; what the editor writes inside the tag (a plain link) shows until the element is defined, and stays when scripts do not run */
      "macc-add-to-basket": MaccElementProps<
        MaccAddToBasketElement,
        {
          /** the catalogue id of the item to add (as in `?panier=`) */
          item?: string;
          /** the item's name, said to screen readers with the button ("Add to basket: …"); give it when a page has several */
          name?: string;
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
      /** `<macc-registration>`: INSCRIPTION: identify the company, choose companies, receive a 6-digit code, set a password */
      "macc-registration": MaccElementProps<
        MaccRegistrationElement,
        {
          /** On the element: a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`. Cancelable. Bubbles, composed. */
          "onmacc-navigate"?: (event: HTMLElementEventMap["macc-navigate"]) => void;
          /** On the element: the element's code failed to load or took over 120 s (the loader shows its message in the element's place). Bubbles, composed. */
          "onmacc-load-error"?: (event: HTMLElementEventMap["macc-load-error"]) => void;
        }
      >;
    }
  }
}
