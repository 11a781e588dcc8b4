/**
 * The extensions of migration 0012 (pg_trgm, btree_gin) live in the schema `extensions` (0012 and
 * 0016), whatever schema comes first on the role's search_path: a database whose first schema is
 * not `public` migrates, searches invoices through the search keys of 0024 (its function in that
 * schema), and a database migrated with 0012's first text (extensions in its first schema) has them
 * moved. The same on PostgreSQL in postgres.test.ts, with a second schema of one database in
 * instances.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMemoryDb, type Db } from "./db.ts";
import { migrate } from "./migrate.ts";
import { seedDemoIfEmpty } from "../demo/seed.ts";
import { createTestApp, demoLogin, type TestContext } from "../test-support.ts";

const MULTI = "1004217"; // the demo company with 2,150 invoices, numbers FA…
const AGR = "2000873"; // 320 invoices

/** Where each extension lives, the search index's definition as PostgreSQL prints it, and its function's schema. */
async function layout(db: Db) {
  const ext = await db.query<{ extname: string; schema: string }>(
    "SELECT extname, extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname IN ('pg_trgm', 'btree_gin') ORDER BY extname",
  );
  const index = await db.query<{ def: string; schema: string }>(
    "SELECT pg_get_indexdef('invoices_search_keys_idx'::regclass) AS def, pronamespace::regnamespace::text AS schema FROM pg_proc WHERE proname = 'invoice_search_keys'",
  );
  return { extensions: ext.rows, index: index.rows[0] };
}

describe("a database whose first search_path schema is not public", () => {
  let db: Db;
  let t: TestContext;
  let token: string;

  beforeAll(async () => {
    // A fresh database (not the run's image, migrated in `public`); PGlite has one connection, so the SET holds.
    db = await openMemoryDb();
    await db.exec("CREATE SCHEMA app; SET search_path = app, public");
    await migrate(db);
    await seedDemoIfEmpty(db);
    t = await createTestApp({}, db);
    token = (await demoLogin(t.app, "multi@demo.macc.test", "10.16.0.1")).company[MULTI]!;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  const search = async (q: string) => {
    const res = await t.app.request(`/api/me/invoices?q=${encodeURIComponent(q)}&pageSize=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { items: { number: string; reference: string | null }[]; total: number };
  };

  /**
   * The plan of a rare fragment's count as queries/invoices.ts sends it, in AGR's invoices, with
   * sequential scans priced out: at this test's size the embedded engine finds reading the table
   * about as cheap. What this shows is that the keys' function is found from this search_path.
   */
  const searchPlan = async () => {
    await db.exec("SET enable_seqscan = off");
    try {
      const plan = await db.query<{ "QUERY PLAN": string }>(
        `EXPLAIN SELECT count(*)::int AS n FROM (SELECT 1 FROM invoices
           WHERE id_tier = $1 AND invoice_search_keys(id_tier, numero, reference) @> invoice_search_keys($1, $2, NULL)
             AND (numero ILIKE $3 ESCAPE '\\' OR reference ILIKE $3 ESCAPE '\\') LIMIT 1001) matches`,
        [AGR, "12345", "%12345%"],
      );
      return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await db.exec("RESET enable_seqscan");
    }
  };

  it("migrates into its first schema, with the extensions in `extensions` and the search keys' function in its own", async () => {
    const tables = await db.query<{ schema: string }>(
      "SELECT relnamespace::regnamespace::text AS schema FROM pg_class WHERE relname = 'invoices'",
    );
    expect(tables.rows).toEqual([{ schema: "app" }]);
    expect(await layout(db)).toEqual({
      extensions: [
        { extname: "btree_gin", schema: "extensions" },
        { extname: "pg_trgm", schema: "extensions" },
      ],
      index: { def: expect.stringContaining("gin (invoice_search_keys(id_tier, numero, reference))") as string, schema: "app" },
    });
  });

  it("searches invoices by fragment", async () => {
    const { rows } = await db.query<{ numero: string }>("SELECT numero FROM invoices WHERE id_tier = $1 ORDER BY numero LIMIT 1", [MULTI]);
    const fragment = rows[0]!.numero.slice(-5);
    const found = await search(fragment);
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((i) => `${i.number} ${i.reference ?? ""}`.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);
    expect(found.items.map((i) => i.number)).toContain(rows[0]!.numero);
  });

  it("a rare fragment's count reads the search keys' index", async () => {
    // 40,000 more invoices for one company: with fewer, reading its rows by its id alone (the prefix index) is cheaper.
    await db.exec(`INSERT INTO invoices (id_tier, numero, date_facture, reference, amount_cents, due_date)
      SELECT '${AGR}', 'GX-' || lpad(g::text, 7, '0'), date '2016-01-01' + g % 3650, 'PO ' || (4500000000 + g * 7919 % 999999),
             g * 37 % 100000, date '2016-02-01' + g % 3650
      FROM generate_series(1, 40000) g;
      ANALYZE invoices`);
    expect(await searchPlan()).toContain("Bitmap Index Scan on invoices_search_keys_idx");
  });

  it("a database migrated with 0012's first text has its extensions moved by 0016, and still searches", async () => {
    // 0012's first text: the extensions in the search_path's first schema.
    await db.exec("ALTER EXTENSION pg_trgm SET SCHEMA app; ALTER EXTENSION btree_gin SET SCHEMA app");
    await db.query("DELETE FROM schema_migrations WHERE version = '0016_extensions_schema'");

    expect(await migrate(db)).toEqual(["0016_extensions_schema"]);
    expect((await layout(db)).extensions.map((e) => e.schema)).toEqual(["extensions", "extensions"]);
    expect((await search("FA")).total).toBeGreaterThan(0);
    expect((await search("0001")).total).toBeGreaterThan(0);
    expect(await searchPlan()).toContain("Bitmap Index Scan on invoices_search_keys_idx");
  });
});
