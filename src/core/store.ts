import { createStore, type StoreApi } from "zustand/vanilla";
import {
  BASKET_COOKIE,
  IS_LOGGED_COOKIE,
  LOCALE_COOKIE,
  LOGGED_IN_ATTRIBUTE,
  STORAGE_KEY,
  THEME_COOKIE,
  type Locale,
  type Theme,
} from "../contract/constants";
import { readCookie, writeCookie } from "./cookies";
import { browserStorage, readJson, writeJson } from "./storage";
import { withoutTokens } from "./tokens";
import { themeName, themeOfNetwork } from "./theme";
import type { Role } from "../contract/permissions";
import type { Entreprise, User, UserPanier } from "./types";

export interface AuthState {
  /** The logged-in customer's account, without its tokens (they stay in the session's memory). */
  user: User | null;
  /** The company the customer acts for: one `idTier` of `user.entreprises`. */
  companyId: string | null;
}

/** Why a session ended, as `macc-logout` tells it. */
export type LogoutReason = "user" | "idle" | "expired" | "forced";

export interface AppState {
  /** The brand of the CMS site a visitor came from (`?site=`); an account's theme is derived, never stored. */
  siteTheme: Theme | null;
  redirection: string | null;
  panier: string[];
  userPanier: UserPanier | null;
  /** The page's language. */
  locale: Locale | null;
  /** The visitor's explicit choice of language: stored, it wins over the page's default. */
  localeChoice: Locale | null;
}

export interface MaccState {
  auth: AuthState;
  app: AppState;
  /** The API answered 503: every element shows the maintenance screen. */
  maintenance: boolean;
  /** When the maintenance is expected to end (ISO 8601), as the server announced it. */
  maintenanceEnd: string | null;
  /** When an idle session will end, while its warning shows (never persisted). */
  idleWarning: number | null;
  /** Why the last session ended (never persisted). */
  logoutReason: LogoutReason | null;
  /** A login: the account (its tokens are dropped) acting for its first company. */
  connectUser(user: User): void;
  chooseCompany(idTier: string): Entreprise | null;
  /** Replaces the account data after a session refresh, keeping the chosen company. */
  refreshUser(user: User): void;
  disconnect(reason?: LogoutReason): void;
  /** After the company's data was confirmed or corrected: the header and guards see it at once. */
  updateEntreprise(idTier: string, patch: Partial<Omit<Entreprise, "idTier" | "token">>): void;
  updateLoginEmail(email: string): void;
  addRedirection(path: string): void;
  removeRedirection(): void;
  updatePanier(ids: string[]): void;
  clearPanier(): void;
  setUserPanier(data: UserPanier | null): void;
  setSiteTheme(theme: Theme | null): void;
  setLocale(locale: Locale): void;
  /** The visitor chose a language: shown now and kept over the page's default on later visits. */
  chooseLocale(locale: Locale): void;
  setMaintenance(on: boolean, expectedEnd?: string | null): void;
  setIdleWarning(endsAt: number | null): void;
}

/* Derived state: read through these selectors, never stored. */

export const isLogged = (s: Pick<MaccState, "auth">): boolean => s.auth.user !== null;

/** The company the customer acts for (the same object as in `user.entreprises`). */
export const selectCompany = (s: Pick<MaccState, "auth">): Entreprise | null =>
  s.auth.user?.entreprises.find((e) => e.idTier === s.auth.companyId) ?? null;

/** The customer's role in the chosen company (src/contract/permissions.ts); an API without roles: owner. */
export const selectRole = (s: Pick<MaccState, "auth">): Role => selectCompany(s)?.role ?? "owner";

/** The network of the chosen company, else the account's. */
export const selectNetwork = (s: Pick<MaccState, "auth">): string | null => selectCompany(s)?.codeReseau ?? s.auth.user?.codeReseau ?? null;

/** A logged-in customer sees their network's brand (SPEC §4); a visitor has no account theme. */
export const selectAccountTheme = (s: Pick<MaccState, "auth">): Theme | null => (isLogged(s) ? themeOfNetwork(selectNetwork(s)) : null);

export type MaccStore = StoreApi<MaccState>;

const LOGGED_OUT: AuthState = { user: null, companyId: null };
const INITIAL_APP: AppState = {
  siteTheme: null,
  redirection: null,
  panier: [],
  userPanier: null,
  locale: null,
  localeChoice: null,
};

/** Cookie of the query-string basket sync; a basket update supersedes it (SPEC §4). */
const PANIER_QUERY_COOKIE = "panierQuery";

export interface StoreOptions {
  storage?: Storage | null;
}

/**
 * A login or a logout on this page, for the server (IS_LOGGED_COOKIE) and for the elements added
 * from now on (LOGGED_IN_ATTRIBUTE on the root element: the room they keep while they load).
 */
function markLoggedIn(logged: boolean): void {
  writeCookie(IS_LOGGED_COOKIE, String(logged));
  if (typeof document !== "undefined") document.documentElement.toggleAttribute(LOGGED_IN_ATTRIBUTE, logged);
}

export function createMaccStore({ storage = browserStorage("local") }: StoreOptions = {}): MaccStore {
  const persisted = readPersisted(storage);
  const store = createStore<MaccState>()((set, get) => ({
    auth: persisted?.auth ?? LOGGED_OUT,
    app: { ...INITIAL_APP, ...persisted?.app },
    maintenance: false,
    maintenanceEnd: null,
    idleWarning: null,
    logoutReason: null,

    connectUser(user) {
      set({ auth: { user: withoutTokens(user), companyId: user.entreprises[0]?.idTier ?? null }, logoutReason: null });
      markLoggedIn(true);
    },

    chooseCompany(idTier) {
      const entreprise = get().auth.user?.entreprises.find((e) => e.idTier === idTier) ?? null;
      if (entreprise) set((s) => ({ auth: { ...s.auth, companyId: idTier } }));
      return entreprise;
    },

    refreshUser(user) {
      const chosen = get().auth.companyId;
      const companyId = user.entreprises.some((e) => e.idTier === chosen) ? chosen : (user.entreprises[0]?.idTier ?? null);
      const kept = withoutTokens(user);
      // The answer mostly repeats what the page already shows (its stored state): keeping the same
      // objects spares every element a whole drawing again at load, when the page is busiest.
      const same = companyId === chosen && JSON.stringify(kept) === JSON.stringify(get().auth.user);
      if (!same) set({ auth: { user: kept, companyId } });
      // The cookie only: the page was marked, or not, before its first paint (a mark now would move it).
      writeCookie(IS_LOGGED_COOKIE, "true");
    },

    disconnect(reason = "expired") {
      set({ auth: LOGGED_OUT, logoutReason: reason });
      markLoggedIn(false);
    },

    updateEntreprise(idTier, patch) {
      set((s) => {
        const { user } = s.auth;
        if (!user) return s;
        return {
          auth: { ...s.auth, user: { ...user, entreprises: user.entreprises.map((e) => (e.idTier === idTier ? { ...e, ...patch } : e)) } },
        };
      });
    },
    updateLoginEmail(email) {
      set((s) => (s.auth.user ? { auth: { ...s.auth, user: { ...s.auth.user, infosConnexion: { emailLogin: email } } } } : s));
    },

    addRedirection(path) {
      set((s) => ({ app: { ...s.app, redirection: path } }));
    },
    removeRedirection() {
      set((s) => ({ app: { ...s.app, redirection: null } }));
    },
    updatePanier(ids) {
      set((s) => ({ app: { ...s.app, panier: [...new Set(ids)] } }));
      writeCookie(PANIER_QUERY_COOKIE, "", 0);
    },
    clearPanier() {
      set((s) => ({ app: { ...s.app, panier: [], redirection: null, userPanier: null } }));
    },
    setUserPanier(data) {
      set((s) => ({ app: { ...s.app, userPanier: data } }));
    },
    setSiteTheme(siteTheme) {
      set((s) => ({ app: { ...s.app, siteTheme } }));
    },
    setLocale(locale) {
      set((s) => ({ app: { ...s.app, locale } }));
    },
    chooseLocale(locale) {
      set((s) => ({ app: { ...s.app, locale, localeChoice: locale } }));
    },
    setMaintenance(on, expectedEnd = null) {
      set({ maintenance: on, maintenanceEnd: on ? expectedEnd : null });
    },
    setIdleWarning(endsAt) {
      set({ idleWarning: endsAt });
    },
  }));

  store.subscribe((state) => writePersisted(storage, state));
  mirrorChoices(store);

  // SPEC §4: a cookie that disagrees with the stored state means the session cannot be trusted.
  // Subscribed first, so this disconnect is saved like any other change.
  const cookieLogged = readCookie(IS_LOGGED_COOKIE) === "true";
  if (cookieLogged !== isLogged(store.getState())) store.getState().disconnect();

  return store;
}

/**
 * The visitor's own language, theme and basket, mirrored into cookies for the server: it sends the
 * portal's first screen in the HTML only when it is the screen they will see (server/http/first-screens.ts).
 */
function mirrorChoices(store: MaccStore): void {
  const cookies = { locale: LOCALE_COOKIE, theme: THEME_COOKIE, basket: BASKET_COOKIE } as const;
  // Written again on every page load: a cookie expires, what storage keeps does not.
  const mirrored: Partial<Record<keyof typeof cookies, string | null>> = {};
  const mirror = ({ app }: MaccState) => {
    const wanted = {
      locale: app.localeChoice,
      theme: app.siteTheme && themeName(app.siteTheme),
      basket: app.panier.length ? String(app.panier.length) : null,
    };
    for (const key of Object.keys(cookies) as Array<keyof typeof cookies>) {
      const value = wanted[key];
      if (value !== mirrored[key]) writeCookie(cookies[key], value ?? "", value ? undefined : 0);
      mirrored[key] = value;
    }
  };
  mirror(store.getState());
  store.subscribe(mirror);
}

interface Persisted {
  auth: AuthState;
  app: Partial<AppState>;
}

/** What survives in browser storage: the account and the choices, never a token (the store holds none). */
export function toPersisted(state: Pick<MaccState, "auth" | "app">): Persisted {
  return { auth: state.auth, app: state.app };
}

function writePersisted(storage: Storage | null, state: MaccState): void {
  writeJson(storage, STORAGE_KEY, toPersisted(state));
}

/** The stored state, also from the shape before derived values left the store (logged, entreprise, theme). */
function readPersisted(storage: Storage | null): Persisted | null {
  const parsed = readJson(storage, STORAGE_KEY) as {
    auth?: { user?: User | null; companyId?: string | null; entreprise?: { idTier?: string } | null };
    app?: Partial<AppState> & { theme?: Theme; themeSource?: string };
  } | null;
  if (typeof parsed !== "object" || parsed === null || typeof parsed.auth !== "object" || parsed.auth === null) return null;
  const user = parsed.auth.user && Array.isArray(parsed.auth.user.entreprises) ? withoutTokens(parsed.auth.user) : null;
  const companyId = parsed.auth.companyId ?? parsed.auth.entreprise?.idTier ?? null;
  const { theme, themeSource, ...app } = parsed.app ?? {};
  if (themeSource === "site" && theme) app.siteTheme = theme;
  return { auth: { user, companyId: user ? companyId : null }, app };
}
