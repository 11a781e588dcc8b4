/**
 * Notification preferences (issue 30). `/me/notification-preferences`: the account's channel per
 * type of message (e-mail, SMS where offered, none; security alerts always sent). `/notifications/
 * unsubscribe`: the one-click unsubscribe of every notification e-mail (RFC 8058), without a
 * session: its signed address names the account and the type; the POST (`List-Unsubscribe=One-Click`,
 * a form, the one endpoint that takes one) unsubscribes, a GET shows a page whose button does.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_TYPES,
  NotificationPreferences,
  NotificationPreferencesAnswer,
  UnsubscribeQuery,
  type Channel,
  type NotificationType,
} from "../../src/contract/notifications.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { jsonBody, operation, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { setHtmlSecurityHeaders } from "../http/static.ts";
import { escapeHtml } from "../mail/templates.ts";
import { accountExists, preferenceRows, setPreference } from "../queries/customer-notifications.ts";
import type { Queryable } from "../db/db.ts";
import { readUnsubscribeToken } from "../notifications/unsubscribe.ts";

/** Every type's channel: the account's choice, else the default. */
export async function preferencesOf(db: Queryable, uuidCompte: string): Promise<NotificationPreferencesAnswer> {
  const chosen = new Map((await preferenceRows(db, uuidCompte)).map((r) => [r.type, r.channel as Channel]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, chosen.get(type) ?? DEFAULT_CHANNELS[type]]),
  ) as NotificationPreferencesAnswer;
}

export function notificationPreferenceRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getNotificationPreferences",
      summary: "The account's channel for each type of message (e-mail, SMS, none)",
      tags: ["notifications"],
      auth: "bearer",
      answers: { 200: { description: "Every type, the defaults where nothing was chosen.", schema: NotificationPreferencesAnswer } },
      problems: [401],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await preferencesOf(db, c.get("auth").uuidCompte));
    },
  );

  app.put(
    "/",
    ...protectedOperation(deps, {
      operationId: "putNotificationPreferences",
      summary: "Changes the channel of some types (SMS only for service requests and security; security alerts cannot be switched off)",
      tags: ["notifications"],
      auth: "bearer",
      answers: { 200: { description: "Every type's channel now.", schema: NotificationPreferencesAnswer } },
      problems: [400, 401, 415, 422],
    }),
    ...jsonBody(NotificationPreferences),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const uuidCompte = c.get("auth").uuidCompte;
      const changes = c.req.valid("json") as Partial<Record<NotificationType, Channel>>;
      await db.transaction(async (tx) => {
        for (const type of NOTIFICATION_TYPES) {
          const channel = changes[type];
          if (channel) await setPreference(tx, uuidCompte, type, channel);
        }
      });
      return c.json(await preferencesOf(db, uuidCompte));
    },
  );

  return app;
}

const page = (title: string, body: string) =>
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${escapeHtml(title)} – MACC</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/** `/notifications/unsubscribe`: the e-mails' one-click unsubscribe, without a session. */
export function unsubscribeRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  /** The account and type of a valid link; 404 for one this server did not sign (or an account gone). */
  const target = async (token: string) => {
    const named = readUnsubscribeToken(await deps.secret(), token);
    if (!named || !(await accountExists(db, named.uuidCompte))) throw new ProblemError(404, "not-found", "notFound");
    return named;
  };

  app.get(
    "/",
    operation({
      operationId: "getUnsubscribePage",
      summary: "The page of an e-mail's unsubscribe link: a button that unsubscribes (a GET changes nothing: mail scanners open links)",
      tags: ["notifications"],
      answers: { 200: { description: "Page", file: "text/html" } },
      problems: [400, 404],
    }),
    ...queryOf(UnsubscribeQuery),
    async (c) => {
      const { token } = c.req.valid("query");
      await target(token);
      setHtmlSecurityHeaders(c);
      c.header("Cache-Control", "no-store");
      return c.html(
        page(
          "Désabonnement",
          "<p>Vous ne recevrez plus ce type de message par e-mail. Vous pouvez changer ce choix dans vos informations personnelles.</p>" +
            `<form method="post" action="/api/notifications/unsubscribe?token=${escapeHtml(token)}">` +
            '<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Me désabonner</button></form>',
        ),
      );
    },
  );

  app.post(
    "/",
    operation({
      operationId: "postUnsubscribe",
      summary:
        "One-click unsubscribe (RFC 8058): the form POST `List-Unsubscribe=One-Click` to the e-mail's signed address, without a session",
      tags: ["notifications"],
      answers: { 200: { description: "Unsubscribed from that type (security alerts stay by e-mail).", file: "text/html" } },
      problems: [400, 404, 415, 422],
    }),
    describeRoute({
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["List-Unsubscribe"],
              properties: { "List-Unsubscribe": { type: "string", enum: ["One-Click"] } },
            },
          },
        },
      },
    }),
    ...queryOf(UnsubscribeQuery),
    async (c) => {
      const { token } = c.req.valid("query");
      if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(c.req.header("content-type") ?? "")) {
        throw new ProblemError(415, "unsupported-media-type", "unsupportedMediaType");
      }
      const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
      if (form["List-Unsubscribe"] !== "One-Click") {
        throw new ProblemError(422, "validation", () => "Le corps doit être List-Unsubscribe=One-Click (RFC 8058).");
      }
      const { uuidCompte, type } = await target(token);
      // Security alerts cannot be switched off: their link stops nothing. E-mail and SMS keep the SMS.
      const kept = (await preferencesOf(db, uuidCompte))[type] === "email-and-sms" ? "sms" : "none";
      if (type !== "security") await setPreference(db, uuidCompte, type, kept);
      setHtmlSecurityHeaders(c);
      c.header("Cache-Control", "no-store");
      return c.html(page("Désabonnement enregistré", '<p role="status">Vous ne recevrez plus ce type de message par e-mail.</p>'));
    },
  );

  return app;
}
