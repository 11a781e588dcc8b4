/**
 * Security the customer can see (issue 29, step 3). `/me/security`: the account's signed-in devices
 * (its live sessions: browser and system from the user agent, the place or the masked address),
 * signing out one or every other (their refresh is refused and their access tokens stop at once:
 * each request checks its session), the activity log (the company's team's too for its owner), and
 * the company switch the browser reports. `/security/not-me`: the "this wasn't me" link of an alert
 * mail, used without a session: every session ends and a password reset starts.
 */
import { Hono, type Context } from "hono";
import type { Locale } from "../../src/contract/constants.ts";
import { can } from "../../src/contract/permissions.ts";
import {
  ACTIVITY_MONTHS,
  ACTIVITY_PAGE_SIZE,
  ActivityAnswer,
  ActivityQuery,
  AlertLinkAnswer,
  AlertLinkRequest,
  DeviceParams,
  DevicesAnswer,
  SignedOut,
  type Device,
} from "../../src/contract/security.ts";
import { formatCompanyName } from "../../src/core/company-name.ts";
import { deviceOf, signInDetail } from "../auth/place.ts";
import { revokeAccountSessions } from "../auth/sessions.ts";
import { hashSecretToken, newRefreshToken } from "../auth/tokens.ts";
import { parseUserAgent } from "../auth/user-agent.ts";
import { clientAddress, type AppEnv, type Deps } from "../http/context.ts";
import { jsonBody, operation, paramsOf, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError, tooManyRequests } from "../http/problem.ts";
import { pageLink } from "../mail/links.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { mailLanguage, resetLinkMail } from "../mail/templates.ts";
import { insertResetLink, supersedeResetLinks } from "../queries/password-resets.ts";
import { hit } from "../queries/rate-limits.ts";
import { activityPage, consumeAlertLink, liveSessions, recordActivity, revokeOwnSession } from "../queries/security.ts";
import { companyNameParts } from "../queries/team.ts";

/** Per client address and 10 minutes, the "this wasn't me" calls (a token cannot be guessed; still). */
const NOT_ME_CALLS_PER_WINDOW = 20;
const NOT_ME_WINDOW_SECONDS = 600;

type Said = Record<"fr" | "en" | "nl" | "de" | "es" | "it", string>;
const LINK_INVALID: Said = {
  fr: "Ce lien n'est plus valable. Si vous pensez que quelqu'un utilise votre compte, choisissez « Mot de passe oublié ? » sur la page de connexion.",
  en: "This link is no longer valid. If you think someone is using your account, choose “Forgot password?” on the login page.",
  nl: "Deze link is niet meer geldig. Denkt u dat iemand uw account gebruikt? Kies dan „Wachtwoord vergeten?” op de aanmeldpagina.",
  de: "Dieser Link ist nicht mehr gültig. Wenn Sie glauben, dass jemand Ihr Konto nutzt, wählen Sie „Passwort vergessen?“ auf der Anmeldeseite.",
  es: "Este enlace ya no es válido. Si cree que alguien usa su cuenta, elija «¿Ha olvidado su contraseña?» en la página de acceso.",
  it: "Questo link non è più valido. Se pensa che qualcuno stia usando il Suo account, scelga «Password dimenticata?» nella pagina di accesso.",
};
const linkInvalid = () => new ProblemError(410, "alert-link-invalid", (locale: Locale) => LINK_INVALID[mailLanguage(locale)]);
const notFound = () => new ProblemError(404, "not-found", "notFound");

/** `/me/security`: the caller's own devices and activity. */
export function securityRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();

  app.get(
    "/devices",
    ...protectedOperation(deps, {
      operationId: "listDevices",
      summary: "The account's signed-in devices (its live sessions), last used first, with the caller's marked `current`",
      tags: ["security"],
      auth: "bearer",
      answers: {
        200: {
          description: "Browser and system from the user agent; the place with a GeoIP database, else the masked address.",
          schema: DevicesAnswer,
        },
      },
      problems: [401],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, sid } = c.get("auth");
      const devices = (await liveSessions(db, uuidCompte, config.sessionIdleMinutes)).map((s): Device => ({
        id: s.id,
        ...deviceOf(config, s.userAgent, s.clientAddress),
        firstUsedAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        current: s.id === sid,
      }));
      return c.json({ devices } satisfies DevicesAnswer);
    },
  );

  app.delete(
    "/devices/:id",
    ...protectedOperation(deps, {
      operationId: "signOutDevice",
      summary: "Sign out one of the account's devices: its session ends (its next request or refresh is refused)",
      tags: ["security"],
      auth: "bearer",
      answers: { 204: { description: "Signed out." } },
      problems: [401, 403, 404],
    }),
    paramsOf(DeviceParams, "notFound"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("auth");
      await db.transaction(async (tx) => {
        const ended = await revokeOwnSession(tx, uuidCompte, c.req.valid("param").id);
        if (!ended) throw notFound();
        const device = parseUserAgent(ended.userAgent);
        await recordActivity(tx, {
          uuidCompte,
          idTier,
          kind: "device-signed-out",
          detail: {
            change: "one",
            ...(device.browser ? { browser: device.browser } : {}),
            ...(device.system ? { system: device.system } : {}),
          },
        });
      });
      return c.body(null, 204);
    },
  );

  app.post(
    "/devices/sign-out-others",
    ...protectedOperation(deps, {
      operationId: "signOutOtherDevices",
      summary: "Sign out every device but this one: their sessions end (their next request or refresh is refused)",
      tags: ["security"],
      auth: "bearer",
      noBody: true,
      answers: { 200: { description: "How many sessions ended.", schema: SignedOut } },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier, sid } = c.get("auth");
      const signedOut = await db.transaction(async (tx) => {
        const n = await revokeAccountSessions(tx, uuidCompte, "signed-out-elsewhere", sid);
        if (n > 0) await recordActivity(tx, { uuidCompte, idTier, kind: "device-signed-out", detail: { change: "others" } });
        return n;
      });
      return c.json({ signedOut } satisfies SignedOut);
    },
  );

  app.get(
    "/activity",
    ...protectedOperation(deps, {
      operationId: "listActivity",
      summary:
        "The account's activity of the last 12 months, newest first, 20 a page (`after`: the previous page's `next`), filtered by `kind`; " +
        "the company's owner also reads the team's activity in the token's company",
      tags: ["security"],
      auth: "bearer",
      answers: { 200: { description: "A page of the log.", schema: ActivityAnswer } },
      problems: [400, 401, 403],
    }),
    ...queryOf(ActivityQuery),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier, role } = c.get("auth");
      const query = c.req.valid("query");
      // The company's owner reads its team's activity (the permission table: team W).
      const team = idTier !== null && role !== null && can(role, "team", "W");
      const rows = await activityPage(db, {
        uuidCompte,
        teamOf: team ? idTier : null,
        filter: query.kind ?? null,
        after: query.after ?? null,
        limit: ACTIVITY_PAGE_SIZE + 1,
        months: ACTIVITY_MONTHS,
      });
      const entries = rows.slice(0, ACTIVITY_PAGE_SIZE);
      const next = rows.length > ACTIVITY_PAGE_SIZE ? entries[entries.length - 1]!.id : null;
      return c.json({ entries, next, team } satisfies ActivityAnswer);
    },
  );

  app.post(
    "/company-switch",
    ...protectedOperation(deps, {
      operationId: "recordCompanySwitch",
      summary: "Records in the activity log that the account opened the token's company (the company choice or a switch)",
      tags: ["security"],
      auth: "company",
      noBody: true,
      answers: { 204: { description: "Recorded." } },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      await db.transaction(async (tx) => {
        const parts = await companyNameParts(tx, idTier);
        const company = parts ? formatCompanyName(parts.raisonSociale, parts.formeJuridique, parts.pays) : undefined;
        await recordActivity(tx, {
          uuidCompte,
          idTier,
          kind: "company-switch",
          detail: {
            ...(company ? { company } : {}),
            ...signInDetail(config, c.req.header("user-agent"), clientAddress(c, config.trustProxy)),
          },
        });
      });
      return c.body(null, 204);
    },
  );

  return app;
}

/** `/security`: what an alert mail's link does, without a session. */
export function alertRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();

  const perClient = async (c: Context<AppEnv>) => {
    const state = await hit(db, `not-me:client:${clientAddress(c, config.trustProxy)}`, NOT_ME_WINDOW_SECONDS);
    if (state.count > NOT_ME_CALLS_PER_WINDOW) throw tooManyRequests("tooManyRequests", state.retryAfter);
  };

  app.post(
    "/not-me",
    operation({
      operationId: "securityAlertNotMe",
      summary:
        "“This wasn't me”, from a security alert's link (single use, 7 days): ends every session of the account and mails a password reset link",
      tags: ["security"],
      answers: {
        200: {
          description:
            "Every session is ended; a reset link was mailed to the account's address. 410 `alert-link-invalid` for a used, expired or unknown link.",
          schema: AlertLinkAnswer,
        },
      },
      problems: [400, 410, 415, 422, 429],
    }),
    ...jsonBody(AlertLinkRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      await perClient(c);
      const body = c.req.valid("json");
      const { token, hash } = newRefreshToken();
      const done = await db.transaction(async (tx) => {
        const account = await consumeAlertLink(tx, hashSecretToken(body.token));
        if (!account) throw linkInvalid();
        const signedOut = await revokeAccountSessions(tx, account.uuidCompte, "not-me");
        // The reset flow's own link: the page that asked is the forgotten-password page.
        await supersedeResetLinks(tx, account.uuidCompte);
        await insertResetLink(tx, account.uuidCompte, hash, config.resetTokenTtlMinutes);
        const link = pageLink(config.publicUrl, body.resetPath, { token });
        const mailId = await enqueueMail(tx, resetLinkMail(mailLanguage(account.langue), account.email, link, config.resetTokenTtlMinutes));
        await recordActivity(tx, {
          uuidCompte: account.uuidCompte,
          kind: "secured",
          detail: signInDetail(config, c.req.header("user-agent"), clientAddress(c, config.trustProxy)),
        });
        return { signedOut, mailId };
      });
      deliverInBackground(db, mailer, [done.mailId]);
      return c.json({ signedOut: done.signedOut } satisfies AlertLinkAnswer);
    },
  );

  return app;
}
