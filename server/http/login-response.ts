import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { withTokens, type UserView } from "../auth/user.ts";
import type { Deps } from "./context.ts";

export const REFRESH_COOKIE = "macc_refresh";
/** The refresh cookie goes only to the auth routes (refresh, logout). */
const COOKIE_PATH = "/api/auth";

export interface TokenResponse {
  accessToken: string;
  expiresIn: number;
  /** A session unused for this many seconds can no longer be refreshed. */
  idleTimeout: number;
  user: UserView;
}

/** What a successful login (or refresh, or completed registration) answers: the refresh cookie and the token body. */
export function loginResponder(deps: Deps) {
  const { config } = deps;
  const cookieOptions = { httpOnly: true, secure: true, sameSite: config.cookieSameSite, path: COOKIE_PATH } as const;
  const setRefreshCookie = (c: Context, token: string) =>
    setCookie(c, REFRESH_COOKIE, token, { ...cookieOptions, maxAge: config.refreshTtlDays * 24 * 3600 });
  const clearRefreshCookie = (c: Context) => deleteCookie(c, REFRESH_COOKIE, cookieOptions);
  const tokenResponse = async (user: UserView, sid: string): Promise<TokenResponse> => {
    const withT = withTokens(user, await deps.secret(), sid, config.accessTokenTtlSeconds);
    return {
      accessToken: withT.token ?? "",
      expiresIn: config.accessTokenTtlSeconds,
      idleTimeout: config.sessionIdleMinutes * 60,
      user: withT,
    };
  };
  return { setRefreshCookie, clearRefreshCookie, tokenResponse };
}
