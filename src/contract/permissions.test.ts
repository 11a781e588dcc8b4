import { describe, expect, it } from "vitest";
import {
  can,
  confirmsCompanyData,
  mayCall,
  MODULES,
  OPERATION_PERMISSIONS,
  PERMISSIONS,
  ROLES,
  type Module,
  type Role,
} from "./permissions";

/** Issue 29's "Precisions" table, row by row, in the order of its columns: owner, full, accountant, workshop, read-only. */
const ISSUE_TABLE: [Module, [string, string, string, string, string]][] = [
  ["invoices", ["R", "R", "R", "—", "R"]],
  ["fleet", ["RW", "RW", "—", "RW", "R"]],
  ["basket", ["RW", "RW", "—", "—", "R"]],
  ["company", ["RW", "RW", "R", "—", "R"]],
  ["team", ["RW", "R", "—", "—", "—"]],
  ["own", ["RW", "RW", "RW", "RW", "RW"]],
];

describe("the permission table", () => {
  it("has every module and every role", () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...MODULES].sort());
    for (const module of MODULES) expect(Object.keys(PERMISSIONS[module]).sort()).toEqual([...ROLES].sort());
    expect(ROLES).toEqual(["owner", "full", "accountant", "workshop", "read-only"]);
  });

  const cells = ISSUE_TABLE.flatMap(([module, grants]) => ROLES.map((role, i) => [module, role, grants[i]!] as [Module, Role, string]));
  it.each(cells)("%s × %s is %s", (module, role, grant) => {
    expect(can(role, module, "R")).toBe(grant.includes("R"));
    expect(can(role, module, "W")).toBe(grant.includes("W"));
  });

  it("writing implies reading everywhere", () => {
    for (const module of MODULES) for (const role of ROLES) if (can(role, module, "W")) expect(can(role, module, "R")).toBe(true);
  });

  it.each<[Role, boolean]>([
    ["owner", true],
    ["full", true],
    ["accountant", false],
    ["workshop", false],
    ["read-only", false],
  ])("%s confirms the company's data: %s", (role, expected) => {
    expect(confirmsCompanyData(role)).toBe(expected);
    expect(mayCall(role, "confirmInformation")).toBe(expected);
  });
});

describe("the operations' requirements", () => {
  it.each<[string, Role, boolean]>([
    ["listInvoices", "accountant", true],
    ["listInvoices", "workshop", false],
    ["listProducts", "accountant", false],
    ["listProducts", "workshop", true],
    ["postServiceRequest", "read-only", false],
    ["listServiceRequests", "read-only", true],
    ["postBankDetails", "accountant", false],
    ["getBankDetails", "accountant", true],
    ["getMyBasketRequests", "workshop", false],
    ["changePassword", "read-only", true],
    ["getAdviser", "workshop", true],
  ])("%s for %s: %s", (id, role, expected) => {
    expect(mayCall(role, id)).toBe(expected);
  });

  it("an operation without an entry is the owner's only", () => {
    expect(mayCall("owner", "someNewOperation")).toBe(true);
    for (const role of ROLES.filter((r) => r !== "owner")) expect(mayCall(role, "someNewOperation")).toBe(false);
    expect(mayCall("owner", "toString")).toBe(true);
    expect(mayCall("full", "toString")).toBe(false);
  });

  it("names declared modules only", () => {
    for (const requirement of Object.values(OPERATION_PERMISSIONS)) {
      if (requirement !== "every-role") expect(MODULES).toContain(requirement[0]);
    }
  });
});

describe("the role in the session's answer", () => {
  it("is read as sent; none (an API without roles) is owner; one this bundle does not know is read-only", async () => {
    const v = await import("valibot");
    const { SessionAnswer } = await import("./auth");
    const company = (role?: string) => ({
      idTier: "T1",
      codeReseau: "FRA",
      formeJuridique: "",
      raisonSocial: "Ferme",
      immatriculation: "1",
      numeroClient: "C-1",
      derniereMiseAJour: null,
      ...(role === undefined ? {} : { role }),
    });
    const roles = (role?: string) =>
      v
        .parse(SessionAnswer, {
          accessToken: "a",
          expiresIn: 900,
          user: { uuidCompte: "u", infosConnexion: { emailLogin: "a@b.test" }, entreprises: [company(role)] },
        })
        .user.entreprises.map((e) => e.role);
    expect(roles("accountant")).toEqual(["accountant"]);
    expect(roles()).toEqual(["owner"]);
    expect(roles("billing")).toEqual(["read-only"]);
  });
});
