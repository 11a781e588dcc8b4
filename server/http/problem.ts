import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ProblemFieldError } from "../../src/contract/rules.ts";

export type { ProblemFieldError };

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: ProblemFieldError[];
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** Short machine-readable slugs; `type` is `urn:macc:problem:<slug>`. */
export type ProblemSlug =
  | "bad-request"
  | "malformed-json"
  | "unsupported-media-type"
  | "validation"
  | "not-found"
  | "unauthorized"
  | "invalid-credentials"
  | "invalid-token"
  | "invalid-refresh-token"
  | "csrf"
  | "forbidden"
  | "company-required"
  | "email-taken"
  | "password-already-changed"
  | "reset-link-invalid"
  | "too-large"
  | "file-too-large"
  | "too-many-requests"
  | "maintenance"
  | "unavailable"
  | "method-not-allowed"
  | "internal"
  | "bot-check"
  | "bot-check-cost"
  | "account-exists"
  | "no-contact-means"
  | "registration-expired"
  | "registration-incomplete"
  | "code-expired"
  | "code-used"
  | "code-too-many-tries"
  | "idempotency-key"
  | "idempotency-key-reused"
  | "request-in-progress";

export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly options: ProblemOptions = {},
  ) {
    super(detail);
    this.name = "ProblemError";
  }
}

export interface ProblemOptions {
  errors?: ProblemFieldError[];
  headers?: Record<string, string>;
  /** Extension members added to the body (e.g. `remainingTries`, or `errors: []` to send an empty list). */
  extra?: Record<string, unknown>;
}

export function problemBody(
  status: number,
  slug: ProblemSlug,
  detail: string,
  errors?: ProblemFieldError[],
  extra?: Record<string, unknown>,
): Problem {
  const body: Problem = { type: `urn:macc:problem:${slug}`, title: TITLES[status] ?? "Error", status, detail };
  if (errors && errors.length > 0) body.errors = errors;
  if (!extra) return body;
  const { type: _t, title: _ti, status: _s, detail: _d, ...members } = extra;
  return { ...body, ...members, ...(body.errors ? { errors: body.errors } : {}) };
}

export function problem(
  c: Context,
  status: ContentfulStatusCode,
  slug: ProblemSlug,
  detail: string,
  options: ProblemOptions = {},
): Response {
  for (const [k, v] of Object.entries(options.headers ?? {})) c.header(k, v);
  c.header("Cache-Control", "no-store");
  return c.body(JSON.stringify(problemBody(status, slug, detail, options.errors, options.extra)), status, {
    "Content-Type": "application/problem+json; charset=utf-8",
  });
}

export const MESSAGES = {
  generic: "Une erreur vient de se produire, veuillez contacter la MACC.",
  maintenance: "Nous sommes actuellement en maintenance.",
  unavailable: "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.",
  notFound: "La ressource demandée n'existe pas.",
  malformedJson: "Le corps de la requête n'est pas un JSON valide.",
  unsupportedMediaType: "Le corps de la requête doit être envoyé en application/json.",
  validation: "Certains champs sont invalides.",
  tooLarge: "La requête est trop volumineuse.",
  invalidCredentials: "Nom d'utilisateur ou mot de passe invalide. Vous pouvez cliquer sur 'Mot de passe oublié ?' ci-dessous.",
  unauthorized: "Votre session a expiré, veuillez vous reconnecter.",
  invalidRefresh: "Votre session a expiré, veuillez vous reconnecter.",
  csrf: "Requête refusée : en-tête X-Requested-With manquant.",
  unknownNetwork: "Réseau inconnu.",
  badLocale: "Langue inconnue.",
  methodNotAllowed: "Méthode non autorisée.",
  companyRequired: "Choisissez d'abord une entreprise.",
  emailTaken: "Cette adresse e-mail est déjà utilisée.",
  passwordAlreadyChanged:
    "Vous avez déjà modifié votre mot de passe une fois. Utilisez « Mot de passe oublié ? » pour le changer à nouveau.",
  resetLinkInvalid: "Ce lien de réinitialisation n'est plus valide. Demandez-en un nouveau.",
  botCheck: "La vérification anti-robot a échoué. Réessayez.",
  botCheckCost: "Après plusieurs échecs, cette connexion demande une vérification anti-robot plus longue.",
} as const;

/** "15 minutes", "1 minute", "45 secondes" — for throttling messages. */
export function frenchDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? "s" : ""}`;
}

/** 422 with the field errors (`remainingTries` and the like in `extra`). */
export function validationProblem(errors: ProblemFieldError[], extra?: Record<string, unknown>): ProblemError {
  return new ProblemError(422, "validation", MESSAGES.validation, { errors, extra });
}

/** 429 with `Retry-After`: `detail` (one sentence) followed by when to try again. */
export function tooManyRequests(detail: string, retryAfter: number): ProblemError {
  return new ProblemError(429, "too-many-requests", `${detail} Veuillez réessayer dans ${frenchDuration(retryAfter)}.`, {
    headers: { "Retry-After": String(retryAfter) },
  });
}
