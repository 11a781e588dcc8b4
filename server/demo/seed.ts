import { randomUUID } from "node:crypto";
import { hashPassword } from "../auth/passwords.ts";
import type { CompanyRow } from "../queries/companies.ts";
import { BASKET_ITEMS, basketItemSvg } from "./basket-catalogue.ts";
import type { Db, Queryable } from "../db/db.ts";
import { analyze, holdsCustomerData, insertRows, lockDemoSeed } from "../queries/demo-seed.ts";
import { addDays, addMonths, belgianCompanyNumber, hex, isoDate, makeAvatarSvg, makePdf, prng, siret } from "./seed-helpers.ts";

/** Password of every demo account. */
export const DEMO_PASSWORD = "Macc2026!";

/** Languages of the ten locales: every name the API translates is seeded in each of them. */
type Language = "fr" | "en" | "nl" | "de" | "es" | "it";

// ---------------------------------------------------------------------------------------------
// Product families and the articles invoices are made of.

interface FamilySeed {
  code: string;
  names: Record<string, string>;
  articles: { code: string; label: string; unitCents: number; vat: number }[];
  documents: boolean;
}

const FAMILIES: FamilySeed[] = [
  {
    code: "ALIM",
    names: { fr: "Aliments du bétail", en: "Livestock feed", nl: "Veevoeder", de: "Futtermittel", es: "Piensos", it: "Mangimi" },
    articles: [
      { code: "ALIM-VL18", label: "Aliment vaches laitières VL 18 – big bag 1 t", unitCents: 41_500, vat: 0.1 },
      { code: "ALIM-JB22", label: "Aliment jeunes bovins JB 22 – sac 25 kg", unitCents: 1_290, vat: 0.1 },
      { code: "ALIM-MIN7", label: "Minéral 7-20-5 – seau 20 kg", unitCents: 3_850, vat: 0.1 },
    ],
    documents: true,
  },
  {
    code: "ENGR",
    names: {
      fr: "Engrais et amendements",
      en: "Fertilisers and soil improvers",
      nl: "Meststoffen",
      de: "Düngemittel",
      es: "Fertilizantes",
      it: "Fertilizzanti",
    },
    articles: [
      { code: "ENGR-AMM33", label: "Ammonitrate 33,5 % – big bag 600 kg", unitCents: 29_800, vat: 0.2 },
      { code: "ENGR-NPK15", label: "NPK 15-15-15 – big bag 500 kg", unitCents: 34_200, vat: 0.2 },
      { code: "ENGR-CHAUX", label: "Chaux vive calcique – vrac tonne", unitCents: 11_500, vat: 0.2 },
    ],
    documents: true,
  },
  {
    code: "SEM",
    names: { fr: "Semences", en: "Seeds", nl: "Zaaizaad", de: "Saatgut", es: "Semillas", it: "Sementi" },
    articles: [
      { code: "SEM-BLE-APACHE", label: "Blé tendre Apache – dose 500 000 grains", unitCents: 6_450, vat: 0.1 },
      { code: "SEM-MAIS-P8", label: "Maïs grain P8 – dose 50 000 grains", unitCents: 15_900, vat: 0.1 },
      { code: "SEM-COLZA", label: "Colza hybride – dose 1,5 M grains", unitCents: 17_400, vat: 0.1 },
    ],
    documents: true,
  },
  {
    code: "PSEM",
    names: {
      fr: "Pièces de semoir",
      en: "Seed drill parts",
      nl: "Onderdelen zaaimachine",
      de: "Sämaschinenteile",
      es: "Piezas de sembradora",
      it: "Ricambi seminatrice",
    },
    articles: [
      { code: "PSEM-DISQ380", label: "Disque semeur Ø 380 mm", unitCents: 8_900, vat: 0.2 },
      { code: "PSEM-SOC-C", label: "Soc de semoir type C", unitCents: 2_450, vat: 0.2 },
      { code: "PSEM-DOSEUR", label: "Doseur à ergots complet", unitCents: 21_700, vat: 0.2 },
    ],
    documents: true,
  },
  {
    code: "PULV",
    names: {
      fr: "Pulvérisation",
      en: "Spraying equipment",
      nl: "Spuitapparatuur",
      de: "Pflanzenschutztechnik",
      es: "Pulverización",
      it: "Irrorazione",
    },
    articles: [
      { code: "PULV-BUSE-AI", label: "Buse anti-dérive AI 110-03 (lot de 12)", unitCents: 9_600, vat: 0.2 },
      { code: "PULV-FILT80", label: "Filtre de rampe 80 mesh", unitCents: 1_850, vat: 0.2 },
    ],
    documents: true,
  },
  {
    code: "CLOT",
    names: {
      fr: "Clôtures et élevage",
      en: "Fencing and livestock supplies",
      nl: "Afrastering en veeteelt",
      de: "Weidezaun und Stallbedarf",
      es: "Cercados y ganadería",
      it: "Recinzioni e zootecnia",
    },
    articles: [
      { code: "CLOT-ELEC5J", label: "Électrificateur sur secteur 5 joules", unitCents: 32_900, vat: 0.2 },
      { code: "CLOT-PIQ150", label: "Piquets fibre de verre 1,50 m (lot de 50)", unitCents: 7_450, vat: 0.2 },
    ],
    documents: false, // the family without any document (empty state)
  },
  {
    // Machines: each bought once, with a serial number (MACHINES below), the subject of service requests.
    code: "MACH",
    names: {
      fr: "Machines agricoles",
      en: "Farm machinery",
      nl: "Landbouwmachines",
      de: "Landmaschinen",
      es: "Maquinaria agrícola",
      it: "Macchine agricole",
    },
    articles: [
      { code: "MACH-SEMOIR-4M", label: "Semoir mécanique 4 m", unitCents: 2_890_000, vat: 0.2 },
      { code: "MACH-PULVE-3000", label: "Pulvérisateur traîné 3 000 l", unitCents: 4_650_000, vat: 0.2 },
      { code: "MACH-TRACT-130", label: "Tracteur 130 ch", unitCents: 11_200_000, vat: 0.2 },
    ],
    documents: true,
  },
];

/** multi@'s first company's machines (one family, so its service request asks which one). */
const MACHINES = [
  { code_produit: "MACH-SEMOIR-4M", numero_serie: "SD4-21-08817", daysAgo: 410 },
  { code_produit: "MACH-PULVE-3000", numero_serie: "PT3-22-01452", daysAgo: 760 },
  { code_produit: "MACH-TRACT-130", numero_serie: "TR130-20-00391", daysAgo: 1_480 },
];

// ---------------------------------------------------------------------------------------------

interface CompanySeed extends CompanyRow {
  contact_email: string | null;
  contact_mobile: string | null;
  telephone: string | null;
  adresse: string;
  adresse_complement: string | null;
  code_postal: string;
  ville: string;
}

interface InvoiceSeed {
  id_tier: string;
  numero: string;
  date_facture: string;
  reference: string | null;
  amount_cents: number;
  currency: string;
  due_date: string;
  paid: boolean;
  lines: unknown;
}

function generateInvoices(idTier: string, prefix: string, count: number, families: string[], now: Date, seed: number): InvoiceSeed[] {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const articles = FAMILIES.filter((f) => families.includes(f.code)).flatMap((f) => f.articles);
  const spanDays = 6 * 365;
  const days = Array.from({ length: count }, () => Math.floor(rnd() * spanDays)).sort((a, b) => b - a);
  const perYear = new Map<number, number>();
  return days.map((ago) => {
    const date = addDays(now, -ago - 1);
    const year = date.getUTCFullYear();
    const seq = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, seq);
    const nLines = 1 + Math.floor(rnd() * 4);
    const lines = Array.from({ length: nLines }, () => {
      const a = pick(articles);
      const quantity = 1 + Math.floor(rnd() * (a.unitCents > 20_000 ? 6 : 40));
      return { codeProduit: a.code, label: a.label, quantity, unitPriceCents: a.unitCents, vatRate: a.vat };
    });
    const total = lines.reduce((sum, l) => sum + Math.round(l.quantity * l.unitPriceCents * (1 + l.vatRate)), 0);
    const due = addDays(date, rnd() < 0.7 ? 30 : 45);
    const overdueAge = (now.getTime() - due.getTime()) / 86_400_000;
    const paid = overdueAge > 60 ? rnd() > 0.01 : overdueAge > 0 ? rnd() > 0.35 : rnd() > 0.8;
    const r = rnd();
    const reference =
      r < 0.45
        ? `BC-${year}-${String(1 + Math.floor(rnd() * 9999)).padStart(4, "0")}`
        : r < 0.75
          ? `PO ${4500000000 + Math.floor(rnd() * 999999)}`
          : r < 0.9
            ? `Chantier ${pick(["silo Nord", "parcelle 12", "bâtiment VL", "atelier", "campagne semis"])}`
            : null;
    return {
      id_tier: idTier,
      numero: `${prefix}${year}-${String(seq).padStart(5, "0")}`,
      date_facture: isoDate(date),
      reference,
      amount_cents: total,
      currency: "EUR",
      due_date: isoDate(due),
      paid,
      lines,
    };
  });
}

function generatePurchases(
  idTier: string,
  families: string[],
  now: Date,
  seed: number,
): { id_tier: string; code_famille: string; code_produit: string; date_achat: string; quantite: number }[] {
  const rnd = prng(seed);
  const out: { id_tier: string; code_famille: string; code_produit: string; date_achat: string; quantite: number }[] = [];
  for (const code of families) {
    const family = FAMILIES.find((f) => f.code === code);
    if (!family) continue;
    const n = 2 + Math.floor(rnd() * 5);
    for (let i = 0; i < n; i++) {
      const a = family.articles[Math.floor(rnd() * family.articles.length)] ?? family.articles[0]!;
      out.push({
        id_tier: idTier,
        code_famille: code,
        code_produit: a.code,
        date_achat: isoDate(addDays(now, -(15 + Math.floor(rnd() * 5 * 365)))),
        quantite: 1 + Math.floor(rnd() * 12),
      });
    }
  }
  return out;
}

/**
 * Issue 30's banner: multi@ and due@ last came 3 days ago, and the back office has reported each
 * one's company's two newest invoices since (as its integration endpoint would), so their next
 * login shows "2 new invoices".
 */
async function seedNotifications(tx: Queryable, invoices: InvoiceSeed[], now: Date): Promise<void> {
  const newest = (idTier: string) =>
    invoices
      .filter((i) => i.id_tier === idTier)
      .sort((a, b) => b.date_facture.localeCompare(a.date_facture) || b.numero.localeCompare(a.numero))
      .slice(0, 2);
  const events = ["1004217", "1009045"].flatMap((idTier) =>
    newest(idTier).map((invoice, i) => ({
      event_id: `demo-invoice-${invoice.numero}`,
      body_hash: "demo",
      kind: "invoice",
      id_tier: idTier,
      subject: invoice.numero,
      created_at: new Date(now.getTime() - (24 + i) * 3_600_000).toISOString(),
    })),
  );
  await insertRows(
    tx,
    "notification_events",
    { event_id: "text", body_hash: "text", kind: "text", id_tier: "text", subject: "text", created_at: "timestamptz" },
    events,
  );
  await tx.query("UPDATE accounts SET last_login_at = $1 WHERE email IN ('multi@demo.macc.test', 'due@demo.macc.test')", [
    new Date(now.getTime() - 3 * 86_400_000).toISOString(),
  ]);
}

export interface SeedReport {
  seeded: boolean;
  ms: number;
  invoices: number;
}

/**
 * Fills a database that holds no company and no account with the demo data: product catalogue,
 * basket catalogue, companies, accounts (password DEMO_PASSWORD) and their data. The reference data
 * every installation needs (the networks' footer contacts) comes with the migrations.
 */
export async function seedDemoIfEmpty(db: Db, options: { now?: Date } = {}): Promise<SeedReport> {
  const { now = new Date() } = options;
  const started = performance.now();
  const notSeeded = { seeded: false, ms: 0, invoices: 0 };
  if (await holdsCustomerData(db)) return notSeeded;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const invoices = await db.transaction(async (tx) => {
    await lockDemoSeed(tx);
    if (await holdsCustomerData(tx)) return -1;
    return seedDemo(tx, passwordHash, now);
  });
  if (invoices < 0) return notSeeded;
  await analyze(db);
  return { seeded: true, ms: Math.round(performance.now() - started), invoices };
}

/** The basket's demo catalogue (ids 1001–1012): items, their names and descriptions per language, their pictures. */
async function seedBasketCatalogue(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    "basket_items",
    { id: "text", code_reseau: "text", image: "bytea", image_type: "text" },
    BASKET_ITEMS.map((item) => ({
      id: item.id,
      code_reseau: item.codeReseau,
      image: hex(Buffer.from(basketItemSvg(item), "utf8")),
      image_type: "image/svg+xml",
    })),
  );
  await insertRows(
    tx,
    "basket_item_texts",
    { item_id: "text", langue: "text", nom: "text", description: "text" },
    BASKET_ITEMS.flatMap((item) => Object.entries(item.texts).map(([langue, t]) => ({ item_id: item.id, langue, ...t }))),
  );
}

/** The demo data: product catalogue and documents, basket catalogue, companies, accounts, advisers, invoices, purchases. */
async function seedDemo(tx: Queryable, passwordHash: string, now: Date): Promise<number> {
  // Products
  await insertRows(
    tx,
    "products",
    { code_famille: "text", position: "integer" },
    FAMILIES.map((f, position) => ({ code_famille: f.code, position })),
  );
  await insertRows(
    tx,
    "product_names",
    { code_famille: "text", langue: "text", nom: "text" },
    FAMILIES.flatMap((f) => Object.entries(f.names).map(([langue, nom]) => ({ code_famille: f.code, langue, nom }))),
  );
  const documents: Record<string, unknown>[] = [];
  for (const f of FAMILIES.filter((x) => x.documents)) {
    const fr = f.names.fr ?? f.code;
    const techTitles = [`Fiche technique – ${fr}`, `Guide d'utilisation – ${fr}`];
    techTitles.forEach((title, position) =>
      documents.push({
        code_famille: f.code,
        kind: "technical",
        type: "pdf",
        position,
        title,
        langue: "fr",
        duration_seconds: null,
        url: null,
        file_bytes: hex(makePdf(title, `Famille ${f.code} – édition ${now.getUTCFullYear()}`)),
      }),
    );
    documents.push({
      code_famille: f.code,
      kind: "technical",
      type: "video",
      position: 2,
      title: `Présentation vidéo – ${fr}`,
      langue: "fr",
      duration_seconds: 95 + f.code.length * 37,
      url: `https://videos.macc.example/${f.code.toLowerCase()}/presentation.mp4`,
      file_bytes: null,
    });
    const savTitle = `Procédure SAV et garantie – ${fr}`;
    documents.push({
      code_famille: f.code,
      kind: "sav",
      type: "pdf",
      position: 0,
      title: savTitle,
      langue: "fr",
      duration_seconds: null,
      url: null,
      file_bytes: hex(makePdf(savTitle, "Service après-vente MACC")),
    });
    if (f.code === "PSEM" || f.code === "PULV") {
      documents.push({
        code_famille: f.code,
        kind: "sav",
        type: "video",
        position: 1,
        title: `Tutoriel d'entretien – ${fr}`,
        langue: "fr",
        duration_seconds: 240 + f.code.length * 11,
        url: `https://videos.macc.example/${f.code.toLowerCase()}/entretien.mp4`,
        file_bytes: null,
      });
    }
  }
  await insertRows(
    tx,
    "product_documents",
    {
      code_famille: "text",
      kind: "text",
      type: "text",
      position: "integer",
      title: "text",
      langue: "text",
      duration_seconds: "integer",
      url: "text",
      file_bytes: "bytea",
    },
    documents,
  );

  await seedBasketCatalogue(tx);

  // Companies
  const day = (d: Date) => isoDate(d);
  const companies: CompanySeed[] = [
    {
      id_tier: "1004217",
      code_reseau: "FRA",
      forme_juridique: "SAS",
      raison_sociale: "Établissements Durand et Fils",
      immatriculation: siret("81234567", "0001"),
      numero_client: "C-100101",
      pays: "FR",
      derniere_mise_a_jour: day(addMonths(now, -2)),
      contact_email: "compta@durand-fils.test",
      contact_mobile: "+33 6 12 34 56 01",
      telephone: "02 41 88 12 34",
      adresse: "14 route de Nantes",
      adresse_complement: "Lieu-dit La Croix Blanche",
      code_postal: "49130",
      ville: "Les Ponts-de-Cé",
    },
    {
      id_tier: "2000873",
      code_reseau: "AGR",
      forme_juridique: "GAEC",
      raison_sociale: "du Bocage Vendéen",
      immatriculation: siret("79845612", "0001"),
      numero_client: "A-200873",
      pays: "FR",
      derniere_mise_a_jour: day(addMonths(now, -5)),
      contact_email: "gaec.bocage@exploitation.test",
      contact_mobile: "+33 6 98 76 54 02",
      telephone: "02 51 46 20 11",
      adresse: "La Métairie Neuve",
      adresse_complement: null,
      code_postal: "85310",
      ville: "Nesmy",
    },
    {
      id_tier: "3000452",
      code_reseau: "BLG",
      forme_juridique: "SRL",
      raison_sociale: "Agri Services Wallonie",
      immatriculation: belgianCompanyNumber("04567891"),
      numero_client: "B-300452",
      pays: "BE",
      derniere_mise_a_jour: day(addMonths(now, -8)),
      contact_email: "info@agriservices-wallonie.test",
      contact_mobile: "+32 470 12 34 56",
      telephone: "+32 81 22 33 44",
      adresse: "Chaussée de Charleroi 112",
      adresse_complement: null,
      code_postal: "5000",
      ville: "Namur",
    },
    {
      id_tier: "1005530",
      code_reseau: "FRA",
      forme_juridique: "SARL",
      raison_sociale: "Martin Agrofournitures",
      immatriculation: siret("50987654", "0002"),
      numero_client: "C-100530",
      pays: "FR",
      derniere_mise_a_jour: day(addMonths(now, -48)),
      contact_email: "contact@martin-agro.test",
      contact_mobile: "+33 6 45 67 89 03",
      telephone: "03 26 55 40 10",
      adresse: "3 rue du Moulin",
      adresse_complement: null,
      code_postal: "51100",
      ville: "Reims",
    },
    // Issue 30: confirmed 2 years and 10½ months ago, due in 45 days (the banner's "due soon" entry).
    {
      id_tier: "1009045",
      code_reseau: "FRA",
      forme_juridique: "EARL",
      raison_sociale: "des Grands Champs",
      immatriculation: siret("52341876", "0001"),
      numero_client: "C-100945",
      pays: "FR",
      derniere_mise_a_jour: day(addDays(addMonths(now, -36), 45)),
      contact_email: "grandschamps@exploitation.test",
      contact_mobile: "+33 6 52 63 74 85",
      telephone: "02 47 21 43 65",
      adresse: "La Ferme des Grands Champs",
      adresse_complement: null,
      code_postal: "37500",
      ville: "Chinon",
    },
    {
      id_tier: "1006612",
      code_reseau: "FRA",
      forme_juridique: "SCEA",
      raison_sociale: "des Trois Chênes",
      immatriculation: siret("43219876", "0001"),
      numero_client: "C-100612",
      pays: "FR",
      derniere_mise_a_jour: null,
      contact_email: "troischenes@exploitation.test",
      contact_mobile: "+33 7 81 22 33 04",
      telephone: "05 49 12 34 56",
      adresse: "Les Trois Chênes",
      adresse_complement: "Route de Parthenay",
      code_postal: "79200",
      ville: "Châtillon-sur-Thouet",
    },
    {
      id_tier: "4000128",
      code_reseau: "GBR",
      forme_juridique: "Ltd",
      raison_sociale: "Greenfield Farm Supplies",
      immatriculation: "09876543",
      numero_client: "U-400128",
      pays: "GB",
      derniere_mise_a_jour: day(addMonths(now, -1)),
      contact_email: "office@greenfield-farm.test",
      contact_mobile: "+44 7700 900123",
      telephone: "+44 1789 555 014",
      adresse: "Greenfield Farm",
      adresse_complement: "Banbury Road",
      code_postal: "CV37 7NQ",
      ville: "Stratford-upon-Avon",
    },
    {
      // The company of the account for trying the password flows (change once, forgot, reset).
      id_tier: "1008010",
      code_reseau: "FRA",
      forme_juridique: "EARL",
      raison_sociale: "des Prés Fleuris",
      immatriculation: siret("87654321", "0001"),
      numero_client: "C-100810",
      pays: "FR",
      derniere_mise_a_jour: day(addMonths(now, -3)),
      contact_email: "contact@pres-fleuris.test",
      contact_mobile: "+33 6 22 33 44 55",
      telephone: "02 99 12 34 56",
      adresse: "Les Prés Fleuris",
      adresse_complement: null,
      code_postal: "35140",
      ville: "Saint-Aubin-du-Cormier",
    },
    {
      // Registration target: no account yet; findable by SIREN or customer number.
      id_tier: "1007001",
      code_reseau: "FRA",
      forme_juridique: "SAS",
      raison_sociale: "Ferme de la Vallée Verte",
      immatriculation: "552100554",
      numero_client: "C-100200",
      pays: "FR",
      derniere_mise_a_jour: day(addMonths(now, -14)),
      contact_email: "contact@vallee-verte.test",
      contact_mobile: "+33 6 11 22 33 44",
      telephone: "02 43 55 66 77",
      adresse: "Le Grand Pré",
      adresse_complement: null,
      code_postal: "53200",
      ville: "Château-Gontier-sur-Mayenne",
    },
  ];
  await insertRows(
    tx,
    "companies",
    {
      id_tier: "text",
      code_reseau: "text",
      forme_juridique: "text",
      raison_sociale: "text",
      immatriculation: "text",
      numero_client: "text",
      pays: "text",
      derniere_mise_a_jour: "date",
      contact_email: "text",
      contact_mobile: "text",
      telephone: "text",
      adresse: "text",
      adresse_complement: "text",
      code_postal: "text",
      ville: "text",
    },
    companies as unknown as Record<string, unknown>[],
  );

  // Accounts
  const accounts = [
    {
      email: "multi@demo.macc.test",
      civilite: "Mme",
      prenom: "Sophie",
      nom: "Durand",
      fonction: "Gérante",
      mobile: "+33 6 12 34 56 78",
      telephone: "02 41 88 12 30",
      adresse: "14 route de Nantes",
      adresse_complement: "Lieu-dit La Croix Blanche",
      code_postal: "49130",
      ville: "Les Ponts-de-Cé",
      pays: "FR",
      langue: "fr-FR",
      tiers: ["1004217", "2000873", "3000452"],
    },
    {
      email: "stale@demo.macc.test",
      civilite: "M.",
      prenom: "Paul",
      nom: "Martin",
      fonction: "Responsable achats",
      mobile: "+33 6 45 67 89 10",
      telephone: "03 26 55 40 12",
      adresse: "3 rue du Moulin",
      adresse_complement: null,
      code_postal: "51100",
      ville: "Reims",
      pays: "FR",
      langue: "fr-FR",
      tiers: ["1005530"],
    },
    {
      email: "welcome@demo.macc.test",
      civilite: "Mme",
      prenom: "Camille",
      nom: "Bernard",
      fonction: "Associée",
      mobile: "+33 7 81 22 33 45",
      telephone: "05 49 12 34 50",
      adresse: "Les Trois Chênes",
      adresse_complement: "Route de Parthenay",
      code_postal: "79200",
      ville: "Châtillon-sur-Thouet",
      pays: "FR",
      langue: "fr-FR",
      tiers: ["1006612"],
    },
    {
      email: "uk@demo.macc.test",
      civilite: "M.",
      prenom: "Oliver",
      nom: "Hughes",
      fonction: "Farm manager",
      mobile: "+44 7700 900456",
      telephone: "+44 1789 555 010",
      adresse: "Greenfield Farm",
      adresse_complement: "Banbury Road",
      code_postal: "CV37 7NQ",
      ville: "Stratford-upon-Avon",
      pays: "GB",
      langue: "en-GB",
      tiers: ["4000128"],
    },
    {
      email: "reset@demo.macc.test",
      civilite: "M.",
      prenom: "Lucas",
      nom: "Petit",
      fonction: "Exploitant",
      mobile: "+33 6 22 33 44 56",
      telephone: "02 99 12 34 50",
      adresse: "Les Prés Fleuris",
      adresse_complement: null,
      code_postal: "35140",
      ville: "Saint-Aubin-du-Cormier",
      pays: "FR",
      langue: "fr-FR",
      tiers: ["1008010"],
    },
    // Issue 30: information to confirm within 45 days, and 2 invoices since the last visit.
    {
      email: "due@demo.macc.test",
      civilite: "M.",
      prenom: "Antoine",
      nom: "Girard",
      fonction: "Exploitant",
      mobile: "+33 6 52 63 74 86",
      telephone: "02 47 21 43 60",
      adresse: "La Ferme des Grands Champs",
      adresse_complement: null,
      code_postal: "37500",
      ville: "Chinon",
      pays: "FR",
      langue: "fr-FR",
      tiers: ["1009045"],
    },
    // Issue 29's team members of multi@'s first company: its accountant, and its workshop.
    {
      email: "comptable@demo.macc.test",
      civilite: "Mme",
      prenom: "Nathalie",
      nom: "Roux",
      fonction: "Expert-comptable",
      mobile: "+33 6 31 42 53 64",
      telephone: "02 41 20 30 40",
      adresse: "8 boulevard Foch",
      adresse_complement: null,
      code_postal: "49100",
      ville: "Angers",
      pays: "FR",
      langue: "fr-FR",
      tiers: ["1004217"],
      role: "accountant",
    },
    {
      email: "atelier@demo.macc.test",
      civilite: "M.",
      prenom: "Julien",
      nom: "Moreau",
      fonction: "Mécanicien",
      mobile: "+33 6 75 86 97 08",
      telephone: "02 41 88 12 31",
      adresse: "14 route de Nantes",
      adresse_complement: null,
      code_postal: "49130",
      ville: "Les Ponts-de-Cé",
      pays: "FR",
      langue: "fr-FR",
      tiers: ["1004217"],
      role: "workshop",
    },
  ].map((a) => ({ ...a, uuid: randomUUID() }));
  await insertRows(
    tx,
    "accounts",
    {
      uuid_compte: "uuid",
      email: "text",
      password_hash: "text",
      civilite: "text",
      prenom: "text",
      nom: "text",
      fonction: "text",
      mobile: "text",
      telephone: "text",
      adresse: "text",
      adresse_complement: "text",
      code_postal: "text",
      ville: "text",
      langue: "text",
      pays: "text",
    },
    accounts.map(({ tiers: _t, role: _r, uuid, ...a }) => ({ ...a, uuid_compte: uuid, password_hash: passwordHash })),
  );
  await insertRows(
    tx,
    "account_companies",
    { uuid_compte: "uuid", id_tier: "text", position: "integer", role: "text" },
    accounts.flatMap((a) => a.tiers.map((id_tier, position) => ({ uuid_compte: a.uuid, id_tier, position, role: a.role ?? "owner" }))),
  );

  // Advisers
  // `fonction` is the title in the network's language, the fallback of `fonctions`.
  const advisers = [
    {
      id: randomUUID(),
      civilite: "Mme",
      prenom: "Claire",
      nom: "Lemoine",
      fonction: "Conseillère commerciale",
      fonctions: {
        fr: "Conseillère commerciale",
        en: "Sales adviser",
        nl: "Commercieel adviseur",
        de: "Vertriebsberaterin",
        es: "Asesora comercial",
        it: "Consulente commerciale",
      },
      telephone: "02 41 22 10 55",
      mobile: "+33 6 70 11 22 33",
      email: "claire.lemoine@macc.fr",
      photo: hex(makeAvatarSvg("CL", "#0b6e4f")),
      photo_type: "image/svg+xml",
      tiers: ["1004217", "1005530", "1006612"],
    },
    {
      id: randomUUID(),
      civilite: "M.",
      prenom: "Julien",
      nom: "Moreau",
      fonction: "Technicien conseil agricole",
      fonctions: {
        fr: "Technicien conseil agricole",
        en: "Agricultural field adviser",
        nl: "Technisch landbouwadviseur",
        de: "Landwirtschaftlicher Fachberater",
        es: "Técnico asesor agrícola",
        it: "Tecnico consulente agricolo",
      },
      telephone: "02 51 37 45 12",
      mobile: "+33 6 71 44 55 66",
      email: "julien.moreau@agrimacc.fr",
      photo: hex(makeAvatarSvg("JM", "#6a8d2f")),
      photo_type: "image/svg+xml",
      tiers: ["2000873"],
    },
  ] satisfies { fonctions: Record<Language, string>; [column: string]: unknown }[];
  await insertRows(
    tx,
    "advisers",
    {
      id: "uuid",
      civilite: "text",
      prenom: "text",
      nom: "text",
      fonction: "text",
      telephone: "text",
      mobile: "text",
      email: "text",
      photo: "bytea",
      photo_type: "text",
    },
    advisers.map(({ tiers: _t, fonctions: _f, ...a }) => a),
  );
  await insertRows(
    tx,
    "adviser_function_names",
    { adviser_id: "uuid", langue: "text", fonction: "text" },
    advisers.flatMap((a) => Object.entries(a.fonctions).map(([langue, fonction]) => ({ adviser_id: a.id, langue, fonction }))),
  );
  await insertRows(
    tx,
    "company_advisers",
    { id_tier: "text", adviser_id: "uuid" },
    advisers.flatMap((a) => a.tiers.map((id_tier) => ({ id_tier, adviser_id: a.id }))),
  );

  // Invoices and purchases
  const invoices = [
    ...generateInvoices("1004217", "FA", 2_150, ["ALIM", "ENGR", "PSEM", "PULV", "CLOT"], now, 1004217),
    ...generateInvoices("2000873", "AG", 320, ["SEM", "ENGR", "ALIM"], now, 2000873),
    ...generateInvoices("1005530", "FM", 60, ["ENGR", "SEM"], now, 1005530),
    ...generateInvoices("1006612", "FT", 25, ["ALIM", "CLOT"], now, 1006612),
    ...generateInvoices("1009045", "FG", 40, ["ALIM", "ENGR"], now, 1009045),
  ];
  await insertRows(
    tx,
    "invoices",
    {
      id_tier: "text",
      numero: "text",
      date_facture: "date",
      reference: "text",
      amount_cents: "bigint",
      currency: "text",
      due_date: "date",
      paid: "boolean",
      lines: "jsonb",
    },
    invoices as unknown as Record<string, unknown>[],
  );
  const purchases = [
    ...generatePurchases("1004217", ["ALIM", "ENGR", "PSEM", "PULV", "CLOT"], now, 17),
    ...generatePurchases("2000873", ["SEM", "ENGR"], now, 23),
    ...generatePurchases("3000452", ["PSEM"], now, 29),
    ...generatePurchases("1005530", ["ENGR"], now, 31),
    ...generatePurchases("1006612", ["ALIM", "CLOT"], now, 37),
    ...generatePurchases("1009045", ["ALIM", "ENGR"], now, 41),
    ...MACHINES.map(({ daysAgo, ...m }) => ({
      ...m,
      id_tier: "1004217",
      code_famille: "MACH",
      date_achat: isoDate(addDays(now, -daysAgo)),
      quantite: 1,
    })),
  ];
  await insertRows(
    tx,
    "company_product_purchases",
    { id_tier: "text", code_famille: "text", code_produit: "text", numero_serie: "text", date_achat: "date", quantite: "integer" },
    purchases,
  );

  // Bank details: multi's FRA company has its details in force; its AGR company also has a change
  // being validated (README "Bank details": pending stays pending, there is no back office).
  const rib = (intitule: string, iban: string) => hex(makePdf(`RIB - ${intitule}`, `IBAN ${iban}`));
  const bankDetails = [
    { id_tier: "1004217", status: "in-force", iban: "FR7630006000011234567890189", intitule: "ETS DURAND ET FILS", months: -20 },
    { id_tier: "2000873", status: "in-force", iban: "FR4417906000320065432109876", intitule: "GAEC DU BOCAGE VENDEEN", months: -30 },
    { id_tier: "2000873", status: "pending", iban: "FR0914508000405678901234523", intitule: "GAEC DU BOCAGE VENDEEN", months: 0 },
  ];
  await insertRows(
    tx,
    "bank_details",
    {
      id_tier: "text",
      status: "text",
      iban: "text",
      intitule: "text",
      rib_bytes: "bytea",
      rib_type: "text",
      rib_name: "text",
      submitted_at: "timestamptz",
      validated_at: "timestamptz",
    },
    bankDetails.map(({ months, ...b }) => ({
      ...b,
      rib_bytes: rib(b.intitule, b.iban),
      rib_type: "pdf",
      rib_name: `rib-${b.id_tier}.pdf`,
      submitted_at: addDays(addMonths(now, months), -3).toISOString(),
      validated_at: b.status === "in-force" ? addMonths(now, months).toISOString() : null,
    })),
  );
  await seedNotifications(tx, invoices, now);
  return invoices.length;
}
