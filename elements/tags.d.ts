// Generated from the tag registry (src/core/tags.ts) by `npm run generate`: edit the registry, not this file.
import type { DetailedHTMLProps, HTMLAttributes } from "react";

/** Every element takes these, and dispatches `macc-navigate` `{ route, params, path }` when a link or button leads to a route (cancelable); `macc-load-error` `{ type, url }` when the element's code failed to load or took over 120 s. */
interface MaccCommonAttributes {
  /** the element's language; overrides the page's `data-locale` */
  locale?: "fr-FR" | "fr-BE" | "fr-LU" | "de-BE" | "de-LU" | "en-GB" | "es-ES" | "it-IT" | "nl-BE" | "nl-NL";
  /** the element's theme; overrides the page's `data-theme` */
  theme?: "macc" | "agri";
  /** base URL of the API; overrides the page's `data-api-base` */
  "api-base"?: string;
}

type MaccElementProps<Own = object> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & MaccCommonAttributes & Own;

declare global {
  interface HTMLElementTagNameMap {
    /** `<macc-portal>`: every route of the spec, with header and footer; sets `<html lang>`, keeps the address in its language (the root path becomes LOGIN's). */
    "macc-portal": HTMLElement;
    /** `<macc-header>`: brand header: skip link, menus, locale selector, search, basket count, company block, logout; collapsed to one bar up to 48rem wide. */
    "macc-header": HTMLElement;
    /** `<macc-footer>`: contact block from the API (cached per network), legal links. */
    "macc-footer": HTMLElement;
    /** `<macc-login>`: LOGIN. */
    "macc-login": HTMLElement;
    /** `<macc-maintenance>`: MAINTENANCE. */
    "macc-maintenance": HTMLElement;
    /** `<macc-bank-details>`: COORDONNEE_BANCAIRE (fr-FR): the IBAN and account holder in force, a change being validated, a change with its RIB document; nothing while the server's `coordonnee-bancaire` feature is off. */
    "macc-bank-details": HTMLElement;
    /** `<macc-company-choice>`: CHOIX_ENTREPRISE: pick the company you act for (its token, network and theme). */
    "macc-company-choice": HTMLElement;
    /** `<macc-info-confirmation>`: CONFIRMATION_INFORMATION: confirm or correct data never confirmed or older than 3 years. */
    "macc-info-confirmation": HTMLElement;
    /** `<macc-personal-info>`: INFOS_PERSONNEL: personal and company data. */
    "macc-personal-info": HTMLElement;
    /** `<macc-password-update>`: MOT_DE_PASSE_UPDATE: change the password (once). */
    "macc-password-update": HTMLElement;
    /** `<macc-forgot-password>`: MOT_DE_PASSE_OUBLIE: e-mail a reset link; opened with `?token=`, set the new password. */
    "macc-forgot-password": HTMLElement;
    /** `<macc-login-help>`: AIDE_CONNEXION. */
    "macc-login-help": HTMLElement;
    /** `<macc-dashboard>`: DASHBOARD: tiles for invoices, information, product fleet (bank details when switched on). */
    "macc-dashboard": HTMLElement;
    /** `<macc-invoices>`: FACTURES: search, year and status filters, sorting, paging, PDF per invoice, ZIP per year. */
    "macc-invoices": HTMLElement;
    /** `<macc-product-fleet>`: PARC_PRODUITS, and with `family` its detail. */
    "macc-product-fleet": HTMLElement;
    /** `<macc-adviser>`: CONSEILLER: the customer's adviser, or the service to contact. */
    "macc-adviser": HTMLElement;
    /** `<macc-contacts>`: INTERLOCUTEURS (public): the network's services, the adviser first when logged in. */
    "macc-contacts": HTMLElement;
    /** `<macc-contact-form>`: FORMULAIRE_CONTACT: a message to one of the network's services. */
    "macc-contact-form": HTMLElement;
    /** `<macc-basket>`: PANIER: the basket's items, the customer's details and the request for an adviser's call (sent once); with `view="sent"` PANIER_VALIDER, its confirmation. */
    "macc-basket": HTMLElement;
    /** `<macc-registration>`: INSCRIPTION: identify the company, choose companies, receive a 6-digit code, set a password. */
    "macc-registration": HTMLElement;
  }
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** `<macc-portal>`: every route of the spec, with header and footer; sets `<html lang>`, keeps the address in its language (the root path becomes LOGIN's). */
      "macc-portal": MaccElementProps<{
        /** path prefix of the portal's routes (default: the page's `data-portal-base`) */
        base?: string;
      }>;
      /** `<macc-header>`: brand header: skip link, menus, locale selector, search, basket count, company block, logout; collapsed to one bar up to 48rem wide. */
      "macc-header": MaccElementProps;
      /** `<macc-footer>`: contact block from the API (cached per network), legal links. */
      "macc-footer": MaccElementProps;
      /** `<macc-login>`: LOGIN. */
      "macc-login": MaccElementProps<{
        /** LOGIN_PANIER */
        variant?: "basket";
      }>;
      /** `<macc-maintenance>`: MAINTENANCE. */
      "macc-maintenance": MaccElementProps;
      /** `<macc-bank-details>`: COORDONNEE_BANCAIRE (fr-FR): the IBAN and account holder in force, a change being validated, a change with its RIB document; nothing while the server's `coordonnee-bancaire` feature is off. */
      "macc-bank-details": MaccElementProps;
      /** `<macc-company-choice>`: CHOIX_ENTREPRISE: pick the company you act for (its token, network and theme). */
      "macc-company-choice": MaccElementProps;
      /** `<macc-info-confirmation>`: CONFIRMATION_INFORMATION: confirm or correct data never confirmed or older than 3 years. */
      "macc-info-confirmation": MaccElementProps;
      /** `<macc-personal-info>`: INFOS_PERSONNEL: personal and company data. */
      "macc-personal-info": MaccElementProps;
      /** `<macc-password-update>`: MOT_DE_PASSE_UPDATE: change the password (once). */
      "macc-password-update": MaccElementProps;
      /** `<macc-forgot-password>`: MOT_DE_PASSE_OUBLIE: e-mail a reset link; opened with `?token=`, set the new password. */
      "macc-forgot-password": MaccElementProps;
      /** `<macc-login-help>`: AIDE_CONNEXION. */
      "macc-login-help": MaccElementProps;
      /** `<macc-dashboard>`: DASHBOARD: tiles for invoices, information, product fleet (bank details when switched on). */
      "macc-dashboard": MaccElementProps;
      /** `<macc-invoices>`: FACTURES: search, year and status filters, sorting, paging, PDF per invoice, ZIP per year. */
      "macc-invoices": MaccElementProps;
      /** `<macc-product-fleet>`: PARC_PRODUITS, and with `family` its detail. */
      "macc-product-fleet": MaccElementProps<{
        /** a product family code, to show its detail (PARC_PRODUITS_DETAIL) */
        family?: string;
        /** with `family`, the after-sales documents (PARC_PRODUITS_DETAIL_SAV) */
        view?: "sav";
      }>;
      /** `<macc-adviser>`: CONSEILLER: the customer's adviser, or the service to contact. */
      "macc-adviser": MaccElementProps;
      /** `<macc-contacts>`: INTERLOCUTEURS (public): the network's services, the adviser first when logged in. */
      "macc-contacts": MaccElementProps;
      /** `<macc-contact-form>`: FORMULAIRE_CONTACT: a message to one of the network's services. */
      "macc-contact-form": MaccElementProps;
      /** `<macc-basket>`: PANIER: the basket's items, the customer's details and the request for an adviser's call (sent once); with `view="sent"` PANIER_VALIDER, its confirmation. */
      "macc-basket": MaccElementProps<{
        /** PANIER_VALIDER: the confirmation of the basket just sent from this tab */
        view?: "sent";
      }>;
      /** `<macc-registration>`: INSCRIPTION: identify the company, choose companies, receive a 6-digit code, set a password. */
      "macc-registration": MaccElementProps;
    }
  }
}
