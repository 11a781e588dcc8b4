/** Invoices, product fleet, documents, adviser, contact form and dashboard counts (one seeded database). */
import { unzipSync, unzlibSync } from "fflate";
import { problemDetail } from "../../src/contract/problem-details.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { deliverPending } from "../mail/queue.ts";
import { formatAmount, winAnsiSafe } from "../pdf/invoice-pdf.ts";
import {
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  settleMail,
  withBotCheck,
  waitForMail,
  type TestContext,
} from "../test-support.ts";
import { CHOOSE_SERVICE, CONTACT_MAX_PER_ACCOUNT, MESSAGE_TOO_SHORT } from "./contact.ts";

let t: TestContext;
let counter = 0;
const nextAddress = () => fromAddress(`10.7.${Math.floor(++counter / 250)}.${counter % 250}`);

const MULTI = "1004217"; // FRA, 2,150 invoices, adviser, six families (CLOT without documents, MACH its machines)
const AGR = "2000873"; // AGR, 320 invoices, adviser, SEM and ENGR
const BLG = "3000452"; // BLG, no invoice, no adviser, PSEM
const UK = "4000128"; // GBR, nothing

interface Tokens {
  account: string;
  company: Record<string, string>;
}
const tokens: Record<string, Tokens> = {};

async function login(email: string): Promise<Tokens> {
  const res = await t.app.request("/api/auth/login", await withBotCheck(t.app, json({ email, password: DEMO_PASSWORD })), nextAddress());
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { idTier: string; token: string }[] } };
  return { account: body.accessToken, company: Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token])) };
}

beforeAll(async () => {
  t = await createTestApp();
  tokens.multi = await login("multi@demo.macc.test");
  tokens.uk = await login("uk@demo.macc.test");
  tokens.welcome = await login("welcome@demo.macc.test");
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

const tok = (idTier: string) => (idTier === UK ? tokens.uk! : idTier === "1006612" ? tokens.welcome! : tokens.multi!).company[idTier]!;
const get = (path: string, idTier: string | null = MULTI, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: idTier ? { Authorization: `Bearer ${tok(idTier)}`, ...headers } : headers });
const getJson = async <T>(path: string, idTier: string = MULTI, headers: Record<string, string> = {}): Promise<T> => {
  const res = await get(path, idTier, headers);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const q1 = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0]!;

interface InvoiceList {
  items: {
    id: string;
    number: string;
    date: string;
    reference: string | null;
    amountCents: number;
    currency: string;
    dueDate: string | null;
    paid: boolean;
  }[];
  total: number;
  page: number;
  pageSize: number;
  years: { year: number; archive: boolean }[];
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/** WinAnsi (cp1252) bytes → text: Latin-1 except 0x80–0x9F. */
const CP1252 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = {
  decode: (bytes: Uint8Array) => Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80]! : String.fromCharCode(b))).join(""),
};

/** Text drawn in a PDF: every stream (inflated when compressed), hex and literal strings of Tj/TJ decoded. */
function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const chunks: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    const data = pdf.subarray(start, end);
    try {
      chunks.push(Buffer.from(unzlibSync(data)).toString("latin1"));
    } catch {
      chunks.push(Buffer.from(data).toString("latin1"));
    }
    re.lastIndex = end;
  }
  const content = chunks.join("\n");
  const texts: string[] = [];
  for (const s of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    texts.push(s[1] !== undefined ? winAnsi.decode(Buffer.from(s[1].replace(/\s/g, ""), "hex")) : s[2]!);
  }
  return texts.join("\n");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("authentication of the customer-area routes", () => {
  const routes = [
    "/api/me/invoices",
    "/api/me/invoices/00000000-0000-4000-8000-000000000000/pdf",
    "/api/me/invoices/archive/2024.zip",
    "/api/me/products",
    "/api/me/products/ALIM",
    "/api/me/documents/00000000-0000-4000-8000-000000000000",
    "/api/me/adviser",
    "/api/me/summary",
  ];
  it.each(routes)("%s without or with a bad token → 401; account-level token → 403", async (path) => {
    await expectProblem(await t.app.request(path), 401);
    await expectProblem(await t.app.request(path, { headers: { Authorization: "Bearer nope.nope" } }), 401);
    const p = await expectProblem(await t.app.request(path, { headers: { Authorization: `Bearer ${tokens.multi!.account}` } }), 403);
    expect(p.detail).toBe(problemDetail("companyRequired", "fr-FR"));
  });
  it("POST /api/me/contact: 401 and 403 too", async () => {
    const body = { service: "Service clients", subject: "Objet", message: "Un message assez long." };
    await expectProblem(await t.app.request("/api/me/contact", await withBotCheck(t.app, json(body))), 401);
    await expectProblem(
      await t.app.request("/api/me/contact", await withBotCheck(t.app, json(body, { Authorization: `Bearer ${tokens.multi!.account}` }))),
      403,
    );
  });
  it("a company no longer linked to the account: its token stops working (401 from the session check)", async () => {
    const { rows } = await t.db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = 'welcome@demo.macc.test'");
    const uuid = rows[0]!.uuid_compte;
    await t.db.query("DELETE FROM account_companies WHERE uuid_compte = $1", [uuid]);
    try {
      await expectProblem(await get("/api/me/invoices", "1006612"), 401);
    } finally {
      await t.db.query("INSERT INTO account_companies (uuid_compte, id_tier, position, role) VALUES ($1, '1006612', 0, 'owner')", [uuid]);
    }
    expect((await get("/api/me/invoices", "1006612")).status).toBe(200);
  });
});

describe("GET /api/me/invoices", () => {
  it("first page by default: 25 newest, total, years with archive flags", async () => {
    const res = await get("/api/me/invoices");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as InvoiceList;
    expect(body.total).toBe(2150);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(25);
    expect(body.items).toHaveLength(25);
    const first = body.items[0]!;
    expect(Object.keys(first).sort()).toEqual(["amountCents", "currency", "date", "dueDate", "id", "number", "paid", "reference"]);
    expect(first.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof first.amountCents).toBe("number");
    expect(first.currency).toBe("EUR");
    const dates = body.items.map((i) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const max = await q1<{ d: string }>("SELECT to_char(max(date_facture), 'YYYY-MM-DD') AS d FROM invoices WHERE id_tier = $1", [MULTI]);
    expect(first.date).toBe(max.d);
    const thisYear = new Date().getFullYear();
    expect(body.years.length).toBeGreaterThanOrEqual(6);
    expect(body.years.map((y) => y.year)).toEqual([...body.years.map((y) => y.year)].sort((a, b) => b - a));
    for (const y of body.years) expect(y.archive).toBe(y.year <= thisYear - 3);
    expect(body.years.some((y) => y.archive)).toBe(true);
  });

  it("pages cover every invoice once; past the end → empty items with the total", async () => {
    const last = await getJson<InvoiceList>("/api/me/invoices?page=22&pageSize=100");
    expect(last.items).toHaveLength(50);
    expect(last.total).toBe(2150);
    const beyond = await getJson<InvoiceList>("/api/me/invoices?page=40&pageSize=100");
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(2150);
    const a = await getJson<InvoiceList>("/api/me/invoices?page=1&pageSize=10");
    const b = await getJson<InvoiceList>("/api/me/invoices?page=2&pageSize=10");
    const c20 = await getJson<InvoiceList>("/api/me/invoices?page=1&pageSize=20");
    expect([...a.items, ...b.items].map((i) => i.id)).toEqual(c20.items.map((i) => i.id));
  });

  it("sorts by number and amount, both orders", async () => {
    const byNumber = await getJson<InvoiceList>("/api/me/invoices?sort=number&order=asc&pageSize=100");
    const numbers = byNumber.items.map((i) => i.number);
    expect(numbers).toEqual([...numbers].sort());
    const byAmountDesc = await getJson<InvoiceList>("/api/me/invoices?sort=amount&order=desc&pageSize=50");
    const amounts = byAmountDesc.items.map((i) => i.amountCents);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    const max = await q1<{ m: number }>("SELECT max(amount_cents)::float8 AS m FROM invoices WHERE id_tier = $1", [MULTI]);
    expect(amounts[0]).toBe(max.m);
    const byDateAsc = await getJson<InvoiceList>("/api/me/invoices?sort=date&order=asc&pageSize=5");
    expect(byDateAsc.items.map((i) => i.date)).toEqual([...byDateAsc.items.map((i) => i.date)].sort());
  });

  it("filters by year (and annee), status and q", async () => {
    const thisYear = new Date().getFullYear();
    const year = thisYear - 1;
    const expected = await q1<{ n: number; unpaid: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT paid)::int AS unpaid FROM invoices
       WHERE id_tier = $1 AND EXTRACT(YEAR FROM date_facture) = $2`,
      [MULTI, year],
    );
    const byYear = await getJson<InvoiceList>(`/api/me/invoices?year=${year}&pageSize=100`);
    expect(byYear.total).toBe(expected.n);
    for (const i of byYear.items) expect(i.date.startsWith(String(year))).toBe(true);
    const byAnnee = await getJson<InvoiceList>(`/api/me/invoices?annee=${year}&pageSize=100`);
    expect(byAnnee.items.map((i) => i.id)).toEqual(byYear.items.map((i) => i.id));
    expect(byAnnee.years).toEqual(byYear.years);
    expect((await getJson<InvoiceList>(`/api/me/invoices?annee=${year}&year=${year}`)).total).toBe(expected.n);
    const unpaid = await getJson<InvoiceList>(`/api/me/invoices?year=${year}&status=unpaid&pageSize=100`);
    expect(unpaid.total).toBe(expected.unpaid);
    for (const i of unpaid.items) expect(i.paid).toBe(false);
    const paid = await getJson<InvoiceList>(`/api/me/invoices?year=${year}&status=paid`);
    expect(paid.total).toBe(expected.n - expected.unpaid);
    const oldest = byYear.years.at(-1)!.year;
    const archived = await getJson<InvoiceList>(`/api/me/invoices?annee=${oldest}`);
    expect(archived.total).toBeGreaterThan(0);
    expect((await getJson<InvoiceList>("/api/me/invoices?year=1990")).total).toBe(0);
  });

  it("q matches number or reference, case-insensitive, trimmed, % and _ literal", async () => {
    const sample = await q1<{ numero: string }>("SELECT numero FROM invoices WHERE id_tier = $1 ORDER BY numero LIMIT 1 OFFSET 100", [
      MULTI,
    ]);
    const byNumber = await getJson<InvoiceList>(`/api/me/invoices?q=${encodeURIComponent(`  ${sample.numero.toLowerCase()} `)}`);
    expect(byNumber.total).toBe(1);
    expect(byNumber.items[0]!.number).toBe(sample.numero);
    const chantier = await q1<{ n: number }>(
      "SELECT count(*)::int AS n FROM invoices WHERE id_tier = $1 AND reference ILIKE '%silo nord%'",
      [MULTI],
    );
    expect(chantier.n).toBeGreaterThan(0);
    const byRef = await getJson<InvoiceList>("/api/me/invoices?q=SILO%20NORD&pageSize=100");
    expect(byRef.total).toBe(chantier.n);
    expect((await getJson<InvoiceList>("/api/me/invoices?q=%25")).total).toBe(0);
    expect((await getJson<InvoiceList>("/api/me/invoices?q=_")).total).toBe(0);
    expect((await getJson<InvoiceList>("/api/me/invoices?q=%20%20")).total).toBe(2150);
  });

  it("only the selected company's invoices; none for the UK company", async () => {
    const agr = await getJson<InvoiceList>("/api/me/invoices?pageSize=100", AGR);
    expect(agr.total).toBe(320);
    for (const i of agr.items) expect(i.number.startsWith("AG")).toBe(true);
    const uk = await getJson<InvoiceList>("/api/me/invoices", UK);
    expect(uk).toEqual({ items: [], total: 0, page: 1, pageSize: 25, years: [] });
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["pageSize=101", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["pageSize=99999999999999999999", "pageSize"],
    ["sort=price", "sort"],
    ["order=up", "order"],
    ["status=late", "status"],
    ["year=24", "year"],
    ["year=abcd", "year"],
    ["annee=2024x", "annee"],
    ["year=2024&annee=2023", "annee"],
    [`q=${"x".repeat(51)}`, "q"],
  ])("%s → 400 problem on %s", async (query, path) => {
    const p = await expectProblem(await get(`/api/me/invoices?${query}`), 400);
    expect(p.detail).toBe(problemDetail("invalidQuery", "fr-FR"));
    expect(p.errors?.map((e) => e.path)).toEqual([path]);
  });

  it("stays fast with 2,150 invoices (p50 of page requests)", async () => {
    const queries = ["", "?page=30&sort=number", "?sort=amount&order=asc&page=5", "?q=BC-", "?status=unpaid", "?year=2024&pageSize=100"];
    const times: number[] = [];
    for (let i = 0; i < 24; i++) {
      const started = performance.now();
      const res = await get(`/api/me/invoices${queries[i % queries.length]}`);
      expect(res.status).toBe(200);
      await res.json();
      times.push(performance.now() - started);
    }
    const p50 = median(times);
    console.info(`[timing] invoice page p50 ${p50.toFixed(1)} ms (max ${Math.max(...times).toFixed(1)} ms, 2,150 invoices)`);
    expect(p50).toBeLessThan(500);
  });
});

describe("GET /api/me/invoices/{id}/pdf", () => {
  it("a real PDF of the stored invoice, with the number and the amounts as text", async () => {
    const inv = await q1<{
      id: string;
      numero: string;
      amount_cents: number;
      reference: string | null;
      lines: { quantity: number; unitPriceCents: number; label: string }[];
    }>(
      "SELECT id, numero, amount_cents::float8 AS amount_cents, reference, lines FROM invoices WHERE id_tier = $1 AND reference IS NOT NULL ORDER BY numero LIMIT 1",
      [MULTI],
    );
    const res = await get(`/api/me/invoices/${inv.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="facture-${inv.numero}.pdf"`);
    const pdf = await bytesOf(res);
    expect(Number(res.headers.get("content-length"))).toBe(pdf.byteLength);
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain(inv.numero);
    expect(text).toContain("FACTURE");
    expect(text).toContain("Établissements Durand et Fils");
    expect(text).toContain("C-100101");
    expect(text).toContain("Total TTC");
    expect(text).toContain(formatAmount(inv.amount_cents));
    expect(text).toContain(inv.reference!);
    const ht = inv.lines.reduce((s, l) => s + Math.round(l.quantity * l.unitPriceCents), 0);
    expect(text).toContain(formatAmount(ht));
    expect(text).toContain(formatAmount(inv.amount_cents - ht));
  });

  it("renders 20 invoices (p50)", async () => {
    const { rows } = await t.db.query<{ id: string; numero: string }>(
      "SELECT id, numero FROM invoices WHERE id_tier = $1 ORDER BY date_facture DESC LIMIT 21",
      [MULTI],
    );
    const times: number[] = [];
    for (const r of rows) {
      const started = performance.now();
      const res = await get(`/api/me/invoices/${r.id}/pdf`);
      const pdf = await bytesOf(res);
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
      expect(pdfText(pdf)).toContain(r.numero);
    }
    console.info(`[timing] invoice PDF p50 ${median(times).toFixed(1)} ms over ${times.length} invoices`);
  });

  it("another company's invoice, an unknown or malformed id → 404", async () => {
    const other = await q1<{ id: string }>("SELECT id FROM invoices WHERE id_tier = $1 LIMIT 1", [AGR]);
    const p = await expectProblem(await get(`/api/me/invoices/${other.id}/pdf`), 404);
    expect(p.detail).toBe("Facture introuvable.");
    expect((await get(`/api/me/invoices/${other.id}/pdf`, AGR)).status).toBe(200);
    await expectProblem(await get("/api/me/invoices/00000000-0000-4000-8000-000000000000/pdf"), 404);
    await expectProblem(await get("/api/me/invoices/not-a-uuid/pdf"), 404);
    await expectProblem(await get("/api/me/invoices/'%20OR%201=1/pdf"), 404);
  });
});

describe("GET /api/me/invoices/archive/{year}.zip", () => {
  it("one PDF per invoice of the company's biggest year", async () => {
    const biggest = await q1<{ year: number; n: number }>(
      `SELECT EXTRACT(YEAR FROM date_facture)::int AS year, count(*)::int AS n FROM invoices WHERE id_tier = $1
       GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      [MULTI],
    );
    const started = performance.now();
    const res = await get(`/api/me/invoices/archive/${biggest.year}.zip`);
    const zip = await bytesOf(res);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="factures-${biggest.year}.zip"`);
    expect(res.headers.get("content-length")).toBeNull();
    const files = unzipSync(zip);
    const names = Object.keys(files);
    expect(names).toHaveLength(biggest.n);
    const { rows } = await t.db.query<{ numero: string }>(
      "SELECT numero FROM invoices WHERE id_tier = $1 AND EXTRACT(YEAR FROM date_facture) = $2",
      [MULTI, biggest.year],
    );
    expect(names.sort()).toEqual(rows.map((r) => `facture-${r.numero}.pdf`).sort());
    for (const name of names.slice(0, 5)) {
      const pdf = files[name]!;
      expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
      expect(pdfText(pdf)).toContain(name.slice("facture-".length, -".pdf".length));
    }
    console.info(`[timing] ZIP of ${biggest.year}: ${biggest.n} invoices, ${(zip.byteLength / 1024).toFixed(0)} kB in ${ms.toFixed(0)} ms`);
  });

  it("asked again, gives the same archive; once an invoice changes, the new one shows the change", async () => {
    const smallest = await q1<{ year: number }>(
      `SELECT EXTRACT(YEAR FROM date_facture)::int AS year FROM invoices WHERE id_tier = $1 GROUP BY 1 ORDER BY count(*) LIMIT 1`,
      [MULTI],
    );
    const url = `/api/me/invoices/archive/${smallest.year}.zip`;
    const [first, same] = (await Promise.all([get(url), get(url)].map(async (res) => bytesOf(await res)))) as [Uint8Array, Uint8Array];
    expect(same).toEqual(first);
    expect(await bytesOf(await get(url))).toEqual(first);

    const changed = await q1<{ id: string; numero: string; reference: string | null }>(
      "SELECT id, numero, reference FROM invoices WHERE id_tier = $1 AND EXTRACT(YEAR FROM date_facture) = $2 ORDER BY numero LIMIT 1",
      [MULTI, smallest.year],
    );
    await t.db.query("UPDATE invoices SET reference = 'BC-CHANGED-4242' WHERE id = $1", [changed.id]);
    try {
      const files = unzipSync(await bytesOf(await get(url)));
      expect(pdfText(files[`facture-${changed.numero}.pdf`]!)).toContain("BC-CHANGED-4242");
      expect(Object.keys(files)).toHaveLength(Object.keys(unzipSync(first)).length);
    } finally {
      await t.db.query("UPDATE invoices SET reference = $2 WHERE id = $1", [changed.id, changed.reference]);
    }
  });

  it("a year without invoices, another company's year, a malformed name → 404", async () => {
    const p = await expectProblem(await get("/api/me/invoices/archive/1990.zip"), 404);
    expect(p.detail).toBe("Aucune facture pour cette année.");
    await expectProblem(await get(`/api/me/invoices/archive/${new Date().getFullYear()}.zip`, UK), 404);
    await expectProblem(await get("/api/me/invoices/archive/2024.tar"), 404);
    await expectProblem(await get("/api/me/invoices/archive/24.zip"), 404);
    await expectProblem(await get("/api/me/invoices/archive/abcd.zip"), 404);
    // A year PostgreSQL cannot make a date of is no year of ours, not a server error.
    await expectProblem(await get("/api/me/invoices/archive/0000.zip"), 404);
  });
});

describe("products", () => {
  interface ProductList {
    items: { codeFamille: string; produit: string; quantite: number; dateDernierAchat: string }[];
  }
  interface Detail {
    codeFamille: string;
    produit: string;
    achats: { dateAchat: string; quantite: number }[];
    documents: Record<
      "technical" | "sav",
      { id: string; title: string; langue: string; type: string; sizeBytes?: number; url?: string; durationSeconds?: number }[]
    >;
  }

  it("list: families bought, quantities summed, newest purchase first", async () => {
    const body = await getJson<ProductList>("/api/me/products?langue=fr-FR");
    expect(body.items.map((i) => i.codeFamille).sort()).toEqual(["ALIM", "CLOT", "ENGR", "MACH", "PSEM", "PULV"]);
    const dates = body.items.map((i) => i.dateDernierAchat);
    expect(dates).toEqual([...dates].sort().reverse());
    const alim = body.items.find((i) => i.codeFamille === "ALIM")!;
    expect(alim.produit).toBe("Aliments du bétail");
    const sums = await q1<{ q: number; d: string }>(
      "SELECT sum(quantite)::int AS q, to_char(max(date_achat), 'YYYY-MM-DD') AS d FROM company_product_purchases WHERE id_tier = $1 AND code_famille = 'ALIM'",
      [MULTI],
    );
    expect(alim.quantite).toBe(sums.q);
    expect(alim.dateDernierAchat).toBe(sums.d);
  });

  it("names follow langue or X-langue, French when missing; unknown langue → 400", async () => {
    const en = await getJson<ProductList>("/api/me/products?langue=en-GB");
    expect(en.items.find((i) => i.codeFamille === "ALIM")!.produit).toBe("Livestock feed");
    const de = await getJson<ProductList>("/api/me/products", MULTI, { "X-langue": "de-BE" });
    expect(de.items.find((i) => i.codeFamille === "ALIM")!.produit).toBe("Futtermittel");
    await t.db.query("DELETE FROM product_names WHERE code_famille = 'PULV' AND langue = 'nl'");
    const nl = await getJson<ProductList>("/api/me/products?langue=nl_BE");
    expect(nl.items.find((i) => i.codeFamille === "PULV")!.produit).toBe("Pulvérisation");
    await expectProblem(await get("/api/me/products?langue=xx-XX"), 400);
  });

  it("empty for the UK company; other companies see only theirs", async () => {
    expect(await getJson<ProductList>("/api/me/products", UK)).toEqual({ items: [] });
    expect((await getJson<ProductList>("/api/me/products", BLG)).items.map((i) => i.codeFamille)).toEqual(["PSEM"]);
  });

  it("detail: purchases newest first, documents by kind (pdf sizes, video urls and durations)", async () => {
    const d = await getJson<Detail>("/api/me/products/psem");
    expect(d.codeFamille).toBe("PSEM");
    expect(d.produit).toBe("Pièces de semoir");
    expect(d.achats.length).toBeGreaterThanOrEqual(2);
    const dates = d.achats.map((a) => a.dateAchat);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const a of d.achats) expect(a.quantite).toBeGreaterThan(0);
    expect(d.documents.technical.map((x) => x.type)).toEqual(["pdf", "pdf", "video"]);
    expect(d.documents.sav.map((x) => x.type)).toEqual(["pdf", "video"]);
    const pdf = d.documents.technical[0]!;
    expect(pdf.sizeBytes).toBeGreaterThan(100);
    expect(pdf.url).toBeUndefined();
    const video = d.documents.sav[1]!;
    expect(video.url).toMatch(/^https:\/\/videos\.macc\.example\/psem\//);
    expect(video.durationSeconds).toBeGreaterThan(0);
    expect(video.sizeBytes).toBeUndefined();
    // Each document in its own language, whatever the request's: the demo's leaflets are French.
    const english = await getJson<Detail>("/api/me/products/psem?langue=en-GB");
    expect(english.produit).toBe("Seed drill parts");
    expect([...english.documents.technical, ...english.documents.sav].map((x) => x.langue)).toEqual(["fr", "fr", "fr", "fr", "fr"]);
  });

  it("a family without documents → empty sections", async () => {
    const d = await getJson<Detail>("/api/me/products/CLOT");
    expect(d.documents).toEqual({ technical: [], sav: [] });
    expect(d.achats.length).toBeGreaterThan(0);
  });

  it.each([
    ["SEM", MULTI], // exists, never bought by this company
    ["ALIM", AGR], // bought by another company of the same account
    ["NOPE", MULTI],
    ["%27%20OR%201%3D1", MULTI],
    ["ALIM", UK],
  ])("%s for %s → 404 Produit introuvable.", async (code, idTier) => {
    const p = await expectProblem(await get(`/api/me/products/${code}`, idTier), 404);
    expect(p.detail).toBe(problemDetail("productNotFound", "fr-FR"));
  });
});

describe("GET /api/me/documents/{id}", () => {
  it("the PDF inline when the company bought the family; otherwise 404", async () => {
    const doc = await q1<{ id: string; title: string; size: number }>(
      "SELECT id, title, octet_length(file_bytes)::int AS size FROM product_documents WHERE code_famille = 'ALIM' AND kind = 'technical' AND type = 'pdf' ORDER BY position LIMIT 1",
    );
    const res = await get(`/api/me/documents/${doc.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="Fiche-technique-Aliments-du-betail.pdf"');
    const bytes = await bytesOf(res);
    expect(bytes.byteLength).toBe(doc.size);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    await expectProblem(await get(`/api/me/documents/${doc.id}`, AGR), 404); // AGR company never bought ALIM
    await expectProblem(await get(`/api/me/documents/${doc.id}`, UK), 404);
    const video = await q1<{ id: string }>("SELECT id FROM product_documents WHERE code_famille = 'ALIM' AND type = 'video' LIMIT 1");
    await expectProblem(await get(`/api/me/documents/${video.id}`), 404);
    await expectProblem(await get("/api/me/documents/00000000-0000-4000-8000-000000000000"), 404);
    await expectProblem(await get("/api/me/documents/..%2F..%2Fetc"), 404);
  });
});

describe("adviser", () => {
  interface AdviserAnswer {
    adviser: {
      id: string;
      civilite: string;
      prenom: string;
      nom: string;
      fonction: string;
      telephone: string;
      mobile: string;
      email: string;
      photoUrl: string;
    } | null;
    service: { nomSousService: string; telephone1: string; mail1: string; mail2: string };
  }

  it("the company's adviser and the network's customer service", async () => {
    const body = await getJson<AdviserAnswer>("/api/me/adviser");
    expect(body.adviser).toMatchObject({ civilite: "Mme", prenom: "Claire", nom: "Lemoine", email: "claire.lemoine@macc.fr" });
    expect(body.adviser!.photoUrl).toBe(`/api/advisers/${body.adviser!.id}/photo`);
    expect(body.service).toEqual({
      nomSousService: "Service clients",
      telephone1: "02 41 22 10 00",
      mail1: "service.clients",
      mail2: "@macc.fr",
    });
    const agr = await getJson<AdviserAnswer>("/api/me/adviser", AGR);
    expect(agr.adviser?.nom).toBe("Moreau");
    expect(agr.service.mail2).toBe("@agrimacc.fr");
  });

  it("no adviser → null, with the service in the request's language", async () => {
    const uk = await getJson<AdviserAnswer>("/api/me/adviser", UK, { "X-langue": "en-GB" });
    expect(uk).toEqual({
      adviser: null,
      service: { nomSousService: "Customer service", telephone1: "+44 1926 496 000", mail1: "customer.service", mail2: "@macc.co.uk" },
    });
    const blg = await getJson<AdviserAnswer>("/api/me/adviser?langue=nl-BE", BLG);
    expect(blg.adviser).toBeNull();
    expect(blg.service.nomSousService).toBe("Klantendienst");
  });

  it("photo: public, cached a day, with its type; unknown → 404", async () => {
    const body = await getJson<AdviserAnswer>("/api/me/adviser");
    const res = await t.app.request(body.adviser!.photoUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.text()).toContain("<svg");
    await expectProblem(await t.app.request("/api/advisers/00000000-0000-4000-8000-000000000000/photo"), 404);
    await expectProblem(await t.app.request("/api/advisers/nope/photo"), 404);
  });
});

describe("POST /api/me/contact", () => {
  const post = async (body: unknown, idTier = MULTI, headers: Record<string, string> = {}) =>
    t.app.request("/api/me/contact", await withBotCheck(t.app, json(body, { Authorization: `Bearer ${tok(idTier)}`, ...headers })));
  const valid = { service: "Service après-vente", subject: "Semoir en panne", message: "Bonjour, le doseur ne tourne plus depuis hier." };

  it("stores the message, mails the service (reply-to the customer) and acknowledges to the customer", async () => {
    const subject = `Question ${Date.now()}`;
    const res = await post({ ...valid, subject });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = await q1<{ service: string; subject: string; message: string; id_tier: string; recipient: string; reply_to: string }>(
      "SELECT service, subject, message, id_tier, recipient, reply_to FROM contact_messages WHERE id = $1",
      [id],
    );
    expect(row).toEqual({
      service: valid.service,
      subject,
      message: valid.message,
      id_tier: MULTI,
      recipient: "sav@macc.fr",
      reply_to: "multi@demo.macc.test",
    });
    const toService = await waitForMail(t.db, (m) => m.to === "sav@macc.fr" && (m.subject ?? "").includes(subject));
    expect(toService.text).toContain("multi@demo.macc.test");
    expect(toService.text).toContain("Établissements Durand et Fils");
    expect(toService.text).toContain("C-100101");
    expect(toService.text).toContain(valid.message);
    const ack = await waitForMail(t.db, (m) => m.to === "multi@demo.macc.test" && (m.text ?? "").includes(subject));
    expect(ack.subject).toBe("Nous avons bien reçu votre message");
    const queued = await t.db.query<{ recipient: string; reply_to: string | null }>(
      "SELECT recipient, reply_to FROM mail_queue WHERE subject LIKE $1 OR body LIKE $1 ORDER BY recipient",
      [`%${subject}%`],
    );
    expect(queued.rows).toEqual([
      { recipient: "multi@demo.macc.test", reply_to: null },
      { recipient: "sav@macc.fr", reply_to: "multi@demo.macc.test" },
    ]);
  });

  it("accepts the service name in another language of the network, case-insensitive", async () => {
    expect((await post({ ...valid, service: "after-sales SERVICE" })).status).toBe(201);
    expect((await post({ ...valid, service: "Klantendienst" }, BLG)).status).toBe(201);
  });

  it.each([
    [{ subject: "Objet", message: "Un message assez long." }, [["service", CHOOSE_SERVICE]]],
    [{ ...valid, service: "Service inconnu" }, [["service", CHOOSE_SERVICE]]],
    [{ ...valid, service: "Service adhérents" }, [["service", CHOOSE_SERVICE]]], // AGR's, not FRA's
    [{ ...valid, service: 42 }, [["service", CHOOSE_SERVICE]]],
    [{ ...valid, subject: "   " }, [["subject", "Champ obligatoire"]]],
    [{ service: valid.service, message: valid.message }, [["subject", "Champ obligatoire"]]],
    [{ ...valid, subject: "x".repeat(151) }, [["subject", "150 caractères au maximum."]]],
    [{ ...valid, message: "Trop court".slice(0, 9) }, [["message", MESSAGE_TOO_SHORT]]],
    [{ ...valid, message: "" }, [["message", "Champ obligatoire"]]],
    [{ ...valid, message: "x".repeat(5001) }, [["message", "5000 caractères au maximum."]]],
    [
      { service: "", subject: "", message: "court" },
      [
        ["service", CHOOSE_SERVICE],
        ["subject", "Champ obligatoire"],
        ["message", MESSAGE_TOO_SHORT],
      ],
    ],
  ])("%j → 422 with French messages", async (body, expected) => {
    const p = await expectProblem(await post(body), 422);
    expect(p.errors?.map((e) => [e.path, e.message])).toEqual(expected);
  });

  it("non-JSON and non-object bodies", async () => {
    await expectProblem(
      await t.app.request(
        "/api/me/contact",
        await withBotCheck(t.app, {
          method: "POST",
          headers: { Authorization: `Bearer ${tok(MULTI)}`, "Content-Type": "text/plain" },
          body: "x",
        }),
      ),
      415,
    );
    await expectProblem(
      await t.app.request(
        "/api/me/contact",
        await withBotCheck(t.app, {
          method: "POST",
          headers: { Authorization: `Bearer ${tok(MULTI)}`, "Content-Type": "application/json" },
          body: "{",
        }),
      ),
      400,
    );
    await expectProblem(await post([1, 2]), 422);
    await expectProblem(await post(null), 422);
  });

  it(`throttles after ${CONTACT_MAX_PER_ACCOUNT} messages an hour per account (429 Retry-After)`, async () => {
    const welcome = "1006612";
    const service = "Service clients";
    for (let i = 0; i < CONTACT_MAX_PER_ACCOUNT; i++) {
      expect((await post({ ...valid, service, subject: `n° ${i}` }, welcome)).status).toBe(201);
    }
    const res = await post({ ...valid, service }, welcome);
    const p = await expectProblem(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(p.detail).toMatch(/^Vous avez envoyé trop de messages\. Veuillez réessayer dans \d+\sminutes\.$/);
    // invalid bodies are still answered 422, and the refused message was neither stored nor counted
    await expectProblem(await post({ ...valid, service: "?" }, welcome), 422);
    const count = await q1<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages WHERE id_tier = $1", [welcome]);
    expect(count.n).toBe(CONTACT_MAX_PER_ACCOUNT);
    expect((await post(valid)).status).toBe(201); // another account is not affected
  });

  it("a failed delivery stays queued and is retried", async () => {
    const failing = { send: async () => Promise.reject(new Error("relay down")), close: async () => {}, describe: async () => "x" };
    await t.db.query(
      "INSERT INTO mail_queue (recipient, subject, body, html) VALUES ('retry@macc.test', 'Retry me', 'text', '<p>text</p>')",
    );
    const origError = console.error;
    console.error = () => undefined;
    try {
      expect(await deliverPending(t.db, failing)).toBe(0);
    } finally {
      console.error = origError;
    }
    const after = await q1<{ attempts: number; sent_at: Date | null; last_error: string; due: boolean }>(
      "SELECT attempts, sent_at, last_error, next_attempt_at > now() AS due FROM mail_queue WHERE recipient = 'retry@macc.test'",
    );
    expect(after).toMatchObject({ attempts: 1, sent_at: null, last_error: "relay down", due: true });
    await t.db.query("UPDATE mail_queue SET next_attempt_at = now() WHERE recipient = 'retry@macc.test'");
    expect(await deliverPending(t.db, t.mailer)).toBeGreaterThanOrEqual(1);
    await waitForMail(t.db, (m) => m.to === "retry@macc.test");
  });
});

describe("GET /api/me/summary", () => {
  it("counts for the dashboard tiles", async () => {
    const expected = await q1<{ unpaid: number }>("SELECT count(*)::int AS unpaid FROM invoices WHERE id_tier = $1 AND NOT paid", [MULTI]);
    expect(await getJson("/api/me/summary")).toEqual({
      invoices: { unpaid: expected.unpaid, total: 2150 },
      products: 6,
      adviser: true,
      openServiceRequests: 0,
    });
    expect(await getJson("/api/me/summary", UK)).toEqual({
      invoices: { unpaid: 0, total: 0 },
      products: 0,
      adviser: false,
      openServiceRequests: 0,
    });
    expect(await getJson("/api/me/summary", BLG)).toEqual({
      invoices: { unpaid: 0, total: 0 },
      products: 1,
      adviser: false,
      openServiceRequests: 0,
    });
  });
});

describe("PDF text helpers", () => {
  it("formats amounts the French way", () => {
    expect(formatAmount(123456)).toBe("1 234,56 €");
    expect(formatAmount(5)).toBe("0,05 €");
    expect(formatAmount(-100000000)).toBe("-1 000 000,00 €");
  });
  it("keeps WinAnsi text, replaces the rest", () => {
    const supported = new Set(Array.from({ length: 95 }, (_, i) => 0x20 + i).concat([0xe9, 0x20ac]));
    expect(winAnsiSafe("Ŕ ", supported)).toBe("R ");
    expect(winAnsiSafe("Été 1\u202f234 €\n✓", supported)).toBe("Eté 1 234 € ?");
  });
});
