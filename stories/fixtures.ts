/**
 * Fixture data and response helpers for the stories. Shapes follow the valibot schemas of the
 * code they feed (FooterContactSchema in src/areas/footer/get-footer.ts, SessionSchema in
 * src/core/session.ts); a fixture that drifts from them fails parsing just like a bad server.
 */
import { ApiFixture, type ApiRequest } from "../.storybook/api-stub";
import type { FooterContact } from "../src/core/contacts";
import type { Entreprise, User } from "../src/core/types";

// ---------------------------------------------------------------------------------------------
// Response helpers (class instances: Storybook replaces them whole instead of deep-merging)

/** 200 with a JSON body (or a function of the request returning one). */
export const ok = (body: unknown, delayMs = 150): ApiFixture => new ApiFixture({ status: 200, body, delayMs });

/** 204, no body. */
export const noContent = (delayMs = 150): ApiFixture => new ApiFixture({ status: 204, delayMs });

/** An RFC 9457 `application/problem+json` error. */
export const problem = (status: number, title: string, detail?: string, options: { headers?: Record<string, string>; delayMs?: number } = {}): ApiFixture =>
  new ApiFixture({ status, body: { status, title, ...(detail === undefined ? {} : { detail }) }, headers: options.headers, delayMs: options.delayMs ?? 300 });

/** Never answers (until the element goes away and aborts the request): the loading state. */
export const pending = (): ApiFixture => new ApiFixture({ delayMs: Number.POSITIVE_INFINITY });

// ---------------------------------------------------------------------------------------------
// Footer: GET /servicesMACC/reseau/{codeReseau}/type/gen?langue={locale}

export const FOOTER_PATH = "GET /servicesMACC/reseau/:network/type/gen";

const ADDRESSES: Record<string, Omit<FooterContact, "listSousServices">> = {
  FRA: { adresseTitre: "MACC France", adresseLigne1: "12 rue des Moissons", adresseLigne2: "ZA du Plateau", codePostal: "51100", ville: "Reims" },
  AGR: { adresseTitre: "AGRIMACC", adresseLigne1: "3 chemin des Silos", adresseLigne2: null, codePostal: "28000", ville: "Chartres" },
  BLG: { adresseTitre: "MACC Benelux", adresseLigne1: "Avenue de la Moisson 40", adresseLigne2: null, codePostal: "5000", ville: "Namur" },
  GBR: { adresseTitre: "MACC UK Ltd", adresseLigne1: "Unit 4, Harvest Park", adresseLigne2: "Station Road", codePostal: "PE1 5XX", ville: "Peterborough" },
  ESP: { adresseTitre: "MACC España", adresseLigne1: "Calle de la Cosecha 18", adresseLigne2: null, codePostal: "50014", ville: "Zaragoza" },
  ITA: { adresseTitre: "MACC Italia", adresseLigne1: "Via dei Campi 7", adresseLigne2: null, codePostal: "40127", ville: "Bologna" },
};

/** Sub-service names as the API words them in the requested language (`?langue=`). */
const SERVICE_NAMES: Record<string, [string, string, string]> = {
  fr: ["Service client", "Service après-vente", "Pièces détachées"],
  en: ["Customer service", "After-sales service", "Spare parts"],
  nl: ["Klantenservice", "Klantendienst na verkoop", "Onderdelen"],
  de: ["Kundenservice", "Kundendienst", "Ersatzteile"],
  es: ["Atención al cliente", "Servicio posventa", "Recambios"],
  it: ["Servizio clienti", "Assistenza post-vendita", "Ricambi"],
};

/** The contact block of a network, as the API sends it. */
export function footerContact(network: string, langue = "fr-FR"): FooterContact {
  const address = ADDRESSES[network] ?? ADDRESSES.FRA!;
  const domain = network === "AGR" ? "agrimacc.test" : "macc.test";
  const [customer, afterSales, parts] = SERVICE_NAMES[langue.slice(0, 2)] ?? SERVICE_NAMES.fr!;
  return {
    ...address,
    listSousServices: [
      { nomSousService: customer, telephone1: "+33 3 26 00 00 01", mail1: "service.client", mail2: `@${domain}` },
      { nomSousService: afterSales, telephone1: "+33 3 26 00 00 02", mail1: "sav", mail2: `@${domain}` },
      { nomSousService: parts, telephone1: "+33 3 26 00 00 03", mail1: null, mail2: null },
    ],
  };
}

const contactFor = (req: ApiRequest) => footerContact(req.params.network ?? "FRA", req.query.get("langue") ?? undefined);

/** Footer answered for whichever network the element asks for (locale, theme or company). */
export const footerOk = (delayMs = 150): ApiFixture => ok(contactFor, delayMs);

/** A network with an address but no sub-services. */
export const footerNoServices = (): ApiFixture =>
  ok((req: ApiRequest) => ({ ...contactFor(req), listSousServices: [] }));

// ---------------------------------------------------------------------------------------------
// Accounts (the shape SessionSchema accepts: what POST /auth/login and /auth/refresh answer)

const company = (overrides: Partial<Entreprise> & Pick<Entreprise, "idTier" | "codeReseau" | "raisonSocial">): Entreprise => ({
  token: `company-token-${overrides.idTier}`,
  formeJuridique: "SAS",
  immatriculation: "552 100 554",
  numeroClient: `C-${overrides.idTier}`,
  derniereMiseAJour: "2025-11-03",
  ...overrides,
});

export const COMPANY_FRA = company({ idTier: "100200", codeReseau: "FRA", raisonSocial: "Ferme des Trois Chênes", immatriculation: "552 100 554" });
export const COMPANY_AGR = company({ idTier: "100300", codeReseau: "AGR", formeJuridique: "EARL", raisonSocial: "Les Blés d'Or", immatriculation: "813 455 020" });
export const COMPANY_BLG = company({ idTier: "100400", codeReseau: "BLG", formeJuridique: "SPRL", raisonSocial: "Hoeve De Linde", immatriculation: "BE 0456.789.123" });
export const COMPANY_GBR = company({ idTier: "100500", codeReseau: "GBR", formeJuridique: "Ltd", raisonSocial: "Fenland Farms", immatriculation: "GB 09876543" });

const user = (uuidCompte: string, emailLogin: string, entreprises: Entreprise[]): User => ({
  uuidCompte,
  infosConnexion: { emailLogin },
  codeReseau: entreprises[0]?.codeReseau ?? "FRA",
  token: `account-token-${uuidCompte}`,
  derniereConnexion: "2026-01-12T08:30:00Z",
  entreprises,
});

/** One FRA company. */
export const USER_ONE_COMPANY = user("7d1c1a52-0001", "single@demo.macc.test", [COMPANY_FRA]);
/** Three companies (FRA, AGR, BLG): the header shows the change-company button. */
export const USER_MULTI = user("7d1c1a52-0002", "multi@demo.macc.test", [COMPANY_FRA, COMPANY_AGR, COMPANY_BLG]);
/** One GBR company: no join-us entry wherever the customer browses. */
export const USER_UK = user("7d1c1a52-0003", "uk@demo.macc.test", [COMPANY_GBR]);

/** A successful POST /auth/login or /auth/refresh. */
export const session = (account: User = USER_ONE_COMPANY) => ({ accessToken: "storybook-access-token", expiresIn: 3600, user: account });

// ---------------------------------------------------------------------------------------------
// Errors the login form shows itself

export const LOGIN_FAILED = problem(401, "Unauthorized", "Invalid username or password.");
export const LOGIN_THROTTLED = problem(429, "Too Many Requests", "Too many login attempts.", { headers: { "Retry-After": "300" } });
export const SERVER_ERROR = problem(500, "Internal Server Error", "The contact service is unavailable.");
