import type { Catalog } from "./i18n.ts";
import { LOCALES } from "../contract/constants.ts";
import { BREAKPOINTS, type Breakpoint } from "./media.ts";

/**
 * The tag registry: every `macc-*` custom element, declared once, with its public API (attributes
 * and their properties, events, theming tokens, `::part` names). Pure data, read at build and
 * test time only: the build writes `dist/custom-elements.json` (the Custom Elements Manifest) and
 * the shipped typings from it (scripts/manifest.ts); `npm run generate` writes the loader's name
 * list, the reserved-space sheets, the in-repository typings and the README's element table
 * (scripts/tag-files.ts), and the elements' props; tests check the element files and the code against it. No page
 * downloads this file, so its descriptions cost nothing. (Its import names the `.ts` file: the
 * build configuration loads it.) The elements have no slots: what a page writes inside a tag (the
 * editor's fallback link in `<macc-add-to-basket>`) shows until the tag is defined, then the shadow root replaces it.
 *
 * Adding a tag: one entry here, one `elements/<tag>.ts` (its component and its area), then `npm run generate`.
 */

/** How an attribute reaches the component's prop (r2wc's types). */
export type AttributeType = "string" | "number" | "boolean" | "json";

export interface TagAttribute {
  /** As written in HTML; the component's prop is its camelCase form (`api-base` → `apiBase`). */
  readonly name: string;
  readonly type: AttributeType;
  /** The only values it takes, when it takes only some. */
  readonly values?: readonly string[];
  /**
   * Markdown, shown in the README and in editors; says what an absent attribute means (no
   * attribute has a literal default for the manifest's `default`: absent ones follow the page).
   */
  readonly description: string;
}

// The widths where elements change layout: declared with the style sheets' custom media.
export { BREAKPOINTS, type Breakpoint } from "./media.ts";

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
 * The suite's public events: `CustomEvent`s, `bubbles: true, composed: true` (README "Events").
 * `detail` is the TypeScript type the shipped typings give `event.detail` (`MaccRouteName` and
 * `MaccLocale` are declared there); scripts/manifest.test.ts checks it against src/core/events.ts.
 */
export interface EventDeclaration {
  readonly detail: string;
  /** Markdown: when it is dispatched. */
  readonly description: string;
  readonly cancelable: boolean;
}

/** Dispatched on the element itself: a host listens on the element (or React's `onmacc-navigate`). */
export const ELEMENT_EVENTS = {
  "macc-navigate": {
    detail: "{ route: MaccRouteName; params: { codeFamille?: string }; path: string }",
    description:
      "a link or button leads to a route (`route` is a SPEC §2 route name, `path` the portal address); `preventDefault()` keeps the page where it is, otherwise a standalone element loads `path`",
    cancelable: true,
  },
  "macc-load-error": {
    detail: '{ type: "error" | "timeout"; url: string }',
    description: "the element's code failed to load or took over 120 s (the loader shows its message in the element's place)",
    cancelable: false,
  },
} as const satisfies Readonly<Record<`macc-${string}`, EventDeclaration>>;

/**
 * The state events: the page's session and basket, dispatched by the core on `document` once per
 * change whatever caused it (any element, a timer, the API, the address), so they are the page's
 * contract rather than one element's. A host listens on `document`; they never reach an element.
 */
export const DOCUMENT_EVENTS = {
  "macc-login": {
    detail: "{ uuidCompte: string; emailLogin: string; idTier: string | null }",
    description: "a login through any form, or the end of a registration (`idTier`: the company chosen first, or null)",
    cancelable: false,
  },
  "macc-logout": {
    detail: '{ reason: "user" | "idle" | "expired" | "forced" }',
    description:
      'whenever a session ends: `"user"` (the logout button), `"idle"` (inactivity), `"expired"` (the session could not be renewed), `"forced"` (the API refused a call)',
    cancelable: false,
  },
  "macc-company-change": {
    detail: "{ idTier: string; codeReseau: string }",
    description: "another company chosen (not at login, not the same one again)",
    cancelable: false,
  },
  "macc-basket-change": {
    detail: "{ panier: string[] }",
    description: "the basket's items changed (basket screen, `<macc-add-to-basket>`, `?panier=`)",
    cancelable: false,
  },
} as const satisfies Readonly<Record<`macc-${string}`, EventDeclaration>>;

/**
 * The theming tokens an integrator may set on an element or any ancestor (README "Theming").
 * Their defaults are read from src/ui/styles/base.css, where they are used; a test fails when
 * that sheet uses a `--macc-*` property missing here, or one listed here is not used.
 */
export const CSS_PROPERTIES = {
  "--macc-color-brand": { syntax: "<color>", description: "brand colour: primary buttons, links, title icons" },
  "--macc-color-brand-strong": { syntax: "<color>", description: "darker brand colour: hovered links and buttons" },
  "--macc-color-brand-contrast": { syntax: "<color>", description: "text on the brand colour" },
  "--macc-color-accent": { syntax: "<color>", description: "light brand tint: selected items, highlighted rows" },
  "--macc-color-text": { syntax: "<color>", description: "body text" },
  "--macc-color-text-muted": { syntax: "<color>", description: "secondary text: hints, captions" },
  "--macc-color-surface": { syntax: "<color>", description: "background of panels, fields and dialogs" },
  "--macc-color-surface-alt": { syntax: "<color>", description: "alternate background: table stripes, skeletons, bands" },
  "--macc-color-border": { syntax: "<color>", description: "borders of fields, tables and panels" },
  "--macc-color-danger": { syntax: "<color>", description: "errors" },
  "--macc-color-success": { syntax: "<color>", description: "confirmations" },
  "--macc-color-focus": { syntax: "<color>", description: "the focus ring" },
  "--macc-font-family": { syntax: "*", description: "the elements' typeface" },
  "--macc-font-size": {
    syntax: "<length>",
    description: "base font size, in `px` (every size derives from it; the host page's root font size does not reach the elements)",
  },
  "--macc-radius": { syntax: "<length>", description: "corner radius of buttons, fields and panels" },
  "--macc-space": { syntax: "<length>", description: "base spacing unit" },
  "--macc-max-width": { syntax: "<length>", description: "width of the content column" },
} as const satisfies Readonly<Record<`--macc-${string}`, { syntax: string; description: string }>>;

/**
 * `::part()` names, public API kept stable (README "Theming"). Which element exposes which is
 * read from the code (scripts/manifest-sources.ts follows each element's imports); a test fails
 * when the code declares a part missing here, or one listed here is declared nowhere. `host`:
 * the page-wide element that carries it (created by the suite when first needed), when it is
 * not on the elements themselves.
 */
export const PARTS: Readonly<Record<string, { readonly description: string; readonly host?: "macc-toasts" | "macc-session-dialog" }>> = {
  root: { description: "the element's outer box, inside its shadow root" },
  title: { description: "a screen's page title" },
  field: { description: "a form field with its label, hint and error" },
  "error-summary": { description: "the list of a form's errors above it" },
  alert: { description: "any message box" },
  "alert-info": { description: "an information message box" },
  "alert-error": { description: "an error message box" },
  "alert-success": { description: "a success message box" },
  modal: { description: "a dialog" },
  "load-error": { description: "the message the loader shows in place of an element whose code failed to load" },
  toast: { description: "a toast message, on the page's `<macc-toasts>` element: `macc-toasts::part(toast)`", host: "macc-toasts" },
  "session-dialog": {
    description: "the inactivity warning, on the page's `<macc-session-dialog>` element: `macc-session-dialog::part(session-dialog)`",
    host: "macc-session-dialog",
  },
  header: { description: "the header band" },
  brand: { description: "the header's brand link" },
  menu: { description: "the header's main menu" },
  company: { description: "the header's company block" },
  "change-company": { description: "the header's change-company link" },
  logout: { description: "the header's logout button" },
  basket: { description: "the header's basket link and its count" },
  footer: { description: "the footer band" },
  "footer-address": { description: "the footer's postal address" },
  login: { description: "the login screen's outer box" },
  registration: { description: "the registration screen's outer box" },
  "forgot-password": { description: "the forgotten-password screen's outer box" },
  "login-help": { description: "the login help screen's outer box" },
  "company-choice": { description: "the company choice screen's outer box" },
  "info-confirmation": { description: "the information confirmation screen's outer box" },
  "personal-info": { description: "the personal information screen's outer box" },
  "profile-form": { description: "the personal and company data form" },
  "password-update": { description: "the password change screen's outer box" },
  dashboard: { description: "the dashboard's outer box" },
  tile: { description: "a dashboard tile" },
  "basket-requests": { description: "the dashboard's list of basket requests sent" },
  invoices: { description: "the invoices screen's outer box" },
  "product-fleet": { description: "the product fleet screen's outer box" },
  "product-detail": { description: "a product family's detail screen's outer box" },
  adviser: { description: "the adviser screen's outer box" },
  contacts: { description: "the contacts screen's outer box" },
  "contact-card": { description: "one contact's card" },
  "contact-form": { description: "the contact form screen's outer box" },
  "basket-screen": { description: "the basket screen's outer box" },
  "basket-item": { description: "one item of the basket" },
  "basket-account": { description: "the basket's customer details panel" },
  "bank-details": { description: "the bank details screen's outer box" },
  agrimacc: { description: "the AGRIMACC landing's outer box (in the portal)" },
  maintenance: { description: "the maintenance notice" },
};

/**
 * What an area brings besides its components, declared once in `src/areas/<area>/area.ts`: the
 * element that shows one of its components adopts it (`defineElement(tag, Component, area)`), and
 * the portal loads it with the screen's code (src/app/screens.tsx). A type only: it costs no page anything.
 */
export interface AreaDeclaration {
  /** Its message catalogs (one per area; the portal's shell has several). */
  readonly catalogs: readonly Catalog[];
  /** Its style sheets as CSS text (`?inline`), the shared controls among them when it uses them. */
  readonly styles: readonly string[];
}

export interface TagDeclaration {
  readonly tag: `macc-${string}`;
  /**
   * The component the element shows, from `src/`; `elements/<tag>.ts` wraps it with its folder's
   * area (`src/areas/<area>/area.ts`), the same the portal's screen of that component loads.
   */
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
    shows: `brand header: skip link, menus, locale selector, search, basket count, company block, logout; collapsed to one bar up to ${BREAKPOINTS.headerCollapses} wide`,
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
    shows:
      "LOGIN: log in with e-mail and password (a proof of work after failed attempts), links to a forgotten password, login help and registration",
    reserve: { wide: 526, narrow: { height: 884, upTo: "columnsStack" } },
    attributes: [
      {
        name: "variant",
        type: "string",
        values: ["basket"],
        description: "log in to continue validating the basket, then back to it (LOGIN_PANIER)",
      },
    ],
  },
  {
    tag: "macc-maintenance",
    module: "areas/maintenance/Maintenance",
    shows: "MAINTENANCE: the maintenance notice, in the page's language",
    reserve: { wide: 128 },
    attributes: [],
  },
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
  {
    tag: "macc-login-help",
    module: "areas/login-help/LoginHelp",
    shows: "AIDE_CONNEXION: help logging in (a forgotten password, no account yet, a blocked account)",
    reserve: { wide: 480 },
    attributes: [],
  },
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
    tag: "macc-add-to-basket",
    module: "areas/add-to-basket/AddToBasket",
    shows:
      "a button that adds one item to the stored basket (never replacing it, unlike `?panier=`) and says so, with a link to PANIER: added with the new count, already there, no longer available, or the basket full; what the editor writes inside the tag (a plain link) shows until the element is defined, and stays when scripts do not run",
    reserve: { wide: 44 },
    attributes: [
      { name: "item", type: "string", description: "the catalogue id of the item to add (as in `?panier=`)" },
      {
        name: "name",
        type: "string",
        description: 'the item\'s name, said to screen readers with the button ("Add to basket: …"); give it when a page has several',
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
