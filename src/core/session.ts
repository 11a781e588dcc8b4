import * as v from "valibot";
import { SessionAnswer } from "../contract/auth";
import type { ApiClient } from "./api";
import { BOT_CHECK_HEADER } from "./bot-check";
import { ApiError } from "./errors";
import { watchIdle, type IdleWatch } from "./idle";
import { isLogged, type LogoutReason, type MaccStore } from "./store";
import type { AccessTokens } from "./tokens";
import type { User } from "./types";

/** Refresh this long before the access token lapses. */
const REFRESH_MARGIN_S = 60;
const LOCK_NAME = "macc-session-refresh";

export interface Session {
  /** `botCheck`: the proof-of-work solution the API asks of public forms. */
  login(email: string, password: string, botCheck?: string): Promise<User>;
  /** Starts the session from a login answer obtained elsewhere (the end of registration). */
  start(answer: unknown): Promise<User>;
  /** Gets fresh in-memory tokens from the HttpOnly refresh cookie; false when there is no session. */
  refresh(): Promise<boolean>;
  logout(): Promise<void>;
  /**
   * Before an authenticated call: refreshes first when the page has no token yet (just reloaded)
   * or it is about to lapse (a tab that slept through its refresh timer), instead of meeting a 401.
   */
  ensureFresh(): Promise<void>;
  /** "Stay logged in" from the inactivity warning. */
  stayLoggedIn(): Promise<void>;
}

/** The inactivity warning shows this long before the session ends. */
const IDLE_WARNING_MS = 2 * 60_000;

/**
 * The access token lives in memory only. A reload, or another CMS page of the same site,
 * gets a new one from the HttpOnly refresh cookie set by the API.
 */
export function createSession(api: ApiClient, store: MaccStore, tokens: AccessTokens): Session {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<boolean> | null = null;
  /** Counts logouts: a refresh answered after one must not log the page back in. */
  let logouts = 0;
  /** From a logout's start to its end: a refresh asked for meanwhile is not sent. */
  let endingSession = false;

  let expiresAt = 0;
  const currentToken = () => tokens.forCompany(store.getState().auth.companyId);
  // The account's activity log records each company opened: at login (start below) and at each
  // switch. Here, not in the core, so that a page without a session never downloads it.
  const reportOpened = () =>
    void api.request("/me/security/company-switch", { method: "POST", optional: true, errors: "inline" }).catch(() => undefined);
  store.subscribe((state, previous) => {
    const was = previous.auth.companyId;
    if (was && state.auth.companyId && state.auth.companyId !== was && isLogged(state) && isLogged(previous)) reportOpened();
  });
  let idle: IdleWatch | null = null;

  /**
   * Refreshes before the token lapses, but only for a customer who did something since the last
   * token: an idle page must not keep its session alive forever.
   */
  function schedule(expiresIn: number) {
    expiresAt = Date.now() + expiresIn * 1000;
    clearTimeout(timer);
    const delay = Math.max(5, expiresIn - REFRESH_MARGIN_S) * 1000;
    const issuedAt = Date.now();
    timer = setTimeout(() => {
      if (!idle || idle.lastActivity() > issuedAt) void refresh();
    }, delay);
  }

  function started(session: SessionAnswer) {
    schedule(session.expiresIn);
    if (session.idleTimeout && !idle) {
      idle = watchIdle({
        timeoutMs: session.idleTimeout * 1000,
        warnMs: Math.min(IDLE_WARNING_MS, (session.idleTimeout * 1000) / 2),
        onWarn: (endsAt) => store.getState().setIdleWarning(endsAt),
        onActive: () => store.getState().setIdleWarning(null),
        onTimeout: () => void logout("idle"),
      });
    }
  }

  async function login(email: string, password: string, botCheck?: string): Promise<User> {
    const raw = await api.request<unknown>("/auth/login", {
      method: "POST",
      body: { email, password },
      anonymous: true,
      headers: botCheck ? { [BOT_CHECK_HEADER]: botCheck } : undefined,
      // The login form says what went wrong.
      errors: "inline",
    });
    return start(raw);
  }

  /** A login answer (from login or a completed registration) starts the session. */
  function start(raw: unknown): User {
    const session = v.parse(SessionAnswer, raw);
    tokens.remember(session.user);
    store.getState().connectUser(session.user);
    started(session);
    if (store.getState().auth.companyId) reportOpened();
    return session.user;
  }

  async function refreshOnce(): Promise<boolean> {
    // Asked for while the page is logging out: its answer would log the page back in.
    if (endingSession) return false;
    const logoutsBefore = logouts;
    try {
      const raw = await api.request<unknown>("/auth/refresh", { method: "POST", anonymous: true, errors: "inline" });
      if (logouts !== logoutsBefore) return false;
      const session = v.parse(SessionAnswer, raw);
      tokens.remember(session.user);
      store.getState().refreshUser(session.user);
      started(session);
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        store.getState().disconnect("expired");
        return false;
      }
      throw error;
    }
  }

  /** One refresh at a time per page, and across tabs when Web Locks exist (the cookie rotates). */
  function refresh(): Promise<boolean> {
    if (!inFlight) {
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      const run = (locks ? locks.request(LOCK_NAME, refreshOnce) : refreshOnce()) as Promise<boolean>;
      inFlight = run.finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    return inFlight;
  }

  async function logout(reason: Extract<LogoutReason, "user" | "idle">): Promise<void> {
    clearTimeout(timer);
    // Just after a reload the page may still be renewing its session: the logout goes out once the
    // cookie has rotated, so it revokes the session that is live, and that renewal stays unused.
    logouts++;
    endingSession = true;
    await inFlight?.catch(() => false);
    try {
      // Anonymous: a logout must not first refresh the session it ends. The bearer token, when
      // there is one, still tells the API which session to revoke.
      const token = currentToken();
      await api.request("/auth/logout", {
        method: "POST",
        anonymous: true,
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      });
    } finally {
      // Leave the page logged out even when the server could not be reached.
      store.getState().disconnect(reason);
      endingSession = false;
    }
  }

  async function stayLoggedIn(): Promise<void> {
    idle?.touch();
    store.getState().setIdleWarning(null);
    await refresh();
  }

  store.subscribe((state, previous) => {
    if (isLogged(previous) && !isLogged(state)) {
      tokens.forget();
      clearTimeout(timer);
      idle?.stop();
      idle = null;
      if (state.idleWarning) store.getState().setIdleWarning(null);
    }
  });

  async function ensureFresh(): Promise<void> {
    if (isLogged(store.getState()) && (!currentToken() || Date.now() > expiresAt - REFRESH_MARGIN_S * 1000)) await refresh();
  }

  return { login, start: async (raw) => start(raw), refresh, logout: () => logout("user"), ensureFresh, stayLoggedIn };
}
