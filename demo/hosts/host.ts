/**
 * What the React and the Vue host apps share: their tiny router (the History API), the suite's
 * events they listen to, and the state they pass to the elements as attributes. It knows the suite
 * only through its public contract (tags, attributes, `macc-*` events), as any host would.
 */

/** The host's own pages, below its base (`/hosts/react/`, `/hosts/vue/`). */
export const HOST_ROUTES = {
  home: { path: "", label: "Home" },
  company: { path: "company", label: "Company" },
  account: { path: "account", label: "My invoices" },
} as const;
export type HostRoute = keyof typeof HOST_ROUTES;

/**
 * The suite's routes (SPEC §2 names, `macc-navigate`'s `detail.route`) that the host shows on
 * one of its own pages. A navigation to any other route is left to the suite, which opens the
 * portal's page for it (`detail.path`).
 */
const HOSTED: Readonly<Record<string, HostRoute>> = {
  LOGIN: "home",
  CHOIX_ENTREPRISE: "company",
  DASHBOARD: "account",
  FACTURES: "account",
};

export interface MaccNavigateDetail {
  route: string;
  params: Record<string, string>;
  path: string;
}

export const LOCALES = ["fr-FR", "fr-BE", "fr-LU", "de-BE", "de-LU", "en-GB", "es-ES", "it-IT", "nl-BE", "nl-NL"] as const;
/** "" sets no `theme` attribute: the suite's own choice (the company's network, else the page's). */
export const THEMES = ["", "macc", "agri"] as const;

/** One line of the host's event log. */
export interface LoggedEvent {
  id: number;
  text: string;
}

export interface HostRouter {
  current(): HostRoute;
  href(route: HostRoute): string;
  go(route: HostRoute): void;
  /** `macc-navigate` from an element: a route the host has is cancelled and shown by the host's router. */
  navigate(event: Event): string;
  subscribe(listener: () => void): () => void;
}

/** A router over the History API for the addresses below `base` (`/hosts/react/`). */
export function createHostRouter(base: string): HostRouter {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  addEventListener("popstate", notify);
  const href = (route: HostRoute) => base + HOST_ROUTES[route].path;
  const go = (route: HostRoute) => {
    if (location.pathname === href(route)) return;
    history.pushState(null, "", href(route));
    notify();
  };
  return {
    current() {
      const rest = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : "";
      return (Object.keys(HOST_ROUTES) as HostRoute[]).find((route) => HOST_ROUTES[route].path === rest) ?? "home";
    },
    href,
    go,
    navigate(event) {
      const { route, path } = (event as CustomEvent<MaccNavigateDetail>).detail;
      const hosted = HOSTED[route];
      if (!hosted) return `macc-navigate ${route}: left to the suite (${path})`;
      event.preventDefault();
      go(hosted);
      return `macc-navigate ${route}: cancelled, shown at ${href(hosted)}`;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The suite's state events come from `document` (README "Events"); `onEvent` gets a line for the
 * log and, for `macc-login`, the e-mail of the account (null at `macc-logout`).
 */
export function listenToSession(onEvent: (line: string, email: string | null | undefined) => void): () => void {
  const login = (event: Event) => {
    const { emailLogin } = (event as CustomEvent<{ emailLogin: string }>).detail;
    onEvent(`macc-login: ${emailLogin}`, emailLogin);
  };
  const logout = (event: Event) => {
    const { reason } = (event as CustomEvent<{ reason: string }>).detail;
    onEvent(`macc-logout: ${reason}`, null);
  };
  document.addEventListener("macc-login", login);
  document.addEventListener("macc-logout", logout);
  return () => {
    document.removeEventListener("macc-login", login);
    document.removeEventListener("macc-logout", logout);
  };
}

let lastId = 0;
/** The log with `text` added, newest first, five lines at most. */
export function logged(log: readonly LoggedEvent[], text: string): LoggedEvent[] {
  return [{ id: ++lastId, text }, ...log].slice(0, 5);
}
