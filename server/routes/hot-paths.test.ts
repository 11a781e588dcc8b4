/**
 * The hot paths: what a request costs in queries (session and company scope in one), the invoice
 * totals and years kept per company and filters, and the answers served from memory with an ETag,
 * emptied when their rows change (even directly in the database).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  INTEGRATION_SIGNATURE_HEADER,
  INTEGRATION_TIMESTAMP_HEADER,
  type ServiceRequestAnswer,
} from "../../src/contract/service-request.ts";
import { createApp } from "../app.ts";
import { DEMO_INTEGRATION_SECRET } from "../config.ts";
import type { Db } from "../db/db.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { PUBLIC_CACHE } from "../http/etag.ts";
import { createTestApp, expectProblem, fromAddress, json, settleMail, withBotCheck, type TestContext } from "../test-support.ts";
import { integrationSignature } from "./service-request-events.ts";

let t: TestContext;
/** The same database, with the statements each request runs counted. */
let app: ReturnType<typeof createApp>;
let queries = 0;
let counter = 0;

const MULTI = "1004217"; // FRA, 2,150 invoices
const AGR = "2000873";

/** The request being measured: only its own statements count, not what earlier ones left running. */
const measured = new AsyncLocalStorage<true>();

/**
 * `db` counting the statements run outside transactions (a request's reads) within `cost`: the
 * e-mails and texts an earlier request sends in the background use the same database meanwhile.
 */
function counting(db: Db): Db {
  return {
    ...db,
    query: (sql, params) => {
      if (measured.getStore()) queries++;
      return db.query(sql, params);
    },
  };
}

async function login(email: string) {
  const res = await app.request(
    "/api/auth/login",
    await withBotCheck(app, json({ email, password: DEMO_PASSWORD })),
    fromAddress(`10.61.0.${++counter}`),
  );
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { idTier: string; token: string }[] } };
  return { account: body.accessToken, company: Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token])) };
}

let multi: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  t = await createTestApp();
  // The test's own caches: a change it makes in SQL (t.db) answers once they have heard it.
  app = createApp({ db: counting(t.db), config: t.config, mailer: t.mailer, caches: t.caches });
  multi = await login("multi@demo.macc.test");
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: token ? { Authorization: `Bearer ${token}`, ...headers } : headers });

/**
 * Runs `fn` in the middle of a minute (only Date is faked; timers stay real): a session's check is
 * kept per minute, so the queries counted do not depend on when the test runs.
 */
async function midMinute(fn: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
  try {
    await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** Statements `run` costs. */
async function cost(run: () => Promise<unknown>): Promise<number> {
  const before = queries;
  await measured.run(true, run);
  return queries - before;
}

describe("authenticated reads", () => {
  it("one query checks the session, the company and the role in it, kept a minute; pages, totals, years and the fleet from memory", async () => {
    await midMinute(async () => {
      const token = (await login("multi@demo.macc.test")).company[MULTI]!;
      const read = (path: string) => cost(async () => expect((await get(path, token)).status).toBe(200));
      expect(await read("/api/me/invoices?page=1")).toBe(4); // session with its role (server/http/auth-middleware.ts), page, count, years
      expect(await read("/api/me/invoices?page=2")).toBe(1);
      expect(await read("/api/me/invoices?page=2")).toBe(0);
      expect(await read("/api/me/profile")).toBe(1);
      expect(await read("/api/me/profile")).toBe(0);
      // The fleet (the company's) and each line's open service request (the account's), both from memory.
      expect(await read("/api/me/products")).toBe(2);
      expect(await read("/api/me/products")).toBe(0);
      vi.setSystemTime(Date.now() + 60_000);
      expect(await read("/api/me/invoices?page=2")).toBe(1); // the session and its role, in one query
    });
  });

  it("a revoked session → 401, an account-level token on company data → 403, a company no longer linked → 401", async () => {
    const own = await login("multi@demo.macc.test");
    await expectProblem(await get("/api/me/invoices", own.account), 403);
    expect((await get("/api/me/invoices", own.company[AGR])).status).toBe(200);
    const { rows } = await t.db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = 'multi@demo.macc.test'");
    const uuid = rows[0]!.uuid_compte;
    await t.db.query("DELETE FROM account_companies WHERE uuid_compte = $1 AND id_tier = $2", [uuid, AGR]);
    try {
      await expectProblem(await get("/api/me/invoices", own.company[AGR]), 401);
      expect((await get("/api/me/invoices", own.company[MULTI])).status).toBe(200);
    } finally {
      await t.db.query("INSERT INTO account_companies (uuid_compte, id_tier, position, role) VALUES ($1, $2, 1, 'owner')", [uuid, AGR]);
    }
    const logout = await app.request("/api/auth/logout", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Authorization: `Bearer ${own.account}` },
    });
    expect(logout.status).toBe(204);
    await expectProblem(await get("/api/me/invoices", own.company[MULTI]), 401);
    await expectProblem(await get("/api/me/profile", own.company[MULTI]), 401);
  });
});

describe("profile and fleet kept in memory", () => {
  it("follow a change of the account, the company or the purchases, made through the API or in SQL", async () => {
    const token = multi.company[MULTI]!;
    type Profile = { user: Record<string, unknown>; entreprise: { raison_sociale: string } };
    const profile = async () => (await (await get("/api/me/profile", token)).json()) as Profile;
    const fleet = async () => ((await (await get("/api/me/products", token)).json()) as { items: { quantite: number }[] }).items;
    const before = await profile();
    const put = await app.request("/api/me/profile", {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ user: { ...before.user, ville: "Rennes" }, entreprise: { ...before.entreprise } }),
    });
    expect(put.status).toBe(200);
    expect((await profile()).user.ville).toBe("Rennes");
    await t.db.query("UPDATE companies SET raison_sociale = 'Renommée' WHERE id_tier = $1", [MULTI]);
    expect((await profile()).entreprise.raison_sociale).toBe("Renommée");
    await t.db.query("UPDATE companies SET raison_sociale = $2 WHERE id_tier = $1", [MULTI, before.entreprise.raison_sociale]);

    const quantities = (await fleet()).reduce((sum, f) => sum + f.quantite, 0);
    await t.db.query(
      "INSERT INTO company_product_purchases (id_tier, code_famille, code_produit, date_achat, quantite) VALUES ($1, 'ALIM', 'HP', CURRENT_DATE, 3)",
      [MULTI],
    );
    try {
      expect((await fleet()).reduce((sum, f) => sum + f.quantite, 0)).toBe(quantities + 3);
    } finally {
      await t.db.query("DELETE FROM company_product_purchases WHERE code_produit = 'HP'");
    }
  });
});

describe("the fleet lines' open service requests kept in memory", () => {
  type Line = { codeFamille: string; openRequest: { reference: string; status: string } | null };
  const machines = async () =>
    ((await (await get("/api/me/products", multi.company[MULTI])).json()) as { items: Line[] }).items.find((l) => l.codeFamille === "MACH")!
      .openRequest;
  const signed = (reference: string, status: string) => {
    const body = JSON.stringify({
      eventId: `hp-${reference}-${status}`,
      type: "status",
      status,
      technician: "Atelier Dupont",
      at: new Date().toISOString(),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    return app.request(`/api/integrations/service-requests/${reference}/events`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        [INTEGRATION_TIMESTAMP_HEADER]: timestamp,
        [INTEGRATION_SIGNATURE_HEADER]: integrationSignature(DEMO_INTEGRATION_SECRET, timestamp, body),
      },
    });
  };

  it("a new request, a status change through the integration endpoint, one closed in SQL: each shows on the next read, repeated reads cost no query", async () => {
    await midMinute(async () => {
      const read = () => cost(machines);
      await read();
      expect(await read()).toBe(0);
      const created = await app.request(
        "/api/me/service-requests",
        json(
          {
            codeFamille: "MACH",
            codeProduit: "MACH-TRACT-130",
            numeroSerie: "TR130-20-00391",
            kind: "breakdown",
            description: "Le relevage ne monte plus, fuite hydraulique.",
            urgency: "machine-stopped",
            location: "farm",
            callTime: "any",
            langue: "fr-FR",
          },
          { Authorization: `Bearer ${multi.company[MULTI]}`, "Idempotency-Key": `hot-paths-${Date.now()}` },
        ),
      );
      expect(created.status).toBe(201);
      // Kept at once: the SMS's sending, recorded on the request in the background (sms_sent_at),
      // does not drop it (migration 0023).
      const { reference } = (await created.json()) as ServiceRequestAnswer;
      expect(await machines()).toMatchObject({ reference, status: "received" });
      expect(await read()).toBe(0);

      expect((await signed(reference, "assigned")).status).toBe(200);
      expect(await machines()).toMatchObject({ reference, status: "assigned" });
      expect(await read()).toBe(0);

      // Made in SQL, heard through the database's notification (not waited for by a write of the API).
      await t.db.query("UPDATE service_requests SET status = 'done' WHERE reference = $1", [reference]);
      await vi.waitFor(async () => expect((await machines())?.reference).not.toBe(reference));
      expect(await read()).toBe(0);
    });
  });
});

describe("invoice totals and years", () => {
  type List = { total: number; items: { number: string; date: string; paid: boolean }[]; years: { year: number; archive: boolean }[] };
  const list = async (query: string, idTier = AGR) => {
    const res = await get(`/api/me/invoices?${query}`, multi.company[idTier]);
    expect(res.status).toBe(200);
    return (await res.json()) as List;
  };
  const sql = async (text: string) => (await t.db.query<{ n: number }>(text, [AGR])).rows[0]?.n;

  it("stay right for every filter, and follow the company's invoices when they change", async () => {
    const year = (await list("pageSize=1")).items[0]!.date.slice(0, 4);
    const expected = async () => ({
      all: await sql("SELECT count(*)::int AS n FROM invoices WHERE id_tier = $1"),
      unpaid: await sql("SELECT count(*)::int AS n FROM invoices WHERE id_tier = $1 AND NOT paid"),
      year: await sql(`SELECT count(*)::int AS n FROM invoices WHERE id_tier = $1 AND EXTRACT(YEAR FROM date_facture) = ${year}`),
      search: await sql("SELECT count(*)::int AS n FROM invoices WHERE id_tier = $1 AND (numero ILIKE '%-01%' OR reference ILIKE '%-01%')"),
    });
    const answered = async () => ({
      all: (await list("page=2")).total,
      unpaid: (await list("status=unpaid")).total,
      year: (await list(`year=${year}&sort=amount`)).total,
      search: (await list("q=-01&order=asc")).total,
    });
    const before = await expected();
    expect(new Set(Object.values(before)).size).toBe(4);
    expect(await answered()).toEqual(before);

    // An invoice of a year the company had none in, and one paid: both show at once.
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM invoices WHERE id_tier = $1 AND NOT paid LIMIT 1", [AGR]);
    await t.db.query(
      `INSERT INTO invoices (id_tier, numero, date_facture, amount_cents, due_date, paid) VALUES ($1, 'HP-1', '2001-06-01', 100, '2001-07-01', true)`,
      [AGR],
    );
    await t.db.query("UPDATE invoices SET paid = true WHERE id = $1", [rows[0]!.id]);
    try {
      const after = await expected();
      expect(after.all).toBe(before.all! + 1);
      expect(after.unpaid).toBe(before.unpaid! - 1);
      expect(await answered()).toEqual(after);
      expect((await list("page=1")).years.at(-1)).toEqual({ year: 2001, archive: true });
    } finally {
      await t.db.query("DELETE FROM invoices WHERE numero = 'HP-1'");
      await t.db.query("UPDATE invoices SET paid = false WHERE id = $1", [rows[0]!.id]);
    }
    expect((await list("page=1")).years.some((y) => y.year === 2001)).toBe(false);
    expect(await answered()).toEqual(before);
  });
});

describe("answers from memory with an ETag", () => {
  const footer = "/api/servicesMACC/reseau/FRA/type/gen?langue=fr-FR";

  it("footer block: content ETag, 304, a CDN's Cache-Control, no query once kept; a change in the database shows at once", async () => {
    const first = await get(footer);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE);
    expect(await cost(async () => expect((await get(footer)).headers.get("etag")).toBe(etag))).toBe(0);
    const notModified = await get(footer, undefined, { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(await notModified.text()).toBe("");

    const { rows } = await t.db.query<{ ville: string }>("SELECT ville FROM footer_contacts WHERE code_reseau = 'FRA'");
    await t.db.query("UPDATE footer_contacts SET ville = 'Changé' WHERE code_reseau = 'FRA'");
    try {
      const changed = await get(footer, undefined, { "If-None-Match": etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
      expect(((await changed.json()) as { ville: string }).ville).toBe("Changé");
    } finally {
      await t.db.query("UPDATE footer_contacts SET ville = $1 WHERE code_reseau = 'FRA'", [rows[0]!.ville]);
    }
    expect((await get(footer)).headers.get("etag")).toBe(etag);
  });

  it("footer sub-service names: a renamed service shows in every network's block kept", async () => {
    await get(footer);
    await t.db.query("UPDATE footer_sub_service_names SET nom = nom || ' (hp)' WHERE langue = 'fr'");
    try {
      const body = (await (await get(footer)).json()) as { listSousServices: { nomSousService: string }[] };
      expect(body.listSousServices.every((s) => s.nomSousService.endsWith(" (hp)"))).toBe(true);
    } finally {
      await t.db.query("UPDATE footer_sub_service_names SET nom = left(nom, -5) WHERE langue = 'fr' AND nom LIKE '% (hp)'");
    }
  });

  it("basket items and pictures: ETag and 304; a renamed item, a withdrawn one, a new picture show at once", async () => {
    const items = "/api/basket/items?ids=1001,1007&langue=fr-FR";
    const first = await get(items);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE);
    expect((await get(items, undefined, { "If-None-Match": etag })).status).toBe(304);
    await t.db.query("UPDATE basket_item_texts SET nom = 'Nouveau nom' WHERE item_id = '1007' AND langue = 'fr'");
    const renamed = (await (await get(items)).json()) as { items: { id: string; nom: string }[] };
    expect(renamed.items.find((i) => i.id === "1007")?.nom).toBe("Nouveau nom");
    await t.db.query("UPDATE basket_items SET withdrawn_at = now() WHERE id = '1001'");
    expect(((await (await get(items)).json()) as { unknown: string[] }).unknown).toEqual(["1001"]);

    const image = "/api/basket/items/1007/image";
    const picture = (await get(image)).headers.get("etag")!;
    expect((await get(image, undefined, { "If-None-Match": picture })).status).toBe(304);
    await t.db.query("UPDATE basket_items SET image = convert_to('<svg xmlns=\"http://www.w3.org/2000/svg\"/>', 'UTF8') WHERE id = '1007'");
    const changed = await get(image, undefined, { "If-None-Match": picture });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it("product documents: the bytes from memory with an ETag, the company's right checked on every request", async () => {
    const detail = (await (await get("/api/me/products/ALIM", multi.company[MULTI])).json()) as {
      documents: { technical: { id: string; type: string }[] };
    };
    const id = detail.documents.technical.find((d) => d.type === "pdf")!.id;
    const path = `/api/me/documents/${id}`;
    const first = await get(path, multi.company[MULTI]);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, max-age=3600");
    const etag = first.headers.get("etag")!;
    // The session's check is kept: one query, the company's right to the document.
    await midMinute(async () => {
      const revalidate = () => get(path, multi.company[MULTI], { "If-None-Match": etag });
      await revalidate();
      expect(await cost(async () => expect((await revalidate()).status).toBe(304))).toBe(1);
    });
    // Another company of the account, which bought no ALIM: not its document, kept in memory or not.
    await expectProblem(await get(path, multi.company["3000452"]), 404);
    await expectProblem(await get(path, undefined, { "If-None-Match": etag }), 401);

    await t.db.query("UPDATE product_documents SET file_bytes = convert_to('%PDF-1.4 hp', 'UTF8') WHERE id = $1", [id]);
    const changed = await get(path, multi.company[MULTI], { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe("%PDF-1.4 hp");
  });
});
