/**
 * The invoice list at scale (migration 0012): every sort and filter page by page against the
 * database's own order, deep pages read from the page anchors, short searches as a prefix of the
 * number, bounded search counts, and the per-year counts kept by the statement triggers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INVOICE_FRAGMENT_MIN } from "../../src/contract/constants.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { PAGE_ANCHOR_STEP, SEARCH_COUNT_STEP } from "../queries/invoices.ts";
import type { Db } from "../db/db.ts";
import { invoiceIndex } from "./invoices.ts";
import { createTestApp, demoLogin, fromAddress, json, openTestDb, withBotCheck, type TestContext } from "../test-support.ts";

let t: TestContext;
let tokens: Record<string, string>;

const MULTI = "1004217"; // 2,150 invoices, numbers FA…
const AGR = "2000873"; // 320 invoices, numbers AG…

interface Page {
  items: { number: string }[];
  total: number;
  moreThanTotal?: boolean;
  years: { year: number }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request(
    "/api/auth/login",
    await withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
    fromAddress("10.27.0.1"),
  );
  const body = (await res.json()) as { user: { entreprises: { idTier: string; token: string }[] } };
  tokens = Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token]));
});
afterAll(() => t.close());

async function list(query: string, idTier = MULTI): Promise<Page> {
  const res = await t.app.request(`/api/me/invoices?${query}`, { headers: { Authorization: `Bearer ${tokens[idTier]}` } });
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
}

/** The numbers of the company's invoices matching `where`, in the database's order for the sort. */
async function reference(where: string, orderBy: string, idTier = MULTI): Promise<string[]> {
  const { rows } = await t.db.query<{ numero: string }>(`SELECT numero FROM invoices WHERE id_tier = $1 ${where} ORDER BY ${orderBy}`, [
    idTier,
  ]);
  return rows.map((r) => r.numero);
}

const ORDERS = {
  date: (dir: string) => `date_facture ${dir}, numero ${dir}, id ${dir}`,
  number: (dir: string) => `numero ${dir}, id ${dir}`,
  amount: (dir: string) => `amount_cents ${dir}, numero ${dir}, id ${dir}`,
};

describe("pages", () => {
  const filters = [
    { query: "", where: "" },
    { query: "status=unpaid", where: "AND NOT paid" },
    { query: "year=2024", where: "AND EXTRACT(YEAR FROM date_facture) = 2024" },
    { query: "year=2023&status=paid", where: "AND EXTRACT(YEAR FROM date_facture) = 2023 AND paid" },
  ];
  const cases = filters.flatMap((f) =>
    (["date", "number", "amount"] as const).flatMap((sort) => (["asc", "desc"] as const).map((order) => ({ ...f, sort, order }))),
  );

  it.each(cases)(
    "$query sort=$sort order=$order: every page as the database orders it, total exact",
    async ({ query, where, sort, order }) => {
      const all = await reference(where, ORDERS[sort](order));
      expect(all.length).toBeGreaterThan(0);
      for (const pageSize of [25, 100]) {
        const pages = Math.ceil(all.length / pageSize);
        // The first pages (skipped directly), those after the first anchor, the last, and one past it.
        for (const page of new Set([1, 2, 9, 10, Math.ceil(pages / 2), pages, pages + 1])) {
          const got = await list(`${query}&sort=${sort}&order=${order}&page=${page}&pageSize=${pageSize}`);
          expect(
            got.items.map((i) => i.number),
            `page ${page} of ${pageSize}`,
          ).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
          expect(got.total).toBe(all.length);
          expect(got.moreThanTotal).toBeUndefined();
        }
      }
    },
  );

  it("a deep page follows invoices added and removed before it (the anchors are read again)", async () => {
    const deep = `page=${Math.ceil((3 * PAGE_ANCHOR_STEP) / 25)}&sort=date&order=desc`;
    const expected = async () => (await reference("", ORDERS.date("DESC"))).slice(3 * PAGE_ANCHOR_STEP - 25, 3 * PAGE_ANCHOR_STEP);
    expect((await list(deep)).items.map((i) => i.number)).toEqual(await expected());
    // Newer than every invoice: all the deep pages shift by 30.
    await t.db.query(
      `INSERT INTO invoices (id_tier, numero, date_facture, amount_cents, due_date)
       SELECT $1, 'ANCHOR-' || g, CURRENT_DATE + 1, 100, CURRENT_DATE + 30 FROM generate_series(1, 30) g`,
      [MULTI],
    );
    try {
      expect((await list(deep)).items.map((i) => i.number)).toEqual(await expected());
    } finally {
      await t.db.query("DELETE FROM invoices WHERE numero LIKE 'ANCHOR-%'");
    }
    expect((await list(deep)).items.map((i) => i.number)).toEqual(await expected());
  });
});

describe("search", () => {
  it.each([
    // Under INVOICE_FRAGMENT_MIN characters: the start of the number, any case, never the reference.
    ["f", MULTI, "lower(numero) LIKE 'f%'"],
    ["Fa", MULTI, "lower(numero) LIKE 'fa%'"],
    ["a", MULTI, "false"],
    ["2", MULTI, "false"],
    ["BC", MULTI, "false"],
    ["ag", AGR, "lower(numero) LIKE 'ag%'"],
    ["%", MULTI, "false"],
    ["_", MULTI, "false"],
    // From INVOICE_FRAGMENT_MIN characters: anywhere in the number or the reference.
    ["a20", MULTI, "numero ILIKE '%a20%' OR reference ILIKE '%a20%'"],
    ["-000", MULTI, "numero ILIKE '%-000%' OR reference ILIKE '%-000%'"],
    ["silo", MULTI, "numero ILIKE '%silo%' OR reference ILIKE '%silo%'"],
    ["po 45", AGR, "numero ILIKE '%po 45%' OR reference ILIKE '%po 45%'"],
    ["a_b", MULTI, "false"],
  ])("q=%s (%s): the invoices where %s", async (q, idTier, where) => {
    // The table's rows stand on the right side of the rule.
    if (where.includes("ILIKE")) expect(q.length).toBeGreaterThanOrEqual(INVOICE_FRAGMENT_MIN);
    if (where.startsWith("lower")) expect(q.length).toBeLessThan(INVOICE_FRAGMENT_MIN);
    const all = await reference(`AND (${where})`, ORDERS.date("DESC"), idTier);
    const got = await list(`q=${encodeURIComponent(q)}&pageSize=100`, idTier);
    expect(got.total).toBe(Math.min(all.length, SEARCH_COUNT_STEP));
    expect(got.items.map((i) => i.number)).toEqual(all.slice(0, 100));
  });

  it("counts a common fragment only so far past the page: then 'more than'", async () => {
    const all = await reference("AND numero ILIKE '%fa2%'", ORDERS.number("ASC"));
    expect(all.length).toBeGreaterThan(2 * SEARCH_COUNT_STEP);
    const first = await list("q=FA2&sort=number&order=asc");
    expect(first).toMatchObject({ total: SEARCH_COUNT_STEP, moreThanTotal: true });
    expect(first.items.map((i) => i.number)).toEqual(all.slice(0, 25));
    // The page ending on the bound: counted to the next step, so the screen knows a next page exists.
    const atBound = await list(`q=FA2&sort=number&order=asc&page=${SEARCH_COUNT_STEP / 25}`);
    expect(atBound).toMatchObject({ total: 2 * SEARCH_COUNT_STEP, moreThanTotal: true });
    const last = Math.ceil(all.length / 25);
    const end = await list(`q=FA2&sort=number&order=asc&page=${last}`);
    expect(end.total).toBe(all.length);
    expect(end.moreThanTotal).toBeUndefined();
    expect(end.items.map((i) => i.number)).toEqual(all.slice((last - 1) * 25));
  });
});

describe("what an answer costs the database: no page query for an empty page, a search's way by how common its fragment is", () => {
  let c: TestContext;
  let token: string;
  /** Every statement the app sends through the Db adapter. */
  const sent: string[] = [];
  const byDefault = invoiceIndex.inMemoryUpTo;

  beforeAll(async () => {
    // The database's statements are counted: searches too, on either engine.
    invoiceIndex.inMemoryUpTo = () => 0;
    const db = await openTestDb(true);
    const counting: Db = {
      ...db,
      query: (sql, params) => {
        sent.push(sql);
        return db.query(sql, params);
      },
    };
    c = await createTestApp({}, counting);
    token = (await demoLogin(c.app, "multi@demo.macc.test", "10.27.0.2")).company[MULTI]!;
  });
  afterAll(async () => {
    invoiceIndex.inMemoryUpTo = byDefault;
    await c.close();
    await c.db.close();
  });

  /** The answer's status, exact body and headers, and the page queries (listInvoices, pageAnchors) it cost. */
  const ask = async (query: string) => {
    sent.length = 0;
    const res = await c.app.request(`/api/me/invoices?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      body: await res.text(),
      pageQueries: sent.filter((sql) => /WITH page AS MATERIALIZED|row_number\(\)/.test(sql)).length,
    };
  };
  let years: unknown;
  beforeAll(async () => {
    years = (JSON.parse((await ask("")).body) as Page).years;
  });
  /** The answer the list always gave for a page without rows, byte for byte. */
  const empty = (total: number, page: number, pageSize: number, more = false) =>
    JSON.stringify({ items: [], total, ...(more && { moreThanTotal: true }), page, pageSize, years });

  it.each([
    ["page=87", 2150, 87, 25], // past the last page (86)
    ["page=500&pageSize=100&sort=amount&order=asc", 2150, 500, 100], // deep enough for the anchors
    ["year=1990", 0, 1, 25],
    ["year=2024&status=paid&page=400", -1, 400, 25],
    ["q=zzzz", 0, 1, 25], // a search without a match
    ["q=qq", 0, 1, 25], // a prefix search without a match
    ["q=FA2&page=90", -1, 90, 25], // past a search's last match
  ])("%s: the same answer, without the page query", async (query, total, page, pageSize) => {
    const got = await ask(query);
    const count = total >= 0 ? total : (JSON.parse(got.body) as Page).total;
    expect(count).toBeLessThanOrEqual((page - 1) * pageSize);
    expect(got).toEqual({ status: 200, type: "application/json", body: empty(count, page, pageSize), pageQueries: 0 });
  });

  it("a page with rows, and a search counted only up to a bound ('more than'), still read their page", async () => {
    for (const query of ["page=86", "q=FA2", "q=FA2&page=40", "page=9&sort=number"]) {
      const got = await ask(query);
      expect(got.status, query).toBe(200);
      expect((JSON.parse(got.body) as Page).items.length, query).toBeGreaterThan(0);
      expect(got.pageQueries, query).toBeGreaterThanOrEqual(1);
    }
  });
  it.each([
    // A fragment few of the newest 200 invoices hold: counted and paged through the company's search keys.
    ["q=silo", ["keys"], "keys"],
    ["q=silo&sort=amount&order=asc&year=2024", ["keys"], "keys"],
    ["q=FA2021", ["keys"], "keys"], // 344 invoices, none of the newest
    // One that most of them hold: both read in date order without the keys, whose lists would be the company's every invoice.
    ["q=fa2", ["scan"], "scan"],
    ["q=-00&sort=number&order=asc", ["scan"], "scan"],
    // Common among the newest, but their 326 do not reach the bound within 4 × 1,001 read in order: counted again through the keys.
    ["q=FA2026", ["scan", "keys"], "keys"],
    // Fewer than 200 invoices of the filters (64 unpaid): the first look counted them all.
    ["q=FA2&status=unpaid", [], "keys"],
  ])("%s: counted by %j, its page read by %s", async (query, counted, paged) => {
    const got = await ask(query);
    expect(got.status).toBe(200);
    const way = (sql: string) => (sql.includes("invoice_search_keys") ? "keys" : sql.includes(" scanned WHERE ") ? "scan" : "?");
    // After the first look at the newest 200 (a count and a count of matches).
    const count = sent.filter((sql) => sql.includes("count(*)::int AS n FROM (SELECT 1 FROM"));
    const page = sent.filter((sql) => sql.includes("WITH page AS MATERIALIZED"));
    expect([count.map(way), page.map(way)]).toEqual([counted, [paged]]);
  });
});

describe("counts kept by the triggers", () => {
  const kept = async () =>
    (
      await t.db.query<{ k: string }>(
        "SELECT id_tier || '/' || year || '/' || paid || '=' || n AS k FROM invoice_counts WHERE n > 0 ORDER BY 1",
      )
    ).rows.map((r) => r.k);
  const counted = async () =>
    (
      await t.db.query<{ k: string }>(
        `SELECT id_tier || '/' || EXTRACT(YEAR FROM date_facture)::int || '/' || paid || '=' || count(*) AS k
         FROM invoices GROUP BY id_tier, EXTRACT(YEAR FROM date_facture)::int, paid ORDER BY 1`,
      )
    ).rows.map((r) => r.k);

  it("equal a count of the invoices after bulk inserts, updates (status, year, company) and deletes", async () => {
    expect(await kept()).toEqual(await counted());
    const statements = [
      // A bulk load, as the scale benchmark writes it.
      `INSERT INTO invoices (id_tier, numero, date_facture, amount_cents, due_date, paid)
       SELECT CASE WHEN g % 3 = 0 THEN '${AGR}' ELSE '${MULTI}' END, 'TRG-' || g, DATE '2015-01-01' + g, g, DATE '2015-02-01' + g, g % 2 = 0
       FROM generate_series(1, 1500) g`,
      "UPDATE invoices SET paid = NOT paid WHERE numero LIKE 'TRG-%' AND amount_cents % 5 = 0",
      "UPDATE invoices SET date_facture = date_facture - 400 WHERE numero LIKE 'TRG-1%'",
      `UPDATE invoices SET id_tier = '${AGR}' WHERE numero LIKE 'TRG-2%'`,
      "UPDATE invoices SET amount_cents = amount_cents + 1 WHERE numero LIKE 'TRG-3%'",
      "DELETE FROM invoices WHERE numero LIKE 'TRG-4%'",
      "DELETE FROM invoices WHERE numero LIKE 'TRG-%'",
    ];
    for (const sql of statements) {
      await t.db.query(sql);
      expect(await kept(), sql).toEqual(await counted());
      const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices WHERE id_tier = $1 AND NOT paid", [AGR]);
      expect((await list("status=unpaid", AGR)).total, sql).toBe(rows[0]!.n);
    }
  });

  it("a rolled-back load leaves them as they were; a year emptied is no longer listed", async () => {
    const before = await kept();
    await t.db
      .transaction(async (tx) => {
        await tx.query(
          `INSERT INTO invoices (id_tier, numero, date_facture, amount_cents, due_date) SELECT $1, 'RB-' || g, DATE '2012-03-01', 1, DATE '2012-04-01' FROM generate_series(1, 10) g`,
          [AGR],
        );
        throw new Error("rollback");
      })
      .catch(() => undefined);
    expect(await kept()).toEqual(before);
    await t.db.query(
      `INSERT INTO invoices (id_tier, numero, date_facture, amount_cents, due_date) VALUES ($1, 'Y-1', '2011-05-01', 1, '2011-06-01')`,
      [AGR],
    );
    const years = async () => (await list("", AGR)).years.map((y) => y.year);
    expect(await years()).toContain(2011);
    await t.db.query("DELETE FROM invoices WHERE numero = 'Y-1'");
    expect(await years()).not.toContain(2011);
  });

  it("TRUNCATE empties them too", async () => {
    await t.db.exec("TRUNCATE invoices");
    expect(await kept()).toEqual([]);
    expect((await list("")).total).toBe(0);
  });
});

describe("a search answered from the company's invoices kept in memory (a small company's)", () => {
  let mem: TestContext;
  let sql: TestContext;
  const tokenOf: Record<string, string> = {};
  const sent: string[] = [];
  const byDefault = invoiceIndex.inMemoryUpTo;
  const waitByDefault = invoiceIndex.waitUpTo;

  beforeAll(async () => {
    const db = await openTestDb(true);
    // Each app asks whether to search in memory on every request: these two, whatever the engine.
    const counting: Db = {
      ...db,
      query: (text, params) => {
        sent.push(text);
        return db.query(text, params);
      },
    };
    mem = await createTestApp({}, counting);
    sql = await createTestApp({}, db);
    invoiceIndex.inMemoryUpTo = (d) => (d === counting ? 10_000 : 0);
    for (const [name, c] of [
      ["mem", mem],
      ["sql", sql],
    ] as const)
      tokenOf[name] = (await demoLogin(c.app, "multi@demo.macc.test", "10.27.0.3")).company[MULTI]!;
  });
  afterAll(async () => {
    invoiceIndex.inMemoryUpTo = byDefault;
    await mem.close();
    await sql.close();
    await sql.db.close();
  });

  const ask = async (c: TestContext, token: string, query: string) => {
    const res = await c.app.request(`/api/me/invoices?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.text() };
  };

  it.each([
    "q=a20",
    "q=-000&pageSize=100",
    "q=SILO&sort=amount&order=asc",
    "q=po 45&sort=number&order=desc&page=2",
    "q=FA2", // more than SEARCH_COUNT_STEP, newest first: read from the end of the date order
    "q=FA2&order=asc", // …oldest first: the count's first matches
    "q=FA2&sort=amount&order=desc&page=3", // …by amount: read in the amount's order
    "q=FA2&sort=number&order=asc", // more than SEARCH_COUNT_STEP: "more than"
    `q=FA2&sort=number&order=asc&page=${SEARCH_COUNT_STEP / 25}`, // the page on the bound
    "q=FA2&page=86",
    "q=FA2&page=90", // past its last match
    "q=fa",
    "q=F&year=2024&status=unpaid",
    "q=2024&year=2023",
    "q=FA2&year=2023&sort=number", // a year: its slice of the date order
    "q=-00&year=2022&status=paid&order=asc&page=2",
    "q=F&sort=amount&order=asc&page=41", // a prefix held by every invoice, deep
    "q=fa2099", // every piece held, the fragment by none
    "q=bc-&status=paid&sort=amount&order=desc&page=3",
    "q=zzzz",
    "q=a_b",
    "q=%25",
    "q=b%C3%A2t", // not ASCII: the database's lowercasing (not in memory)
  ])("%s: byte for byte the database's answer", async (query) => {
    const fromSql = await ask(sql, tokenOf.sql!, query);
    expect(fromSql.status).toBe(200);
    expect(await ask(mem, tokenOf.mem!, query)).toEqual(fromSql);
  });

  it.each([
    "",
    "page=86",
    "sort=amount&order=asc&page=3",
    "sort=number&order=desc&page=9&pageSize=100",
    "year=2023&sort=number&order=desc&page=2",
    "year=2022&status=unpaid&page=2",
    "status=paid&sort=amount",
    "status=paid&order=asc&page=30",
    "page=999", // past the end
  ])(
    "the list %j, once the company's invoices are indexed: byte for byte the database's answer, without a page statement",
    async (query) => {
      await ask(mem, tokenOf.mem!, "q=index"); // a search builds the index
      sent.length = 0;
      const fromSql = await ask(sql, tokenOf.sql!, query);
      expect(fromSql.status).toBe(200);
      expect(await ask(mem, tokenOf.mem!, query)).toEqual(fromSql);
      expect(sent.filter((text) => text.includes("WITH page AS"))).toEqual([]);
    },
  );

  it("costs no statement on the invoices once the company's are indexed, and sees a change to them at once", async () => {
    await ask(mem, tokenOf.mem!, "q=keep");
    sent.length = 0;
    const first = JSON.parse((await ask(mem, tokenOf.mem!, "q=00017&sort=amount&order=asc")).body) as Page;
    expect(first.total).toBeGreaterThan(0);
    expect(sent.filter((text) => /\binvoice/.test(text))).toEqual([]);

    await mem.db.query(
      `INSERT INTO invoices (id_tier, numero, date_facture, reference, amount_cents, due_date, paid, lines)
       VALUES ($1, 'MEM-00017', current_date, 'Silo mémoire', 1, current_date, false, '[]')`,
      [MULTI],
    );
    try {
      const after = JSON.parse((await ask(mem, tokenOf.mem!, "q=00017&sort=amount&order=asc")).body) as Page;
      expect(after.total).toBe(first.total + 1);
      expect(after.items[0]?.number).toBe("MEM-00017");
    } finally {
      await mem.db.query("DELETE FROM invoices WHERE numero = 'MEM-00017'");
    }
  });

  it("a larger company's searches are answered by the database while its index is built, which its whole list's read starts", async () => {
    invoiceIndex.waitUpTo = 1_000; // the company has 2,150 invoices
    const invoiceStatements = () => sent.filter((text) => /\binvoice/.test(text));
    const building = (text: string) => text.includes("row_number() OVER");
    const changeInvoices = () =>
      mem.db.query("UPDATE invoices SET paid = paid WHERE numero = (SELECT min(numero) FROM invoices WHERE id_tier = $1)", [MULTI]);
    try {
      await changeInvoices();
      sent.length = 0;
      const query = "q=00018&sort=amount";
      const fromSql = await ask(sql, tokenOf.sql!, query);
      expect(await ask(mem, tokenOf.mem!, query)).toEqual(fromSql);
      expect(sent.some((text) => text.includes("ILIKE"))).toBe(true); // the database's search

      await changeInvoices();
      sent.length = 0;
      await ask(mem, tokenOf.mem!, "sort=number");
      await vi.waitFor(() => expect(sent.some(building)).toBe(true), { timeout: 10_000 });
      let round = 100; // a fragment the response cache has not seen, each round
      await vi.waitFor(
        async () => {
          sent.length = 0;
          expect((await ask(mem, tokenOf.mem!, `q=00${round++}`)).status).toBe(200);
          expect(invoiceStatements()).toEqual([]);
        },
        { timeout: 10_000 },
      );
    } finally {
      invoiceIndex.waitUpTo = waitByDefault;
    }
  });
});
