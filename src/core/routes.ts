import { FEATURES, FRESHNESS_YEARS, type Locale } from "./constants";
import { languageOf } from "./locale";

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

export type Access = "public" | "protected" | "restricted" | "off";

export const ROUTE_ACCESS: Record<RouteName, Access> = {
  AGRIMACC: "public",
  AIDE_CONNEXION: "public",
  CHOIX_ENTREPRISE: "protected",
  CONFIRMATION_INFORMATION: "protected",
  CONSEILLER: "protected",
  COORDONNEE_BANCAIRE: FEATURES.bankDetails ? "protected" : "off",
  DASHBOARD: "protected",
  FACTURES: "protected",
  FORMULAIRE_CONTACT: "protected",
  INFOS_PERSONNEL: "protected",
  INSCRIPTION: "restricted",
  INTERLOCUTEURS: "public",
  LOGIN: "restricted",
  LOGIN_PANIER: "restricted",
  MAINTENANCE: "public",
  MOT_DE_PASSE_OUBLIE: "public",
  MOT_DE_PASSE_UPDATE: "protected",
  PANIER: "public",
  PANIER_VALIDER: "public",
  PARC_PRODUITS: "protected",
  PARC_PRODUITS_DETAIL: "protected",
  PARC_PRODUITS_DETAIL_SAV: "protected",
};

type PathTable = Record<RouteName, string>;

const FR: PathTable = {
  AGRIMACC: "/agrimacc",
  AIDE_CONNEXION: "/mon-compte/mot-de-passe",
  CHOIX_ENTREPRISE: "/mon-compte/choixEntreprise",
  CONFIRMATION_INFORMATION: "/mon-compte/confirmation-information",
  CONSEILLER: "/contact/conseiller",
  COORDONNEE_BANCAIRE: "/mon-compte/coordonnee-bancaire",
  DASHBOARD: "/mon-compte",
  FACTURES: "/mon-compte/factures",
  FORMULAIRE_CONTACT: "/contact/formulaire-contact",
  INFOS_PERSONNEL: "/mon-compte/mes-informations",
  INSCRIPTION: "/inscription",
  INTERLOCUTEURS: "/contact",
  LOGIN: "/mon-compte/connexion",
  LOGIN_PANIER: "/panier/connexion",
  MAINTENANCE: "/maintenance",
  MOT_DE_PASSE_OUBLIE: "/mot-de-passe-oublie",
  MOT_DE_PASSE_UPDATE: "/mon-compte/mes-informations/update-mot-de-passe",
  PANIER: "/panier/validation",
  PANIER_VALIDER: "/panier/valide",
  PARC_PRODUITS: "/mon-compte/parc-produits",
  PARC_PRODUITS_DETAIL: "/mon-compte/parc-produits/:codeFamille",
  PARC_PRODUITS_DETAIL_SAV: "/mon-compte/parc-produits/:codeFamille/sav",
};

const EN: PathTable = {
  AGRIMACC: "/agrimacc",
  AIDE_CONNEXION: "/my-account/password",
  CHOIX_ENTREPRISE: "/my-account/choose-company",
  CONFIRMATION_INFORMATION: "/my-account/confirm-information",
  CONSEILLER: "/contact/adviser",
  COORDONNEE_BANCAIRE: "/my-account/bank-details",
  DASHBOARD: "/my-account",
  FACTURES: "/my-account/bills",
  FORMULAIRE_CONTACT: "/contact/contact-form",
  INFOS_PERSONNEL: "/my-account/my-information",
  INSCRIPTION: "/registration",
  INTERLOCUTEURS: "/contact",
  LOGIN: "/my-account/login",
  LOGIN_PANIER: "/cart/login",
  MAINTENANCE: "/maintenance",
  MOT_DE_PASSE_OUBLIE: "/forgotten-password",
  MOT_DE_PASSE_UPDATE: "/my-account/my-information/update-password",
  PANIER: "/cart/validation",
  PANIER_VALIDER: "/cart/validated",
  PARC_PRODUITS: "/my-account/MACC-products",
  PARC_PRODUITS_DETAIL: "/my-account/MACC-products/:codeFamille",
  PARC_PRODUITS_DETAIL_SAV: "/my-account/MACC-products/:codeFamille/sav",
};

const ES: PathTable = {
  AGRIMACC: "/agrimacc",
  AIDE_CONNEXION: "/mi-cuenta/contrasena",
  CHOIX_ENTREPRISE: "/mi-cuenta/elegir-empresa",
  CONFIRMATION_INFORMATION: "/mi-cuenta/confirmacion-informacion",
  CONSEILLER: "/contacto/asesor",
  COORDONNEE_BANCAIRE: "/mi-cuenta/datos-bancarios",
  DASHBOARD: "/mi-cuenta",
  FACTURES: "/mi-cuenta/facturas",
  FORMULAIRE_CONTACT: "/contacto/formulario-contacto",
  INFOS_PERSONNEL: "/mi-cuenta/mis-datos",
  INSCRIPTION: "/registro",
  INTERLOCUTEURS: "/contacto",
  LOGIN: "/mi-cuenta/conexion",
  LOGIN_PANIER: "/cesta/conexion",
  MAINTENANCE: "/mantenimiento",
  MOT_DE_PASSE_OUBLIE: "/contrasena-olvidada",
  MOT_DE_PASSE_UPDATE: "/mi-cuenta/mis-datos/cambiar-contrasena",
  PANIER: "/cesta/validacion",
  PANIER_VALIDER: "/cesta/validada",
  PARC_PRODUITS: "/mi-cuenta/productos-MACC",
  PARC_PRODUITS_DETAIL: "/mi-cuenta/productos-MACC/:codeFamille",
  PARC_PRODUITS_DETAIL_SAV: "/mi-cuenta/productos-MACC/:codeFamille/sav",
};

const NL: PathTable = {
  AGRIMACC: "/agrimacc",
  AIDE_CONNEXION: "/mijn-account/wachtwoord",
  CHOIX_ENTREPRISE: "/mijn-account/bedrijf-kiezen",
  CONFIRMATION_INFORMATION: "/mijn-account/bevestiging-gegevens",
  CONSEILLER: "/contact/adviseur",
  COORDONNEE_BANCAIRE: "/mijn-account/bankgegevens",
  DASHBOARD: "/mijn-account",
  FACTURES: "/mijn-account/facturen",
  FORMULAIRE_CONTACT: "/contact/contactformulier",
  INFOS_PERSONNEL: "/mijn-account/mijn-gegevens",
  INSCRIPTION: "/registratie",
  INTERLOCUTEURS: "/contact",
  LOGIN: "/mijn-account/inloggen",
  LOGIN_PANIER: "/winkelmandje/inloggen",
  MAINTENANCE: "/onderhoud",
  MOT_DE_PASSE_OUBLIE: "/wachtwoord-vergeten",
  MOT_DE_PASSE_UPDATE: "/mijn-account/mijn-gegevens/wachtwoord-wijzigen",
  PANIER: "/winkelmandje/bevestiging",
  PANIER_VALIDER: "/winkelmandje/geldig",
  PARC_PRODUITS: "/mijn-account/mijn-producten",
  PARC_PRODUITS_DETAIL: "/mijn-account/mijn-producten/:codeFamille",
  PARC_PRODUITS_DETAIL_SAV: "/mijn-account/mijn-producten/:codeFamille/sav",
};

const DE: PathTable = {
  AGRIMACC: "/agrimacc",
  AIDE_CONNEXION: "/mein-konto/passwort",
  CHOIX_ENTREPRISE: "/mein-konto/firma-waehlen",
  CONFIRMATION_INFORMATION: "/mein-konto/daten-bestaetigen",
  CONSEILLER: "/kontakt/berater",
  COORDONNEE_BANCAIRE: "/mein-konto/bankverbindung",
  DASHBOARD: "/mein-konto",
  FACTURES: "/mein-konto/rechnungen",
  FORMULAIRE_CONTACT: "/kontakt/kontaktformular",
  INFOS_PERSONNEL: "/mein-konto/meine-daten",
  INSCRIPTION: "/registrierung",
  INTERLOCUTEURS: "/kontakt",
  LOGIN: "/mein-konto/anmeldung",
  LOGIN_PANIER: "/warenkorb/anmeldung",
  MAINTENANCE: "/wartung",
  MOT_DE_PASSE_OUBLIE: "/passwort-vergessen",
  MOT_DE_PASSE_UPDATE: "/mein-konto/meine-daten/passwort-aendern",
  PANIER: "/warenkorb/bestaetigung",
  PANIER_VALIDER: "/warenkorb/bestaetigt",
  PARC_PRODUITS: "/mein-konto/meine-produkte",
  PARC_PRODUITS_DETAIL: "/mein-konto/meine-produkte/:codeFamille",
  PARC_PRODUITS_DETAIL_SAV: "/mein-konto/meine-produkte/:codeFamille/sav",
};

const IT: PathTable = {
  AGRIMACC: "/agrimacc",
  AIDE_CONNEXION: "/il-mio-account/password",
  CHOIX_ENTREPRISE: "/il-mio-account/scelta-azienda",
  CONFIRMATION_INFORMATION: "/il-mio-account/conferma-informazioni",
  CONSEILLER: "/contatti/consulente",
  COORDONNEE_BANCAIRE: "/il-mio-account/coordinate-bancarie",
  DASHBOARD: "/il-mio-account",
  FACTURES: "/il-mio-account/fatture",
  FORMULAIRE_CONTACT: "/contatti/modulo-contatto",
  INFOS_PERSONNEL: "/il-mio-account/i-miei-dati",
  INSCRIPTION: "/registrazione",
  INTERLOCUTEURS: "/contatti",
  LOGIN: "/il-mio-account/accesso",
  LOGIN_PANIER: "/carrello/accesso",
  MAINTENANCE: "/manutenzione",
  MOT_DE_PASSE_OUBLIE: "/password-dimenticata",
  MOT_DE_PASSE_UPDATE: "/il-mio-account/i-miei-dati/modifica-password",
  PANIER: "/carrello/convalida",
  PANIER_VALIDER: "/carrello/convalidato",
  PARC_PRODUITS: "/il-mio-account/prodotti-MACC",
  PARC_PRODUITS_DETAIL: "/il-mio-account/prodotti-MACC/:codeFamille",
  PARC_PRODUITS_DETAIL_SAV: "/il-mio-account/prodotti-MACC/:codeFamille/sav",
};

const BY_LANGUAGE: Record<string, PathTable> = { fr: FR, en: EN, es: ES, nl: NL, de: DE, it: IT };

export function pathTable(locale: Locale): PathTable {
  return BY_LANGUAGE[languageOf(locale)] ?? FR;
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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const compiled = new Map<PathTable, Array<[RouteName, RegExp]>>();
function patternsOf(table: PathTable): Array<[RouteName, RegExp]> {
  let list = compiled.get(table);
  if (!list) {
    list = ROUTE_NAMES.map((name) => {
      const source = escape(table[name]).replace(":codeFamille", "(?<codeFamille>[^/]+)");
      return [name, new RegExp(`^${source}/?$`, "i")] as [RouteName, RegExp];
    });
    compiled.set(table, list);
  }
  return list;
}

/**
 * Finds the route of a path (relative to the portal's base). The root path is LOGIN (SPEC §2).
 * Paths of the active locale win; paths of other languages still resolve so a shared link works.
 */
export function matchPath(path: string, locale: Locale): RouteMatch | null {
  const clean = path.replace(/\/+$/, "") || "/";
  if (clean === "/") return { name: "LOGIN", params: {} };
  const tables = [pathTable(locale), ...Object.values(BY_LANGUAGE)];
  for (const table of tables) {
    for (const [name, regex] of patternsOf(table)) {
      const m = regex.exec(clean);
      if (m) {
        const code = m.groups?.codeFamille;
        return { name, params: code ? { codeFamille: decodeURIComponent(code) } : {} };
      }
    }
  }
  return null;
}

export type Freshness = "fresh" | "missing" | "stale";

/** SPEC §4/§5: no last-update date, or one older than the limit, must be confirmed again. */
export function freshnessOf(
  derniereMiseAJour: string | null | undefined,
  now: Date,
  years: number = FRESHNESS_YEARS,
): Freshness {
  if (!derniereMiseAJour) return "missing";
  const updated = new Date(derniereMiseAJour);
  if (Number.isNaN(updated.getTime())) return "missing";
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() - years);
  // Whole calendar days: the API sends YYYY-MM-DD, and a date exactly `years` ago is not older than the limit.
  const updatedDay = DATE_ONLY.test(derniereMiseAJour) ? derniereMiseAJour : localDay(updated);
  return updatedDay < localDay(limit) ? "stale" : "fresh";
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const localDay = (d: Date) =>
  `${String(d.getFullYear()).padStart(4, "0")}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

const FRESHNESS_EXEMPT: ReadonlySet<RouteName> = new Set(["CHOIX_ENTREPRISE", "CONFIRMATION_INFORMATION"]);

export interface GuardContext {
  logged: boolean;
  derniereMiseAJour: string | null | undefined;
  now: Date;
}

/** One guard step: where a route must send the user instead, or null to stay. */
export function guardRedirect(name: RouteName, ctx: GuardContext): RouteName | null {
  const access = ROUTE_ACCESS[name];
  if (access === "off") return ctx.logged ? "DASHBOARD" : "LOGIN";
  if (access === "restricted" && ctx.logged) return "DASHBOARD";
  if (access !== "protected") return null;
  if (!ctx.logged) return "LOGIN";
  if (!FRESHNESS_EXEMPT.has(name) && freshnessOf(ctx.derniereMiseAJour, ctx.now) !== "fresh") {
    return "CONFIRMATION_INFORMATION";
  }
  return null;
}

/** Applies the guards until a route is allowed (restricted → DASHBOARD may itself need confirmation). */
export function resolveRoute(name: RouteName, ctx: GuardContext): RouteName {
  let current = name;
  for (let step = 0; step < 4; step++) {
    const next = guardRedirect(current, ctx);
    if (!next) return current;
    current = next;
  }
  return current;
}
