import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { ForgotRequest, LoginRequest, ResetLinkRequest, ResetRequest, SessionAnswer } from "../../src/contract/auth.ts";
import { getCookie } from "hono/cookie";
import { checksAllowed, loginCost } from "../auth/login-cost.ts";
import { passwordCheckKey } from "../auth/password-check.ts";
import { newPasswordErrors } from "../auth/password-policy.ts";
import { hashPassword, verifyDummy, verifyPassword } from "../auth/passwords.ts";
import { createSession, revokeAccountSessions, revokeSession, revokeSessionByRefreshToken, rotateSession } from "../auth/sessions.ts";
import { hashSecretToken, newRefreshToken, verifyAccessToken } from "../auth/tokens.ts";
import { loadUser } from "../auth/user.ts";
import { requireBotCheck } from "../http/bot-check.ts";
import { clientAddress, type AppEnv, type Deps } from "../http/context.ts";
import { noticeLanguage } from "../http/locale.ts";
import { pageLink } from "../mail/links.ts";
import { loginResponder, REFRESH_COOKIE } from "../http/login-response.ts";
import { ProblemError, tooManyRequests, validationProblem } from "../http/problem.ts";
import { jsonBody, operation } from "../http/operation.ts";
import { sendInBackground } from "../mail/mailer.ts";
import { mailLanguage, passwordChangedMail, resetLinkMail } from "../mail/templates.ts";
import { accountCredentials, recordLogin, resetPassword } from "../queries/accounts.ts";
import { consumeResetLink, insertResetLink, supersedeResetLinks, validResetLink } from "../queries/password-resets.ts";
import { countWithin, hit, reset } from "../queries/rate-limits.ts";
import { accountContact, recordActivity, recordFailedLogin, setSessionDevice } from "../queries/security.ts";
import { notMeLink } from "../auth/alert-links.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { securityAlertMail } from "../mail/security-templates.ts";

/** "Chrome 124, Windows" for the alert (its words are the browser's and system's own names). */
const deviceLabel = (d: { browser?: string; system?: string }) => [d.browser, d.system].filter(Boolean).join(", ") || "?";
import { signInDetail } from "../auth/place.ts";

/** An unknown, expired, superseded or used reset link: the same answer for each (410). */
const resetLinkGone = () => new ProblemError(410, "reset-link-invalid", "resetLinkInvalid");

/** Key of the per-account login counter (see auth/login-cost.ts); a password reset clears it. */
const loginAccountKey = (email: string) => `login:account:${email}`;
/** Key of a known device's own login counter (its device cookie's id), used instead of the account's. */
const loginDeviceKey = (deviceId: string) => `login:device:${deviceId}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Refresh and logout rely on a cookie: demand a header a cross-site form cannot send (forces a CORS preflight). */
function requireCsrfHeader(c: Context) {
  const xrw = c.req.header("x-requested-with")?.trim().toLowerCase();
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (xrw !== "macc" && type !== "application/json") throw new ProblemError(403, "csrf", "csrf");
}

/** `/auth`: login, refresh, logout, forgotten password and reset link. */
export function authRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();
  const { setRefreshCookie, clearRefreshCookie, knownDevice, setDeviceCookie, tokenResponse } = loginResponder(deps);
  const tooManyLogins = (retryAfter: number) => tooManyRequests("tooManyLogins", retryAfter);

  app.post(
    "/login",
    operation({
      operationId: "login",
      summary: "Log in: the session's tokens, and the refresh and device cookies",
      tags: ["auth"],
      botCheck: true,
      answers: {
        200: {
          description: "Logged in; the refresh token and the device cookie are set as HttpOnly cookies.",
          schema: SessionAnswer,
          headers: {
            "Set-Cookie": {
              description:
                "`macc_refresh` (the refresh token, for `/api/auth/refresh`) and `macc_device` (this browser is a known device of the account: " +
                "its next logins pay the base proof of work whatever the failures from elsewhere; one year, re-issued at each login). " +
                "Both `HttpOnly; Secure; Path=/api/auth`, `SameSite` as `COOKIE_SAMESITE`.",
            },
          },
        },
      },
      problems: [400, 401, 403, 415, 422, 429],
    }),
    requireBotCheck(deps),
    ...jsonBody(LoginRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const body = c.req.valid("json");
      const window = config.loginWindowSeconds;
      const address = clientAddress(c, config.trustProxy);

      const perClient = await hit(db, `login:client:${address}`, window);
      if (perClient.count > config.loginMaxAttemptsPerClient) throw tooManyLogins(perClient.retryAfter);
      const account = await accountCredentials(db, body.email);
      // A browser holding this account's device cookie is counted on its own, so that failures made
      // elsewhere never raise its cost; any other attempt on the account's count (auth/login-cost.ts).
      const device = account ? await knownDevice(c, account.uuidCompte) : null;
      const counterKey = device ? loginDeviceKey(device.deviceId) : loginAccountKey(body.email);
      // Counted before the password is checked, and only within what the proof of work paid for
      // (see auth/login-cost.ts and countWithin); without the bot check there is no work to ask: a plain limit.
      const work = c.get("botCheckWork");
      const attempt = await countWithin(
        db,
        counterKey,
        window,
        work === undefined ? config.loginFailuresAtBaseCost : checksAllowed(config, work),
      );
      if (!attempt.counted) {
        if (work === undefined) throw tooManyLogins(attempt.retryAfter);
        const maxnumber = loginCost(config, attempt.checks + 1);
        throw new ProblemError(403, "bot-check-cost", "botCheckCost", { extra: { maxnumber } });
      }

      const valid = account ? await verifyPassword(account.passwordHash, body.password) : await verifyDummy(body.password);
      const userAgent = c.req.header("user-agent");
      // Failed attempts against the account are counted on its activity (one line an hour).
      if (account && !valid) await recordFailedLogin(db, account.uuidCompte, signInDetail(config, userAgent, address));
      if (!account || !valid) throw new ProblemError(401, "invalid-credentials", "invalidCredentials");
      // A known device's success leaves the account's count as it is: the owner's logins must not
      // give a guesser elsewhere cheap attempts again.
      await reset(db, counterKey);

      // The device cookie's id: a known device keeps its own, another gets a new one.
      const deviceId = device?.deviceId ?? randomBytes(16).toString("base64url");
      const { sid, mailId } = await db.transaction(async (tx) => {
        await recordLogin(tx, account.uuidCompte);
        const session = await createSession(tx, account.uuidCompte, config.refreshTtlDays, { userAgent, clientAddress: address });
        await setSessionDevice(tx, session.sid, deviceId);
        const detail = signInDetail(config, userAgent, address);
        await recordActivity(tx, { uuidCompte: account.uuidCompte, kind: "login", detail });
        // A browser without this account's device cookie: the new-device alert (issue 29).
        if (device) return { sid: session, mailId: null };
        const contact = await accountContact(tx, account.uuidCompte);
        if (!contact) return { sid: session, mailId: null };
        const lang = mailLanguage(contact.langue);
        const notMe = await notMeLink(tx, config, account.uuidCompte, "new-device", contact.langue);
        const facts = { device: deviceLabel(detail), where: detail.place ?? detail.address ?? "" };
        return { sid: session, mailId: await enqueueMail(tx, securityAlertMail(lang, contact.email, "new-device", notMe, facts)) };
      });
      if (mailId) deliverInBackground(db, mailer, [mailId]);
      const user = await loadUser(db, account.uuidCompte);
      if (!user) throw new Error("account vanished during login");
      setRefreshCookie(c, sid.refreshToken);
      await setDeviceCookie(c, account.uuidCompte, { uuidCompte: account.uuidCompte, deviceId });
      return c.json(await tokenResponse(user, sid.sid));
    },
  );

  app.post(
    "/refresh",
    operation({
      operationId: "refresh",
      noBody: true,
      summary: "New tokens from the refresh cookie (rotated)",
      tags: ["auth"],
      answers: { 200: { description: "The session goes on.", schema: SessionAnswer } },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      requireCsrfHeader(c);
      const presented = getCookie(c, REFRESH_COOKIE);
      const fail = () => {
        clearRefreshCookie(c);
        return new ProblemError(401, "invalid-refresh-token", "sessionExpired");
      };
      if (!presented || presented.length > 200) throw fail();
      const rotated = await rotateSession(db, presented, config.refreshTtlDays, config.sessionIdleMinutes);
      if (!rotated.ok) throw fail();
      const user = await loadUser(db, rotated.uuidCompte);
      if (!user) throw fail();
      setRefreshCookie(c, rotated.refreshToken);
      return c.json(await tokenResponse(user, rotated.sid));
    },
  );

  app.post(
    "/logout",
    operation({
      operationId: "logout",
      noBody: true,
      summary: "Ends the session of the refresh cookie (and of the bearer token, when given)",
      tags: ["auth"],
      auth: "optional",
      answers: { 204: { description: "Logged out; the refresh cookie is cleared." } },
      problems: [403],
    }),
    async (c) => {
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
    },
  );

  app.post(
    "/forgot",
    operation({
      operationId: "forgotPassword",
      summary: "Sends a reset link to the address when it has an account (the same answer either way)",
      tags: ["auth"],
      botCheck: true,
      answers: { 202: { description: "Accepted, whether or not the address has an account.", schema: v.object({}) } },
      problems: [400, 403, 415, 422, 429],
    }),
    requireBotCheck(deps),
    ...jsonBody(ForgotRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const started = performance.now();
      const body = c.req.valid("json");
      const tooManyResets = (retryAfter: number) => tooManyRequests("tooManyResets", retryAfter);
      const window = config.forgotWindowSeconds;
      const perClient = await hit(db, `forgot:client:${clientAddress(c, config.trustProxy)}`, window);
      if (perClient.count > config.forgotMaxPerClient) throw tooManyResets(perClient.retryAfter);
      const perEmail = await hit(db, `forgot:email:${body.email}`, window);
      if (perEmail.count > config.forgotMaxPerEmail) throw tooManyResets(perEmail.retryAfter);

      // The same work whether or not the account exists, then a fixed minimum duration.
      const { token, hash } = newRefreshToken();
      const mail = await db.transaction(async (tx) => {
        const account = await accountCredentials(tx, body.email, true);
        await supersedeResetLinks(tx, account?.uuidCompte);
        if (!account) return null;
        await insertResetLink(tx, account.uuidCompte, hash, config.resetTokenTtlMinutes);
        const link = pageLink(config.publicUrl, body.resetPath, { token });
        return resetLinkMail(mailLanguage(c.get("locale")), body.email, link, config.resetTokenTtlMinutes);
      });
      if (mail) sendInBackground(mailer, mail);
      const elapsed = performance.now() - started;
      if (elapsed < config.forgotMinDurationMs) await sleep(config.forgotMinDurationMs - elapsed);
      return c.json({}, 202);
    },
  );

  // Asked when the link is opened, so that a used or expired one says so before anything is typed;
  // it does not use the link. POST: the token stays out of addresses and logs.
  app.post(
    "/reset/check",
    operation({
      operationId: "checkResetLink",
      summary: "Whether a reset link can still be used (it is not used up)",
      tags: ["auth"],
      answers: { 204: { description: "The link can be used." } },
      problems: [400, 410, 415, 422],
    }),
    ...jsonBody(ResetLinkRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      if (!(await validResetLink(db, hashSecretToken(c.req.valid("json").token)))) throw resetLinkGone();
      return c.body(null, 204);
    },
  );

  app.post(
    "/reset",
    operation({
      operationId: "resetPassword",
      summary: "Sets a new password with a reset link, and ends the account's sessions",
      tags: ["auth"],
      answers: { 204: { description: "The password is changed." } },
      problems: [400, 410, 415, 422],
    }),
    ...jsonBody(ResetRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const body = c.req.valid("json");
      const link = await validResetLink(db, hashSecretToken(body.token));
      if (!link) throw resetLinkGone();
      const errors = newPasswordErrors(body.nouveauMotDePasse, body.confirmerMotDePasse);
      if (errors.length > 0) throw validationProblem(errors);

      const newHash = await hashPassword(body.nouveauMotDePasse);
      const done = await db.transaction(async (tx) => {
        if (!(await consumeResetLink(tx, link.id))) return false; // used concurrently
        await resetPassword(tx, link.uuidCompte, newHash);
        await recordActivity(tx, { uuidCompte: link.uuidCompte, kind: "password", detail: { change: "reset" } });
        await revokeAccountSessions(tx, link.uuidCompte, "password-reset");
        await reset(tx, loginAccountKey(link.email));
        await reset(tx, passwordCheckKey(link.uuidCompte));
        return true;
      });
      if (!done) throw resetLinkGone();
      sendInBackground(mailer, passwordChangedMail(noticeLanguage(c, link.langue), link.email));
      return c.body(null, 204);
    },
  );

  return app;
}
