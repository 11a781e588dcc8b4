import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { problemDetail, waitDuration, type ProblemDetailKey } from "../../src/contract/problem-details.ts";
import type { ProblemFieldError } from "../../src/contract/rules.ts";
import { DEFAULT_LOCALE, type Locale } from "../../src/contract/constants.ts";
import { resolveLocale } from "../../src/core/locale.ts";

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
  | "forbidden-role"
  | "email-taken"
  | "password-already-changed"
  | "reset-link-invalid"
  | "email-change-link-invalid"
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
  | "request-in-progress"
  | "invalid-signature"
  | "stale-signature"
  | "transition-not-allowed"
  | "last-owner"
  | "already-member"
  | "invitation-link-invalid"
  | "notification-changed"
  | "alert-link-invalid";

/** A problem's `detail`: a sentence of the contract, or one put together in the request's language. */
export type Detail = ProblemDetailKey | ((locale: Locale) => string);

const say = (detail: Detail, locale: Locale) => (typeof detail === "function" ? detail(locale) : problemDetail(detail, locale));

/**
 * The locale of the X-langue header, with SPEC §4's fallbacks (`en` → en-GB, `de-DE` → de-BE…);
 * fr-FR when it is absent or unknown.
 */
export function requestLocale(c: Context): Locale {
  return resolveLocale(c.req.header("x-langue"));
}

export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly slug: ProblemSlug,
    readonly detail: Detail,
    readonly options: ProblemOptions = {},
  ) {
    super(say(detail, DEFAULT_LOCALE));
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

/** The problem+json answer, its `detail` in the language of the request's X-langue. */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  slug: ProblemSlug,
  detail: Detail,
  options: ProblemOptions = {},
): Response {
  for (const [k, v] of Object.entries(options.headers ?? {})) c.header(k, v);
  c.header("Cache-Control", "no-store");
  return c.body(JSON.stringify(problemBody(status, slug, say(detail, requestLocale(c)), options.errors, options.extra)), status, {
    "Content-Type": "application/problem+json; charset=utf-8",
  });
}

/** 422 with the field errors (`remainingTries` and the like in `extra`). */
export function validationProblem(errors: ProblemFieldError[], extra?: Record<string, unknown>): ProblemError {
  return new ProblemError(422, "validation", "validation", { errors, extra });
}

/** 429 with `Retry-After`: `reason` (one sentence) followed by when to try again. */
export function tooManyRequests(reason: ProblemDetailKey, retryAfter: number): ProblemError {
  const detail = (locale: Locale) =>
    `${problemDetail(reason, locale)} ${problemDetail("retryIn", locale, { duration: waitDuration(retryAfter, locale) })}`;
  return new ProblemError(429, "too-many-requests", detail, { headers: { "Retry-After": String(retryAfter) } });
}
