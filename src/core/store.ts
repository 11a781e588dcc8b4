import { createStore, type StoreApi } from "zustand/vanilla";
import { IS_LOGGED_COOKIE, STORAGE_KEY, type Locale, type Theme } from "./constants";
import { readCookie, writeCookie } from "./cookies";
import { browserStorage } from "./storage";
import { themeOfNetwork } from "./theme";
import type { Entreprise, User, UserPanier } from "./types";

/** Where the current theme came from: an account's theme is never persisted (SPEC §4). */
export type ThemeSource = "default" | "site" | "account" | "attribute";

export interface AuthState {
  logged: boolean;
  token: string | null;
  user: User | null;
  entreprise: Entreprise | null;
}

export interface AppState {
  theme: Theme;
  themeSource: ThemeSource;
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
  /** When an idle session will end, while its warning shows (never persisted). */
  idleWarning: number | null;
  connectUser(user: User): void;
  chooseCompany(idTier: string): Entreprise | null;
  /** Replaces tokens and account data after a session refresh, keeping the chosen company. */
  refreshUser(user: User): void;
  disconnect(): void;
  /** After the company's data was confirmed or corrected: the header and guards see it at once. */
  updateEntreprise(idTier: string, patch: Partial<Omit<Entreprise, "idTier" | "token">>): void;
  updateLoginEmail(email: string): void;
  addRedirection(path: string): void;
  removeRedirection(): void;
  updatePanier(ids: string[]): void;
  clearPanier(): void;
  setUserPanier(data: UserPanier | null): void;
  changeTheme(theme: Theme, source: ThemeSource): void;
  setLocale(locale: Locale): void;
  /** The visitor chose a language: shown now and kept over the page's default on later visits. */
  chooseLocale(locale: Locale): void;
  setMaintenance(on: boolean): void;
  setIdleWarning(endsAt: number | null): void;
}

export type MaccStore = StoreApi<MaccState>;

const LOGGED_OUT: AuthState = { logged: false, token: null, user: null, entreprise: null };
const INITIAL_APP: AppState = {
  theme: "MACC",
  themeSource: "default",
  redirection: null,
  panier: [],
  userPanier: null,
  locale: null,
  localeChoice: null,
};

const tokenOf = (entreprise: Entreprise | null, user: User | null) => entreprise?.token ?? user?.token ?? null;

/** Cookie of the query-string basket sync; a basket update supersedes it (SPEC §4). */
const PANIER_QUERY_COOKIE = "panierQuery";

export interface StoreOptions {
  storage?: Storage | null;
}

export function createMaccStore({ storage = browserStorage("local") }: StoreOptions = {}): MaccStore {
  const persisted = readPersisted(storage);
  const store = createStore<MaccState>()((set, get) => ({
    auth: persisted?.auth ?? LOGGED_OUT,
    app: { ...INITIAL_APP, ...persisted?.app },
    maintenance: false,
    idleWarning: null,

    connectUser(user) {
      const entreprise = user.entreprises[0] ?? null;
      const codeReseau = entreprise?.codeReseau ?? user.codeReseau;
      set((s) => ({
        auth: { logged: true, user, entreprise, token: tokenOf(entreprise, user) },
        app: { ...s.app, theme: themeOfNetwork(codeReseau), themeSource: "account" },
      }));
      writeCookie(IS_LOGGED_COOKIE, "true");
    },

    chooseCompany(idTier) {
      const { user } = get().auth;
      const entreprise = user?.entreprises.find((e) => e.idTier === idTier) ?? null;
      if (!user || !entreprise) return null;
      set((s) => ({
        auth: { ...s.auth, entreprise, token: tokenOf(entreprise, user), user: { ...user, codeReseau: entreprise.codeReseau } },
        app: { ...s.app, theme: themeOfNetwork(entreprise.codeReseau), themeSource: "account" },
      }));
      return entreprise;
    },

    refreshUser(user) {
      const chosen = get().auth.entreprise?.idTier;
      const entreprise = user.entreprises.find((e) => e.idTier === chosen) ?? user.entreprises[0] ?? null;
      set((s) => ({
        auth: {
          logged: true,
          user: { ...user, codeReseau: entreprise?.codeReseau ?? user.codeReseau },
          entreprise,
          token: tokenOf(entreprise, user),
        },
        app: { ...s.app, theme: themeOfNetwork(entreprise?.codeReseau ?? user.codeReseau), themeSource: "account" },
      }));
      writeCookie(IS_LOGGED_COOKIE, "true");
    },

    disconnect() {
      set((s) => ({
        auth: LOGGED_OUT,
        app: s.app.themeSource === "account" ? { ...s.app, theme: "MACC", themeSource: "default" } : s.app,
      }));
      writeCookie(IS_LOGGED_COOKIE, "false");
    },

    updateEntreprise(idTier, patch) {
      set((s) => {
        const { user, entreprise } = s.auth;
        if (!user) return s;
        return {
          auth: {
            ...s.auth,
            user: { ...user, entreprises: user.entreprises.map((e) => (e.idTier === idTier ? { ...e, ...patch } : e)) },
            entreprise: entreprise?.idTier === idTier ? { ...entreprise, ...patch } : entreprise,
          },
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
    changeTheme(theme, source) {
      set((s) => ({ app: { ...s.app, theme, themeSource: source } }));
    },
    setLocale(locale) {
      set((s) => ({ app: { ...s.app, locale } }));
    },
    chooseLocale(locale) {
      set((s) => ({ app: { ...s.app, locale, localeChoice: locale } }));
    },
    setMaintenance(on) {
      set({ maintenance: on });
    },
    setIdleWarning(endsAt) {
      set({ idleWarning: endsAt });
    },
  }));

  store.subscribe((state) => writePersisted(storage, state));

  // SPEC §4: a cookie that disagrees with the stored state means the session cannot be trusted.
  // Subscribed first, so this disconnect is saved like any other change.
  const cookieLogged = readCookie(IS_LOGGED_COOKIE) === "true";
  if (cookieLogged !== store.getState().auth.logged) store.getState().disconnect();

  return store;
}

interface Persisted {
  auth: AuthState;
  app: Partial<AppState>;
}

/** What survives in browser storage: never a bearer token (the session lives in an HttpOnly cookie). */
export function toPersisted(state: Pick<MaccState, "auth" | "app">): Persisted {
  const { user, entreprise, logged } = state.auth;
  const withoutToken = <T extends { token?: string }>(value: T): T => {
    const { token: _token, ...rest } = value;
    return rest as T;
  };
  const app: Partial<AppState> = { ...state.app };
  if (app.themeSource === "account") {
    delete app.theme;
    delete app.themeSource;
  }
  return {
    auth: {
      logged,
      token: null,
      user: user ? { ...withoutToken(user), entreprises: user.entreprises.map(withoutToken) } : null,
      entreprise: entreprise ? withoutToken(entreprise) : null,
    },
    app,
  };
}

function writePersisted(storage: Storage | null, state: MaccState): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(toPersisted(state)));
  } catch {
    // Full or blocked storage (private mode): the session still works for this page.
  }
}

function readPersisted(storage: Storage | null): Persisted | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Persisted;
    if (typeof parsed !== "object" || parsed === null || typeof parsed.auth?.logged !== "boolean") return null;
    return parsed;
  } catch {
    return null;
  }
}
