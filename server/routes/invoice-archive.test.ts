/**
 * The year ZIP is streamed (issue 27): written as it is read, without Content-Length, holding the
 * year's invoices in order; a database failure in the middle fails the download over HTTP.
 */
import type { AddressInfo } from "node:net";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../http/listen.ts";
import { createTestApp, demoLogin, expectProblem, type TestContext } from "../test-support.ts";

const MULTI = "1004217"; // 2,150 invoices over ten years
/** A year the demo data has no invoice in, grown by SQL to more invoices than a batch holds many times over. */
const GROWN_YEAR = 2001;
const GROWN = 240;

let t: TestContext;
let token = "";

beforeAll(async () => {
  t = await createTestApp();
  token = (await demoLogin(t.app, "multi@demo.macc.test", "10.27.0.1")).company[MULTI]!;
  // Copies of one of the company's invoices, dated over the year (several a day, so the order's ties are on the number).
  await t.db.query(
    `INSERT INTO invoices (id_tier, numero, date_facture, reference, amount_cents, currency, due_date, paid, lines)
     SELECT i.id_tier, 'ZIP-' || lpad(g::text, 4, '0'), make_date($2::int, 1, 1) + (g * 7 % 365), i.reference, i.amount_cents + g,
            i.currency, i.due_date, i.paid, i.lines
     FROM (SELECT * FROM invoices WHERE id_tier = $1 LIMIT 1) i CROSS JOIN generate_series(1, $3::int) g`,
    [MULTI, GROWN_YEAR, GROWN],
  );
});
afterAll(() => t.close());

const archiveUrl = (year: number) => `/api/me/invoices/archive/${year}.zip`;
const headers = () => ({ Authorization: `Bearer ${token}` });

/** The body's chunks as they arrive. */
async function chunksOf(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks;
}

describe("GET /api/me/invoices/archive/{year}.zip, streamed", () => {
  it("holds exactly the year's invoices in date then number order, each a whole PDF, sent in chunks without Content-Length", async () => {
    const res = await t.app.request(archiveUrl(GROWN_YEAR), { headers: headers() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-length")).toBeNull();
    const chunks = await chunksOf(res.body!);
    expect(chunks.length).toBeGreaterThan(GROWN);
    const files = unzipSync(Buffer.concat(chunks));
    const { rows } = await t.db.query<{ numero: string }>(
      `SELECT numero FROM invoices WHERE id_tier = $1 AND date_facture >= make_date($2::int, 1, 1) AND date_facture < make_date($2::int + 1, 1, 1)
       ORDER BY date_facture, numero`,
      [MULTI, GROWN_YEAR],
    );
    expect(rows).toHaveLength(GROWN);
    expect(Object.keys(files)).toEqual(rows.map((r) => `facture-${r.numero}.pdf`));
    for (const pdf of Object.values(files)) {
      const text = Buffer.from(pdf).toString("latin1");
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    }
  });

  it("a year without invoices → 404 before anything is streamed", async () => {
    const p = await expectProblem(await t.app.request(archiveUrl(GROWN_YEAR - 1), { headers: headers() }), 404);
    expect(p.detail).toBe("Aucune facture pour cette année.");
  });

  it("a database failure in the middle ends the download with an error over HTTP, not a shorter ZIP", async () => {
    const server = await new Promise<ReturnType<typeof listen>>((resolve) => {
      const s = listen(t.app.fetch, { hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}${archiveUrl(GROWN_YEAR)}`, { headers: headers() });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      // The next batch's read fails: the table is gone.
      await t.db.exec("ALTER TABLE invoices RENAME TO invoices_gone");
      try {
        await expect(
          (async () => {
            while (!(await reader.read()).done);
          })(),
        ).rejects.toThrow();
      } finally {
        await t.db.exec("ALTER TABLE invoices_gone RENAME TO invoices");
      }
    } finally {
      server.close();
    }
  });
});
