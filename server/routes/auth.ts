import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as v from "valibot";
import { checksAllowed, countLoginAttempt, loginCost } from "../auth/login-cost.ts";
import { verifyDummy, verifyPassword } from "../auth/passwords.ts";
import { createSession, revokeSession, revokeSessionByRefreshToken, rotateSession } from "../auth/sessions.ts";
import { verifyAccessToken } from "../auth/tokens.ts";
import { loadUser, withTokens, type UserView } from "../auth/user.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import { requireBotCheck } from "../http/bot-check.ts";
import { clientAddress, type AppEnv, type Deps } from "../http/context.ts";
import { frenchDuration, MESSAGES, ProblemError } from "../http/problem.ts";
import { hit, reset } from "../http/rate-limit.ts";
import { REQUIRED, requiredString } from "../http/schemas.ts";
import { readJson } from "../http/validate.ts";

export const REFRESH_COOKIE = "macc_refresh";
const COOKIE_PATH = "/api/auth";

const LoginBody = v.object(
  {
    email: v.pipe(requiredString(254), v.trim(), v.nonEmpty(REQUIRED), v.email("Adresse e-mail invalide."), v.toLowerCase()),
    password: v.pipe(requiredString(1024), v.nonEmpty(REQUIRED)),
  },
  "Le corps de la requête doit être un objet JSON.",
);

export interface TokenResponse {
  accessToken: string;
  expiresIn: number;
  /** A session unused for this many seconds can no longer be refreshed. */
  idleTimeout: number;
  user: UserView;
}

/** What a successful login answers: the refresh cookie, and the body built by `tokenResponse`. */
export function loginResponder(deps: Deps) {
  const { config } = deps;
  const refreshMaxAge = config.refreshTtlDays * 24 * 3600;
  const setRefreshCookie = (c: Context, token: string) =>
    setCookie(c, REFRESH_COOKIE, token, {
      httpOnly: true,
      secure: true,
      sameSite: config.cookieSameSite,
      path: COOKIE_PATH,
      maxAge: refreshMaxAge,
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
  return { setRefreshCookie, tokenResponse };
}

export function authRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();
  const { setRefreshCookie, tokenResponse } = loginResponder(deps);

  const clearRefreshCookie = (c: Context) =>
    deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH, secure: true, httpOnly: true, sameSite: config.cookieSameSite });

  /** Refresh and logout rely on a cookie: demand a header a cross-site form cannot send (forces a CORS preflight). */
  const requireCsrfHeader = (c: Context) => {
    const xrw = c.req.header("x-requested-with")?.trim().toLowerCase();
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (xrw !== "macc" && type !== "application/json") {
      throw new ProblemError(403, "csrf", MESSAGES.csrf);
    }
  };

  const tooMany = (retryAfter: number) =>
    new ProblemError(429, "too-many-requests", `Trop de tentatives de connexion. Veuillez réessayer dans ${frenchDuration(retryAfter)}.`, {
      headers: { "Retry-After": String(retryAfter) },
    });

  app.post("/auth/login", requireBotCheck(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const body = await readJson(c, LoginBody);
    const window = config.loginWindowSeconds;
    const address = clientAddress(c, config.trustProxy);

    const perClient = await hit(db, `login:client:${address}`, window);
    if (perClient.count > config.loginMaxAttemptsPerClient) throw tooMany(perClient.retryAfter);
    // Counted before the password is checked, and only within what the proof of work paid for
    // (see auth/login-cost.ts); without the bot check there is no work to ask: a plain limit.
    const accountKey = `login:account:${body.email}`;
    const work = c.get("botCheckWork");
    const attempt = await countLoginAttempt(
      db,
      accountKey,
      window,
      work === undefined ? config.loginFailuresAtBaseCost : checksAllowed(config, work),
    );
    if (!attempt.counted) {
      if (work === undefined) throw tooMany(attempt.retryAfter);
      const maxnumber = loginCost(config, attempt.checks + 1);
      throw new ProblemError(403, "bot-check-cost", MESSAGES.botCheckCost, { extra: { maxnumber } });
    }

    const account = (
      await db.query<{ uuid_compte: string; password_hash: string }>("SELECT uuid_compte, password_hash FROM accounts WHERE email = $1", [
        body.email,
      ])
    ).rows[0];
    const valid = account ? await verifyPassword(account.password_hash, body.password) : await verifyDummy(body.password);
    if (!account || !valid) throw new ProblemError(401, "invalid-credentials", MESSAGES.invalidCredentials);
    await reset(db, accountKey);

    const sid = await db.transaction(async (tx) => {
      await tx.query("UPDATE accounts SET previous_login_at = last_login_at, last_login_at = now() WHERE uuid_compte = $1", [
        account.uuid_compte,
      ]);
      return createSession(tx, account.uuid_compte, config.refreshTtlDays, {
        userAgent: c.req.header("user-agent"),
        clientAddress: address,
      });
    });
    const user = await loadUser(db, account.uuid_compte);
    if (!user) throw new Error("account vanished during login");
    setRefreshCookie(c, sid.refreshToken);
    return c.json(await tokenResponse(user, sid.sid));
  });

  app.post("/auth/refresh", async (c) => {
    c.header("Cache-Control", "no-store");
    requireCsrfHeader(c);
    const presented = getCookie(c, REFRESH_COOKIE);
    const fail = () => {
      clearRefreshCookie(c);
      return new ProblemError(401, "invalid-refresh-token", MESSAGES.invalidRefresh);
    };
    if (!presented || presented.length > 200) throw fail();
    const rotated = await rotateSession(db, presented, config.refreshTtlDays, config.sessionIdleMinutes);
    if (!rotated.ok) throw fail();
    const user = await loadUser(db, rotated.uuidCompte);
    if (!user) throw fail();
    setRefreshCookie(c, rotated.refreshToken);
    return c.json(await tokenResponse(user, rotated.sid));
  });

  app.post("/auth/logout", async (c) => {
    requireCsrfHeader(c);
    const presented = getCookie(c, REFRESH_COOKIE);
    if (presented && presented.length <= 200) await revokeSessionByRefreshToken(db, presented);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (bearer) {
      const claims = verifyAccessToken(await deps.secret(), bearer);
      if (claims) await revokeSession(db, claims.sid);
    }
    clearRefreshCookie(c);
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  });

  app.get("/me", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const auth = c.get("auth");
    const user = await loadUser(db, auth.uuidCompte);
    if (!user) throw new ProblemError(401, "unauthorized", MESSAGES.unauthorized);
    return c.json({ user, idTier: auth.idTier });
  });

  return app;
}
