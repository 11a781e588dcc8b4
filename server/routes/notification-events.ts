/**
 * The back office's events for the customers (issue 30): `POST /api/integrations/notifications/events`
 * reports a new invoice of a company or a new document of a product family. Signed as the after-sales
 * system's calls are (server/routes/service-request-events.ts); the event is stored once, and each
 * member of the companies it concerns is told by role (an accountant of invoices, not of machines):
 * in the banner at once, by e-mail as their preferences say (invoices in the day's digest).
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { NotificationEvent, NotificationEventAnswer } from "../../src/contract/notifications.ts";
import type { Role } from "../../src/contract/permissions.ts";
import type { Db } from "../db/db.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { jsonBody, operation } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { newDocumentMail } from "../mail/notification-templates.ts";
import { portalLink } from "../mail/portal-links.ts";
import { mailLanguage } from "../mail/templates.ts";
import { unsubscribeToken, unsubscribeUrl } from "../notifications/unsubscribe.ts";
import {
  companyExists,
  eventAudience,
  familyExists,
  familyName,
  insertNotificationEvent,
  seenNotificationEvent,
} from "../queries/customer-notifications.ts";
import { preferencesOf } from "./notification-preferences.ts";
import { tells } from "./notifications.ts";
import { signedOperation } from "./service-request-events.ts";

/** E-mails a new document to the members whose role reads the fleet and who take documents by e-mail, in their language. */
async function mailDocument(deps: Deps, codeFamille: string, title: string): Promise<void> {
  const { db, config } = deps;
  const key = await deps.secret();
  const members = (await eventAudience(db, { codeFamille })).filter((m) => tells(m.role as Role, "documents"));
  const ids: string[] = [];
  const told = new Set<string>();
  for (const m of members) {
    // One message per account, however many of its companies own the family.
    if (told.has(m.uuidCompte) || (await preferencesOf(db, m.uuidCompte)).documents !== "email") continue;
    told.add(m.uuidCompte);
    const lang = mailLanguage(m.langue);
    const mail = newDocumentMail(lang, m.email, {
      title,
      product: await familyName(db, codeFamille, lang),
      url: portalLink(config, m.langue, "PARC_PRODUITS_DETAIL", { params: { codeFamille } }),
      unsubscribeUrl: unsubscribeUrl(config.publicUrl, unsubscribeToken(key, m.uuidCompte, "documents")),
    });
    ids.push(await enqueueMail(db, mail));
  }
  deliverInBackground(db as Db, deps.mailer, ids);
}

export function notificationEventRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.post(
    "/events",
    operation({
      operationId: "postNotificationEvent",
      summary: "The back office reports a new invoice or a new product document (signed; off without INTEGRATION_SECRET)",
      tags: ["integrations"],
      answers: {
        200: {
          description:
            "Stored once and shown to the members whose role reads it (`recipients`); or, with `Idempotent-Replayed: true`, an event id already seen, answered as the first time.",
          schema: NotificationEventAnswer,
        },
      },
      problems: [400, 401, 404, 409, 415, 422],
    }),
    ...signedOperation(deps),
    ...jsonBody(NotificationEvent),
    async (c) => {
      const event = c.req.valid("json");
      const hash = createHash("sha256").update(JSON.stringify(event)).digest("hex");
      const target: { idTier: string } | { codeFamille: string } =
        event.type === "invoice" ? { idTier: event.idTier } : { codeFamille: event.codeFamille };
      const kind = event.type === "invoice" ? "invoices" : "documents";
      const answer = async (): Promise<NotificationEventAnswer> => {
        const audience = await eventAudience(db, target);
        return { eventId: event.eventId, type: event.type, recipients: audience.filter((m) => tells(m.role as Role, kind)).length };
      };

      const seen = await seenNotificationEvent(db, event.eventId);
      if (!seen) {
        const known = "idTier" in target ? await companyExists(db, target.idTier) : await familyExists(db, target.codeFamille);
        if (!known) throw new ProblemError(404, "not-found", "notFound");
        const stored = await insertNotificationEvent(db, {
          eventId: event.eventId,
          bodyHash: hash,
          kind: event.type,
          idTier: "idTier" in target ? target.idTier : null,
          codeFamille: "codeFamille" in target ? target.codeFamille : null,
          subject: event.type === "invoice" ? event.numero : event.title,
        });
        if (stored) {
          await deps.caches.settle(db);
          // A document is e-mailed at once by preference; invoices wait for the day's digest (server/jobs/notification-digest.ts).
          if (event.type === "document") await mailDocument(deps, event.codeFamille, event.title);
          return c.json(await answer(), 200);
        }
      }
      // The same id again (or sent at the same moment): the same event is answered as the first time.
      const first = seen ?? (await seenNotificationEvent(db, event.eventId));
      if (first?.bodyHash !== hash) {
        throw new ProblemError(
          409,
          "idempotency-key-reused",
          () => `L'identifiant d'événement ${event.eventId} a déjà servi pour un autre événement.`,
        );
      }
      c.header("Idempotent-Replayed", "true");
      return c.json(await answer(), 200);
    },
  );
  return app;
}
