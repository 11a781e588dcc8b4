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

/** The languages of the ten locales (SPEC §9): a locale's texts are its language's. */
export const LANGUAGES = ["en", "fr", "de", "es", "it", "nl"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A text for CMS editors, written for people who are not developers, in every language (the
 * configurator shows the editor's). The manifest, typings and README keep the English `shows`
 * and `description`, written for developers.
 */
export type Texts = Readonly<Record<Language, string>>;

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
  /** For CMS editors: the control's label, what to put in it, and the words for its values. */
  readonly guide: { readonly label: Texts; readonly help: Texts; readonly values?: Readonly<Record<string, Texts>> };
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
  /**
   * For a logged-in customer, when the element's height depends on it (wide, and up to `narrow`'s
   * breakpoint): measured on the demo pages with the first demo company.
   */
  readonly loggedIn?: { readonly wide: number; readonly narrow?: number };
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
  "macc-notifications-change": {
    detail: "{ total: number; actionRequired: number }",
    description:
      "`<macc-action-banner>` read or changed what needs the customer: `total` entries, `actionRequired` of them to act on (0 and 0 for a visitor), for a badge on the host page",
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
  team: { description: "the team screen's outer box" },
  security: { description: "the security screen's outer box" },
  devices: { description: "the security screen's list of signed-in devices" },
  device: { description: "one signed-in device" },
  "device-sign-out": { description: "a device's sign-out button" },
  "sign-out-others": { description: "the security screen's “sign out all other devices” button" },
  activity: { description: "the security screen's activity list" },
  "activity-entry": { description: "one line of the activity list" },
  "activity-more": { description: "the activity list's “show more” button" },
  invitation: { description: "the invitation page's outer box (the portal's INVITATION)" },
  dashboard: { description: "the dashboard's outer box" },
  notifications: { description: "the notification centre's outer box (the portal's NOTIFICATIONS)" },
  "action-banner": { description: "the action banner (`<macc-action-banner>`, the dashboard's top)" },
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
  /** For CMS editors (the configurator's gallery): what it is called and what it does, in plain words. */
  readonly guide: { readonly name: Texts; readonly description: Texts };
  readonly reserve: ReservedSpace;
  /** Its own attributes; every element also takes COMMON_ATTRIBUTES. */
  readonly attributes: readonly TagAttribute[];
}

/** The label of the attribute that names a product family (the fleet's detail, a service request). */
const FAMILY_CODE: Texts = {
  en: "Product family code",
  fr: "Code de la famille de produits",
  de: "Code der Produktfamilie",
  es: "Código de la familia de productos",
  it: "Codice della famiglia di prodotti",
  nl: "Code van de productfamilie",
};

export const COMMON_ATTRIBUTES = [
  {
    guide: {
      label: { en: "Language", fr: "Langue", de: "Sprache", es: "Idioma", it: "Lingua", nl: "Taal" },
      help: {
        en: "The element's language. Leave it empty to use the page's.",
        fr: "La langue de l’élément. Laissez vide pour reprendre celle de la page.",
        de: "Die Sprache des Elements. Leer lassen, um die Sprache der Seite zu übernehmen.",
        es: "El idioma del elemento. Déjelo vacío para usar el de la página.",
        it: "La lingua dell’elemento. Lasciare vuoto per usare quella della pagina.",
        nl: "De taal van het element. Laat leeg om die van de pagina te gebruiken.",
      },
    },
    name: "locale",
    type: "string",
    values: LOCALES,
    description: "the element's language; overrides the page's `data-locale`",
  },
  {
    guide: {
      label: { en: "Theme", fr: "Thème", de: "Design", es: "Tema", it: "Tema", nl: "Thema" },
      help: {
        en: "The brand's colours and logo. Leave it empty to use the page's.",
        fr: "Les couleurs et le logo de la marque. Laissez vide pour reprendre ceux de la page.",
        de: "Farben und Logo der Marke. Leer lassen, um die der Seite zu übernehmen.",
        es: "Los colores y el logotipo de la marca. Déjelo vacío para usar los de la página.",
        it: "I colori e il logo del marchio. Lasciare vuoto per usare quelli della pagina.",
        nl: "De kleuren en het logo van het merk. Laat leeg om die van de pagina te gebruiken.",
      },
    },
    name: "theme",
    type: "string",
    values: ["macc", "agri"],
    description: "the element's theme; overrides the page's `data-theme`",
  },
  {
    guide: {
      label: {
        en: "Server address for this element",
        fr: "Adresse du serveur pour cet élément",
        de: "Serveradresse für dieses Element",
        es: "Dirección del servidor para este elemento",
        it: "Indirizzo del server per questo elemento",
        nl: "Serveradres voor dit element",
      },
      help: {
        en: "Only if this element must use another server than the rest of the page. Usually left empty.",
        fr: "Seulement si cet élément doit utiliser un autre serveur que le reste de la page. Le plus souvent laissé vide.",
        de: "Nur wenn dieses Element einen anderen Server als der Rest der Seite verwenden soll. Meist leer lassen.",
        es: "Solo si este elemento debe usar un servidor distinto del resto de la página. Normalmente se deja vacío.",
        it: "Solo se questo elemento deve usare un server diverso dal resto della pagina. Di solito si lascia vuoto.",
        nl: "Alleen als dit element een andere server moet gebruiken dan de rest van de pagina. Meestal leeg laten.",
      },
    },
    name: "api-base",
    type: "string",
    description: "base URL of the API; overrides the page's `data-api-base`",
  },
] as const satisfies readonly TagAttribute[];

/** In the loader's order: the first tags found on a page are requested first. */
/** The editor's label of a `view` attribute, which picks the page an element shows. */
const PAGE_SHOWN: Texts = {
  en: "Page shown",
  fr: "Page affichée",
  de: "Angezeigte Seite",
  es: "Página mostrada",
  it: "Pagina mostrata",
  nl: "Getoonde pagina",
};

export const TAGS = [
  {
    tag: "macc-portal",
    guide: {
      name: {
        en: "Whole customer area",
        fr: "Espace client complet",
        de: "Vollständiger Kundenbereich",
        es: "Área de cliente completa",
        it: "Area clienti completa",
        nl: "Volledige klantenzone",
      },
      description: {
        en: "The complete customer area in one block: login, account, invoices, products, basket and contact, with the site's header and footer. For a page given over to the customer area.",
        fr: "Tout l’espace client en un seul bloc : connexion, compte, factures, produits, panier et contact, avec l’en-tête et le pied de page du site. Pour une page consacrée à l’espace client.",
        de: "Der gesamte Kundenbereich in einem Block: Anmeldung, Konto, Rechnungen, Produkte, Warenkorb und Kontakt, mit Kopf- und Fußzeile der Website. Für eine Seite, die ganz dem Kundenbereich dient.",
        es: "Toda el área de cliente en un solo bloque: inicio de sesión, cuenta, facturas, productos, cesta y contacto, con la cabecera y el pie de página del sitio. Para una página dedicada al área de cliente.",
        it: "Tutta l’area clienti in un solo blocco: accesso, account, fatture, prodotti, carrello e contatti, con l’intestazione e il piè di pagina del sito. Per una pagina dedicata all’area clienti.",
        nl: "De hele klantenzone in één blok: inloggen, account, facturen, producten, winkelmandje en contact, met de kop- en voettekst van de site. Voor een pagina die helemaal aan de klantenzone is gewijd.",
      },
    },
    module: "app/Portal",
    shows:
      "every route of the spec, with header and footer; sets `<html lang>`, keeps the address in its language (the root path becomes LOGIN's)",
    reserve: { wide: 640 },
    attributes: [
      {
        guide: {
          label: {
            en: "Address of the customer area",
            fr: "Adresse de l’espace client",
            de: "Adresse des Kundenbereichs",
            es: "Dirección del área de cliente",
            it: "Indirizzo dell’area clienti",
            nl: "Adres van de klantenzone",
          },
          help: {
            en: "The path the customer area's pages live under, like /my-account. Leave it empty to use the page's setting.",
            fr: "Le chemin sous lequel se trouvent les pages de l’espace client, comme /mon-espace. Laissez vide pour reprendre le réglage de la page.",
            de: "Der Pfad, unter dem die Seiten des Kundenbereichs liegen, z. B. /mein-konto. Leer lassen, um die Einstellung der Seite zu übernehmen.",
            es: "La ruta bajo la que están las páginas del área de cliente, como /mi-cuenta. Déjelo vacío para usar el ajuste de la página.",
            it: "Il percorso sotto cui si trovano le pagine dell’area clienti, come /mio-account. Lasciare vuoto per usare l’impostazione della pagina.",
            nl: "Het pad waaronder de pagina’s van de klantenzone staan, zoals /mijn-account. Laat leeg om de instelling van de pagina te gebruiken.",
          },
        },
        name: "base",
        type: "string",
        description: "path prefix of the portal's routes (default: the page's `data-portal-base`)",
      },
    ],
  },
  {
    tag: "macc-header",
    guide: {
      name: {
        en: "Site header",
        fr: "En-tête du site",
        de: "Kopfzeile der Website",
        es: "Cabecera del sitio",
        it: "Intestazione del sito",
        nl: "Kop van de site",
      },
      description: {
        en: "The top of every page: logo, menus, language choice, search, basket and, once logged in, the customer's company and a log-out button.",
        fr: "Le haut de chaque page : logo, menus, choix de la langue, recherche, panier et, une fois connecté, la société du client et un bouton de déconnexion.",
        de: "Der obere Teil jeder Seite: Logo, Menüs, Sprachauswahl, Suche, Warenkorb und nach der Anmeldung das Unternehmen des Kunden und eine Schaltfläche zum Abmelden.",
        es: "La parte superior de cada página: logotipo, menús, elección del idioma, búsqueda, cesta y, una vez iniciada la sesión, la empresa del cliente y un botón para cerrar sesión.",
        it: "La parte alta di ogni pagina: logo, menu, scelta della lingua, ricerca, carrello e, dopo l’accesso, l’azienda del cliente e un pulsante per uscire.",
        nl: "De bovenkant van elke pagina: logo, menu’s, taalkeuze, zoeken, winkelmandje en, na het inloggen, het bedrijf van de klant en een knop om uit te loggen.",
      },
    },
    module: "areas/header/Header",
    shows: `brand header: skip link, menus, locale selector, search, basket count, company block, logout; collapsed to one bar up to ${BREAKPOINTS.headerCollapses} wide`,
    // Logged in, the company's bar is added: its name on two lines on a phone.
    reserve: { wide: 116, narrow: { height: 64, upTo: "headerCollapses" }, loggedIn: { wide: 177, narrow: 148 } },
    attributes: [],
  },
  {
    tag: "macc-footer",
    guide: {
      name: {
        en: "Site footer",
        fr: "Pied de page du site",
        de: "Fußzeile der Website",
        es: "Pie de página del sitio",
        it: "Piè di pagina del sito",
        nl: "Voettekst van de site",
      },
      description: {
        en: "The bottom of every page: the address, phone numbers and e-mail addresses of the local services, and the legal links.",
        fr: "Le bas de chaque page : l’adresse, les téléphones et les adresses e-mail des services locaux, et les liens légaux.",
        de: "Der untere Teil jeder Seite: Anschrift, Telefonnummern und E-Mail-Adressen der Dienste vor Ort sowie die rechtlichen Hinweise.",
        es: "La parte inferior de cada página: la dirección, los teléfonos y los correos electrónicos de los servicios locales, y los enlaces legales.",
        it: "La parte bassa di ogni pagina: l’indirizzo, i telefoni e gli indirizzi e-mail dei servizi locali, e i link legali.",
        nl: "De onderkant van elke pagina: het adres, de telefoonnummers en e-mailadressen van de lokale diensten, en de juridische links.",
      },
    },
    module: "areas/footer/Footer",
    shows: "contact block from the API (cached per network), legal links",
    reserve: { wide: 504, narrow: { height: 912, upTo: "columnsStack" } },
    attributes: [],
  },
  {
    tag: "macc-login",
    guide: {
      name: {
        en: "Login form",
        fr: "Formulaire de connexion",
        de: "Anmeldeformular",
        es: "Formulario de inicio de sesión",
        it: "Modulo di accesso",
        nl: "Inlogformulier",
      },
      description: {
        en: "Customers log in with their e-mail address and password. Links lead to a forgotten password, help and account creation.",
        fr: "Les clients se connectent avec leur adresse e-mail et leur mot de passe. Des liens mènent au mot de passe oublié, à l’aide et à la création de compte.",
        de: "Kunden melden sich mit ihrer E-Mail-Adresse und ihrem Passwort an. Links führen zu „Passwort vergessen“, zur Hilfe und zur Kontoerstellung.",
        es: "Los clientes inician sesión con su correo electrónico y su contraseña. Hay enlaces a la contraseña olvidada, a la ayuda y a la creación de cuenta.",
        it: "I clienti accedono con il loro indirizzo e-mail e la password. Dei link portano alla password dimenticata, all’aiuto e alla creazione dell’account.",
        nl: "Klanten loggen in met hun e-mailadres en wachtwoord. Links leiden naar een vergeten wachtwoord, hulp en het aanmaken van een account.",
      },
    },
    module: "areas/login/Login",
    shows:
      "LOGIN: log in with e-mail and password (a proof of work after failed attempts), links to a forgotten password, login help and registration",
    // Logged in, a short box that says so and leads to the account.
    reserve: { wide: 526, narrow: { height: 884, upTo: "columnsStack" }, loggedIn: { wide: 210, narrow: 269 } },
    attributes: [
      {
        guide: {
          label: { en: "Purpose", fr: "Usage", de: "Verwendung", es: "Uso", it: "Utilizzo", nl: "Gebruik" },
          help: {
            en: "Choose “Before sending the basket” on the page where customers log in to send their basket: they come back to it afterwards.",
            fr: "Choisissez « Avant d’envoyer le panier » sur la page où les clients se connectent pour envoyer leur panier : ils y reviennent ensuite.",
            de: "Wählen Sie „Vor dem Senden des Warenkorbs“ auf der Seite, auf der sich Kunden anmelden, um ihren Warenkorb zu senden: Danach kehren sie zu ihm zurück.",
            es: "Elija «Antes de enviar la cesta» en la página donde los clientes inician sesión para enviar su cesta: después vuelven a ella.",
            it: "Scegli «Prima di inviare il carrello» nella pagina in cui i clienti accedono per inviare il carrello: poi vi ritornano.",
            nl: "Kies ‘Voor het verzenden van het winkelmandje’ op de pagina waar klanten inloggen om hun winkelmandje te verzenden: daarna keren ze ernaar terug.",
          },
          values: {
            basket: {
              en: "Before sending the basket",
              fr: "Avant d’envoyer le panier",
              de: "Vor dem Senden des Warenkorbs",
              es: "Antes de enviar la cesta",
              it: "Prima di inviare il carrello",
              nl: "Voor het verzenden van het winkelmandje",
            },
          },
        },
        name: "variant",
        type: "string",
        values: ["basket"],
        description: "log in to continue validating the basket, then back to it (LOGIN_PANIER)",
      },
    ],
  },
  {
    tag: "macc-maintenance",
    guide: {
      name: {
        en: "Maintenance notice",
        fr: "Avis de maintenance",
        de: "Wartungshinweis",
        es: "Aviso de mantenimiento",
        it: "Avviso di manutenzione",
        nl: "Onderhoudsmelding",
      },
      description: {
        en: "A message telling visitors that the customer area is under maintenance, in the page's language.",
        fr: "Un message qui prévient les visiteurs que l’espace client est en maintenance, dans la langue de la page.",
        de: "Eine Meldung, dass der Kundenbereich gerade gewartet wird, in der Sprache der Seite.",
        es: "Un mensaje que avisa a los visitantes de que el área de cliente está en mantenimiento, en el idioma de la página.",
        it: "Un messaggio che avvisa i visitatori che l’area clienti è in manutenzione, nella lingua della pagina.",
        nl: "Een bericht dat bezoekers laat weten dat de klantenzone in onderhoud is, in de taal van de pagina.",
      },
    },
    module: "areas/maintenance/Maintenance",
    shows: "MAINTENANCE: the maintenance notice, in the page's language",
    reserve: { wide: 128 },
    attributes: [],
  },
  {
    tag: "macc-bank-details",
    guide: {
      name: {
        en: "Bank details",
        fr: "Coordonnées bancaires",
        de: "Bankverbindung",
        es: "Datos bancarios",
        it: "Coordinate bancarie",
        nl: "Bankgegevens",
      },
      description: {
        en: "Customers see their bank details and send a change with their bank document. It shows nothing while the service is switched off (France only).",
        fr: "Les clients voient leurs coordonnées bancaires et envoient une modification avec leur RIB. Rien ne s’affiche tant que le service est désactivé (France uniquement).",
        de: "Kunden sehen ihre Bankverbindung und senden eine Änderung mit ihrem Bankdokument. Solange der Dienst ausgeschaltet ist, wird nichts angezeigt (nur Frankreich).",
        es: "Los clientes ven sus datos bancarios y envían un cambio con su certificado bancario. No muestra nada mientras el servicio esté desactivado (solo Francia).",
        it: "I clienti vedono le loro coordinate bancarie e inviano una modifica con il documento della banca. Non mostra nulla finché il servizio è disattivato (solo Francia).",
        nl: "Klanten zien hun bankgegevens en sturen een wijziging met hun bankdocument. Zolang de dienst uitgeschakeld is, toont het niets (alleen Frankrijk).",
      },
    },
    module: "areas/bank-details/BankDetails",
    shows:
      "COORDONNEE_BANCAIRE (fr-FR): the IBAN and account holder in force, a change being validated, a change with its RIB document; nothing while the server's `coordonnee-bancaire` feature is off",
    // Nothing is reserved: with the feature off (the default) the element stays empty.
    reserve: { wide: 0 },
    attributes: [],
  },
  {
    tag: "macc-company-choice",
    guide: {
      name: {
        en: "Company choice",
        fr: "Choix de l’entreprise",
        de: "Unternehmensauswahl",
        es: "Elección de empresa",
        it: "Scelta dell’azienda",
        nl: "Bedrijfskeuze",
      },
      description: {
        en: "Customers linked to several companies choose the one they act for.",
        fr: "Les clients rattachés à plusieurs entreprises choisissent celle pour laquelle ils agissent.",
        de: "Kunden, die mit mehreren Unternehmen verbunden sind, wählen das Unternehmen, für das sie handeln.",
        es: "Los clientes vinculados a varias empresas eligen aquella en cuyo nombre actúan.",
        it: "I clienti collegati a più aziende scelgono quella per cui operano.",
        nl: "Klanten die aan meerdere bedrijven gekoppeld zijn, kiezen het bedrijf waarvoor ze handelen.",
      },
    },
    module: "areas/company-choice/CompanyChoice",
    shows: "CHOIX_ENTREPRISE: pick the company you act for (its token, network and theme)",
    reserve: { wide: 320 },
    attributes: [],
  },
  {
    tag: "macc-info-confirmation",
    guide: {
      name: {
        en: "Information check",
        fr: "Confirmation des informations",
        de: "Bestätigung der Angaben",
        es: "Confirmación de datos",
        it: "Conferma dei dati",
        nl: "Bevestiging van gegevens",
      },
      description: {
        en: "Asks customers to confirm or correct their information when it has never been confirmed or is more than 3 years old.",
        fr: "Demande aux clients de confirmer ou de corriger leurs informations quand elles n’ont jamais été confirmées ou datent de plus de 3 ans.",
        de: "Bittet Kunden, ihre Angaben zu bestätigen oder zu korrigieren, wenn sie nie bestätigt wurden oder älter als 3 Jahre sind.",
        es: "Pide a los clientes que confirmen o corrijan sus datos cuando nunca se han confirmado o tienen más de 3 años.",
        it: "Chiede ai clienti di confermare o correggere i loro dati quando non sono mai stati confermati o risalgono a più di 3 anni fa.",
        nl: "Vraagt klanten hun gegevens te bevestigen of te verbeteren wanneer die nooit bevestigd zijn of ouder zijn dan 3 jaar.",
      },
    },
    module: "areas/personal-info/InfoConfirmation",
    shows: "CONFIRMATION_INFORMATION: confirm or correct data never confirmed or older than 3 years",
    reserve: { wide: 480 },
    attributes: [],
  },
  {
    tag: "macc-personal-info",
    guide: {
      name: { en: "My information", fr: "Mes informations", de: "Meine Angaben", es: "Mis datos", it: "I miei dati", nl: "Mijn gegevens" },
      description: {
        en: "Customers view and update their personal details and their company's.",
        fr: "Les clients consultent et mettent à jour leurs coordonnées et celles de leur entreprise.",
        de: "Kunden sehen und ändern ihre persönlichen Angaben und die ihres Unternehmens.",
        es: "Los clientes consultan y actualizan sus datos personales y los de su empresa.",
        it: "I clienti consultano e aggiornano i propri dati personali e quelli della loro azienda.",
        nl: "Klanten bekijken en wijzigen hun persoonlijke gegevens en die van hun bedrijf.",
      },
    },
    module: "areas/personal-info/PersonalInfo",
    shows: "INFOS_PERSONNEL: personal and company data",
    reserve: { wide: 640 },
    attributes: [],
  },
  {
    tag: "macc-password-update",
    guide: {
      name: {
        en: "Password change",
        fr: "Changement de mot de passe",
        de: "Passwortänderung",
        es: "Cambio de contraseña",
        it: "Cambio password",
        nl: "Wachtwoord wijzigen",
      },
      description: {
        en: "Logged-in customers change their password (once only).",
        fr: "Les clients connectés changent leur mot de passe (une seule fois).",
        de: "Angemeldete Kunden ändern ihr Passwort (nur einmal).",
        es: "Los clientes con sesión iniciada cambian su contraseña (una sola vez).",
        it: "I clienti che hanno effettuato l’accesso cambiano la password (una sola volta).",
        nl: "Ingelogde klanten wijzigen hun wachtwoord (slechts één keer).",
      },
    },
    module: "areas/password/PasswordUpdate",
    shows: "MOT_DE_PASSE_UPDATE: change the password (once)",
    reserve: { wide: 416 },
    attributes: [],
  },
  {
    tag: "macc-forgot-password",
    guide: {
      name: {
        en: "Forgotten password",
        fr: "Mot de passe oublié",
        de: "Passwort vergessen",
        es: "Contraseña olvidada",
        it: "Password dimenticata",
        nl: "Wachtwoord vergeten",
      },
      description: {
        en: "Customers receive a link by e-mail to choose a new password.",
        fr: "Les clients reçoivent un lien par e-mail pour choisir un nouveau mot de passe.",
        de: "Kunden erhalten per E-Mail einen Link, um ein neues Passwort zu wählen.",
        es: "Los clientes reciben un enlace por correo electrónico para elegir una nueva contraseña.",
        it: "I clienti ricevono un link via e-mail per scegliere una nuova password.",
        nl: "Klanten krijgen per e-mail een link om een nieuw wachtwoord te kiezen.",
      },
    },
    module: "areas/password/ForgotPassword",
    shows: "MOT_DE_PASSE_OUBLIE: e-mail a reset link; opened with `?token=`, set the new password",
    reserve: { wide: 288 },
    attributes: [],
  },
  {
    tag: "macc-login-help",
    guide: {
      name: {
        en: "Login help",
        fr: "Aide à la connexion",
        de: "Hilfe zur Anmeldung",
        es: "Ayuda para iniciar sesión",
        it: "Aiuto per l’accesso",
        nl: "Hulp bij inloggen",
      },
      description: {
        en: "Answers for customers who cannot log in: a forgotten password, no account yet, a blocked account.",
        fr: "Des réponses pour les clients qui n’arrivent pas à se connecter : mot de passe oublié, pas encore de compte, compte bloqué.",
        de: "Antworten für Kunden, die sich nicht anmelden können: Passwort vergessen, noch kein Konto, Konto gesperrt.",
        es: "Respuestas para los clientes que no consiguen iniciar sesión: contraseña olvidada, todavía sin cuenta, cuenta bloqueada.",
        it: "Risposte per i clienti che non riescono ad accedere: password dimenticata, nessun account, account bloccato.",
        nl: "Antwoorden voor klanten die niet kunnen inloggen: wachtwoord vergeten, nog geen account, geblokkeerd account.",
      },
    },
    module: "areas/login-help/LoginHelp",
    shows: "AIDE_CONNEXION: help logging in (a forgotten password, no account yet, a blocked account)",
    reserve: { wide: 480 },
    attributes: [],
  },
  {
    tag: "macc-dashboard",
    guide: {
      name: {
        en: "Account home",
        fr: "Accueil du compte",
        de: "Kontoübersicht",
        es: "Inicio de la cuenta",
        it: "Home dell’account",
        nl: "Startpagina van het account",
      },
      description: {
        en: "The first page of the customer's account, with a tile for each section: invoices, information, products.",
        fr: "La première page du compte client, avec une vignette par rubrique : factures, informations, produits.",
        de: "Die Startseite des Kundenkontos mit einer Kachel pro Bereich: Rechnungen, Angaben, Produkte.",
        es: "La primera página de la cuenta del cliente, con un recuadro por sección: facturas, datos, productos.",
        it: "La prima pagina dell’account cliente, con un riquadro per ogni sezione: fatture, dati, prodotti.",
        nl: "De eerste pagina van het klantaccount, met een tegel per onderdeel: facturen, gegevens, producten.",
      },
    },
    module: "areas/dashboard/Dashboard",
    shows:
      "DASHBOARD: what needs the customer (the action banner), then tiles for invoices, information, product fleet (bank details when switched on)",
    reserve: { wide: 320 },
    attributes: [],
  },
  {
    tag: "macc-action-banner",
    guide: {
      name: {
        en: "Action banner",
        fr: "Bandeau des actions",
        de: "Hinweisleiste",
        es: "Banda de avisos",
        it: "Banner degli avvisi",
        nl: "Meldingenbalk",
      },
      description: {
        en: "What the logged-in customer must do or know, most urgent first: information to confirm, bank details being validated, a visit booked, new invoices. Shows nothing to visitors.",
        fr: "Ce que le client connecté doit faire ou savoir, le plus urgent d’abord : informations à confirmer, coordonnées bancaires en validation, intervention planifiée, nouvelles factures. N’affiche rien aux visiteurs.",
        de: "Was der angemeldete Kunde tun oder wissen muss, das Dringendste zuerst: zu bestätigende Angaben, Bankdaten in Prüfung, ein geplanter Einsatz, neue Rechnungen. Zeigt Besuchern nichts.",
        es: "Lo que el cliente conectado debe hacer o saber, lo más urgente primero: información que confirmar, datos bancarios en validación, una intervención programada, facturas nuevas. No muestra nada a los visitantes.",
        it: "Ciò che il cliente connesso deve fare o sapere, il più urgente per primo: informazioni da confermare, coordinate bancarie in convalida, un intervento programmato, nuove fatture. Non mostra nulla ai visitatori.",
        nl: "Wat de aangemelde klant moet doen of weten, het dringendste eerst: gegevens om te bevestigen, bankgegevens in controle, een gepland bezoek, nieuwe facturen. Toont bezoekers niets.",
      },
    },
    module: "areas/action-banner/ActionBanner",
    shows:
      "what needs the logged-in customer, most urgent first, each entry linking to its route (CONFIRMATION_INFORMATION, FACTURES, …) and dismissible until it changes; nothing for a visitor",
    // Nothing for a visitor, the most frequent case: a customer's banner reserves its own room while it loads.
    reserve: { wide: 0 },
    attributes: [],
  },
  {
    tag: "macc-invoices",
    guide: {
      name: { en: "Invoices", fr: "Factures", de: "Rechnungen", es: "Facturas", it: "Fatture", nl: "Facturen" },
      description: {
        en: "The customer's invoices, to search, filter by year or status and download as PDF.",
        fr: "Les factures du client, à rechercher, filtrer par année ou par statut et télécharger en PDF.",
        de: "Die Rechnungen des Kunden: suchen, nach Jahr oder Status filtern und als PDF herunterladen.",
        es: "Las facturas del cliente, para buscar, filtrar por año o estado y descargar en PDF.",
        it: "Le fatture del cliente, da cercare, filtrare per anno o stato e scaricare in PDF.",
        nl: "De facturen van de klant: zoeken, filteren op jaar of status en downloaden als pdf.",
      },
    },
    module: "areas/invoices/Invoices",
    shows: "FACTURES: search, year and status filters, sorting, paging, PDF per invoice, ZIP per year",
    reserve: { wide: 576 },
    attributes: [],
  },
  {
    tag: "macc-product-fleet",
    guide: {
      name: {
        en: "My products",
        fr: "Parc produits",
        de: "Meine Produkte",
        es: "Mis productos",
        it: "I miei prodotti",
        nl: "Mijn producten",
      },
      description: {
        en: "The products the customer has bought, with their technical and after-sales documents.",
        fr: "Les produits achetés par le client, avec leurs documents techniques et d’après-vente.",
        de: "Die vom Kunden gekauften Produkte mit ihren technischen und Kundendienst-Unterlagen.",
        es: "Los productos que ha comprado el cliente, con sus documentos técnicos y de posventa.",
        it: "I prodotti acquistati dal cliente, con i documenti tecnici e di assistenza post-vendita.",
        nl: "De producten die de klant heeft gekocht, met hun technische en aftersalesdocumenten.",
      },
    },
    module: "areas/product-fleet/ProductFleet",
    shows: "PARC_PRODUITS, and with `family` its detail",
    reserve: { wide: 384 },
    attributes: [
      {
        guide: {
          label: FAMILY_CODE,
          help: {
            en: "Give a product family's code to show its details instead of the whole list.",
            fr: "Indiquez le code d’une famille de produits pour afficher son détail au lieu de toute la liste.",
            de: "Geben Sie den Code einer Produktfamilie an, um deren Details statt der ganzen Liste zu zeigen.",
            es: "Indique el código de una familia de productos para mostrar su detalle en lugar de toda la lista.",
            it: "Indica il codice di una famiglia di prodotti per mostrarne il dettaglio invece dell’intero elenco.",
            nl: "Geef de code van een productfamilie om de details ervan te tonen in plaats van de hele lijst.",
          },
        },
        name: "family",
        type: "string",
        description: "a product family code, to show its detail (PARC_PRODUITS_DETAIL)",
      },
      {
        guide: {
          label: PAGE_SHOWN,
          help: {
            en: "With a product family code: choose “After-sales documents” to show that family's after-sales documents.",
            fr: "Avec un code de famille : choisissez « Documents d’après-vente » pour afficher les documents d’après-vente de cette famille.",
            de: "Mit einem Code der Produktfamilie: Wählen Sie „Kundendienst-Unterlagen“, um die Kundendienst-Unterlagen dieser Familie zu zeigen.",
            es: "Con un código de familia: elija «Documentos de posventa» para mostrar los documentos de posventa de esa familia.",
            it: "Con un codice di famiglia: scegli «Documenti di assistenza» per mostrare i documenti di assistenza post-vendita di quella famiglia.",
            nl: "Met een code van een productfamilie: kies ‘Aftersalesdocumenten’ om de aftersalesdocumenten van die familie te tonen.",
          },
          values: {
            sav: {
              en: "After-sales documents",
              fr: "Documents d’après-vente",
              de: "Kundendienst-Unterlagen",
              es: "Documentos de posventa",
              it: "Documenti di assistenza",
              nl: "Aftersalesdocumenten",
            },
          },
        },
        name: "view",
        type: "string",
        values: ["sav"],
        description: "with `family`, the after-sales documents (PARC_PRODUITS_DETAIL_SAV)",
      },
    ],
  },
  {
    tag: "macc-adviser",
    guide: {
      name: { en: "My adviser", fr: "Mon conseiller", de: "Mein Berater", es: "Mi asesor", it: "Il mio consulente", nl: "Mijn adviseur" },
      description: {
        en: "The customer's sales adviser with photo and contact details, or the service to contact.",
        fr: "Le conseiller commercial du client avec sa photo et ses coordonnées, ou le service à contacter.",
        de: "Der Verkaufsberater des Kunden mit Foto und Kontaktdaten oder der zuständige Dienst.",
        es: "El asesor comercial del cliente con su foto y sus datos de contacto, o el servicio al que dirigirse.",
        it: "Il consulente commerciale del cliente con foto e recapiti, oppure il servizio da contattare.",
        nl: "De verkoopadviseur van de klant met foto en contactgegevens, of de dienst om te contacteren.",
      },
    },
    module: "areas/adviser/Adviser",
    shows: "CONSEILLER: the customer's adviser, or the service to contact",
    reserve: { wide: 224 },
    attributes: [],
  },
  {
    tag: "macc-contacts",
    guide: {
      name: {
        en: "Contacts",
        fr: "Interlocuteurs",
        de: "Ansprechpartner",
        es: "Interlocutores",
        it: "Interlocutori",
        nl: "Contactpersonen",
      },
      description: {
        en: "The services to contact in the customer's country, their adviser first once logged in. Visible to everyone.",
        fr: "Les services à contacter dans le pays du client, son conseiller en premier une fois connecté. Visible par tous.",
        de: "Die Dienste, an die man sich im Land des Kunden wenden kann, nach der Anmeldung zuerst sein Berater. Für alle sichtbar.",
        es: "Los servicios a los que dirigirse en el país del cliente, primero su asesor una vez iniciada la sesión. Visible para todos.",
        it: "I servizi da contattare nel paese del cliente, per primo il suo consulente dopo l’accesso. Visibile a tutti.",
        nl: "De diensten om te contacteren in het land van de klant, na het inloggen eerst de eigen adviseur. Voor iedereen zichtbaar.",
      },
    },
    module: "areas/contacts/Contacts",
    shows: "INTERLOCUTEURS (public): the network's services, the adviser first when logged in",
    reserve: { wide: 384 },
    attributes: [],
  },
  {
    tag: "macc-service-request",
    guide: {
      name: {
        en: "Service request",
        fr: "Demande d’intervention",
        de: "Serviceanfrage",
        es: "Solicitud de intervención",
        it: "Richiesta di intervento",
        nl: "Interventieaanvraag",
      },
      description: {
        en: "Customers ask the after-sales service for help with a machine of their fleet, with photos.",
        fr: "Les clients demandent l’aide du service après-vente pour une machine de leur parc, avec des photos.",
        de: "Kunden bitten den Kundendienst mit Fotos um Hilfe bei einer Maschine ihres Bestands.",
        es: "Los clientes piden ayuda al servicio posventa para una máquina de su parque, con fotos.",
        it: "I clienti chiedono aiuto al servizio di assistenza per una macchina del loro parco, con foto.",
        nl: "Klanten vragen de aftersalesdienst om hulp bij een machine uit hun bestand, met foto’s.",
      },
    },
    module: "areas/service-request/ServiceRequestForm",
    shows: "SERVICE_REQUEST: a request to the network's after-sales service about a machine of the fleet, with photos",
    reserve: { wide: 1280, narrow: { height: 1720, upTo: "columnsStack" } },
    attributes: [
      {
        guide: {
          label: FAMILY_CODE,
          help: {
            en: "The product family of the customer's fleet the request is about.",
            fr: "La famille de produits du parc du client sur laquelle porte la demande.",
            de: "Die Produktfamilie aus dem Bestand des Kunden, um die es in der Anfrage geht.",
            es: "La familia de productos del parque del cliente a la que se refiere la solicitud.",
            it: "La famiglia di prodotti del parco del cliente a cui si riferisce la richiesta.",
            nl: "De productfamilie uit het bestand van de klant waarover de aanvraag gaat.",
          },
        },
        name: "family",
        type: "string",
        description: "the product family code of the machine (SERVICE_REQUEST's `codeFamille`); without it, a link to the fleet",
      },
      {
        guide: {
          label: {
            en: "Product code",
            fr: "Code produit",
            de: "Produktcode",
            es: "Código de producto",
            it: "Codice prodotto",
            nl: "Productcode",
          },
          help: {
            en: "Optional: the machine's product code, to choose it in advance when the family holds several machines.",
            fr: "Facultatif : le code produit de la machine, pour la choisir d’avance quand la famille en compte plusieurs.",
            de: "Optional: der Produktcode der Maschine, um sie vorab zu wählen, wenn die Familie mehrere Maschinen umfasst.",
            es: "Opcional: el código de producto de la máquina, para elegirla de antemano cuando la familia tiene varias.",
            it: "Facoltativo: il codice prodotto della macchina, per sceglierla in anticipo quando la famiglia ne comprende diverse.",
            nl: "Optioneel: de productcode van de machine, om ze vooraf te kiezen als de familie meerdere machines bevat.",
          },
        },
        name: "product",
        type: "string",
        description: "a machine's product code in that family, prefilled (the form asks which machine when the family has several)",
      },
    ],
  },
  {
    tag: "macc-team",
    guide: {
      name: {
        en: "Team",
        fr: "Équipe",
        de: "Team",
        es: "Equipo",
        it: "Team",
        nl: "Team",
      },
      description: {
        en: "The company's members and invitations: its owner invites an accountant or an employee with a role, changes, suspends or removes them.",
        fr: "Les membres et invitations de l’entreprise : son propriétaire invite un comptable ou un salarié avec un rôle, le modifie, le suspend ou le retire.",
        de: "Die Mitglieder und Einladungen des Unternehmens: Der Inhaber lädt einen Buchhalter oder Mitarbeiter mit einer Rolle ein, ändert, sperrt oder entfernt ihn.",
        es: "Los miembros e invitaciones de la empresa: su propietario invita a un contable o a un empleado con un rol, lo cambia, lo suspende o lo retira.",
        it: "I membri e gli inviti dell’azienda: il titolare invita un contabile o un dipendente con un ruolo, lo modifica, lo sospende o lo rimuove.",
        nl: "De leden en uitnodigingen van het bedrijf: de eigenaar nodigt een boekhouder of medewerker uit met een rol, wijzigt, schorst of verwijdert hem.",
      },
    },
    module: "areas/team/Team",
    shows: "TEAM: the company's members and invitations with role, status and end date; the owner invites, changes, suspends and removes",
    reserve: { wide: 720, narrow: { height: 1400, upTo: "columnsStack" } },
    attributes: [],
  },
  {
    tag: "macc-security",
    guide: {
      name: {
        en: "Security",
        fr: "Sécurité",
        de: "Sicherheit",
        es: "Seguridad",
        it: "Sicurezza",
        nl: "Beveiliging",
      },
      description: {
        en: "The customer's signed-in devices, to sign out one or all others, and their account's activity of the last 12 months (the company's team's too for its owner).",
        fr: "Les appareils connectés du client, pour en déconnecter un ou tous les autres, et l’activité de son compte sur 12 mois (celle de l’équipe de l’entreprise aussi pour son propriétaire).",
        de: "Die angemeldeten Geräte des Kunden, um eines oder alle anderen abzumelden, und die Aktivität seines Kontos der letzten 12 Monate (für den Inhaber auch die des Teams).",
        es: "Los dispositivos conectados del cliente, para cerrar la sesión de uno o de todos los demás, y la actividad de su cuenta de los últimos 12 meses (también la del equipo para su propietario).",
        it: "I dispositivi connessi del cliente, per disconnetterne uno o tutti gli altri, e l’attività del suo account degli ultimi 12 mesi (anche quella del team per il titolare).",
        nl: "De aangemelde apparaten van de klant, om er één of alle andere af te melden, en de activiteit van zijn account van de laatste 12 maanden (voor de eigenaar ook die van het team).",
      },
    },
    module: "areas/security/Security",
    shows:
      "SECURITY: the account's signed-in devices (sign out one or all others) and its activity of the last 12 months, filtered and paged",
    reserve: { wide: 900, narrow: { height: 1600, upTo: "columnsStack" } },
    attributes: [],
  },
  {
    tag: "macc-contact-form",
    guide: {
      name: {
        en: "Contact form",
        fr: "Formulaire de contact",
        de: "Kontaktformular",
        es: "Formulario de contacto",
        it: "Modulo di contatto",
        nl: "Contactformulier",
      },
      description: {
        en: "Customers send a message to one of the services.",
        fr: "Les clients envoient un message à l’un des services.",
        de: "Kunden senden eine Nachricht an einen der Dienste.",
        es: "Los clientes envían un mensaje a uno de los servicios.",
        it: "I clienti inviano un messaggio a uno dei servizi.",
        nl: "Klanten sturen een bericht naar een van de diensten.",
      },
    },
    module: "areas/contact-form/ContactForm",
    shows: "FORMULAIRE_CONTACT: a message to one of the network's services",
    reserve: { wide: 480 },
    attributes: [],
  },
  {
    tag: "macc-basket",
    guide: {
      name: { en: "Basket", fr: "Panier", de: "Warenkorb", es: "Cesta", it: "Carrello", nl: "Winkelmandje" },
      description: {
        en: "The items chosen on the site and the customer's details, to ask an adviser to call back. Also shows the confirmation once sent.",
        fr: "Les articles choisis sur le site et les coordonnées du client, pour demander à être rappelé par un conseiller. Affiche aussi la confirmation après l’envoi.",
        de: "Die auf der Website gewählten Artikel und die Angaben des Kunden, um einen Rückruf durch einen Berater anzufordern. Zeigt nach dem Senden auch die Bestätigung.",
        es: "Los artículos elegidos en el sitio y los datos del cliente, para pedir que un asesor le llame. También muestra la confirmación tras el envío.",
        it: "Gli articoli scelti sul sito e i dati del cliente, per chiedere di essere richiamati da un consulente. Mostra anche la conferma dopo l’invio.",
        nl: "De op de site gekozen artikelen en de gegevens van de klant, om door een adviseur teruggebeld te worden. Toont na het verzenden ook de bevestiging.",
      },
    },
    module: "areas/basket/Basket",
    shows:
      "PANIER: the basket's items, the customer's details and the request for an adviser's call (sent once); with `view=\"sent\"` PANIER_VALIDER, its confirmation",
    reserve: { wide: 1297, narrow: { height: 1745, upTo: "columnsStack" } },
    attributes: [
      {
        guide: {
          label: PAGE_SHOWN,
          help: {
            en: "Choose “Confirmation” on the page customers reach after sending their basket.",
            fr: "Choisissez « Confirmation d’envoi » sur la page où arrivent les clients après l’envoi de leur panier.",
            de: "Wählen Sie „Bestätigung“ auf der Seite, die Kunden nach dem Senden ihres Warenkorbs erreichen.",
            es: "Elija «Confirmación» en la página a la que llegan los clientes tras enviar su cesta.",
            it: "Scegli «Conferma» nella pagina a cui arrivano i clienti dopo aver inviato il carrello.",
            nl: "Kies ‘Bevestiging’ op de pagina waar klanten komen na het verzenden van hun winkelmandje.",
          },
          values: {
            sent: {
              en: "Confirmation",
              fr: "Confirmation d’envoi",
              de: "Bestätigung",
              es: "Confirmación",
              it: "Conferma",
              nl: "Bevestiging",
            },
          },
        },
        name: "view",
        type: "string",
        values: ["sent"],
        description: "PANIER_VALIDER: the confirmation of the basket just sent from this tab",
      },
    ],
  },
  {
    tag: "macc-add-to-basket",
    guide: {
      name: {
        en: "Add-to-basket button",
        fr: "Bouton « Ajouter au panier »",
        de: "Schaltfläche „In den Warenkorb“",
        es: "Botón «Añadir a la cesta»",
        it: "Pulsante «Aggiungi al carrello»",
        nl: "Knop ‘In winkelmandje’",
      },
      description: {
        en: "A button on a product page that adds one item to the basket, keeping what is already in it. What you write inside the tag (a plain link) shows until it loads.",
        fr: "Un bouton sur une page produit qui ajoute un article au panier, sans retirer ceux qui y sont déjà. Ce que vous écrivez dans la balise (un simple lien) s’affiche en attendant son chargement.",
        de: "Eine Schaltfläche auf einer Produktseite, die einen Artikel in den Warenkorb legt, ohne den bisherigen Inhalt zu entfernen. Was Sie in das Tag schreiben (ein einfacher Link), wird bis zum Laden angezeigt.",
        es: "Un botón en una página de producto que añade un artículo a la cesta sin quitar lo que ya contiene. Lo que escriba dentro de la etiqueta (un simple enlace) se muestra mientras se carga.",
        it: "Un pulsante in una pagina prodotto che aggiunge un articolo al carrello, senza togliere quelli già presenti. Ciò che scrivi dentro il tag (un semplice link) viene mostrato finché non si carica.",
        nl: "Een knop op een productpagina die een artikel aan het winkelmandje toevoegt, zonder weg te halen wat er al in zit. Wat u in de tag schrijft (een gewone link), is zichtbaar tot de knop geladen is.",
      },
    },
    module: "areas/add-to-basket/AddToBasket",
    shows:
      "a button that adds one item to the stored basket (never replacing it, unlike `?panier=`) and says so, with a link to PANIER: added with the new count, already there, no longer available, or the basket full; what the editor writes inside the tag (a plain link) shows until the element is defined, and stays when scripts do not run",
    reserve: { wide: 44 },
    attributes: [
      {
        guide: {
          label: {
            en: "Item number",
            fr: "Numéro de l’article",
            de: "Artikelnummer",
            es: "Número del artículo",
            it: "Numero dell’articolo",
            nl: "Artikelnummer",
          },
          help: {
            en: "The catalogue number of the item the button adds, like 1004.",
            fr: "Le numéro catalogue de l’article que le bouton ajoute, par exemple 1004.",
            de: "Die Katalognummer des Artikels, den die Schaltfläche hinzufügt, z. B. 1004.",
            es: "El número de catálogo del artículo que añade el botón, por ejemplo 1004.",
            it: "Il numero di catalogo dell’articolo che il pulsante aggiunge, per esempio 1004.",
            nl: "Het catalogusnummer van het artikel dat de knop toevoegt, bijvoorbeeld 1004.",
          },
        },
        name: "item",
        type: "string",
        description: "the catalogue id of the item to add (as in `?panier=`)",
      },
      {
        guide: {
          label: {
            en: "Item name",
            fr: "Nom de l’article",
            de: "Artikelname",
            es: "Nombre del artículo",
            it: "Nome dell’articolo",
            nl: "Naam van het artikel",
          },
          help: {
            en: "Read out by screen readers with the button. Give it when a page has several buttons.",
            fr: "Lu par les lecteurs d’écran avec le bouton. À indiquer quand une page a plusieurs boutons.",
            de: "Wird von Screenreadern mit der Schaltfläche vorgelesen. Angeben, wenn eine Seite mehrere Schaltflächen hat.",
            es: "Los lectores de pantalla lo leen con el botón. Indíquelo cuando una página tenga varios botones.",
            it: "Letto dai lettori di schermo insieme al pulsante. Da indicare quando una pagina ha più pulsanti.",
            nl: "Wordt door schermlezers met de knop voorgelezen. Geef het op als een pagina meerdere knoppen heeft.",
          },
        },
        name: "name",
        type: "string",
        description: 'the item\'s name, said to screen readers with the button ("Add to basket: …"); give it when a page has several',
      },
    ],
  },
  {
    tag: "macc-registration",
    guide: {
      name: {
        en: "Account creation",
        fr: "Création de compte",
        de: "Kontoerstellung",
        es: "Creación de cuenta",
        it: "Creazione dell’account",
        nl: "Account aanmaken",
      },
      description: {
        en: "New customers find their company, receive a 6-digit code and choose a password.",
        fr: "Les nouveaux clients retrouvent leur entreprise, reçoivent un code à 6 chiffres et choisissent un mot de passe.",
        de: "Neue Kunden finden ihr Unternehmen, erhalten einen 6-stelligen Code und wählen ein Passwort.",
        es: "Los nuevos clientes encuentran su empresa, reciben un código de 6 cifras y eligen una contraseña.",
        it: "I nuovi clienti trovano la loro azienda, ricevono un codice di 6 cifre e scelgono una password.",
        nl: "Nieuwe klanten zoeken hun bedrijf op, krijgen een code van 6 cijfers en kiezen een wachtwoord.",
      },
    },
    module: "areas/registration/Registration",
    shows: "INSCRIPTION: identify the company, choose companies, receive a 6-digit code, set a password",
    reserve: { wide: 576 },
    attributes: [],
  },
] as const satisfies readonly TagDeclaration[];
