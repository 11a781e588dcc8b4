import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { OutboxAnswer } from "../../src/contract/outbox.ts";
import {
  INTEGRATION_SIGNATURE_HEADER,
  INTEGRATION_TIMESTAMP_HEADER,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TRANSITIONS,
  ServiceRequestParams,
  type ServiceRequestStatus,
} from "../../src/contract/service-request.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { operation, paramsOf } from "../http/operation.ts";
import { ProblemError, validationProblem } from "../http/problem.ts";
import { setHtmlSecurityHeaders } from "../http/static.ts";
import { listOutbox, outboxHtml, type OutboxMessage } from "../mail/outbox.ts";
import { escapeHtml } from "../mail/templates.ts";
import { dayOf, queueInvoiceDigest } from "../jobs/notification-digest.ts";
import { backOfficeTargets } from "../queries/customer-notifications.ts";
import { openRequestsForDemo } from "../queries/service-requests.ts";
import { integrationSignature } from "./service-request-events.ts";

/** Escapes `text` and turns its http(s) links into anchors. */
function linkify(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts.map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part))).join("");
}

/**
 * An e-mail's HTML as a mail client shows it: its inline styles and `data:` images, nothing else;
 * no script, no request, and (`sandbox`) an origin of its own even when opened outside the frame.
 */
const MAIL_PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page's own sheet (the strict policy refuses inline styles): readable on a phone, the texts
 * wrapped and the previews as wide as the screen instead of scrolling the page sideways.
 */
const OUTBOX_CSS = `body { margin: 0 auto; padding: 1em; max-width: 46em; font: 100%/1.5 system-ui, sans-serif; }
article { border-top: 1px solid #767676; padding-top: 0.5em; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0 1em; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; }
iframe { display: block; width: 100%; max-width: 640px; border: 1px solid #767676; }
summary { min-height: 24px; cursor: pointer; }
.requests form { display: inline; }
.requests button { min-height: 24px; margin: 0 0.25em 0.25em 0; }
`;

/** The app itself, called in process: the demo's buttons go through the integration endpoint as the after-sales system would. */
export type Dispatch = (request: Request, env: unknown) => Response | Promise<Response>;

/** What each button reports, in French as the outbox page. */
const STATUS_LABELS: Readonly<Record<ServiceRequestStatus, string>> = {
  received: "Reçue",
  assigned: "Prise en charge",
  scheduled: "Planifiée",
  "waiting-for-parts": "En attente de pièces",
  done: "Terminée",
  cancelled: "Annulée",
};

/** Signs `body` with the integration secret and calls the integration endpoint at `path` in process, as the back office would. */
function sendSigned(dispatch: Dispatch, secret: string, base: string, path: string, body: string, env: unknown) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return dispatch(
    new Request(new URL(path, base), {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        [INTEGRATION_TIMESTAMP_HEADER]: timestamp,
        [INTEGRATION_SIGNATURE_HEADER]: integrationSignature(secret, timestamp, body),
      },
    }),
    env,
  );
}

/** The page a demo button answers with once its event was sent. */
function sentPage(title: string, said: string): string {
  return (
    '<!doctype html><html lang="fr"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} (démonstration) – MACC</title>` +
    '<link rel="stylesheet" href="/demo/outbox.css"></head><body><main>' +
    `<h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(said)}</p>` +
    '<p><a href="/demo/outbox">Retour à la boîte d\'envoi</a></p></main></body></html>'
  );
}

/** The back office's buttons (issue 30): a new invoice for a company, a new document for a family, today's digest. */
function renderBackOffice(companies: { idTier: string; name: string }[], families: string[]): string {
  const options = (values: { value: string; label: string }[]) =>
    values.map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`).join("");
  return (
    '<section class="requests" aria-labelledby="back-office"><h2 id="back-office">Événements du back-office</h2>' +
    "<p>Chaque bouton envoie l'événement, signé, au point d'intégration des notifications comme le ferait le back-office.</p>" +
    '<form method="post" action="/demo/outbox/notifications/events"><input type="hidden" name="type" value="invoice">' +
    `<label>Entreprise <select name="target">${options(companies.map((c) => ({ value: c.idTier, label: `${c.name} (${c.idTier})` })))}</select></label> ` +
    '<button type="submit">Nouvelle facture</button></form>' +
    '<form method="post" action="/demo/outbox/notifications/events"><input type="hidden" name="type" value="document">' +
    `<label>Famille <select name="target">${options(families.map((f) => ({ value: f, label: f })))}</select></label> ` +
    '<button type="submit">Nouveau document</button></form>' +
    '<form method="post" action="/demo/outbox/notifications/digest"><button type="submit">Envoyer le récapitulatif du jour</button></form>' +
    "</section>"
  );
}

const DemoNotificationForm = v.object({
  type: v.picklist(["invoice", "document"]),
  target: v.pipe(v.string(), v.regex(/^[0-9A-Za-z_-]{1,40}$/)),
});

/** The event a demo button sends: a technician for an assignment, tomorrow 8–10 h for a schedule. */
function demoEvent(status: ServiceRequestStatus, now = new Date()) {
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return {
    eventId: `demo-${crypto.randomUUID()}`,
    type: "status" as const,
    status,
    at: now.toISOString(),
    ...(status === "assigned" ? { technician: "Atelier de démonstration (Jean Martin)" } : {}),
    ...(status === "scheduled" ? { window: { date: tomorrow, from: "08:00", to: "10:00" } } : {}),
    ...(status === "waiting-for-parts" ? { message: "La pièce est commandée, livraison prévue sous 3 jours." } : {}),
  };
}

function renderRequests(requests: { reference: string; status: ServiceRequestStatus }[]): string {
  if (requests.length === 0) return "";
  const rows = requests.map((r) => {
    const buttons = SERVICE_REQUEST_TRANSITIONS[r.status]
      .map(
        (next) =>
          `<form method="post" action="/demo/outbox/service-requests/${encodeURIComponent(r.reference)}/events">` +
          `<input type="hidden" name="status" value="${next}">` +
          `<button type="submit">${escapeHtml(STATUS_LABELS[next])}</button></form>`,
      )
      .join("");
    return `<li><strong>${escapeHtml(r.reference)}</strong> (${escapeHtml(STATUS_LABELS[r.status])}) : ${buttons}</li>`;
  });
  return (
    '<section class="requests" aria-labelledby="requests"><h2 id="requests">Demandes d\'intervention ouvertes</h2>' +
    "<p>Chaque bouton envoie le changement d'état, signé, au point d'intégration comme le ferait le service après-vente.</p>" +
    `<ul>${rows.join("")}</ul></section>`
  );
}

const DemoEventForm = v.object({ status: v.picklist(SERVICE_REQUEST_STATUSES) });

/** A posted form's fields, as text. */
async function formOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  // A body that is no form (a broken multipart) holds no field: the form's check refuses it (422).
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).map(([k, x]) => [k, String(x)]));
}

const DATE = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Paris" });

function renderMessage(m: OutboxMessage, index: number): string {
  const id = `m${index}`;
  const kind = m.channel === "sms" ? "SMS" : "E-mail";
  return (
    `<article aria-labelledby="${id}">` +
    `<h2 id="${id}">${escapeHtml(m.subject ?? kind)}</h2>` +
    `<dl><dt>Type</dt><dd>${kind}</dd><dt>Destinataire</dt><dd>${escapeHtml(m.to)}</dd>` +
    `<dt>Date</dt><dd><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(DATE.format(new Date(m.createdAt)))}</time></dd></dl>` +
    `<h3>Texte</h3><pre>${linkify(m.text)}</pre>` +
    (m.html
      ? `<details><summary>Version HTML</summary>` +
        // Its own address, under its own policy (an e-mail's styles are inline); no allow-scripts, no
        // allow-same-origin: the message cannot run code nor reach this page.
        `<iframe sandbox="" title="Version HTML : ${escapeHtml(m.subject ?? "")}" src="/demo/outbox/${encodeURIComponent(m.id)}.html" width="640" height="480"></iframe>` +
        `</details>`
      : "") +
    `</article>`
  );
}

/**
 * `/demo`: development pages showing what the service would have sent (e-mails and SMS of the
 * outbox). Mounted only outside production.
 */
export function outboxRoutes(deps: Deps, dispatch?: Dispatch) {
  const app = new Hono<AppEnv>();

  // The after-sales system of the demo: signs the event with the integration secret and calls the
  // integration endpoint, then comes back to the page (its answer, when refused, said as text).
  app.post(
    "/outbox/service-requests/:reference/events",
    operation({
      operationId: "postDemoServiceRequestEvent",
      summary: "Demo only: sends a signed status change of a service request to the integration endpoint (the outbox page's buttons)",
      tags: ["demo"],
      answers: { 200: { description: "Sent: a page saying so, with a link back to the outbox", file: "text/html" } },
      problems: [404, 409, 422],
    }),
    describeRoute({
      requestBody: {
        required: true,
        description: "The outbox page's form: the state to report.",
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["status"],
              properties: { status: { type: "string", enum: [...SERVICE_REQUEST_STATUSES] } },
            },
          },
        },
      },
    }),
    paramsOf(ServiceRequestParams, "notFound"),
    async (c) => {
      const secret = deps.config.integrationSecret;
      if (!secret || !dispatch) throw new ProblemError(404, "not-found", "notFound");
      const form = v.safeParse(DemoEventForm, await formOf(c));
      if (!form.success) throw validationProblem([{ path: "status", message: "Statut inconnu." }]);
      const body = JSON.stringify(demoEvent(form.output.status));
      const path = `/api/integrations/service-requests/${c.req.valid("param").reference}/events`;
      const answer = await sendSigned(dispatch, secret, c.req.url, path, body, c.env);
      // Refused (a change the table does not allow, a request gone): the endpoint's problem as it said it.
      if (!answer.ok) return answer;
      setHtmlSecurityHeaders(c);
      c.header("Cache-Control", "no-store");
      const { reference, status } = (await answer.json()) as { reference: string; status: ServiceRequestStatus };
      return c.html(sentPage("Changement envoyé", `La demande ${reference} est maintenant « ${STATUS_LABELS[status]} ».`));
    },
  );

  // The back office of the demo (issue 30): a new invoice or document, signed and sent to the
  // notifications' integration endpoint, then back to the page.
  app.post(
    "/outbox/notifications/events",
    operation({
      operationId: "postDemoNotificationEvent",
      summary:
        "Demo only: sends a signed new-invoice or new-document event to the notifications' integration endpoint (the outbox page's buttons)",
      tags: ["demo"],
      answers: { 200: { description: "Sent: a page saying so, with a link back to the outbox", file: "text/html" } },
      problems: [404, 422],
    }),
    describeRoute({
      requestBody: {
        required: true,
        description: "The outbox page's form: the kind of event and its company (invoice) or product family (document).",
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["type", "target"],
              properties: { type: { type: "string", enum: ["invoice", "document"] }, target: { type: "string" } },
            },
          },
        },
      },
    }),
    async (c) => {
      const secret = deps.config.integrationSecret;
      if (!secret || !dispatch) throw new ProblemError(404, "not-found", "notFound");
      const form = v.safeParse(DemoNotificationForm, await formOf(c));
      if (!form.success) throw validationProblem([{ path: "target", message: "Événement ou destinataire inconnu." }]);
      const { type, target } = form.output;
      const stamp = new Date().toISOString().slice(0, 19).replace(/\D/g, "");
      const event =
        type === "invoice"
          ? { eventId: `demo-${crypto.randomUUID()}`, type, idTier: target, numero: `DEMO-${stamp}` }
          : { eventId: `demo-${crypto.randomUUID()}`, type, codeFamille: target, title: `Notice de démonstration ${stamp}` };
      const answer = await sendSigned(dispatch, secret, c.req.url, "/api/integrations/notifications/events", JSON.stringify(event), c.env);
      if (!answer.ok) return answer;
      setHtmlSecurityHeaders(c);
      c.header("Cache-Control", "no-store");
      const { recipients } = (await answer.json()) as { recipients: number };
      const what = "numero" in event ? `La facture ${event.numero}` : `Le document « ${event.title} »`;
      return c.html(sentPage("Événement envoyé", `${what} est annoncé à ${recipients} membre(s) des entreprises concernées.`));
    },
  );

  // Today's invoice digest at once (the server queues each day's once the day is over).
  app.post(
    "/outbox/notifications/digest",
    operation({
      operationId: "postDemoNotificationDigest",
      summary: "Demo only: queues today's digest of new invoices now (the outbox page's button)",
      tags: ["demo"],
      noBody: true,
      answers: { 200: { description: "Queued: a page saying how many, with a link back to the outbox", file: "text/html" } },
    }),
    async (c) => {
      const { queued, locked } = await queueInvoiceDigest(
        { db: deps.db, config: deps.config, secret: deps.secret, mailer: deps.mailer },
        dayOf(new Date()),
      );
      setHtmlSecurityHeaders(c);
      c.header("Cache-Control", "no-store");
      const said = locked
        ? "Un autre serveur envoie le récapitulatif en ce moment."
        : `${queued} récapitulatif(s) des nouvelles factures du jour mis en file d'envoi (un par membre et entreprise, une fois par jour).`;
      return c.html(sentPage("Récapitulatif du jour", said));
    },
  );

  app.get(
    "/outbox.json",
    operation({
      operationId: "getOutbox",
      summary: "The outbox as JSON (newest first, 100 at most)",
      tags: ["demo"],
      answers: { 200: { description: "Messages", schema: OutboxAnswer } },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const messages = await listOutbox(deps.db);
      return c.json(messages.map(({ to, subject, text, html, createdAt, channel }) => ({ to, subject, text, html, createdAt, channel })));
    },
  );

  app.get(
    "/outbox/:file{[0-9a-f-]+\\.html}",
    operation({
      operationId: "getOutboxMailHtml",
      summary: "The HTML version of one e-mail of the outbox, as sent",
      tags: ["demo"],
      answers: { 200: { description: "The e-mail's HTML", file: "text/html" } },
    }),
    async (c) => {
      const id = c.req.param("file").slice(0, -".html".length);
      const html = UUID.test(id) ? await outboxHtml(deps.db, id) : null;
      if (html === null) return c.notFound();
      c.header("Content-Security-Policy", MAIL_PREVIEW_CSP);
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Cache-Control", "no-store");
      return c.html(html);
    },
  );

  app.get(
    "/outbox.css",
    operation({
      operationId: "getOutboxStyles",
      summary: "The outbox page's style sheet (the page's policy refuses inline styles)",
      tags: ["demo"],
      answers: { 200: { description: "Style sheet", file: "text/css" } },
    }),
    (c) => {
      c.header("Content-Type", "text/css; charset=utf-8");
      c.header("Cache-Control", "no-cache");
      return c.body(OUTBOX_CSS);
    },
  );

  app.get(
    "/outbox",
    operation({
      operationId: "getOutboxPage",
      summary: "HTML page of the e-mails and SMS the service would have sent (newest first, 100 at most)",
      tags: ["demo"],
      answers: { 200: { description: "Page", file: "text/html" } },
    }),
    async (c) => {
      const messages = await listOutbox(deps.db);
      const signing = Boolean(deps.config.integrationSecret && dispatch);
      const requests = signing ? await openRequestsForDemo(deps.db, 20) : [];
      const backOffice = signing ? renderBackOffice(...(await backOfficeTargets(deps.db))) : "";
      setHtmlSecurityHeaders(c);
      c.header("Cache-Control", "no-store");
      const body = messages.length === 0 ? "<p>Aucun message pour l'instant.</p>" : messages.map(renderMessage).join("\n");
      const count =
        messages.length === 1
          ? "Le dernier message que le service aurait envoyé."
          : `Les ${messages.length} derniers messages que le service aurait envoyés, du plus récent au plus ancien.`;
      return c.html(
        '<!doctype html><html lang="fr"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1">' +
          "<title>Boîte d'envoi (démonstration) – MACC</title>" +
          '<link rel="stylesheet" href="/demo/outbox.css"></head><body>' +
          "<header><h1>Boîte d'envoi de démonstration</h1>" +
          `<p>${count} ` +
          'Rechargez la page pour voir les nouveaux. <a href="/demo/outbox.json">Format JSON</a></p></header>' +
          `<main>${renderRequests(requests)}${backOffice}${body}</main></body></html>`,
      );
    },
  );

  return app;
}
