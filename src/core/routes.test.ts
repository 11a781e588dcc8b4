import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../contract/constants";
import { ROUTE_NAMES, ROUTES, type RouteName } from "./routes";
import { freshnessOf, guardRedirect, matchPath, resolveRoute } from "./route-rules";
import { loadAllPaths, pathFor, pathTable } from "./paths";

beforeAll(() => loadAllPaths());

const WITH_PARAM: ReadonlySet<RouteName> = new Set(["PARC_PRODUITS_DETAIL", "PARC_PRODUITS_DETAIL_SAV", "SERVICE_REQUEST"]);
const paramsOf = (name: RouteName, codeFamille = "A B/C") => (WITH_PARAM.has(name) ? { codeFamille } : {});

const ROUTE_X_LOCALE = ROUTE_NAMES.flatMap((name) => LOCALES.map((locale) => [name, locale] as [RouteName, Locale]));

describe("path tables", () => {
  describe.each(LOCALES.map((l) => [l]))("%s", (locale) => {
    // Read inside each test: path tables load asynchronously (beforeAll), after collection.
    it.each(ROUTE_NAMES.map((n) => [n]))("%s has a path starting with '/'", (name) => {
      expect(pathTable(locale)[name]).toMatch(/^\/\S*$/);
    });

    it("no two routes share a path", () => {
      const table = pathTable(locale);
      const paths = ROUTE_NAMES.map((name) => table[name].toLowerCase());
      const duplicates = paths.filter((p, i) => paths.indexOf(p) !== i);
      expect(duplicates).toEqual([]);
    });

    it("only the product-family routes take :codeFamille", () => {
      const table = pathTable(locale);
      const withParam = ROUTE_NAMES.filter((name) => table[name].includes(":"));
      expect(withParam.sort()).toEqual([...WITH_PARAM].sort());
      for (const name of withParam) expect(table[name]).toContain(":codeFamille");
      expect(ROUTE_NAMES.filter((name) => "param" in ROUTES[name]).sort()).toEqual(withParam);
    });
  });
});

describe("SPEC §2 fr-FR paths", () => {
  it.each<[RouteName, string]>([
    ["AGRIMACC", "/agrimacc"],
    ["AIDE_CONNEXION", "/mon-compte/mot-de-passe"],
    ["CHANGEMENT_EMAIL", "/mon-compte/changement-email"],
    ["CHOIX_ENTREPRISE", "/mon-compte/choixEntreprise"],
    ["CONFIRMATION_INFORMATION", "/mon-compte/confirmation-information"],
    ["CONSEILLER", "/contact/conseiller"],
    ["COORDONNEE_BANCAIRE", "/mon-compte/coordonnee-bancaire"],
    ["DASHBOARD", "/mon-compte"],
    ["FACTURES", "/mon-compte/factures"],
    ["FORMULAIRE_CONTACT", "/contact/formulaire-contact"],
    ["INFOS_PERSONNEL", "/mon-compte/mes-informations"],
    ["INSCRIPTION", "/inscription"],
    ["INTERLOCUTEURS", "/contact"],
    ["LOGIN", "/mon-compte/connexion"],
    ["LOGIN_PANIER", "/panier/connexion"],
    ["MAINTENANCE", "/maintenance"],
    ["MOT_DE_PASSE_OUBLIE", "/mot-de-passe-oublie"],
    ["MOT_DE_PASSE_UPDATE", "/mon-compte/mes-informations/update-mot-de-passe"],
    ["PANIER", "/panier/validation"],
    ["PANIER_VALIDER", "/panier/valide"],
    ["PARC_PRODUITS", "/mon-compte/parc-produits"],
    ["PARC_PRODUITS_DETAIL", "/mon-compte/parc-produits/:codeFamille"],
    ["PARC_PRODUITS_DETAIL_SAV", "/mon-compte/parc-produits/:codeFamille/sav"],
    ["SERVICE_REQUEST", "/mon-compte/parc-produits/:codeFamille/demande"],
    ["SERVICE_REQUESTS", "/mon-compte/demandes-intervention"],
  ])("%s → %s", (name, path) => {
    expect(pathTable("fr-FR")[name]).toBe(path);
  });

  it("the table lists every route name", () => {
    expect(Object.keys(pathTable("fr-FR")).sort()).toEqual([...ROUTE_NAMES].sort());
  });
});

describe("SPEC §2 translated paths", () => {
  it.each<[Locale, RouteName, string]>([
    ["en-GB", "DASHBOARD", "/my-account"],
    ["en-GB", "FACTURES", "/my-account/bills"],
    ["en-GB", "PANIER", "/cart/validation"],
    ["en-GB", "PARC_PRODUITS_DETAIL", "/my-account/MACC-products/:codeFamille"],
    ["es-ES", "DASHBOARD", "/mi-cuenta"],
    ["es-ES", "PANIER", "/cesta/validacion"],
    ["nl-NL", "DASHBOARD", "/mijn-account"],
    ["nl-NL", "FACTURES", "/mijn-account/facturen"],
    ["nl-NL", "PANIER", "/winkelmandje/bevestiging"],
    ["nl-NL", "PANIER_VALIDER", "/winkelmandje/geldig"],
    ["nl-NL", "PARC_PRODUITS_DETAIL", "/mijn-account/mijn-producten/:codeFamille"],
    ["nl-NL", "PARC_PRODUITS_DETAIL_SAV", "/mijn-account/mijn-producten/:codeFamille/sav"],
    ["nl-NL", "INSCRIPTION", "/registratie"],
    ["nl-NL", "MAINTENANCE", "/onderhoud"],
    ["nl-NL", "MOT_DE_PASSE_OUBLIE", "/wachtwoord-vergeten"],
    ["nl-BE", "FACTURES", "/mijn-account/facturen"],
  ])("%s %s → %s", (locale, name, path) => {
    expect(pathTable(locale)[name]).toBe(path);
  });

  it.each<[Locale, Locale]>([
    ["fr-BE", "fr-FR"],
    ["fr-LU", "fr-FR"],
    ["nl-BE", "nl-NL"],
    ["de-LU", "de-BE"],
  ])("%s uses the same paths as %s (paths are per language)", (a, b) => {
    expect(pathTable(a)).toEqual(pathTable(b));
  });
});

describe("pathFor / matchPath", () => {
  it.each(ROUTE_X_LOCALE)("%s in %s round-trips", (name, locale) => {
    const params = paramsOf(name);
    const path = pathFor(name, locale, params);
    expect(path.startsWith("/")).toBe(true);
    expect(path).not.toContain(":codeFamille");
    expect(matchPath(path, locale)).toEqual({ name, params });
  });

  it.each(ROUTE_X_LOCALE)("%s in %s tolerates a trailing slash", (name, locale) => {
    const params = paramsOf(name, "F12");
    expect(matchPath(`${pathFor(name, locale, params)}/`, locale)).toEqual({ name, params });
  });

  it.each<[string, string, string]>([
    ["A B/C", "/mon-compte/parc-produits/A%20B%2FC", "/mon-compte/parc-produits/A%20B%2FC/sav"],
    ["F12", "/mon-compte/parc-produits/F12", "/mon-compte/parc-produits/F12/sav"],
    ["é&?#", "/mon-compte/parc-produits/%C3%A9%26%3F%23", "/mon-compte/parc-produits/%C3%A9%26%3F%23/sav"],
  ])("codeFamille %j is URL-encoded in the path and decoded back", (code, detail, sav) => {
    expect(pathFor("PARC_PRODUITS_DETAIL", "fr-FR", { codeFamille: code })).toBe(detail);
    expect(pathFor("PARC_PRODUITS_DETAIL_SAV", "fr-FR", { codeFamille: code })).toBe(sav);
    expect(matchPath(detail, "fr-FR")).toEqual({ name: "PARC_PRODUITS_DETAIL", params: { codeFamille: code } });
    expect(matchPath(sav, "fr-FR")).toEqual({ name: "PARC_PRODUITS_DETAIL_SAV", params: { codeFamille: code } });
  });

  it.each([["PARC_PRODUITS_DETAIL"], ["PARC_PRODUITS_DETAIL_SAV"]] as const)("%s without codeFamille throws", (name) => {
    expect(() => pathFor(name, "fr-FR")).toThrow();
    expect(() => pathFor(name, "fr-FR", { codeFamille: "" })).toThrow();
  });

  it.each(LOCALES.flatMap((locale) => ["/", "", "//"].map((p) => [p, locale] as const)))("root path %j in %s → LOGIN", (path, locale) => {
    expect(matchPath(path, locale)).toEqual({ name: "LOGIN", params: {} });
  });

  it.each<[string]>([["/nowhere"], ["/mon-compte/inconnu"], ["/mon-compte/parc-produits/X/Y"], ["/mon-compte/parc-produits//sav"]])(
    "unknown path %j → null",
    (path) => {
      expect(matchPath(path, "fr-FR")).toBeNull();
    },
  );

  it("a link in another language still resolves", () => {
    expect(matchPath("/my-account/bills", "fr-FR")).toEqual({ name: "FACTURES", params: {} });
    expect(matchPath("/mon-compte/factures", "nl-NL")).toEqual({ name: "FACTURES", params: {} });
    expect(matchPath("/mijn-account/mijn-producten/X1/sav", "en-GB")).toEqual({
      name: "PARC_PRODUITS_DETAIL_SAV",
      params: { codeFamille: "X1" },
    });
  });

  it("matching ignores case", () => {
    expect(matchPath("/MON-COMPTE/CHOIXENTREPRISE", "fr-FR")).toEqual({ name: "CHOIX_ENTREPRISE", params: {} });
  });
});

// ---------------------------------------------------------------------------------------------
// Guards

const PROTECTED: RouteName[] = [
  "CHOIX_ENTREPRISE",
  "CONFIRMATION_INFORMATION",
  "CONSEILLER",
  "COORDONNEE_BANCAIRE",
  "DASHBOARD",
  "FACTURES",
  "FORMULAIRE_CONTACT",
  "INFOS_PERSONNEL",
  "MOT_DE_PASSE_UPDATE",
  "PARC_PRODUITS",
  "PARC_PRODUITS_DETAIL",
  "PARC_PRODUITS_DETAIL_SAV",
  "SERVICE_REQUEST",
  "SERVICE_REQUESTS",
  "TEAM",
  "SECURITY",
  "NOTIFICATIONS",
];
const RESTRICTED: RouteName[] = ["LOGIN", "LOGIN_PANIER", "INSCRIPTION"];
const PUBLIC: RouteName[] = [
  "AGRIMACC",
  "AIDE_CONNEXION",
  "CHANGEMENT_EMAIL",
  "INTERLOCUTEURS",
  "INVITATION",
  "MAINTENANCE",
  "MOT_DE_PASSE_OUBLIE",
  "PANIER",
  "PANIER_VALIDER",
];
// The account's security is reachable before the company's data is confirmed (a stolen session is ended at once).
const FRESHNESS_EXEMPT: RouteName[] = ["CHOIX_ENTREPRISE", "CONFIRMATION_INFORMATION", "SECURITY"];

const NOW = new Date(2025, 5, 15, 18, 30); // local time, late in the day on purpose
const FRESH = "2025-01-10";
const STALE = "2020-01-10";

const anonymous = { logged: false, derniereMiseAJour: null, now: NOW };
const loggedFresh = { logged: true, derniereMiseAJour: FRESH, now: NOW };
const loggedStale = { logged: true, derniereMiseAJour: STALE, now: NOW };
const loggedMissing = { logged: true, derniereMiseAJour: null, now: NOW };

describe("SPEC §2 access table", () => {
  it("classifies every route", () => {
    expect([...PROTECTED, ...RESTRICTED, ...PUBLIC].sort()).toEqual([...ROUTE_NAMES].sort());
  });
  it.each(PROTECTED.map((n) => [n, "protected"] as const))("%s is %s", (n, a) => expect(ROUTES[n].access).toBe(a));
  it.each(RESTRICTED.map((n) => [n, "restricted"] as const))("%s is %s", (n, a) => expect(ROUTES[n].access).toBe(a));
  it.each(PUBLIC.map((n) => [n, "public"] as const))("%s is %s", (n, a) => expect(ROUTES[n].access).toBe(a));
  it("COORDONNEE_BANCAIRE belongs to the bank-details feature, in fr-FR only", () => {
    expect(ROUTES.COORDONNEE_BANCAIRE).toEqual({
      access: "protected",
      feature: "coordonnee-bancaire",
      locales: ["fr-FR"],
      needs: ["company", "R"], // issue 29: the roles that read the company's data
    });
  });
});

describe("guardRedirect", () => {
  const rows: Array<[RouteName, string, typeof anonymous | typeof loggedFresh, RouteName | null]> = [];
  for (const name of RESTRICTED) {
    // LOGIN_PANIER leads back to the basket, which a logged-in customer can open at once.
    const landing = name === "LOGIN_PANIER" ? "PANIER" : "DASHBOARD";
    rows.push([name, "anonymous", anonymous, null]);
    rows.push([name, "logged, fresh", loggedFresh, landing]);
    rows.push([name, "logged, stale", loggedStale, landing]);
  }
  for (const name of PROTECTED) {
    const exempt = FRESHNESS_EXEMPT.includes(name);
    rows.push([name, "anonymous", anonymous, "LOGIN"]);
    rows.push([name, "logged, fresh", loggedFresh, null]);
    rows.push([name, "logged, stale", loggedStale, exempt ? null : "CONFIRMATION_INFORMATION"]);
    rows.push([name, "logged, no date", loggedMissing, exempt ? null : "CONFIRMATION_INFORMATION"]);
  }
  for (const name of PUBLIC) {
    rows.push([name, "anonymous", anonymous, null]);
    rows.push([name, "logged, fresh", loggedFresh, null]);
    rows.push([name, "logged, stale", loggedStale, null]);
    rows.push([name, "logged, no date", loggedMissing, null]);
  }

  it.each(rows)("%s, %s → %j", (name, _label, ctx, expected) => {
    expect(guardRedirect(name, ctx)).toBe(expected);
  });
});

describe("resolveRoute (guards applied until a route is allowed)", () => {
  const rows: Array<[RouteName, string, typeof anonymous | typeof loggedFresh, RouteName]> = [];
  for (const name of RESTRICTED) {
    // The basket is public: no confirmation asked on the way to it.
    const basket = name === "LOGIN_PANIER";
    rows.push([name, "anonymous", anonymous, name]);
    rows.push([name, "logged, fresh", loggedFresh, basket ? "PANIER" : "DASHBOARD"]);
    rows.push([name, "logged, stale", loggedStale, basket ? "PANIER" : "CONFIRMATION_INFORMATION"]);
    rows.push([name, "logged, no date", loggedMissing, basket ? "PANIER" : "CONFIRMATION_INFORMATION"]);
  }
  for (const name of PROTECTED) {
    const exempt = FRESHNESS_EXEMPT.includes(name);
    rows.push([name, "anonymous", anonymous, "LOGIN"]);
    rows.push([name, "logged, fresh", loggedFresh, name]);
    rows.push([name, "logged, stale", loggedStale, exempt ? name : "CONFIRMATION_INFORMATION"]);
    rows.push([name, "logged, no date", loggedMissing, exempt ? name : "CONFIRMATION_INFORMATION"]);
  }
  for (const name of PUBLIC) {
    rows.push([name, "anonymous", anonymous, name]);
    rows.push([name, "logged, stale", loggedStale, name]);
  }

  it.each(rows)("%s, %s → %s", (name, _label, ctx, expected) => {
    expect(resolveRoute(name, ctx)).toBe(expected);
  });
});

describe("freshness boundary (older than 3 years → confirm)", () => {
  // `now` is 15 June 2025 at 18:30 local time; the API sends calendar dates (YYYY-MM-DD).
  const local = (y: number, m: number, d: number, h = 9) => new Date(y, m - 1, d, h).toISOString();
  it.each<[string, string | null | undefined, "fresh" | "stale" | "missing"]>([
    ["updated today", "2025-06-15", "fresh"],
    ["2 years 364 days ago", "2022-06-16", "fresh"],
    ["exactly 3 years ago", "2022-06-15", "fresh"],
    ["3 years + 1 day ago", "2022-06-14", "stale"],
    ["10 years ago", "2015-01-01", "stale"],
    ["3 years + 1 day ago, as a timestamp later that day", local(2022, 6, 14, 23), "stale"],
    ["2 years 364 days ago, as a timestamp", local(2022, 6, 16, 0), "fresh"],
    ["null", null, "missing"],
    ["undefined", undefined, "missing"],
    ["empty", "", "missing"],
    ["not a date", "hier", "missing"],
  ])("%s (%j) → %s", (_label, value, expected) => {
    expect(freshnessOf(value, NOW)).toBe(expected);
  });

  it.each<[string, RouteName]>([
    ["2022-06-16", "FACTURES"],
    ["2022-06-15", "FACTURES"],
    ["2022-06-14", "CONFIRMATION_INFORMATION"],
  ])("derniereMiseAJour %s: FACTURES resolves to %s", (date, expected) => {
    expect(resolveRoute("FACTURES", { logged: true, derniereMiseAJour: date, now: NOW })).toBe(expected);
  });

  it("honours another limit when given one", () => {
    expect(freshnessOf("2024-06-14", NOW, 1)).toBe("stale");
    expect(freshnessOf("2024-06-16", NOW, 1)).toBe("fresh");
  });
});

describe("matchPath with a badly encoded family code", () => {
  it("is not a route (the portal shows its not-found page) rather than an exception", () => {
    expect(matchPath("/mon-compte/parc-produits/%E0", "fr-FR")).toBeNull();
    expect(matchPath("/mon-compte/parc-produits/%E0/sav", "fr-FR")).toBeNull();
  });
});
