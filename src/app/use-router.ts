import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Locale } from "../contract/constants";
import type { Role } from "../contract/permissions";
import type { RouteAvailability } from "../core/features";
import { matchPath, resolveRoute } from "../core/route-rules";
import { pathFor } from "../core/paths";
import { ruleOf, type RouteMatch, type RouteName } from "../core/routes";
import { useElement, type Navigation } from "../ui/context";
import type { MaccEventDetails, MaccEventName } from "../core/events";

const HISTORY_EVENT = "macc-portal-history";

function subscribeToHistory(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(HISTORY_EVENT, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(HISTORY_EVENT, onChange);
  };
}

export interface RouterInput {
  base: string;
  locale: Locale;
  logged: boolean;
  derniereMiseAJour: string | null | undefined;
  /** The customer's role in the chosen company: the routes it does not allow lead to the dashboard. */
  role?: Role;
  emit: <N extends MaccEventName>(name: N, detail: MaccEventDetails[N], cancelable?: boolean) => boolean;
  /** Remembers where an anonymous visitor was going, to return there after login. */
  keepRedirection: (path: string) => void;
}

/**
 * Whether a matched route exists on this page (`core/features.ts`). Only routes of a feature or
 * of some locales are asked, from a module loaded for them: the other routes cost nothing.
 */
function useAvailability(name: RouteName | null, locale: Locale): RouteAvailability {
  const { core, request } = useElement();
  const rule = name ? ruleOf(name) : null;
  const flagged = Boolean(rule?.feature || rule?.locales);
  const key = name && flagged ? `${name} ${locale}` : null;
  const [known, setKnown] = useState<{ key: string; availability: RouteAvailability } | null>(null);
  useEffect(() => {
    if (!name || !key) return;
    let current = true;
    const show = (availability: RouteAvailability) => current && setKnown({ key, availability });
    import("../core/features").then(
      async ({ readFeatures, routeAvailability }) => {
        const withoutFlags = routeAvailability(name, locale, null);
        show(withoutFlags === "unknown" ? routeAvailability(name, locale, await readFeatures(core, request)) : withoutFlags);
      },
      // Its rules could not be downloaded: the page is "not found" rather than waiting for ever.
      () => show("absent"),
    );
    return () => void (current = false);
  }, [key, name, locale, core, request]);
  if (!name) return "absent";
  if (!key) return "available";
  return known?.key === key ? known.availability : "unknown";
}

/** Where the portal's addresses start: its `base` attribute, else the loader's data-portal-base. */
export const portalBaseOf = (attribute: string | null | undefined, configured: string) => (attribute ?? configured).replace(/\/+$/, "");

/** The portal's own part of the page's address (`/` outside `base`). */
export const pathInPortal = (pathname: string, base: string) => (pathname.startsWith(base) ? pathname.slice(base.length) || "/" : "/");

/**
 * The portal's router: paths below `base` in the page's locale, with the guards of SPEC §2
 * applied on every change, so a logout on a protected page lands on login.
 */
export function useRouter({ base, locale, logged, derniereMiseAJour, role, emit, keepRedirection }: RouterInput) {
  const pathname = useSyncExternalStore(subscribeToHistory, () => location.pathname);
  const search = useSyncExternalStore(subscribeToHistory, () => location.search.slice(1));
  const relative = pathInPortal(pathname, base);
  const found = matchPath(relative, locale);
  // A route of a feature that is off, or of another locale, does not exist; while that is being
  // found out, the page waits (neither the screen nor "not found").
  const availability = useAvailability(found?.name ?? null, locale);
  const matched = availability === "available" ? found : null;
  const [now] = useState(() => new Date());
  const target = matched ? resolveRoute(matched.name, { logged, derniereMiseAJour, now, role }) : null;
  const redirectTo = matched && target && target !== matched.name ? target : null;

  const push = useCallback(
    (path: string, replace: boolean) => {
      if (replace) history.replaceState(null, "", base + path);
      else history.pushState(null, "", base + path);
      window.dispatchEvent(new Event(HISTORY_EVENT));
    },
    [base],
  );

  // Screens keep their state in the query string of their route (FACTURES: search, filters, page).
  const setSearch = useCallback((next: string, { replace }: { replace: boolean }) => {
    const url = location.pathname + (next ? `?${next}` : "") + location.hash;
    if (replace) history.replaceState(null, "", url);
    else history.pushState(null, "", url);
    window.dispatchEvent(new Event(HISTORY_EVENT));
  }, []);

  useEffect(() => {
    if (!redirectTo) return;
    // Remember where the customer was going, to take them there after login or the confirmation.
    if ((redirectTo === "LOGIN" && !logged) || redirectTo === "CONFIRMATION_INFORMATION") keepRedirection(relative);
    push(pathFor(redirectTo, locale), true);
  }, [redirectTo, relative, logged, locale, push, keepRedirection]);

  const navigation = useMemo<Navigation>(
    () => ({
      href: (route, params) => base + pathFor(route, locale, params),
      go(route, params, options) {
        const path = pathFor(route, locale, params) + (options?.search ?? "");
        if (!emit("macc-navigate", { route, params: params ?? {}, path: base + path }, true)) return;
        push(path, Boolean(options?.replace));
      },
      query: { search, set: setSearch },
    }),
    [base, locale, emit, push, search, setSearch],
  );

  const route: RouteMatch | null = matched && !redirectTo ? matched : null;

  // The root path (SPEC §2: LOGIN) and an address in another language, or after a change of
  // language, become the route's own address in the page's language, without a history entry.
  const canonical = route ? pathFor(route.name, locale, route.params) : null;
  useEffect(() => {
    if (!canonical || !pathname.startsWith(base) || relative === canonical) return;
    history.replaceState(history.state, "", base + canonical + location.search + location.hash);
    window.dispatchEvent(new Event(HISTORY_EVENT));
  }, [canonical, pathname, base, relative]);

  return { route, notFound: availability === "absent", navigation };
}
