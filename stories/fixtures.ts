/**
 * Fixture data and response helpers for the stories. Shapes follow the checks of the code they
 * feed (isFooterContact in src/core/contacts.ts, SessionSchema in src/core/session.ts,
 * ProfileAnswer in src/contract/profile.ts); a fixture that drifts from them
 * fails parsing just like a bad server.
 */
import type * as v from "valibot";
import { ApiFixture, type ApiRequest } from "../.storybook/api-stub";
import type { ProfileAnswer } from "../src/contract/profile";
import type { FooterContact } from "../src/core/contacts";
import type { Entreprise, User } from "../src/core/types";

// ---------------------------------------------------------------------------------------------
// Response helpers (class instances: Storybook replaces them whole instead of deep-merging)

/** 200 with a JSON body (or a function of the request returning one). */
export const ok = (body: unknown, delayMs = 150): ApiFixture => new ApiFixture({ status: 200, body, delayMs });

/** 204, no body. */
export const noContent = (delayMs = 150): ApiFixture => new ApiFixture({ status: 204, delayMs });

/** An RFC 9457 `application/problem+json` error. */
export const problem = (
  status: number,
  title: string,
  detail?: string,
  options: { headers?: Record<string, string>; delayMs?: number } = {},
): ApiFixture =>
  new ApiFixture({
    status,
    body: { status, title, ...(detail === undefined ? {} : { detail }) },
    headers: options.headers,
    delayMs: options.delayMs ?? 300,
  });

/** Never answers (until the element goes away and aborts the request): the loading state. */
export const pending = (): ApiFixture => new ApiFixture({ delayMs: Number.POSITIVE_INFINITY });

/** No network: the request fails as fetch does offline (a TypeError), so a form saves its submission on the device. */
export const noNetwork = (): ApiFixture =>
  new ApiFixture({
    body: () => {
      throw new TypeError("Failed to fetch");
    },
  });

// ---------------------------------------------------------------------------------------------
// Footer: GET /servicesMACC/reseau/{codeReseau}/type/gen?langue={locale}

export const FOOTER_PATH = "GET /servicesMACC/reseau/:network/type/gen";

const ADDRESSES: Record<string, Omit<FooterContact, "listSousServices">> = {
  FRA: {
    adresseTitre: "MACC France",
    adresseLigne1: "12 rue des Moissons",
    adresseLigne2: "ZA du Plateau",
    codePostal: "51100",
    ville: "Reims",
  },
  AGR: { adresseTitre: "AGRIMACC", adresseLigne1: "3 chemin des Silos", adresseLigne2: null, codePostal: "28000", ville: "Chartres" },
  BLG: { adresseTitre: "MACC Benelux", adresseLigne1: "Avenue de la Moisson 40", adresseLigne2: null, codePostal: "5000", ville: "Namur" },
  GBR: {
    adresseTitre: "MACC UK Ltd",
    adresseLigne1: "Unit 4, Harvest Park",
    adresseLigne2: "Station Road",
    codePostal: "PE1 5XX",
    ville: "Peterborough",
  },
  ESP: {
    adresseTitre: "MACC España",
    adresseLigne1: "Calle de la Cosecha 18",
    adresseLigne2: null,
    codePostal: "50014",
    ville: "Zaragoza",
  },
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
export const footerNoServices = (): ApiFixture => ok((req: ApiRequest) => ({ ...contactFor(req), listSousServices: [] }));

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

export const COMPANY_FRA = company({
  idTier: "100200",
  codeReseau: "FRA",
  raisonSocial: "Ferme des Trois Chênes",
  immatriculation: "552 100 554",
});
export const COMPANY_AGR = company({
  idTier: "100300",
  codeReseau: "AGR",
  formeJuridique: "EARL",
  raisonSocial: "Les Blés d'Or",
  immatriculation: "813 455 020",
});
export const COMPANY_BLG = company({
  idTier: "100400",
  codeReseau: "BLG",
  formeJuridique: "SPRL",
  raisonSocial: "Hoeve De Linde",
  immatriculation: "BE 0456.789.123",
});
export const COMPANY_GBR = company({
  idTier: "100500",
  codeReseau: "GBR",
  formeJuridique: "Ltd",
  raisonSocial: "Fenland Farms",
  immatriculation: "GB 09876543",
});

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
// Profile shapes follow ProfileAnswer, the confirmation ConfirmationAnswer (src/contract/profile.ts).

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
export const COMPANY_STALE = company({
  idTier: "100700",
  codeReseau: "FRA",
  formeJuridique: "SARL",
  raisonSocial: "Vergers de la Marne",
  derniereMiseAJour: "2022-06-14",
});
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

type ProfileBody = v.InferInput<typeof ProfileAnswer>;

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
    // Another e-mail is not the login yet: it waits for the link mailed to it (24 h), as the API has it.
    const asked = sent.user?.email && sent.user.email !== base.user.email ? sent.user.email : null;
    return {
      user: { ...base.user, ...sent.user, email: base.user.email },
      entreprise: { ...base.entreprise, ...sent.entreprise, idTier: base.entreprise.idTier, derniereMiseAJour: today() },
      emailChange: asked && emailChangeFor(asked),
    };
  }, delayMs);

/** A login e-mail change waiting for its link, valid 24 hours from now. */
export const emailChangeFor = (email: string) => ({ email, expiresAt: new Date(Date.now() + 24 * 3_600_000).toISOString() });

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
    body: {
      type: "https://macc.test/problems/validation",
      status: 422,
      title: "Unprocessable Content",
      detail: "Certains champs sont invalides.",
      errors,
    },
    delayMs,
  });

/** 202 `{}`: POST /auth/forgot answers the same whether or not the account exists. */
export const accepted = (delayMs = 800): ApiFixture => new ApiFixture({ status: 202, body: {}, delayMs });

export const PROFILE_INVALID = validationProblem([
  { path: "user.code_postal", message: "Code postal invalide pour ce pays." },
  { path: "entreprise.immatriculation", message: "Numéro d'immatriculation invalide." },
]);
export const PROFILE_WRONG_PASSWORD = validationProblem([{ path: "motDePasse", message: "Mot de passe incorrect." }]);
/** 500 from the profile service (GET or PUT /me/profile). */
export const PROFILE_SERVICE_ERROR = problem(500, "Internal Server Error", "The profile service is unavailable.");

export const OLD_PASSWORD_WRONG = validationProblem([{ path: "ancienMotDePasse", message: "Votre ancien mot de passe est invalide." }]);
export const PASSWORD_ALREADY_CHANGED = problem(409, "Conflict", "Le mot de passe a déjà été modifié une fois.");
export const PASSWORD_ATTEMPTS_THROTTLED = problem(
  429,
  "Too Many Requests",
  "Trop de tentatives avec un mot de passe erroné. Veuillez réessayer dans 15 minutes.",
  {
    headers: { "Retry-After": "900" },
  },
);
export const NEW_PASSWORD_RULES = validationProblem([
  { path: "nouveauMotDePasse", message: "Le mot de passe doit contenir au moins une majuscule." },
  { path: "confirmerMotDePasse", message: "Le mot de passe de confirmation est différent." },
]);
export const FORGOT_THROTTLED = problem(
  429,
  "Too Many Requests",
  "Trop de demandes de réinitialisation. Veuillez réessayer dans 5 minutes.",
  {
    headers: { "Retry-After": "300" },
  },
);
export const RESET_LINK_GONE = problem(410, "Gone", "Ce lien n'est plus valide.");

// ---------------------------------------------------------------------------------------------
// Customer screens: dashboard, invoices, product fleet, adviser, contact form. Shapes follow
// SummaryAnswer (src/contract/profile.ts), PageSchema (src/areas/invoices/invoices-api.ts),
// the product schemas (src/areas/product-fleet/products-api.ts), AdviserAnswerSchema
// (src/core/adviser.ts) and what POST /me/contact answers (server/routes/contact.ts).

/** A file answer (PDF, ZIP). The stub writes every body as JSON: the file holds a quoted string. */
export const file = (contentType: string, content: string, delayMs = 300): ApiFixture =>
  new ApiFixture({ status: 200, body: content, delayMs, headers: { "Content-Type": contentType } });

/** A small PDF answer (GET /me/invoices/{id}/pdf, GET /me/documents/{id}). */
export const pdfFile = (delayMs = 300): ApiFixture => file("application/pdf", "%PDF-1.4\n% Storybook stand-in\n%%EOF\n", delayMs);

/** The ZIP of a year's invoices (GET /me/invoices/archive/{year}.zip), after a while. */
export const zipFile = (delayMs = 2500): ApiFixture => file("application/zip", "PK\u0005\u0006 Storybook stand-in", delayMs);

// GET /me/summary

export const SUMMARY_PATH = "GET /me/summary";

/** The dashboard's counts. */
export const summaryOf = ({
  unpaid = 2,
  total = 48,
  products = 5,
  adviser = true,
}: { unpaid?: number; total?: number; products?: number; adviser?: boolean } = {}) => ({
  invoices: { unpaid, total },
  products,
  adviser,
});

// GET /me/invoices?page&pageSize&sort&order&q&year|annee&status

export const INVOICES_PATH = "GET /me/invoices";
export const INVOICE_PDF_PATH = "GET /me/invoices/:id/pdf";
export const INVOICE_ZIP_PATH = "GET /me/invoices/archive/:file";

export interface InvoiceFixture {
  id: string;
  number: string;
  date: string;
  reference: string | null;
  amountCents: number;
  currency: string;
  dueDate: string | null;
  paid: boolean;
}

/** Years up to this one come from customer accounting (the spec's `annee` parameter). */
export const LAST_ARCHIVE_YEAR = 2022;

const pad = (n: number) => String(n).padStart(2, "0");

/** `count` invoices spread over 2020–2026, newest first; the latest few unpaid. Deterministic. */
export function makeInvoices(count = 137): InvoiceFixture[] {
  const out: InvoiceFixture[] = [];
  for (let i = 0; i < count; i++) {
    // About one invoice every two weeks, going back from mid-November 2026.
    const day = new Date(Date.UTC(2026, 10, 15) - i * 15 * 86_400_000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    const due = new Date(day.getTime() + 30 * 86_400_000);
    const year = day.getUTCFullYear();
    out.push({
      id: `inv-${count - i}`,
      number: `F${year}-${String(count - i).padStart(5, "0")}`,
      date,
      reference: i % 4 === 3 ? null : `CDE-${year}-${String(((i * 37) % 900) + 100)}`,
      amountCents: 12_000 + ((i * 7919) % 480_000),
      currency: "EUR",
      dueDate: i % 9 === 8 ? null : `${due.getUTCFullYear()}-${pad(due.getUTCMonth() + 1)}-${pad(due.getUTCDate())}`,
      paid: i >= 3,
    });
  }
  return out;
}

/** What the API answers for one request over `all`: filters, sort and paging done like the server. */
export function invoicePage(all: InvoiceFixture[], query: URLSearchParams) {
  const page = Math.max(1, Number(query.get("page") ?? 1));
  const pageSize = Math.max(1, Number(query.get("pageSize") ?? 25));
  const sort = query.get("sort") ?? "date";
  const order = query.get("order") === "asc" ? 1 : -1;
  const q = (query.get("q") ?? "").toLowerCase();
  const year = query.get("year") ?? query.get("annee");
  const status = query.get("status");
  const years = [...new Set(all.map((i) => Number(i.date.slice(0, 4))))]
    .sort((a, b) => b - a)
    .map((y) => ({ year: y, archive: y <= LAST_ARCHIVE_YEAR }));
  const matching = all
    .filter((i) => !q || i.number.toLowerCase().includes(q) || (i.reference ?? "").toLowerCase().includes(q))
    .filter((i) => !year || i.date.startsWith(`${year}-`))
    .filter((i) => !status || (status === "paid") === i.paid)
    .sort((a, b) => {
      const by =
        sort === "amount"
          ? a.amountCents - b.amountCents
          : sort === "number"
            ? a.number.localeCompare(b.number)
            : a.date.localeCompare(b.date);
      return by * order;
    });
  return { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize, years };
}

export const INVOICES = makeInvoices();

/** GET /me/invoices over `all`, answering every query like the server. */
export const invoicesOk = (all: InvoiceFixture[] = INVOICES, delayMs = 300): ApiFixture =>
  ok((req: ApiRequest) => invoicePage(all, req.query), delayMs);

/** A company with no invoice at all. */
export const NO_INVOICES = { items: [], total: 0, page: 1, pageSize: 25, years: [] };

// GET /me/products?langue, GET /me/products/{code}?langue, GET /me/documents/{id}

export const PRODUCTS_PATH = "GET /me/products";
export const PRODUCT_PATH = "GET /me/products/:code";
export const DOCUMENT_PATH = "GET /me/documents/:id";

export const PRODUCTS = {
  items: [
    { codeFamille: "SEM-3000", produit: "Semoir Maxi-Graine 3000", quantite: 2, dateDernierAchat: "2025-09-14" },
    { codeFamille: "PUL-750", produit: "Pulvérisateur Précis 750", quantite: 1, dateDernierAchat: "2024-04-02" },
    { codeFamille: "HER-12", produit: "Herse rotative HR 12", quantite: 3, dateDernierAchat: "2023-11-21" },
    { codeFamille: "BIN-40", produit: "Benne agricole 40 m³", quantite: 1, dateDernierAchat: "2021-06-30" },
  ],
};

export const NO_PRODUCTS = { items: [] };

type DocFixture = {
  id: string;
  title: string;
  type: "pdf" | "video";
  sizeBytes?: number | null;
  url?: string | null;
  durationSeconds?: number | null;
};

/** One family's detail: purchases and its technical and after-sales documents. */
export function productDetail(codeFamille = "SEM-3000", { technical, sav }: { technical?: DocFixture[]; sav?: DocFixture[] } = {}) {
  const product = PRODUCTS.items.find((p) => p.codeFamille === codeFamille) ?? PRODUCTS.items[0]!;
  return {
    codeFamille: product.codeFamille,
    produit: product.produit,
    achats: [
      { dateAchat: product.dateDernierAchat, quantite: 1 },
      { dateAchat: "2019-03-18", quantite: Math.max(1, product.quantite - 1) },
    ],
    documents: {
      technical: technical ?? [
        { id: `${codeFamille}-notice`, title: "Notice d'utilisation", type: "pdf", sizeBytes: 2_457_600 },
        { id: `${codeFamille}-specs`, title: "Fiche technique", type: "pdf", sizeBytes: 312_000 },
        {
          id: `${codeFamille}-video`,
          title: "Réglage de la profondeur de semis",
          type: "video",
          url: "https://videos.macc.test/reglage-semis",
          durationSeconds: 274,
        },
      ],
      sav: sav ?? [
        { id: `${codeFamille}-pieces`, title: "Catalogue des pièces détachées", type: "pdf", sizeBytes: 5_800_000 },
        { id: `${codeFamille}-entretien`, title: "Plan d'entretien", type: "pdf", sizeBytes: null },
      ],
    },
  };
}

/** GET /me/products/{code}: the detail of whichever family is asked for. */
export const productOk = (delayMs = 300): ApiFixture => ok((req: ApiRequest) => productDetail(req.params.code), delayMs);

export const PRODUCT_NOT_FOUND = problem(404, "Not Found", "Ce produit n'est pas dans votre parc.");

// GET /me/adviser

export const ADVISER_PATH = "GET /me/adviser";

/** A portrait drawn inline (the API's photo address would not exist in Storybook). */
export const ADVISER_PHOTO =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#dfe9d8"/><circle cx="48" cy="38" r="18" fill="#6b8f5e"/><path d="M14 96c4-22 18-32 34-32s30 10 34 32z" fill="#6b8f5e"/></svg>',
  );

const CUSTOMER_SERVICE = {
  nomSousService: "Service client",
  telephone1: "+33 3 26 00 00 01",
  mail1: "service.client",
  mail2: "@macc.test",
};

export const ADVISER = {
  adviser: {
    id: "8a4f2c10-0001",
    civilite: "M.",
    prenom: "Julien",
    nom: "Moreau",
    fonction: "Technico-commercial Marne",
    telephone: "+33 3 26 45 67 89",
    mobile: "+33 6 45 67 89 01",
    email: "julien.moreau@macc.test",
    photoUrl: ADVISER_PHOTO,
  },
  service: CUSTOMER_SERVICE,
};

/** An adviser without a photo nor a mobile number. */
export const ADVISER_NO_PHOTO = { ...ADVISER, adviser: { ...ADVISER.adviser, photoUrl: null, mobile: null } };

/** No dedicated adviser: the customer service instead. */
export const NO_ADVISER = { adviser: null, service: CUSTOMER_SERVICE };

/** The AGRIMACC adviser of the AGR company. */
export const ADVISER_AGRI = {
  adviser: {
    ...ADVISER.adviser,
    id: "8a4f2c10-0002",
    civilite: "Mme",
    prenom: "Sophie",
    nom: "Garnier",
    fonction: "Conseillère AGRIMACC Beauce",
    email: "sophie.garnier@agrimacc.test",
  },
  service: { ...CUSTOMER_SERVICE, mail2: "@agrimacc.test" },
};

export const ADVISER_SERVICE_ERROR = problem(500, "Internal Server Error", "The adviser service is unavailable.");

// POST /me/contact

export const CONTACT_PATH = "POST /me/contact";

/** 201 `{ id }`: the message is stored and the acknowledgement mail queued. */
export const contactSent = (delayMs = 700): ApiFixture => new ApiFixture({ status: 201, body: { id: "msg-2026-0042" }, delayMs });

export const CONTACT_INVALID = validationProblem([
  { path: "subject", message: "L'objet contient des caractères non autorisés." },
  { path: "message", message: "Le message contient un lien non autorisé." },
]);
export const CONTACT_SERVICE_ERROR = problem(500, "Internal Server Error", "The messaging service is unavailable.");

// GET /bot-check/challenge: the invisible proof of work of the contact form (altcha protocol)

export const BOT_CHECK_PATH = "GET /bot-check/challenge";

/** A challenge solved at the 8th try: SHA-256("storybook?expires=4102444800" + 7). */
export const BOT_CHECK_CHALLENGE = {
  algorithm: "SHA-256",
  challenge: "799a1aeb3dd631c4e4b2292733f61834f246df44242f4ac0c191e40d63e07ed0",
  maxnumber: 1000,
  salt: "storybook?expires=4102444800",
  signature: "0".repeat(64),
};

/** GET /bot-check/challenge answered (the API gives a new one each time; one is enough here). */
export const botCheckOk = (delayMs = 100): ApiFixture => ok(BOT_CHECK_CHALLENGE, delayMs);

// ---------------------------------------------------------------------------------------------
// Self-registration (INSCRIPTION): POST /registration, then /registration/{id}/companies, /code,
// /verify and /complete; each request carries a solved bot check (BOT_CHECK_PATH above).

export const REGISTRATION_PATH = "POST /registration";
export const REGISTRATION_COMPANIES_PATH = "POST /registration/:id/companies";
export const REGISTRATION_CODE_PATH = "POST /registration/:id/code";
export const REGISTRATION_VERIFY_PATH = "POST /registration/:id/verify";
export const REGISTRATION_COMPLETE_PATH = "POST /registration/:id/complete";

/** What the identification step types in (a valid SIREN: the example of the French hint). */
export const REGISTRATION_IDENTITY = {
  pays: "FR",
  immatriculation: "552 100 554",
  email: "nouveau@demo.macc.test",
  mobile: "+33 6 12 34 56 78",
};

/** A company as POST /registration lists it (no token: the visitor has no account yet). */
const found = ({ idTier, formeJuridique, raisonSocial, immatriculation, numeroClient }: Entreprise) => ({
  idTier,
  formeJuridique,
  raisonSocial,
  immatriculation,
  numeroClient,
});
export const FOUND_FRA = found(COMPANY_FRA);
export const FOUND_AGR = found(COMPANY_AGR);

/** 201 `{ registrationId, entreprisesTrouvees }`. */
export const registrationFound = (companies = [FOUND_FRA, FOUND_AGR], delayMs = 600): ApiFixture =>
  new ApiFixture({ status: 201, body: { registrationId: "sb-registration-7f3a", entreprisesTrouvees: companies }, delayMs });

/** The contact means of the chosen companies, masked by the API. */
export const CONTACT_MEANS = [
  { id: "email-1", type: "email", masked: "n*****@d***.macc.test" },
  { id: "sms-1", type: "sms", masked: "+33 6 ** ** ** 78" },
];
export const contactMeansFound = (list: unknown[] = CONTACT_MEANS, delayMs = 500): ApiFixture => ok({ moyensContacts: list }, delayMs);

/** 202 `{ resendAfter, expiresIn }`: the 6-digit code is on its way. */
export const registrationCodeSent = (resendAfter = 60, delayMs = 500): ApiFixture =>
  new ApiFixture({ status: 202, body: { resendAfter, expiresIn: 600 }, delayMs });
export const registrationVerified = (delayMs = 400): ApiFixture => ok({}, delayMs);

/** The account the registration creates (one FRA company). */
export const USER_REGISTERED = user("7d1c1a52-0011", "nouveau@demo.macc.test", [COMPANY_FRA]);
/** 201: the account is created and answered like a login. */
export const registrationCompleted = (account: User = USER_REGISTERED, delayMs = 800): ApiFixture =>
  new ApiFixture({ status: 201, body: session(account), delayMs });

const typedProblem = (
  status: number,
  type: string,
  title: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): ApiFixture => new ApiFixture({ status, body: { type, status, title, ...extra }, headers, delayMs: 400 });

/** 404 on POST /registration: nothing matches the number(s) typed. */
export const REGISTRATION_NOT_FOUND = problem(404, "Not Found", "No company matches.");
/** 404 on a later step: the registration is gone (expired). */
export const REGISTRATION_EXPIRED = problem(404, "Not Found", "Registration not found or expired.");
export const ACCOUNT_EXISTS = typedProblem(409, "urn:macc:problem:account-exists", "Conflict");
export const NO_CONTACT_MEANS = typedProblem(422, "urn:macc:problem:no-contact-means", "Unprocessable Content", { errors: [] });
export const CODE_THROTTLED = problem(429, "Too Many Requests", "Wait before asking for another code.", {
  headers: { "Retry-After": "120" },
});
export const WRONG_CODE = typedProblem(422, "urn:macc:problem:wrong-code", "Unprocessable Content", { remainingTries: 2 });
export const CODE_GONE = problem(410, "Gone", "This code has expired, was used or had too many tries.");
export const EMAIL_HAS_ACCOUNT = problem(409, "Conflict", "An account already exists for this e-mail address.");
export const REGISTRATION_PASSWORD_RULES = validationProblem([{ path: "motDePasse", message: "Ce mot de passe est trop courant." }]);
/** 403: the X-Bot-Check proof was refused (stale or replayed). */
export const BOT_CHECK_FAILED = typedProblem(403, "urn:macc:problem:bot-check", "Forbidden");

/** A service request's machine as the API answers it: the demo's tractor, in French. */
export const TRACTOR = {
  codeFamille: "MACH",
  produit: "Machines agricoles",
  codeProduit: "MACH-TRACT-130",
  numeroSerie: "TR130-20-00391",
  dateAchat: "2022-10-17",
};
