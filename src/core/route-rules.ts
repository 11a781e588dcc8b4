import { FRESHNESS_YEARS, type Locale } from "../contract/constants";
import { confirmsCompanyData, type Role } from "../contract/permissions";
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

export type Freshness = "fresh" | "missing" | "stale";

/** SPEC §4/§5: no last-update date, or one older than the limit, must be confirmed again. */
export function freshnessOf(derniereMiseAJour: string | null | undefined, now: Date, years: number = FRESHNESS_YEARS): Freshness {
  if (!derniereMiseAJour) return "missing";
  const updated = new Date(derniereMiseAJour);
  if (Number.isNaN(updated.getTime())) return "missing";
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() - years);
  // Whole calendar days: the API sends YYYY-MM-DD, and a date exactly `years` ago is not older than the limit.
  const updatedDay = DATE_ONLY.test(derniereMiseAJour) ? derniereMiseAJour : localDay(updated);
  return updatedDay < localDay(limit) ? "stale" : "fresh";
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days left before information confirmed on `derniereMiseAJour` is past the limit (0: the last day
 * it is fresh; negative: stale, as `freshnessOf` says), or null when it was never confirmed.
 */
export function freshnessDaysLeft(derniereMiseAJour: string | null | undefined, now: Date, years: number = FRESHNESS_YEARS): number | null {
  if (!derniereMiseAJour) return null;
  const day = DATE_ONLY.test(derniereMiseAJour) ? derniereMiseAJour : localDay(new Date(derniereMiseAJour));
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  if (Number.isNaN(y)) return null;
  // Whole calendar days, counted in UTC so that a change of summer time does not shorten one.
  const due = Date.UTC(y + years, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((due - today) / 86_400_000);
}

const localDay = (d: Date) =>
  `${String(d.getFullYear()).padStart(4, "0")}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

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
