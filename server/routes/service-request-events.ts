/**
 * The after-sales system's signed calls (issue 28, step 2): `POST /api/integrations/service-requests/{reference}/events`
 * reports a change of a request's state. Authenticated by HMAC-SHA256(INTEGRATION_SECRET,
 * `${timestamp}.${body}`) in `X-Signature: sha256=<hex>`, with `X-Signature-Timestamp` (Unix seconds)
 * within 5 minutes of the server's clock; an event id already seen is answered as the first time.
 * Off (404) without INTEGRATION_SECRET.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import { byEmail, bySms } from "../../src/contract/notifications.ts";
import { checkMobile } from "../../src/contract/phone-rules.ts";
import {
  INTEGRATION_MAX_SKEW_SECONDS,
  INTEGRATION_SIGNATURE_HEADER,
  INTEGRATION_TIMESTAMP_HEADER,
  SERVICE_REQUEST_TRANSITIONS,
  ServiceRequestEvent,
  ServiceRequestEventAnswer,
  ServiceRequestParams,
  canTransition,
  type ServiceRequestStatus,
} from "../../src/contract/service-request.ts";
import { brandName, themeOfNetwork } from "../../src/core/theme.ts";
import type { Db, Queryable } from "../db/db.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { jsonBody, operation, paramsOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import {
  serviceRequestCustomerActionMail,
  serviceRequestStatusMail,
  serviceRequestStatusSmsText,
  type CustomerActionDetails,
  type StatusChangeDetails,
} from "../mail/service-request-templates.ts";
import { staffLanguage } from "../mail/staff-language.ts";
import { mailLanguage } from "../mail/templates.ts";
import { unsubscribeToken, unsubscribeUrl } from "../notifications/unsubscribe.ts";
import { hit } from "../queries/rate-limits.ts";
import {
  applyStatus,
  claimEventId,
  fleetMachines,
  lockRequest,
  requestAuthor,
  seenEvent,
  storeEventAnswer,
  type RequestState,
  type StatusChange,
} from "../queries/service-requests.ts";
import { SMS_WAIT_MS, sentWithin } from "../sms/sms.ts";
import { preferencesOf } from "./notification-preferences.ts";

const DAY_SECONDS = 24 * 60 * 60;

/** The signature of a body sent at `timestamp`, as the header carries it. */
export function integrationSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

const unsigned = (why: string) =>
  new ProblemError(401, "invalid-signature", () => `Signature refusée : ${why}.`, { headers: { "WWW-Authenticate": "HMAC-SHA256" } });

/**
 * Refuses a call not signed with the secret, or signed more than 5 minutes away from now; 404 when
 * the integration is off. Every integration endpoint of the back office is signed so (issue 30).
 */
function requireSignature(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    const secret = deps.config.integrationSecret;
    if (!secret) throw new ProblemError(404, "not-found", "notFound");
    const timestamp = c.req.header(INTEGRATION_TIMESTAMP_HEADER) ?? "";
    const signature = c.req.header(INTEGRATION_SIGNATURE_HEADER) ?? "";
    if (!/^\d{1,12}$/.test(timestamp)) throw unsigned(`${INTEGRATION_TIMESTAMP_HEADER} manquant ou invalide (secondes Unix)`);
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > INTEGRATION_MAX_SKEW_SECONDS) {
      throw new ProblemError(
        401,
        "stale-signature",
        () => `Horodatage à plus de ${INTEGRATION_MAX_SKEW_SECONDS / 60} minutes de l'heure du serveur : signez de nouveau l'appel.`,
      );
    }
    const expected = Buffer.from(integrationSignature(secret, timestamp, await c.req.text()));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw unsigned(`${INTEGRATION_SIGNATURE_HEADER} ne correspond pas au corps et à l'horodatage`);
    }
    await next();
  };
}

/** The signature's headers, documented, and their check: what every signed integration endpoint puts before its handler. */
export function signedOperation(deps: Deps) {
  const documented = describeRoute({
    parameters: [
      {
        name: INTEGRATION_TIMESTAMP_HEADER,
        in: "header",
        required: true,
        schema: { type: "string", pattern: "^\\d{1,12}$" },
        description: `Unix seconds when the call was signed; more than ${INTEGRATION_MAX_SKEW_SECONDS} s away from the server's clock → 401 stale-signature.`,
      },
      {
        name: INTEGRATION_SIGNATURE_HEADER,
        in: "header",
        required: true,
        schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}$" },
        description:
          "`sha256=` and the hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with INTEGRATION_SECRET; wrong → 401 invalid-signature.",
      },
    ],
  });
  return [documented, requireSignature(deps)] as const;
}

/** What the customer is sent for a change: e-mail queued in the transaction, SMS after the commit. */
export interface CustomerNotice {
  mailIds: string[];
  sms: { to: string; text: string } | null;
}

/**
 * Queues the customer's e-mail for a change of state, in the request's language, and prepares its
 * SMS: each as the author's preference for service requests says (issue 30; by default both).
 */
export async function noticeOfChange(deps: Deps, tx: Queryable, request: RequestState, change: StatusChange): Promise<CustomerNotice> {
  const author = await requestAuthor(tx, request);
  const channel = (await preferencesOf(tx, request.uuidCompte))["service-requests"];
  if (!author || channel === "none") return { mailIds: [], sms: null };
  const lang = mailLanguage(request.langue);
  const produit = (await fleetMachines(tx, request.idTier, request.codeFamille, lang))[0]?.produit ?? request.codeFamille;
  const details: StatusChangeDetails = {
    reference: request.reference,
    status: change.status,
    produit,
    technician: change.technician,
    window: change.window,
    message: change.message,
  };
  const unsubscribe = unsubscribeUrl(deps.config.publicUrl, unsubscribeToken(await deps.secret(), request.uuidCompte, "service-requests"));
  const mailIds = byEmail(channel) ? [await enqueueMail(tx, serviceRequestStatusMail(lang, author.email, details, unsubscribe))] : [];
  const mobile = (bySms(channel) && author.mobile && checkMobile(author.pays, author.mobile).e164) || null;
  const text = serviceRequestStatusSmsText(lang, brandName(themeOfNetwork(request.codeReseau)), details);
  return { mailIds, sms: mobile ? { to: mobile, text } : null };
}

/**
 * Queues the after-sales service's and the adviser's e-mail when the customer writes on a request
 * (with the signed links of its photos and video) or cancels it.
 */
export async function noticeToStaff(
  tx: Queryable,
  request: RequestState,
  action: "message" | "cancelled",
  message: string | null,
  media: Pick<CustomerActionDetails, "photoLinks" | "videoLink" | "linkDays"> = {},
) {
  const author = await requestAuthor(tx, request);
  const customer = author ? [author.civilite, author.prenom, author.nom].filter(Boolean).join(" ") || author.email : "";
  const lang = staffLanguage(request.codeReseau, request.langue);
  const details = { reference: request.reference, action, customer: author ? `${customer} <${author.email}>` : "", message, ...media };
  return Promise.all(
    request.recipients.map(async (to) => {
      const mail = serviceRequestCustomerActionMail(lang, to, details);
      return enqueueMail(tx, author ? { ...mail, replyTo: author.email } : mail);
    }),
  );
}

/** Sends what `noticeOfChange` prepared, once the change is committed (the SMS within the day's limit per number). */
export async function sendNotice(deps: Deps, notice: CustomerNotice): Promise<boolean> {
  deliverInBackground(deps.db as Db, deps.mailer, notice.mailIds);
  const sms = notice.sms;
  if (!sms) return false;
  if ((await hit(deps.db, `sms:to:${sms.to}`, DAY_SECONDS)).count > deps.config.smsMaxPerNumberPerDay) return false;
  return sentWithin(deps.sms, sms, SMS_WAIT_MS, async () => {});
}

const transitions = Object.entries(SERVICE_REQUEST_TRANSITIONS)
  .map(([from, to]) => `${from} → ${to.length ? to.join(", ") : "(none)"}`)
  .join("; ");

/** `/integrations/service-requests`: the after-sales system's events. */
export function serviceRequestEventRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.post(
    "/:reference/events",
    operation({
      operationId: "postServiceRequestEvent",
      summary: "The after-sales system reports a change of a service request's state (signed; off without INTEGRATION_SECRET)",
      tags: ["integrations"],
      answers: {
        200: {
          description:
            `Applied, the customer told by e-mail and SMS in their language; or, with \`Idempotent-Replayed: true\`, an event id already seen, answered as the first time. ` +
            `Allowed changes: ${transitions}.`,
          schema: ServiceRequestEventAnswer,
        },
      },
      problems: [400, 401, 404, 409, 415, 422],
    }),
    ...signedOperation(deps),
    paramsOf(ServiceRequestParams, "notFound"),
    ...jsonBody(ServiceRequestEvent, { multiline: ["message"] }),
    async (c) => {
      const { reference } = c.req.valid("param");
      const event = c.req.valid("json");
      const hash = createHash("sha256")
        .update(JSON.stringify([reference, event]))
        .digest("hex");
      const replay = (seen: { body_hash: string; answer: unknown }) => {
        if (seen.body_hash !== hash) {
          throw new ProblemError(
            409,
            "idempotency-key-reused",
            () => `L'identifiant d'événement ${event.eventId} a déjà servi pour un autre événement.`,
          );
        }
        c.header("Idempotent-Replayed", "true");
        return c.json(seen.answer as ServiceRequestEventAnswer, 200);
      };
      const seenBefore = await seenEvent(db, event.eventId);
      if (seenBefore) return replay(seenBefore);

      const outcome = await db.transaction(async (tx) => {
        const request = await lockRequest(tx, reference);
        if (!request) throw new ProblemError(404, "not-found", "notFound");
        if (!(await claimEventId(tx, event.eventId, request.id, hash))) return { seen: (await seenEvent(tx, event.eventId))! };
        if (!canTransition(request.status, event.status)) {
          const allowed = SERVICE_REQUEST_TRANSITIONS[request.status];
          throw new ProblemError(
            409,
            "transition-not-allowed",
            () =>
              `La demande ${reference} est « ${request.status} » : « ${event.status} » n'en suit pas (possibles : ${allowed.join(", ") || "aucun"}).`,
            { extra: { from: request.status, to: event.status, allowed } },
          );
        }
        const change: StatusChange = { ...event, status: event.status as Exclude<ServiceRequestStatus, "received">, author: "after-sales" };
        await applyStatus(tx, request.id, change);
        const answer: ServiceRequestEventAnswer = { reference, eventId: event.eventId, status: event.status };
        await storeEventAnswer(tx, event.eventId, answer);
        return { answer, notice: await noticeOfChange(deps, tx, request, change) };
      });
      if (outcome.seen) return replay(outcome.seen);
      await sendNotice(deps, outcome.notice);
      return c.json(outcome.answer, 200);
    },
  );
  return app;
}
