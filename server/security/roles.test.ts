/**
 * Roles at the API (issue 29): the login answer says the role per company, the accountant reads the
 * invoices but not the product fleet and the workshop the opposite, a role change applies to the
 * sessions already open, the registrant is the owner, and the roles that do not change the
 * company's data neither confirm it nor change it through "My information".
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PROBLEM_DETAILS } from "../../src/contract/problem-details.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { createAccount } from "../queries/registrations.ts";
import { createTestApp, demoLogin, expectProblem, fromAddress, json, settleMail, withBotCheck, type TestContext } from "../test-support.ts";

const OWN = "1004217"; // multi@demo.macc.test's first company

let t: TestContext;
let address = 0;
const next = () => `10.93.${Math.floor(++address / 250)}.${address % 250}`;
const get = (path: string, token: string) => t.app.request(path, { headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp({ features: ["coordonnee-bancaire"] });
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

async function loginAnswer(email: string) {
  const res = await t.app.request(
    "/api/auth/login",
    await withBotCheck(t.app, json({ email, password: DEMO_PASSWORD })),
    fromAddress(next()),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { user: { entreprises: { idTier: string; role: string; token: string }[] } };
}

describe("the login answer", () => {
  it.each([
    [
      "multi@demo.macc.test",
      [
        ["1004217", "owner"],
        ["2000873", "owner"],
        ["3000452", "owner"],
      ],
    ],
    ["comptable@demo.macc.test", [[OWN, "accountant"]]],
    ["atelier@demo.macc.test", [[OWN, "workshop"]]],
  ])("%s: the role per company", async (email, roles) => {
    const body = await loginAnswer(email);
    expect(body.user.entreprises.map((e) => [e.idTier, e.role])).toEqual(roles);
  });
});

describe("what each role reaches", () => {
  it("the accountant reads the invoices (200), not the product fleet (403 forbidden-role)", async () => {
    const { company } = await demoLogin(t.app, "comptable@demo.macc.test", next());
    expect((await get("/api/me/invoices", company[OWN]!)).status).toBe(200);
    for (const path of ["/api/me/products", "/api/me/service-requests", "/api/me/basket-requests"]) {
      const problem = await expectProblem(await get(path, company[OWN]!), 403);
      expect(problem.type, path).toBe("urn:macc:problem:forbidden-role");
      expect(problem.detail, path).toBe(PROBLEM_DETAILS.forbiddenRole.fr);
    }
    expect((await get("/api/me/bank-details", company[OWN]!)).status).toBe(200);
  });

  it("the workshop reads the product fleet and its service requests (200), not the invoices (403 forbidden-role)", async () => {
    const { company } = await demoLogin(t.app, "atelier@demo.macc.test", next());
    expect((await get("/api/me/products", company[OWN]!)).status).toBe(200);
    expect((await get("/api/me/service-requests", company[OWN]!)).status).toBe(200);
    for (const path of ["/api/me/invoices", "/api/me/bank-details", "/api/me/basket-requests"]) {
      const problem = await expectProblem(await get(path, company[OWN]!), 403);
      expect(problem.type, path).toBe("urn:macc:problem:forbidden-role");
    }
  });

  it("the dashboard's counts say nothing of what the role does not read", async () => {
    const accountant = await demoLogin(t.app, "comptable@demo.macc.test", next());
    const workshop = await demoLogin(t.app, "atelier@demo.macc.test", next());
    const owner = await demoLogin(t.app, "multi@demo.macc.test", next());
    const summary = async (token: string) =>
      (await (await get("/api/me/summary?with=basket-requests", token)).json()) as {
        invoices: { total: number };
        products: number;
        basketRequests?: unknown[];
      };
    const mine = await summary(owner.company[OWN]!);
    expect(mine.invoices.total).toBeGreaterThan(0);
    expect(mine.products).toBeGreaterThan(0);
    expect(mine.basketRequests).toBeDefined();
    const theAccountant = await summary(accountant.company[OWN]!);
    expect(theAccountant).toMatchObject({ invoices: mine.invoices, products: 0 });
    expect(theAccountant.basketRequests).toBeUndefined();
    expect(await summary(workshop.company[OWN]!)).toMatchObject({ invoices: { unpaid: 0, total: 0 }, products: mine.products });
  });

  it("a role change applies to the sessions already open", async () => {
    const { company } = await demoLogin(t.app, "comptable@demo.macc.test", next());
    const token = company[OWN]!;
    expect((await get("/api/me/invoices", token)).status).toBe(200); // the role is now kept in memory
    const setRole = (role: string) =>
      t.db.query(
        "UPDATE account_companies SET role = $1 WHERE id_tier = $2 AND uuid_compte = (SELECT uuid_compte FROM accounts WHERE email = 'comptable@demo.macc.test')",
        [role, OWN],
      );
    await setRole("workshop");
    await vi.waitFor(async () => expect((await get("/api/me/invoices", token)).status).toBe(403), { timeout: 2000, interval: 20 });
    expect((await get("/api/me/products", token)).status).toBe(200);
    await setRole("accountant");
    await vi.waitFor(async () => expect((await get("/api/me/invoices", token)).status).toBe(200), { timeout: 2000, interval: 20 });
  });
});

describe("the company's data", () => {
  it("only owner and full confirm it: the accountant's confirmation → 403 forbidden-role", async () => {
    const { company } = await demoLogin(t.app, "comptable@demo.macc.test", next());
    const res = await t.app.request("/api/me/confirmation", { method: "POST", headers: { Authorization: `Bearer ${company[OWN]!}` } });
    expect((await expectProblem(res, 403)).type).toBe("urn:macc:problem:forbidden-role");
  });

  it("the accountant's save of My information changes their personal data, never the company's (nor confirms it)", async () => {
    const { company } = await demoLogin(t.app, "comptable@demo.macc.test", next());
    const token = company[OWN]!;
    const before = (await (await get("/api/me/profile", token)).json()) as {
      user: Record<string, unknown>;
      entreprise: { raison_sociale: string; formeJuridique: string; immatriculation: string; derniereMiseAJour: string | null };
    };
    const { pays: _p, ...user } = before.user;
    const res = await t.app.request("/api/me/profile", {
      ...json({
        user: { ...user, fonction: "Comptable associée" },
        entreprise: { raison_sociale: "Renamed by the accountant", formeJuridique: "SA", immatriculation: "not checked" },
      }),
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as typeof before;
    expect(after.user.fonction).toBe("Comptable associée");
    expect(after.entreprise).toEqual(before.entreprise);
  });
});

describe("registration", () => {
  it("makes the registrant the owner of the companies", async () => {
    const { rows: free } = await t.db.query<{ id_tier: string }>(
      "SELECT id_tier FROM companies c WHERE NOT EXISTS (SELECT 1 FROM account_companies ac WHERE ac.id_tier = c.id_tier) ORDER BY id_tier LIMIT 1",
    );
    const account = await createAccount(t.db, {
      email: "new-owner@roles.test",
      passwordHash: "x",
      mobile: "+33 6 00 00 00 01",
      pays: "FR",
      langue: "fr-FR",
      idTiers: [free[0]!.id_tier],
    });
    const { rows } = await t.db.query<{ role: string }>("SELECT role FROM account_companies WHERE uuid_compte = $1", [account]);
    expect(rows.map((r) => r.role)).toEqual(["owner"]);
  });
});
