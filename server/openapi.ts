/**
 * The API's OpenAPI 3.1 document, generated from the routes: each declares its input with the
 * contract's schemas (`jsonBody`, `queryOf`) and its answers with `operation()`. Served as JSON at
 * /api/openapi.json and as YAML at /api/openapi.yaml; /api/docs browses it.
 */
import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { stringify } from "yaml";
import { APP_VERSION } from "../src/contract/constants.ts";

const DESCRIPTION = `JSON API used by the MACC web components. Every error is \`application/problem+json\`
(RFC 9457); \`detail\` carries the user-facing message, in the language of the \`X-langue\` header
(field errors' messages are French: each form says them in its own words). While the service is in maintenance every route answers 503
\`urn:macc:problem:maintenance\` with \`Retry-After: 600\`, or, when an end is announced, with that end as
\`Retry-After\` (an HTTP date) and as the \`expectedEnd\` member (ISO 8601); \`/api/health\` answers
\`{ "status": "maintenance" }\`, with \`expectedEnd\` too. While the database
cannot be reached, a route that needs it answers 503 \`urn:macc:problem:unavailable\` with
\`Retry-After: 5\`, and works again by itself once the database is back.

Authentication: \`POST /api/auth/login\` returns short-lived access tokens (send them as
\`Authorization: Bearer <token>\`) and sets an HttpOnly refresh cookie \`macc_refresh\`
(path \`/api/auth\`) that \`POST /api/auth/refresh\` exchanges, with rotation, for new tokens, and an
HttpOnly device cookie \`macc_device\` (same path, one year): the browser's next logins to that account
pay the base proof of work whatever the failed logins made elsewhere.
Refresh and logout require \`X-Requested-With: macc\` or \`Content-Type: application/json\`.

Bot check: login, forgotten password, contact form, basket validation and every registration
step need a fresh proof-of-work solution in the \`X-Bot-Check\` header (see \`GET /api/bot-check/challenge\`);
missing, malformed, wrong, expired or reused → 403 \`urn:macc:problem:bot-check\` ("La
vérification anti-robot a échoué. Réessayez." in French). Each solution is accepted once. Switched off
with \`BOT_CHECK=off\`.

Text input (every string of a JSON body, every query parameter) holding a control character
(U+0000–U+001F, U+007F–U+009F) answers 422 \`urn:macc:problem:validation\` with the field's
path and "Caractères non autorisés (caractères de contrôle)."; a line break (CR, LF, U+2028,
U+2029) in a single-line field answers "Retour à la ligne non autorisé dans ce champ.". Only
the contact form's \`message\` is multi-line (tab, CR and LF allowed). Input nested more than 16
levels deep answers 422 "Structure trop imbriquée." (no body of this API has more than three).

Request bodies are limited to 16 kB (413). The \`X-langue\` header (one of the ten locales,
default \`fr-FR\`) selects the language of \`detail\` and of the localised data.`;

const TAGS = [
  { name: "system" },
  { name: "footer" },
  { name: "auth" },
  { name: "password" },
  { name: "profile" },
  { name: "invoices" },
  { name: "products" },
  { name: "contact" },
  { name: "bot-check" },
  { name: "registration", description: "Self-service account creation (anonymous, bot check on every step)" },
  { name: "bank-details", description: "Bank details (COORDONNEE_BANCAIRE), behind the `coordonnee-bancaire` feature" },
  { name: "basket", description: "The basket's catalogue and its validation (a request to be called back)" },
  { name: "notifications", description: "What needs the customer: the action banner, the header's count" },
  { name: "demo", description: 'Development pages, absent when NODE_ENV is "production"' },
];

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

/** The document of `app`'s routes under /api (the demo's pages too, when it serves them). */
export function openApiDocument(app: Hono<never>): Promise<OpenApiDocument> {
  return generateSpecs(app, {
    documentation: {
      openapi: "3.1.0",
      info: { title: "MACC customer extranet — reference API", version: APP_VERSION, description: DESCRIPTION },
      servers: [{ url: "/" }],
      tags: TAGS,
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    exclude: [/^\/(?!api\/|demo\/outbox)/],
    // The demo's outbox.json and outbox.css are operations too, dots in their paths or not.
    excludeStaticFile: false,
    // Every refusal is documented by its route (422 problem+json); no generic 400 is added.
    defaultValidationErrorResponse: false,
  });
}

export const toYaml = (document: OpenApiDocument) => stringify(document, { lineWidth: 0 });
