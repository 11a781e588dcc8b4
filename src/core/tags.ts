import { LOCALES } from "./constants.ts";

/**
 * The tag registry: every `macc-*` custom element, declared once. Pure data, read at build and
 * test time only (scripts/generate-tags.ts): the loader's name list, the reserved-space sheets,
 * the typings (`HTMLElementTagNameMap`, JSX) and the README's element table are generated from
 * it, and a test checks the element files against it. No page downloads this file, so its
 * descriptions cost nothing. (Its import names the `.ts` file: the build configuration loads it.)
 *
 * Adding a tag: one entry here, one `elements/<tag>.ts`, then `npm run generate`.
 */

/** How an attribute reaches the component's prop (r2wc's types). */
export type AttributeType = "string" | "number" | "boolean" | "json";

export interface TagAttribute {
  /** As written in HTML; the component's prop is its camelCase form (`api-base` → `apiBase`). */
  readonly name: string;
  readonly type: AttributeType;
  /** The only values it takes, when it takes only some. */
  readonly values?: readonly string[];
  /** Markdown, shown in the README and in editors. */
  readonly description: string;
}

/**
 * Widths where elements change layout, written as in their own style sheets: in a media query
 * `rem` is the browser's default font size, never the host page's root size.
 */
export const BREAKPOINTS = {
  /** Columns stack (controls.css). */
  columnsStack: "36rem",
  /** The header collapses to one bar (header.css). */
  headerCollapses: "48rem",
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/**
 * The height an element takes before its content is there, in CSS pixels: the elements size
 * themselves from a 16px base, so a host page's root font size (62.5%, say) must not scale it.
 * Header, login and footer were measured on the demo pages for a visitor; the others are the
 * usual height of their main state.
 */
export interface ReservedSpace {
  readonly wide: number;
  /** Up to the breakpoint's width, where the element's layout changes. */
  readonly narrow?: { readonly height: number; readonly upTo: Breakpoint };
}

/**
 * Events an element dispatches on itself (`CustomEvent`s, `bubbles: true, composed: true`); the
 * state events (`macc-login`, `macc-logout`, …) are the core's, on `document` (README "Events").
 */
export const ELEMENT_EVENTS: Readonly<Record<string, { detail: string; when: string; cancelable: boolean }>> = {
  "macc-navigate": { detail: "`{ route, params, path }`", when: "a link or button leads to a route", cancelable: true },
  "macc-load-error": { detail: "`{ type, url }`", when: "the element's code failed to load or took over 120 s", cancelable: false },
};

export interface TagDeclaration {
  readonly tag: `macc-${string}`;
  /** The component the element shows, from `src/`; `elements/<tag>.ts` wraps it. */
  readonly module: string;
  /** What it shows (its SPEC §2 route names), in Markdown. */
  readonly shows: string;
  readonly reserve: ReservedSpace;
  /** Its own attributes; every element also takes COMMON_ATTRIBUTES. */
  readonly attributes: readonly TagAttribute[];
}

export const COMMON_ATTRIBUTES = [
  { name: "locale", type: "string", values: LOCALES, description: "the element's language; overrides the page's `data-locale`" },
  { name: "theme", type: "string", values: ["macc", "agri"], description: "the element's theme; overrides the page's `data-theme`" },
  { name: "api-base", type: "string", description: "base URL of the API; overrides the page's `data-api-base`" },
] as const satisfies readonly TagAttribute[];

/** In the loader's order: the first tags found on a page are requested first. */
export const TAGS = [
  {
    tag: "macc-portal",
    module: "app/Portal",
    shows:
      "every route of the spec, with header and footer; sets `<html lang>`, keeps the address in its language (the root path becomes LOGIN's)",
    reserve: { wide: 640 },
    attributes: [
      { name: "base", type: "string", description: "path prefix of the portal's routes (default: the page's `data-portal-base`)" },
    ],
  },
  {
    tag: "macc-header",
    module: "areas/header/Header",
    shows:
      "brand header: skip link, menus, locale selector, search, basket count, company block, logout; collapsed to one bar up to 48rem wide",
    reserve: { wide: 116, narrow: { height: 64, upTo: "headerCollapses" } },
    attributes: [],
  },
  {
    tag: "macc-footer",
    module: "areas/footer/Footer",
    shows: "contact block from the API (cached per network), legal links",
    reserve: { wide: 504, narrow: { height: 912, upTo: "columnsStack" } },
    attributes: [],
  },
  {
    tag: "macc-login",
    module: "areas/login/Login",
    shows: "LOGIN",
    reserve: { wide: 526, narrow: { height: 884, upTo: "columnsStack" } },
    attributes: [{ name: "variant", type: "string", values: ["basket"], description: "LOGIN_PANIER" }],
  },
  { tag: "macc-maintenance", module: "areas/maintenance/Maintenance", shows: "MAINTENANCE", reserve: { wide: 128 }, attributes: [] },
  {
    tag: "macc-bank-details",
    module: "areas/bank-details/BankDetails",
    shows:
      "COORDONNEE_BANCAIRE (fr-FR): the IBAN and account holder in force, a change being validated, a change with its RIB document; nothing while the server's `coordonnee-bancaire` feature is off",
    // Nothing is reserved: with the feature off (the default) the element stays empty.
    reserve: { wide: 0 },
    attributes: [],
  },
  {
    tag: "macc-company-choice",
    module: "areas/company-choice/CompanyChoice",
    shows: "CHOIX_ENTREPRISE: pick the company you act for (its token, network and theme)",
    reserve: { wide: 320 },
    attributes: [],
  },
  {
    tag: "macc-info-confirmation",
    module: "areas/personal-info/InfoConfirmation",
    shows: "CONFIRMATION_INFORMATION: confirm or correct data never confirmed or older than 3 years",
    reserve: { wide: 480 },
    attributes: [],
  },
  {
    tag: "macc-personal-info",
    module: "areas/personal-info/PersonalInfo",
    shows: "INFOS_PERSONNEL: personal and company data",
    reserve: { wide: 640 },
    attributes: [],
  },
  {
    tag: "macc-password-update",
    module: "areas/password/PasswordUpdate",
    shows: "MOT_DE_PASSE_UPDATE: change the password (once)",
    reserve: { wide: 416 },
    attributes: [],
  },
  {
    tag: "macc-forgot-password",
    module: "areas/password/ForgotPassword",
    shows: "MOT_DE_PASSE_OUBLIE: e-mail a reset link; opened with `?token=`, set the new password",
    reserve: { wide: 288 },
    attributes: [],
  },
  { tag: "macc-login-help", module: "areas/login-help/LoginHelp", shows: "AIDE_CONNEXION", reserve: { wide: 480 }, attributes: [] },
  {
    tag: "macc-dashboard",
    module: "areas/dashboard/Dashboard",
    shows: "DASHBOARD: tiles for invoices, information, product fleet (bank details when switched on)",
    reserve: { wide: 320 },
    attributes: [],
  },
  {
    tag: "macc-invoices",
    module: "areas/invoices/Invoices",
    shows: "FACTURES: search, year and status filters, sorting, paging, PDF per invoice, ZIP per year",
    reserve: { wide: 576 },
    attributes: [],
  },
  {
    tag: "macc-product-fleet",
    module: "areas/product-fleet/ProductFleet",
    shows: "PARC_PRODUITS, and with `family` its detail",
    reserve: { wide: 384 },
    attributes: [
      { name: "family", type: "string", description: "a product family code, to show its detail (PARC_PRODUITS_DETAIL)" },
      { name: "view", type: "string", values: ["sav"], description: "with `family`, the after-sales documents (PARC_PRODUITS_DETAIL_SAV)" },
    ],
  },
  {
    tag: "macc-adviser",
    module: "areas/adviser/Adviser",
    shows: "CONSEILLER: the customer's adviser, or the service to contact",
    reserve: { wide: 224 },
    attributes: [],
  },
  {
    tag: "macc-contacts",
    module: "areas/contacts/Contacts",
    shows: "INTERLOCUTEURS (public): the network's services, the adviser first when logged in",
    reserve: { wide: 384 },
    attributes: [],
  },
  {
    tag: "macc-contact-form",
    module: "areas/contact-form/ContactForm",
    shows: "FORMULAIRE_CONTACT: a message to one of the network's services",
    reserve: { wide: 480 },
    attributes: [],
  },
  {
    tag: "macc-basket",
    module: "areas/basket/Basket",
    shows:
      "PANIER: the basket's items, the customer's details and the request for an adviser's call (sent once); with `view=\"sent\"` PANIER_VALIDER, its confirmation",
    reserve: { wide: 1297, narrow: { height: 1745, upTo: "columnsStack" } },
    attributes: [
      {
        name: "view",
        type: "string",
        values: ["sent"],
        description: "PANIER_VALIDER: the confirmation of the basket just sent from this tab",
      },
    ],
  },
  {
    tag: "macc-registration",
    module: "areas/registration/Registration",
    shows: "INSCRIPTION: identify the company, choose companies, receive a 6-digit code, set a password",
    reserve: { wide: 576 },
    attributes: [],
  },
] as const satisfies readonly TagDeclaration[];
