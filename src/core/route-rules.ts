import type { Locale } from "../contract/constants";
import { confirmsCompanyData, type Role } from "../contract/permissions";
import { freshnessOf } from "./freshness";
import { loadedPaths, pathTable } from "./paths";
import { roleAllows } from "./roles";
import { ROUTE_NAMES, ruleOf, type PathTable, type RouteMatch, type RouteName } from "./routes";

/*
 * Matching addresses to routes, and the guards of SPEC §2 (the rules are in the route registry).
 * Only the portal and the login screen need them, so they stay out of the code every element loads.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const compiled = new WeakMap<PathTable, Array<[RouteName, RegExp]>>();
function patternsOf(table: PathTable): Array<[RouteName, RegExp]> {
  let list = compiled.get(table);
  if (!list) {
    list = ROUTE_NAMES.map((name) => {
      const source = escape(table[name]).replace(":codeFamille", "(?<codeFamille>[^/]+)");
      return [name, new RegExp(`^${source}/?$`, "i")] as [RouteName, RegExp];
    });
    compiled.set(table, list);
  }
  return list;
}

/**
 * Finds the route of a path (relative to the portal's base). The root path is LOGIN (SPEC §2).
 * Paths of the active locale win; paths of the other loaded languages still resolve, so a link
 * shared from another country's site works once `loadAllPaths()` has run (the portal does).
 */
function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export function matchPath(path: string, locale: Locale): RouteMatch | null {
  const clean = path.replace(/\/+$/, "") || "/";
  if (clean === "/") return { name: "LOGIN", params: {} };
  const tables = [pathTable(locale), ...[...loadedPaths()].map((paths) => paths.routes)];
  for (const table of tables) {
    for (const [name, regex] of patternsOf(table)) {
      const m = regex.exec(clean);
      if (!m) continue;
      const code = m.groups?.codeFamille;
      if (!code) return { name, params: {} };
      const codeFamille = safeDecode(code);
      // A mistyped, badly encoded address is simply not a page of ours.
      return codeFamille === null ? null : { name, params: { codeFamille } };
    }
  }
  return null;
}

// The freshness rule lives in ./freshness (no address tables: the server reads it too).
export { freshnessDaysLeft, freshnessOf, type Freshness } from "./freshness";

export interface GuardContext {
  logged: boolean;
  derniereMiseAJour: string | null | undefined;
  now: Date;
  /** The customer's role in the chosen company (an API without roles: owner). */
  role?: Role;
}

/** One guard step: where a route must send the user instead, or null to stay. */
export function guardRedirect(name: RouteName, ctx: GuardContext): RouteName | null {
  const { access, beforeConfirmation } = ruleOf(name);
  const role = ctx.role ?? "owner";
  // LOGIN_PANIER's visitor meant to come back to the basket: logged in already, they go straight there.
  if (access === "restricted" && ctx.logged) return name === "LOGIN_PANIER" ? "PANIER" : "DASHBOARD";
  if (access !== "protected") return null;
  if (!ctx.logged) return "LOGIN";
  // Only the roles that change the company's data are sent to confirm it (issue 29).
  if (!beforeConfirmation && confirmsCompanyData(role) && freshnessOf(ctx.derniereMiseAJour, ctx.now) !== "fresh") {
    return "CONFIRMATION_INFORMATION";
  }
  if (!roleAllows(name, role)) return "DASHBOARD";
  return null;
}

/** Applies the guards until a route is allowed (restricted → DASHBOARD may itself need confirmation). */
export function resolveRoute(name: RouteName, ctx: GuardContext): RouteName {
  let current = name;
  for (let step = 0; step < 4; step++) {
    const next = guardRedirect(current, ctx);
    if (!next) return current;
    current = next;
  }
  return current;
}
