/** The dashboard's summary: its counts, and the basket requests when asked for them (one request for the screen). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { insertBasketRequest } from "../queries/basket.ts";
import { createTestApp, expectProblem, fromAddress, json, withBotCheck, type TestContext } from "../test-support.ts";

let t: TestContext;
let token: string;
const MULTI = "1004217";

beforeAll(async () => {
  t = await createTestApp();
  const email = "multi@demo.macc.test";
  const res = await t.app.request(
    "/api/auth/login",
    await withBotCheck(t.app, json({ email, password: DEMO_PASSWORD })),
    fromAddress("10.41.0.1"),
  );
  const body = (await res.json()) as { user: { entreprises: { idTier: string; token: string }[] } };
  token = body.user.entreprises.find((e) => e.idTier === MULTI)!.token;
  const { rows } = await t.db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = $1", [email]);
  await insertBasketRequest(
    t.db,
    {
      uuidCompte: rows[0]!.uuid_compte,
      idTier: MULTI,
      nom: "Durand",
      societe: "Durand et Fils",
      mobile: "06 12 34 56 78",
      mobileE164: "+33612345678",
      immat: "81234567600017",
      pays: "FRA",
      langue: "fr-FR",
      theme: "MACC",
      codeReseau: "FRA",
      adviserId: null,
      recipient: "adviser@example.test",
      items: [{ id: "1001", nom: "Semoir" }],
    },
    () => "SUMMARY",
  );
});

afterAll(() => t.close());

const get = (path: string) => t.app.request(path, { headers: { Authorization: `Bearer ${token}` } });

describe("GET /api/me/summary", () => {
  it("counts the company's invoices, unpaid and all, after a new one and a payment", async () => {
    const invoices = async () =>
      ((await (await get("/api/me/summary")).json()) as { invoices: { unpaid: number; total: number } }).invoices;
    const counted = async () =>
      (
        await t.db.query<{ unpaid: number; total: number }>(
          "SELECT count(*) FILTER (WHERE NOT paid)::int AS unpaid, count(*)::int AS total FROM invoices WHERE id_tier = $1",
          [MULTI],
        )
      ).rows[0];
    const before = await invoices();
    expect(before).toEqual(await counted());
    await t.db.query(
      `INSERT INTO invoices (id_tier, numero, date_facture, amount_cents, due_date) VALUES ($1, 'SUMMARY-1', current_date, 100, current_date)`,
      [MULTI],
    );
    try {
      expect(await invoices()).toEqual({ unpaid: before.unpaid + 1, total: before.total + 1 });
      await t.db.query("UPDATE invoices SET paid = true WHERE numero = 'SUMMARY-1'");
      expect(await invoices()).toEqual({ unpaid: before.unpaid, total: before.total + 1 });
    } finally {
      await t.db.query("DELETE FROM invoices WHERE numero = 'SUMMARY-1'");
    }
    expect(await invoices()).toEqual(before);
  });

  it("counts the product families bought, a family bought for the first time at once", async () => {
    const products = async () => ((await (await get("/api/me/summary")).json()) as { products: number }).products;
    const { rows } = await t.db.query<{ bought: number; other: string }>(
      `SELECT (SELECT count(DISTINCT code_famille) FROM company_product_purchases WHERE id_tier = $1)::int AS bought,
              (SELECT min(code_famille) FROM products
               WHERE code_famille NOT IN (SELECT code_famille FROM company_product_purchases WHERE id_tier = $1)) AS other`,
      [MULTI],
    );
    const { bought, other } = rows[0]!;
    expect(await products()).toBe(bought);
    await t.db.query(
      `INSERT INTO company_product_purchases (id_tier, code_famille, code_produit, date_achat, quantite) VALUES ($1, $2, 'SUMMARY', current_date, 1)`,
      [MULTI, other],
    );
    try {
      expect(await products()).toBe(bought + 1);
    } finally {
      await t.db.query("DELETE FROM company_product_purchases WHERE code_produit = 'SUMMARY'");
    }
    expect(await products()).toBe(bought);
  });

  it("with=basket-requests adds the company's basket requests, as /me/basket-requests lists them", async () => {
    const counts = await (await get("/api/me/summary")).json();
    expect(counts).not.toHaveProperty("basketRequests");
    const { requests } = (await (await get("/api/me/basket-requests")).json()) as { requests: { reference: string }[] };
    expect(requests.map((r) => r.reference)).toEqual([expect.stringMatching(/-SUMMARY$/)]);
    expect(await (await get("/api/me/summary?with=basket-requests")).json()).toEqual({ ...counts, basketRequests: requests });
  });

  it("counts the account's open service requests for the company: a new one counts, a closed one no more", async () => {
    const count = async () => ((await (await get("/api/me/summary")).json()) as { openServiceRequests: number }).openServiceRequests;
    const before = await count();
    const made = await t.app.request(
      "/api/me/service-requests",
      json(
        {
          codeFamille: "MACH",
          kind: "question",
          description: "Une question sur le semoir avant les semis.",
          urgency: "can-wait",
          location: "farm",
          callTime: "any",
          langue: "fr-FR",
        },
        { Authorization: `Bearer ${token}`, "Idempotency-Key": "summary-service-request-0001" },
      ),
    );
    expect(made.status).toBe(201);
    expect(await count()).toBe(before + 1);
    await t.db.query("UPDATE service_requests SET status = 'done' WHERE reference = $1", [
      ((await made.json()) as { reference: string }).reference,
    ]);
    expect(await count()).toBe(before);
  });

  it("refuses anything else to add", async () => {
    await expectProblem(await get("/api/me/summary?with=invoices"), 400);
  });
});
