/** The portal's guard and the registry's `needs` read the contract's permission table (issue 29). */
import { describe, expect, it } from "vitest";
import { can, ROLES, type Role } from "../contract/permissions";
import { resolveRoute } from "./route-rules";
import { roleAllows } from "./roles";
import { ROUTE_NAMES, ROUTES, type RouteName } from "./routes";

const now = new Date("2026-06-01T12:00:00Z");
const fresh = "2026-01-01";
const stale = "2020-01-01";

describe("routes per role", () => {
  it.each<[RouteName, Role, RouteName]>([
    ["FACTURES", "accountant", "FACTURES"],
    ["FACTURES", "workshop", "DASHBOARD"],
    ["PARC_PRODUITS", "accountant", "DASHBOARD"],
    ["PARC_PRODUITS", "workshop", "PARC_PRODUITS"],
    ["PARC_PRODUITS_DETAIL", "accountant", "DASHBOARD"],
    ["PARC_PRODUITS_DETAIL_SAV", "read-only", "PARC_PRODUITS_DETAIL_SAV"],
    ["SERVICE_REQUEST", "read-only", "DASHBOARD"],
    ["SERVICE_REQUEST", "workshop", "SERVICE_REQUEST"],
    ["COORDONNEE_BANCAIRE", "workshop", "DASHBOARD"],
    ["COORDONNEE_BANCAIRE", "accountant", "COORDONNEE_BANCAIRE"],
    ["CONFIRMATION_INFORMATION", "accountant", "DASHBOARD"],
    ["CONFIRMATION_INFORMATION", "full", "CONFIRMATION_INFORMATION"],
    ["INFOS_PERSONNEL", "workshop", "INFOS_PERSONNEL"],
    ["DASHBOARD", "read-only", "DASHBOARD"],
  ])("%s as %s (data fresh) → %s", (route, role, expected) => {
    expect(resolveRoute(route, { logged: true, derniereMiseAJour: fresh, now, role })).toBe(expected);
  });

  it.each<[Role, RouteName]>([
    ["owner", "CONFIRMATION_INFORMATION"],
    ["full", "CONFIRMATION_INFORMATION"],
    ["accountant", "FACTURES"],
    ["workshop", "DASHBOARD"],
    ["read-only", "FACTURES"],
  ])("stale data: only owner and full are sent to confirm it (%s on FACTURES → %s)", (role, expected) => {
    expect(resolveRoute("FACTURES", { logged: true, derniereMiseAJour: stale, now, role })).toBe(expected);
  });

  it("no role (an API without roles) is the owner", () => {
    expect(resolveRoute("PARC_PRODUITS", { logged: true, derniereMiseAJour: fresh, now })).toBe("PARC_PRODUITS");
    expect(resolveRoute("FACTURES", { logged: true, derniereMiseAJour: stale, now })).toBe("CONFIRMATION_INFORMATION");
  });

  it("every route's `needs` is the table's, and a route needing nothing is open to every role", () => {
    for (const name of ROUTE_NAMES) {
      const rule = ROUTES[name] as { needs?: readonly [Parameters<typeof can>[1], Parameters<typeof can>[2]] };
      for (const role of ROLES) expect(roleAllows(name, role)).toBe(!rule.needs || can(role, rule.needs[0], rule.needs[1]));
    }
  });
});
