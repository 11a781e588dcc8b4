/**
 * The role sweep (issue 29), generated from the contract's permission table: every operation of the
 * generated document that takes a bearer token × every role. Each such operation must be declared
 * in `OPERATION_PERMISSIONS` (src/contract/permissions.ts), so a new operation without an entry
 * fails here; then, with a token of the role in multi@'s first company, a role the table refuses
 * gets 403 `forbidden-role` and a role it allows never does (a read without path or body: 200).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayCall, OPERATION_PERMISSIONS, ROLES, type Role } from "../../src/contract/permissions.ts";
import { createTestApp, fromAddress, json, settleMail, type TestContext } from "../test-support.ts";
import { accountId, contract, mintTokens, type Operation } from "./contract.ts";

const SECRET = "role-sweep-token-secret-0123456789";
const OWN = "1004217"; // multi@demo.macc.test's first company

const { operations } = await contract();
/** Every operation a bearer token reaches: required, or optional (a visitor's too). */
const withBearer = operations.filter((op) => op.protected || op.optionalBearer);

let t: TestContext;
/** One account per role, linked to OWN with that role. */
const accounts = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp({ tokenSecret: SECRET, features: ["coordonnee-bancaire"] });
  accounts.owner = await accountId(t.db, "multi@demo.macc.test");
  accounts.accountant = await accountId(t.db, "comptable@demo.macc.test");
  accounts.workshop = await accountId(t.db, "atelier@demo.macc.test");
  for (const role of ["full", "read-only"] as const) {
    const { rows } = await t.db.query<{ uuid_compte: string }>(
      "INSERT INTO accounts (email, password_hash, mobile, pays, langue) VALUES ($1, 'x', '+33 6 00 00 00 00', 'FR', 'fr-FR') RETURNING uuid_compte",
      [`${role}@role-sweep.test`],
    );
    accounts[role] = rows[0]!.uuid_compte;
    await t.db.query("INSERT INTO account_companies (uuid_compte, id_tier, position, role) VALUES ($1, $2, 0, $3)", [
      accounts[role],
      OWN,
      role,
    ]);
  }
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

let address = 0;
/** `op` as the holder of `token`: harmless path values, a JSON body `{}` where it takes one (the role is checked first). */
function call(op: Operation, token: string) {
  const headers = { Authorization: `Bearer ${token}`, "X-Requested-With": "macc", "Idempotency-Key": `role-sweep-${++address}` };
  const init: RequestInit = op.body ? { ...json({}, headers), method: op.method } : { method: op.method, headers };
  const path = op.path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");
  return t.app.request(path, init, fromAddress(`10.94.${Math.floor(address / 250)}.${address % 250}`));
}

/** A read that needs nothing but the token: the role it allows gets its 200. */
const plainRead = (op: Operation) => op.method === "GET" && !op.parameters.some((p) => p.in === "path" || (p.in === "query" && p.required));

describe("the role sweep", () => {
  it("every operation taking a bearer token is declared in the permission table, and every entry is an operation", () => {
    const ids = withBearer.map((op) => op.id);
    expect(
      ids.filter((id) => !Object.hasOwn(OPERATION_PERMISSIONS, id)),
      "operations without an entry: declare their module and R/W in OPERATION_PERMISSIONS (src/contract/permissions.ts)",
    ).toEqual([]);
    expect(
      Object.keys(OPERATION_PERMISSIONS).filter((id) => !ids.includes(id)),
      "entries without an operation",
    ).toEqual([]);
  });

  const cases = withBearer.flatMap((op) => ROLES.map((role) => [op, role] as const));
  it(`covers ${withBearer.length} operations × ${ROLES.length} roles`, () => {
    expect(cases.length).toBe(withBearer.length * ROLES.length);
    expect(withBearer.length).toBeGreaterThan(25);
  });

  it.each(cases.map(([op, role]) => [`${op.method} ${op.path}`, role, mayCall(role, op.id) ? "allowed" : "403", op] as const))(
    "%s as %s: %s",
    async (_name, role, expected, op) => {
      // A session of its own for each call: an allowed logout ends it.
      const { companies } = await mintTokens(t.db, SECRET, accounts[role]);
      const res = await call(op, companies[OWN]!);
      const text = await res.text();
      const type = res.headers.get("content-type")?.startsWith("application/problem+json")
        ? (JSON.parse(text) as { type: string }).type
        : "";
      if (expected === "403") {
        expect(`${res.status} ${type}`, text).toBe("403 urn:macc:problem:forbidden-role");
      } else {
        expect(type, `${res.status} ${text}`).not.toBe("urn:macc:problem:forbidden-role");
        expect(res.status, text).not.toBe(401);
        if (plainRead(op)) expect(res.status, text).toBe(200);
      }
    },
  );
});
