import { msg } from "@lingui/core/macro";
import { createApiClient, type ApiClient } from "./api";
import { panierFromQuery } from "./basket";
import { readPageConfig, releaseStageOf, type PageConfig, type PageDataset } from "./config";
import { DEFAULT_LOCALE, IS_LOGGED_COOKIE, OFFLINE_QUEUE_FLAG, type Locale, type Theme } from "../contract/constants";
import { readCookie } from "./cookies";
import { browserStorage } from "./storage";
import { loadI18n, withValues } from "./i18n";
import { isLocale, pickLocale } from "./locale";
import { loadPaths, pathFor } from "./paths";
import type { Session } from "./session";
import { emitStateEvents } from "./events";
import { createMaccStore, isLogged, selectAccountTheme, type MaccState, type MaccStore } from "./store";
import { createAccessTokens, type AccessTokens } from "./tokens";
import { brandName, themeFromQuery } from "./theme";
import { createToastStore, type ToastStore } from "./toasts";

export interface Core {
  config: PageConfig;
  store: MaccStore;
  toasts: ToastStore;
  api: ApiClient;
  session: Session;
  /** The session's access tokens, in memory only (the session keeps them current). */
  tokens: AccessTokens;
  /**
   * True while `<macc-portal>` is on the page: its guards send a lapsed session to login, so the
   * core leaves that to them (a page of single elements is sent to the portal's login page).
   */
  portalGuards: boolean;
  /** Resolves once the stored session has been restored (or found absent). */
  ready: Promise<void>;
}

const REGISTRY = Symbol.for("macc.core");
type Registry = typeof globalThis & { [REGISTRY]?: Core; MACC_PAGE?: PageDataset };

/** The toast for an error the server did not explain; {brand} is the page's brand (`brandName`). */
export const GENERIC_ERROR = msg({ message: "An error has just occurred, please contact {brand}" });

/**
 * The page's one core: store, API client, session and toasts. Kept on `globalThis` so two
 * copies of the bundle on one page (two CMS blocks, two versions) still share one session.
 */
export function getCore(): Core {
  const registry = globalThis as Registry;
  return (registry[REGISTRY] ??= createCore(registry.MACC_PAGE ?? {}));
}

function createCore(dataset: PageDataset): Core {
  const config = readPageConfig(dataset, location.origin);
  const store = createMaccStore();
  emitStateEvents(store);
  const toasts = createToastStore();

  const { localeChoice, locale: lastLocale } = store.getState().app;
  const { locale: pageLocale, choice } = pickLocale({
    search: location.search,
    isLoggedCookie: readCookie(IS_LOGGED_COOKIE),
    chosen: isLocale(localeChoice) ? localeChoice : null,
    pageLocale: config.locale,
    lastLocale: isLocale(lastLocale) ? lastLocale : null,
    htmlLang: document.documentElement.lang,
  });
  if (choice) store.getState().chooseLocale(choice);
  else if (pageLocale !== store.getState().app.locale) store.getState().setLocale(pageLocale);

  // A visitor arriving from a brand's site (`?site=`) keeps its brand on the following pages.
  const siteTheme = themeFromQuery(location.search);
  if (siteTheme && !isLogged(store.getState())) store.getState().setSiteTheme(siteTheme);

  const panier = panierFromQuery(location.search);
  if (panier) {
    if (panier.length) store.getState().updatePanier(panier);
    else store.getState().clearPanier();
  }

  const tokens = createAccessTokens();
  // The API client's callbacks run after the core is complete.
  let core: Core;

  // The session needs the client and the client asks the session before authenticated calls.
  let session: Session | null = null;
  const api = createApiClient({
    beforeAuthenticated: async (options) => {
      const wasLogged = isLogged(store.getState());
      if (wasLogged) await session?.ensureFresh();
      // The session lapsed just as a screen needed it: to login, and back here after.
      if (wasLogged && !isLogged(store.getState()) && !options.optional) sendToLogin(core);
    },
    baseUrl: () => config.apiBase,
    token: () => tokens.forCompany(store.getState().auth.companyId),
    locale: () => store.getState().app.locale ?? DEFAULT_LOCALE,
    onDisconnect: (status, authenticated) => {
      const wasLogged = isLogged(store.getState());
      store.getState().disconnect("forced");
      // Only a refused authenticated call means the customer was using the session; a failed
      // silent restore on page load just leaves the page logged out.
      if (wasLogged && authenticated && status === 401) sendToLogin(core);
    },
    onMaintenance: (expectedEnd) => store.getState().setMaintenance(true, expectedEnd),
    onFailure: (error) => {
      // SPEC §8: the generic handler logs, then toasts.
      console.error("[macc] API call failed:", error.status, error.problem);
      const locale = store.getState().app.locale ?? DEFAULT_LOCALE;
      const brand = brandName(themeOf(store.getState(), config));
      void loadI18n(locale).then((i18n) =>
        toasts.getState().show("error", error.problem.detail ?? i18n._(withValues(GENERIC_ERROR, { brand }))),
      );
    },
  });
  session = lazySession(() => import("./session").then(({ createSession }) => createSession(api, store, tokens)));

  if (config.errorEndpoint) {
    const endpoint = config.errorEndpoint;
    void import("./reporting").then(({ installErrorReporting }) =>
      installErrorReporting({
        endpoint,
        releaseStage: releaseStageOf(location.hostname),
        // Our chunks sit beside this one (not `new URL(".", import.meta.url)`: Vite would inline a file for it).
        ownScriptPrefix: import.meta.url.replace(/[^/]*$/, ""),
      }),
    );
  }

  const ready = isLogged(store.getState())
    ? session.refresh().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();

  core = { config, store, toasts, api, session, tokens, portalGuards: false, ready };
  // Submissions saved on this device while offline are sent from any element of the page.
  if (typeof indexedDB !== "undefined" && browserStorage("local")?.getItem(OFFLINE_QUEUE_FLAG)) {
    void import("./offline").then(({ offlineQueueOf }) => offlineQueueOf(core));
  }
  return core;
}

/**
 * A session that lapsed under a customer's feet (SPEC §4): they go to login and come back to the
 * page they were on. Inside `<macc-portal>` its guard does this; a CMS page with single elements
 * is left for the portal's login page.
 */
const sendingToLogin = new WeakSet<PageConfig>();
function sendToLogin({ config, store, portalGuards }: Core): void {
  if (portalGuards || sendingToLogin.has(config)) return;
  sendingToLogin.add(config);
  store.getState().addRedirection(location.pathname + location.search);
  const locale = store.getState().app.locale ?? DEFAULT_LOCALE;
  void loadPaths(locale).then(() => location.assign(config.portalBase + pathFor("LOGIN", locale)));
}

/**
 * Session code (and its response schemas) loads only when there is a session to restore or
 * someone logs in: an anonymous visitor of a page with a footer never downloads it.
 */
function lazySession(load: () => Promise<Session>): Session {
  let session: Promise<Session> | null = null;
  return new Proxy({} as Session, {
    get:
      (_, method: keyof Session) =>
      (...args: unknown[]) =>
        (session ??= load()).then((loaded) => (loaded[method] as (...a: unknown[]) => Promise<unknown>)(...args)),
  });
}

/** The page's theme: the account's network, else the brand site the visitor came from, else the page's, else MACC. */
export function themeOf(state: Pick<MaccState, "auth" | "app">, config: Pick<PageConfig, "theme">): Theme {
  return selectAccountTheme(state) ?? state.app.siteTheme ?? config.theme ?? "MACC";
}

/** Theme of an element: its attribute, else the page's theme. */
export function effectiveTheme(attribute: Theme | null, store: MaccStore, config: PageConfig): Theme {
  return attribute ?? themeOf(store.getState(), config);
}

export type { Locale, Theme };
