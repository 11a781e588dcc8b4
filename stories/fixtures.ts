/**
 * Fixture data and response helpers for the stories. Shapes follow the valibot schemas of the
 * code they feed (FooterContactSchema in src/areas/footer/get-footer.ts, SessionSchema in
 * src/core/session.ts, ProfileSchema in src/areas/personal-info/profile-api.ts); a fixture
 * that drifts from them fails parsing just like a bad server.
 */
import type * as v from "valibot";
import { ApiFixture, type ApiRequest } from "../.storybook/api-stub";
import type { ProfileSchema } from "../src/areas/personal-info/profile-api";
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

// ---------------------------------------------------------------------------------------------
// Account screens: company choice, information confirmation, personal information, passwords.
// Profile shapes follow ProfileSchema (src/areas/personal-info/profile-api.ts); the confirmation
// follows what POST /me/confirmation answers (server/routes/profile.ts).

/** The selected company was migrated and never confirmed: the welcome variant of the confirmation. */
export const COMPANY_WELCOME = company({
  idTier: "100600",
  codeReseau: "FRA",
  formeJuridique: "GAEC",
  raisonSocial: "GAEC du Moulin Neuf",
  immatriculation: "552 100 554",
  derniereMiseAJour: null,
});
/** Confirmed more than 3 years ago: the stale variant of the confirmation. */
export const COMPANY_STALE = company({ idTier: "100700", codeReseau: "FRA", formeJuridique: "SARL", raisonSocial: "Vergers de la Marne", derniereMiseAJour: "2022-06-14" });
/** An AGRIMACC company never confirmed (welcome variant in the AGRI theme). */
export const COMPANY_AGR_WELCOME: Entreprise = { ...COMPANY_AGR, derniereMiseAJour: null };

/** First login after the migration: one company, never confirmed. */
export const USER_WELCOME = user("7d1c1a52-0004", "welcome@demo.macc.test", [COMPANY_WELCOME]);
/** One company whose data was last confirmed in 2022. */
export const USER_STALE = user("7d1c1a52-0005", "stale@demo.macc.test", [COMPANY_STALE]);
/** Two companies, the AGR one selected (first): AGRIMACC network for the footer contact and the phone. */
export const USER_AGRI = user("7d1c1a52-0006", "agri@demo.macc.test", [COMPANY_AGR, COMPANY_FRA]);
/** Two companies, the AGR one selected and never confirmed. */
export const USER_AGRI_WELCOME = user("7d1c1a52-0007", "agri.welcome@demo.macc.test", [COMPANY_AGR_WELCOME, COMPANY_FRA]);
/** One Belgian company (BLG network, Belgian enterprise number). */
export const USER_BELGIAN = user("7d1c1a52-0008", "belgian@demo.macc.test", [COMPANY_BLG]);
/** An account no company is linked to yet. */
export const USER_NO_COMPANY = user("7d1c1a52-0009", "nocompany@demo.macc.test", []);
/** Several companies, first login ever (no last connection date). */
export const USER_MULTI_FIRST_LOGIN: User = { ...USER_MULTI, uuidCompte: "7d1c1a52-0010", derniereConnexion: null };

/**
 * POST /auth/refresh answering with `account`. Authenticated calls first refresh a page token
 * the session module did not issue itself (stories set the user straight into the store): a
 * logged-in story that calls the API lists this, or the preview's fallback 401 logs it out.
 */
export const refreshAs = (account: User): ApiFixture => ok(session(account), 0);

/** Today as the API writes dates (YYYY-MM-DD), at the time of the request. */
const today = () => new Date().toISOString().slice(0, 10);

type ProfileBody = v.InferInput<typeof ProfileSchema>;

/** GET /me/profile of a French customer of `entreprise` (valid SIRET). */
export function profileFor(account: User, entreprise: Entreprise = account.entreprises[0]!): ProfileBody {
  return {
    user: {
      civilite: "Mme",
      nom: "Lefèvre",
      prenom: "Claire",
      fonction: "Gérante",
      email: account.infosConnexion.emailLogin,
      mobile: "+33 6 12 34 56 78",
      telephone: "+33 3 26 12 34 56",
      adresse: "4 route de Cormicy",
      adresse_complement: null,
      code_postal: "51220",
      ville: "Hermonville",
      pays: "FR",
    },
    entreprise: {
      idTier: entreprise.idTier,
      raison_sociale: entreprise.raisonSocial,
      formeJuridique: entreprise.formeJuridique,
      immatriculation: "55210055400013",
      numeroClient: entreprise.numeroClient,
      pays: "FR",
      derniereMiseAJour: entreprise.derniereMiseAJour,
    },
  };
}

/** GET /me/profile of the Belgian customer (enterprise number, Belgian address, no title). */
export const PROFILE_BELGIAN: ProfileBody = {
  user: {
    civilite: null,
    nom: "Peeters",
    prenom: "Jan",
    fonction: null,
    email: USER_BELGIAN.infosConnexion.emailLogin,
    mobile: "+32 470 12 34 56",
    telephone: null,
    adresse: "Lindestraat 12",
    adresse_complement: null,
    code_postal: "3000",
    ville: "Leuven",
    pays: "BE",
  },
  entreprise: {
    idTier: COMPANY_BLG.idTier,
    raison_sociale: COMPANY_BLG.raisonSocial,
    formeJuridique: COMPANY_BLG.formeJuridique,
    immatriculation: "0403170701",
    numeroClient: COMPANY_BLG.numeroClient,
    pays: "BE",
    derniereMiseAJour: COMPANY_BLG.derniereMiseAJour,
  },
};

/**
 * PUT /me/profile accepted: the saved profile as the API answers it, built from the request
 * (what the customer typed) over `base`, with today's last-update date like the server.
 */
export const profileSaved = (base: ProfileBody, delayMs = 600): ApiFixture =>
  ok((req: ApiRequest) => {
    const sent = (req.body ?? {}) as { user?: Partial<ProfileBody["user"]>; entreprise?: Partial<ProfileBody["entreprise"]> };
    return {
      user: { ...base.user, ...sent.user },
      entreprise: { ...base.entreprise, ...sent.entreprise, idTier: base.entreprise.idTier, derniereMiseAJour: today() },
    };
  }, delayMs);

/** POST /me/confirmation accepted: the company with today's last-update date. */
export const confirmationOk = (entreprise: Entreprise, delayMs = 500): ApiFixture =>
  ok(
    () => ({
      entreprise: {
        idTier: entreprise.idTier,
        codeReseau: entreprise.codeReseau,
        formeJuridique: entreprise.formeJuridique,
        raisonSocial: entreprise.raisonSocial,
        immatriculation: entreprise.immatriculation,
        numeroClient: entreprise.numeroClient,
        derniereMiseAJour: today(),
      },
    }),
    delayMs,
  );

/** 422 with field errors, as the reference API words them (French, `path` in the request body). */
export const validationProblem = (errors: Array<{ path: string; message: string }>, delayMs = 400): ApiFixture =>
  new ApiFixture({
    status: 422,
    body: { type: "https://macc.test/problems/validation", status: 422, title: "Unprocessable Content", detail: "Certains champs sont invalides.", errors },
    delayMs,
  });

/** 202 `{}`: POST /auth/forgot answers the same whether or not the account exists. */
export const accepted = (delayMs = 800): ApiFixture => new ApiFixture({ status: 202, body: {}, delayMs });

export const PROFILE_INVALID = validationProblem([
  { path: "user.code_postal", message: "Code postal invalide pour ce pays." },
  { path: "entreprise.immatriculation", message: "Numéro d'immatriculation invalide." },
]);
export const PROFILE_WRONG_PASSWORD = validationProblem([{ path: "motDePasse", message: "Mot de passe incorrect." }]);
export const EMAIL_TAKEN = problem(409, "Conflict", "Cette adresse e-mail est déjà utilisée par un autre compte.");
/** 500 from the profile service (GET or PUT /me/profile). */
export const PROFILE_SERVICE_ERROR = problem(500, "Internal Server Error", "The profile service is unavailable.");

export const OLD_PASSWORD_WRONG = validationProblem([{ path: "ancienMotDePasse", message: "Votre ancien mot de passe invalide." }]);
export const PASSWORD_ALREADY_CHANGED = problem(409, "Conflict", "Le mot de passe a déjà été modifié une fois.");
export const PASSWORD_ATTEMPTS_THROTTLED = problem(429, "Too Many Requests", "Trop de tentatives avec un mot de passe erroné. Veuillez réessayer dans 15 minutes.", {
  headers: { "Retry-After": "900" },
});
export const NEW_PASSWORD_RULES = validationProblem([
  { path: "nouveauMotDePasse", message: "Le mot de passe doit contenir au moins une majuscule." },
  { path: "confirmerMotDePasse", message: "Le mot de passe de confirmation est différent." },
]);
export const FORGOT_THROTTLED = problem(429, "Too Many Requests", "Trop de demandes de réinitialisation. Veuillez réessayer dans 5 minutes.", {
  headers: { "Retry-After": "300" },
});
export const RESET_LINK_GONE = problem(410, "Gone", "Ce lien n'est plus valide.");
