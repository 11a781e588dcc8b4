/**
 * Authorization sweep. Every protected operation of the generated document (its `security`) without a token,
 * with an expired, a forged or a tampered one → 401 problem; with the account-level token where the
 * operation needs a company → 403 `company-required`; with a token of a company the account is not
 * linked to → 401. Every protected operation that takes an id, tried with the ids of the account's
 * other companies and of another customer → 404 (never 403: SPEC §9 and server/README "Conventions"),
 * beside the same request with the caller's own id → 200 (so that the 404 is the scope's doing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAccessToken, type AccessClaims } from "../auth/tokens.ts";
import {
  BASKET_REQUEST,
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  settleMail,
  solveBotCheck,
  type TestContext,
} from "../test-support.ts";
import { accountId, bankDetailsForm, contract, fillPath, mintTokens, type Operation } from "./contract.ts";

const SECRET = "authorization-token-secret-0123456789";
const OWN = "1004217"; // multi@demo.macc.test's first company (FRA)
const SIBLING = "2000873"; // its second company (AGR)
const OTHER = "1005530"; // stale@demo.macc.test's company

const { operations } = await contract();
const isProtected = (op: Operation) => op.protected || (op.optionalBearer && "401" in op.responses);
const needsCompany = (op: Operation) => /^Account-level token/.test(String((op.responses["403"] as { description?: string })?.description));

let t: TestContext;
let multi: Awaited<ReturnType<typeof mintTokens>>;
let stale: Awaited<ReturnType<typeof mintTokens>>;

beforeAll(async () => {
  t = await createTestApp({ tokenSecret: SECRET, features: ["coordonnee-bancaire"] });
  multi = await mintTokens(t.db, SECRET, await accountId(t.db, "multi@demo.macc.test"));
  stale = await mintTokens(t.db, SECRET, await accountId(t.db, "stale@demo.macc.test"));
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

let address = 0;
/** A request to `op` at `path` with `token`: a JSON body `{}` for the operations that take one (the token is checked first). */
function call(op: Operation, path: string, token?: string, headers: Record<string, string> = {}, body: unknown = {}) {
  const init: RequestInit = { method: op.method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } };
  if (op.body) Object.assign(init, json(body, init.headers as Record<string, string>), { method: op.method });
  return t.app.request(path, init, fromAddress(`10.77.${Math.floor(++address / 250)}.${address % 250}`));
}

/** A path of `op` with harmless values (a real id of the caller where there is one). */
const anyPath = (op: Operation) => op.path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("every protected operation refuses a missing or bad token with 401", () => {
  const bad = (): [string, string | undefined][] => {
    const [payload, signature] = multi.companies[OWN]!.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as AccessClaims;
    const key = Buffer.from(SECRET, "utf8");
    return [
      ["no token", undefined],
      ["an expired token", signAccessToken(key, { sid: multi.sid, sub: claims.sub, tier: OWN, exp: Math.floor(Date.now() / 1000) - 1 })],
      ["a token signed with another key", signAccessToken(Buffer.from("another-key"), claims)],
      ["a tampered token (another company, the same signature)", `${b64({ ...claims, tier: OTHER })}.${signature}`],
      ["a token without signature", `${payload}.`],
      ["a session that does not exist", signAccessToken(key, { ...claims, sid: "00000000-0000-4000-8000-000000000000" })],
      ["garbage", "not-a-token"],
    ];
  };

  it("covers the document's protected operations", () => {
    expect(operations.filter(isProtected).length).toBeGreaterThan(15);
  });

  for (const op of operations.filter(isProtected)) {
    it(`${op.method} ${op.path}`, async () => {
      // Without a token, an operation open to visitors goes on anonymous.
      for (const [what, token] of bad().filter(([, token]) => token !== undefined || op.protected)) {
        const res = await call(op, anyPath(op), token, { "Idempotency-Key": "authz-key-0001" });
        const problem = await expectProblem(res, 401).catch((e: Error) => {
          throw new Error(`${what}: ${e.message}`);
        });
        expect(problem.type, what).toMatch(/^urn:macc:problem:(unauthorized|invalid-token)$/);
        expect(res.headers.get("www-authenticate"), what).toMatch(/^Bearer/);
      }
    });
  }
});

describe("company scope", () => {
  const companyOps = () => operations.filter((op) => isProtected(op) && needsCompany(op));

  it("the account-level token on company data → 403 company-required", async () => {
    expect(companyOps().length).toBeGreaterThan(10);
    for (const op of companyOps()) {
      const bot: Record<string, string> = op.botCheck ? { "X-Bot-Check": await solveBotCheck(t.app) } : {};
      const problem = await expectProblem(await call(op, anyPath(op), multi.account, bot), 403);
      expect(problem.type, `${op.method} ${op.path}`).toBe("urn:macc:problem:company-required");
    }
  });

  it("a correctly signed token for a company the account is not linked to → 401", async () => {
    const [payload] = multi.account.split(".") as [string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sid: string; sub: string; exp: number };
    const foreign = signAccessToken(Buffer.from(SECRET, "utf8"), { ...claims, tier: OTHER });
    for (const op of companyOps()) await expectProblem(await call(op, anyPath(op), foreign), 401);
  });
});

/** A path's id, or all its ids by name. */
type PathIds = string | Record<string, string>;

describe("ids of the account's other companies and of another customer → 404", () => {
  const one = async (sql: string, params: unknown[]) => {
    const { rows } = await t.db.query<{ v: string }>(sql, params);
    if (!rows[0]) throw new Error(`no row for ${sql} ${JSON.stringify(params)}`);
    return rows[0].v;
  };
  const invoice = (idTier: string) => one("SELECT id::text AS v FROM invoices WHERE id_tier = $1 ORDER BY numero LIMIT 1", [idTier]);
  const document = (family: string) =>
    one("SELECT id::text AS v FROM product_documents WHERE code_famille = $1 AND type = 'pdf' ORDER BY position LIMIT 1", [family]);
  const bankDetails = (idTier: string) =>
    one("SELECT id::text AS v FROM bank_details WHERE id_tier = $1 ORDER BY status LIMIT 1", [idTier]);

  /** One invoice dated in `year` for `idTier` only. */
  async function invoiceIn(idTier: string, year: number) {
    await t.db.query(
      `INSERT INTO invoices (id_tier, numero, date_facture, amount_cents, due_date) VALUES ($1, $2, make_date($3, 6, 1), 100, make_date($3, 7, 1))`,
      [idTier, `AUTHZ-${idTier}-${year}`, year],
    );
  }

  /** Bank details of stale@'s company, sent through the API as that customer. */
  async function otherCustomersBankDetails() {
    const res = await t.app.request("/api/me/bank-details", {
      method: "POST",
      headers: { Authorization: `Bearer ${stale.companies[OTHER]}` },
      body: bankDetailsForm("EARL du Vieux Chêne"),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { pending: { id: string } }).pending.id;
  }

  /** A service request with a photo and a video, made through the API by the holder of `token` about `family`. */
  async function serviceRequest(token: string, family: string): Promise<{ reference: string; photo: string; video: string }> {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]);
    const headers = { Authorization: `Bearer ${token}` };
    const up = await t.app.request("/api/me/service-requests/photos", {
      method: "POST",
      headers: { ...headers, "Content-Type": "image/png" },
      body: png,
    });
    const { id: photo } = (await up.json()) as { id: string };
    const filmed = await t.app.request("/api/me/service-requests/videos", {
      method: "POST",
      headers: { ...headers, "Content-Type": "video/webm" },
      body: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
    });
    const { id: video } = (await filmed.json()) as { id: string };
    const body = { codeFamille: family, kind: "question", description: "Une question sur cette machine.", urgency: "can-wait" };
    const res = await t.app.request(
      "/api/me/service-requests",
      json(
        { ...body, location: "farm", callTime: "any", photos: [photo], video, langue: "fr-FR" },
        { ...headers, "Idempotency-Key": `authz-${family}-${photo}` },
      ),
    );
    expect(res.status).toBe(201);
    return { reference: ((await res.json()) as { reference: string }).reference, photo, video };
  }

  /** An open invitation of `idTier` (written as the owner's would be). */
  const invitation = (idTier: string, email: string) =>
    one(
      `INSERT INTO company_invitations (id_tier, email, role, token_hash, langue, link_path, expires_at)
       VALUES ($1, $2, 'full', md5(random()::text), 'fr-FR', '/invitation', now() + interval '7 days') RETURNING id::text AS v`,
      [idTier, email],
    );
  /** A new account linked to `idTier` with the role full: its id. */
  async function member(idTier: string, email: string) {
    const id = await one(
      "INSERT INTO accounts (email, password_hash, mobile, pays, langue) VALUES ($1, 'x', '+33 6 00 00 00 00', 'FR', 'fr-FR') RETURNING uuid_compte::text AS v",
      [email],
    );
    await t.db.query("INSERT INTO account_companies (uuid_compte, id_tier, position, role) VALUES ($1, $2, 0, 'full')", [id, idTier]);
    return id;
  }

  /** The team's operations: the owner of OWN reaches its members and invitations only. */
  async function teamCases() {
    const token = multi.companies[OWN]!;
    const invitations = async (n: string) => ({
      own: await invitation(OWN, `own-${n}@authz.test`),
      others: [
        ["the account's other company's invitation", await invitation(SIBLING, `sibling-${n}@authz.test`)],
        ["another customer's invitation", await invitation(OTHER, `other-${n}@authz.test`)],
      ] as [string, PathIds][],
    });
    const members = async (n: string) => ({
      own: await member(OWN, `own-${n}@authz.test`),
      others: [
        ["a member of the account's other company only", await member(SIBLING, `sibling-${n}@authz.test`)],
        ["another customer's member", await member(OTHER, `other-${n}@authz.test`)],
      ] as [string, PathIds][],
    });
    return {
      resendInvitation: { token, ...(await invitations("resend")) },
      revokeInvitation: { token, ...(await invitations("revoke")) },
      updateMember: { token, ...(await members("update")), body: { role: "full" } },
      removeMember: { token, ...(await members("remove")) },
    };
  }

  /** multi@'s own company has an entry (an invoice the back office reported): its key and version, read through the API. */
  async function notificationCase(requests: Record<"sibling" | "other", { reference: string }>) {
    const token = multi.companies[OWN]!;
    await t.db.query(
      "INSERT INTO notification_events (event_id, body_hash, kind, id_tier, subject) VALUES ($1, 'authz', 'invoice', $2, 'AUTHZ')",
      [`authz-${Date.now()}`, OWN],
    );
    const banner = (await (await t.app.request("/api/me/notifications", { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      entries: { key: string; fingerprint: string }[];
    };
    const entry = banner.entries.find((e) => e.key === "invoices")!;
    const keyOf = async (reference: string) =>
      `service-request:${(await t.db.query<{ id: string }>("SELECT id FROM service_requests WHERE reference = $1", [reference])).rows[0]!.id}`;
    return {
      token,
      own: entry.key,
      body: { fingerprint: entry.fingerprint, state: "read" },
      others: [
        ["the account's other company's request", await keyOf(requests.sibling.reference)],
        ["another customer's request", await keyOf(requests.other.reference)],
      ] as [string, string][],
    };
  }

  /**
   * Per operation with an id: the caller (token, path values) whose own id answers 200, and the ids
   * it must not reach (a path with several ids gives them all). Operations added to the API with a
   * path id must be added here.
   */
  async function cases(): Promise<Record<string, { token: string; own: PathIds; others: [string, PathIds][]; body?: unknown }>> {
    await invoiceIn(SIBLING, 1999);
    await invoiceIn(OTHER, 1998);
    const requests = {
      own: await serviceRequest(multi.companies[OWN]!, "MACH"),
      sibling: await serviceRequest(multi.companies[SIBLING]!, "SEM"),
      other: await serviceRequest(stale.companies[OTHER]!, "ENGR"),
    };
    return {
      getServiceRequest: {
        token: multi.companies[OWN]!,
        own: requests.own.reference,
        others: [
          ["the account's other company", requests.sibling.reference],
          ["another customer", requests.other.reference],
        ],
      },
      getServiceRequestTimeline: {
        token: multi.companies[OWN]!,
        own: requests.own.reference,
        others: [
          ["the account's other company", requests.sibling.reference],
          ["another customer", requests.other.reference],
        ],
      },
      postServiceRequestMessage: {
        token: multi.companies[OWN]!,
        own: requests.own.reference,
        body: { message: "Le portail sera ouvert." },
        others: [
          ["the account's other company", requests.sibling.reference],
          ["another customer", requests.other.reference],
        ],
      },
      cancelServiceRequest: {
        token: multi.companies[OWN]!,
        own: (await serviceRequest(multi.companies[OWN]!, "MACH")).reference,
        others: [
          ["the account's other company", requests.sibling.reference],
          ["another customer", requests.other.reference],
        ],
      },
      getServiceRequestPhoto: {
        token: multi.companies[OWN]!,
        own: requests.own,
        others: [
          ["the account's other company's request and photo", requests.sibling],
          ["another customer's request and photo", requests.other],
          ["another customer's photo under an own request", { ...requests.own, photo: requests.other.photo }],
        ],
      },
      getServiceRequestVideo: {
        token: multi.companies[OWN]!,
        own: requests.own,
        others: [
          ["the account's other company's request and video", requests.sibling],
          ["another customer's request and video", requests.other],
          ["another customer's video under an own request", { ...requests.own, video: requests.other.video }],
        ],
      },
      getInvoicePdf: {
        token: multi.companies[OWN]!,
        own: await invoice(OWN),
        others: [
          ["the account's other company", await invoice(SIBLING)],
          ["another customer", await invoice(OTHER)],
        ],
      },
      getInvoiceArchive: {
        token: stale.companies[OTHER]!,
        own: "1998.zip",
        others: [
          ["another customer's year (the account has none)", "1999.zip"],
          ["a year without invoices", "1901.zip"],
        ],
      },
      getProduct: {
        token: multi.companies[OWN]!,
        own: "PULV",
        others: [
          ["the account's other company's family", "SEM"],
          ["no one's family", "ZZZ"],
        ],
      },
      getDocument: {
        token: stale.companies[OTHER]!, // ENGR only
        own: await document("ENGR"),
        others: [
          ["another customer's family", await document("ALIM")],
          ["a family of nobody's purchases", await document("SEM")],
        ],
      },
      ...(await teamCases()),
      // What needs the customer (issue 30): an entry of its own is read; another company's or customer's request is not found.
      putNotificationState: await notificationCase(requests),
      // The account's devices: another session of its own is signed out, another customer's is not found.
      signOutDevice: {
        token: multi.account,
        own: (await mintTokens(t.db, SECRET, await accountId(t.db, "multi@demo.macc.test"))).sid,
        others: [["another customer's device", (await mintTokens(t.db, SECRET, await accountId(t.db, "stale@demo.macc.test"))).sid]],
      },
      getBankDetailsRib: {
        token: multi.companies[OWN]!,
        own: await bankDetails(OWN),
        others: [
          ["the account's other company", await bankDetails(SIBLING)],
          ["another customer", await otherCustomersBankDetails()],
        ],
      },
    };
  }

  it("covers every protected operation with a path id, own id → 200, the others → 404 problem", async () => {
    const all = await cases();
    const withIds = operations.filter((op) => isProtected(op) && op.parameters.some((p) => p.in === "path"));
    expect(withIds.map((op) => op.id).sort()).toEqual(Object.keys(all).sort());
    for (const op of withIds) {
      const { token, own, others, body } = all[op.id]!;
      const param = op.parameters.find((p) => p.in === "path")!.name;
      const path = (ids: PathIds) => fillPath(op, typeof ids === "string" ? { [param]: ids } : ids);
      // A write sent once carries its key (its message's, for a service request).
      const once = { "Idempotency-Key": `authz-${op.id}-own` };
      const mine = await call(op, path(own), token, once, body);
      // A removal or a withdrawal answers 204.
      expect(mine.status, `${op.id} own ${JSON.stringify(own)}: ${await mine.clone().text()}`).toBe(op.method === "DELETE" ? 204 : 200);
      for (const [what, ids] of others) {
        await expectProblem(await call(op, path(ids), token, once, body), 404).catch((e: Error) => {
          throw new Error(`${op.id} with ${what} (${JSON.stringify(ids)}): ${e.message}`);
        });
      }
    }
  });

  it("the basket requests listed are the selected company's only", async () => {
    const sent = await t.app.request(
      "/api/basket/requests",
      json(
        { ...BASKET_REQUEST, items: ["1007"] },
        {
          "Idempotency-Key": "authz-basket-0001",
          "X-Bot-Check": await solveBotCheck(t.app),
          Authorization: `Bearer ${multi.companies[SIBLING]}`,
        },
      ),
      fromAddress("10.78.0.1"),
    );
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const listed = async (token: string) => {
      const res = await t.app.request("/api/me/basket-requests", { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { requests: { id: string }[] }).requests.map((r) => r.id);
    };
    expect(await listed(multi.companies[SIBLING]!)).toContain(id);
    expect(await listed(multi.companies[OWN]!)).not.toContain(id);
    expect(await listed(stale.companies[OTHER]!)).not.toContain(id);
  });
});
