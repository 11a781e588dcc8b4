import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieValue, readDeviceCookie, type Device } from "../auth/device-cookie.ts";
import { withTokens, type UserView } from "../auth/user.ts";
import type { Deps } from "./context.ts";

export const REFRESH_COOKIE = "macc_refresh";
/** The refresh and device cookies go only to the auth routes (login, refresh, logout). */
const COOKIE_PATH = "/api/auth";

export interface TokenResponse {
  accessToken: string;
  expiresIn: number;
  /** A session unused for this many seconds can no longer be refreshed. */
  idleTimeout: number;
  user: UserView;
}

/** What a successful login (or refresh, or completed registration) answers: the refresh and device cookies and the token body. */
export function loginResponder(deps: Deps) {
  const { config } = deps;
  const cookieOptions = { httpOnly: true, secure: true, sameSite: config.cookieSameSite, path: COOKIE_PATH } as const;
  const setRefreshCookie = (c: Context, token: string) =>
    setCookie(c, REFRESH_COOKIE, token, { ...cookieOptions, maxAge: config.refreshTtlDays * 24 * 3600 });
  const clearRefreshCookie = (c: Context) => deleteCookie(c, REFRESH_COOKIE, cookieOptions);
  /** The device of the request's device cookie when it is valid and was issued for `uuidCompte`; null: an unknown device. */
  const knownDevice = async (c: Context, uuidCompte: string): Promise<Device | null> => {
    const device = readDeviceCookie(await deps.deviceKey(), getCookie(c, DEVICE_COOKIE));
    return device?.uuidCompte === uuidCompte ? device : null;
  };
  /** (Re-)issues the device cookie after a login: a known device keeps its id, another gets a new one. */
  const setDeviceCookie = async (c: Context, uuidCompte: string, known: Device | null) =>
    setCookie(c, DEVICE_COOKIE, deviceCookieValue(await deps.deviceKey(), uuidCompte, known?.deviceId), {
      ...cookieOptions,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  const tokenResponse = async (user: UserView, sid: string): Promise<TokenResponse> => {
    const withT = withTokens(user, await deps.secret(), sid, config.accessTokenTtlSeconds);
    return {
      accessToken: withT.token ?? "",
      expiresIn: config.accessTokenTtlSeconds,
      idleTimeout: config.sessionIdleMinutes * 60,
      user: withT,
    };
  };
  return { setRefreshCookie, clearRefreshCookie, knownDevice, setDeviceCookie, tokenResponse };
}
