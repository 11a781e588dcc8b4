/**
 * How a route declares its contract: `operation()` documents it (the generated OpenAPI document,
 * /api/openapi.json, reads nothing else), `jsonBody()` and `queryOf()` apply the shared schemas of
 * src/contract as Hono validators, so handlers read `c.req.valid("json")` and a refused input is the
 * usual 422 problem+json with its field errors in form order.
 */
import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver, validator } from "hono-openapi";
import * as v from "valibot";
import { mayCall, ROLES } from "../../src/contract/permissions.ts";
import { problemDetail, type ProblemDetailKey } from "../../src/contract/problem-details.ts";
import { NOT_AN_OBJECT, problemsOf, type RuleProblem } from "../../src/contract/rules.ts";
import { DEFAULT_LOCALE, IDEMPOTENCY_KEY_RETENTION_DAYS, LOCALES } from "../../src/contract/constants.ts";
import { MaintenanceAnswer } from "../../src/contract/maintenance.ts";
import { BOT_CHECK_HEADER } from "../../src/core/bot-check.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../src/core/idempotency.ts";
import { requireAuth } from "./auth-middleware.ts";
import { requireCompany } from "./company.ts";
import type { AppEnv, Deps } from "./context.ts";
import { KEY_FORMAT } from "./idempotency.ts";
import { requireOperationRole } from "./roles.ts";
import { ProblemError, validationProblem, type ProblemFieldError } from "./problem.ts";
import {
  controlCharacterErrors,
  INVALID_COMPANY_NUMBER,
  INVALID_COUNTRY,
  INVALID_EMAIL,
  INVALID_MOBILE,
  NOT_A_STRING,
  REQUIRED,
} from "./schemas.ts";

/** The body of every error answer (RFC 9457), as the OpenAPI document states it. */
export const ProblemAnswer = v.looseObject({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  detail: v.string(),
  errors: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
});

/** A 503: maintenance (with its announced end, when there is one) or a passing outage. */
const UNAVAILABLE_ANSWER = {
  description:
    "Maintenance (`urn:macc:problem:maintenance`; `Retry-After` and `expectedEnd` give the announced end, else `Retry-After: 600`) " +
    "or a passing outage (`urn:macc:problem:unavailable`, `Retry-After: 5`).",
  content: { "application/problem+json": { schema: resolver(v.looseObject({ ...ProblemAnswer.entries, ...MaintenanceAnswer.entries })) } },
};

/** The API's French wording of each rule (the forms have their own, in the user's language). */
function ruleText({ path, rule, limit, message }: RuleProblem): string {
  if (message) return message;
  switch (rule) {
    case "required":
      return REQUIRED;
    case "notText":
      return NOT_A_STRING;
    case "tooLong":
      return `${limit} caractères au maximum.`;
    case "tooShort":
      return `${limit} caractères au minimum.`;
    case "email":
      return INVALID_EMAIL;
    case "mobile":
      return INVALID_MOBILE;
    case "companyNumber":
      return INVALID_COMPANY_NUMBER;
    case "country":
      return INVALID_COUNTRY;
    case "locale":
      return problemDetail("badLocale", DEFAULT_LOCALE);
    case "choice":
      return "Valeur non proposée.";
    case "format":
      return path === "" ? NOT_AN_OBJECT : "Format invalide.";
  }
}

/** The 422 field errors of a schema's issues: one per field, in the order of the schema's fields. */
export function fieldErrors(schema: v.GenericSchema, issues: readonly v.BaseIssue<unknown>[]): ProblemFieldError[] {
  return problemsOf(schema, issues).map((problem) => ({ path: problem.path, message: ruleText(problem) }));
}

type Hook = Parameters<typeof validator>[2];
const refuse =
  (schema: v.GenericSchema): Hook =>
  (result) => {
    if (!result.success) throw validationProblem(fieldErrors(schema, result.error as unknown as v.BaseIssue<unknown>[]));
  };

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The JSON body, read before the schema applies: 415 when it is not sent as JSON, 400 when it is not
 * JSON, 422 when a string holds control characters (line breaks only in the `multiline` fields).
 */
function jsonRequest(multiline: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!JSON_TYPE.test((c.req.header("content-type") ?? "").trim())) {
      throw new ProblemError(415, "unsupported-media-type", "unsupportedMediaType");
    }
    let raw: unknown;
    try {
      raw = await c.req.json(); // kept by Hono for the validator that follows
    } catch {
      throw new ProblemError(400, "malformed-json", "malformedJson");
    }
    const errors = controlCharacterErrors(raw, multiline);
    if (errors.length > 0) throw validationProblem(errors);
    await next();
  };
}

/** The JSON body checked against `schema` (`c.req.valid("json")` in the handler). */
export function jsonBody<S extends v.GenericSchema>(schema: S, options: { multiline?: readonly string[] } = {}) {
  return [jsonRequest(options.multiline ?? []), validator("json", schema, refuse(schema))] as const;
}

/**
 * The query string checked against `schema` (`c.req.valid("query")`): a refused parameter → 400
 * with one error per parameter, as the reads have always answered (no form sends a query); control
 * characters or line breaks in one → 422, as in a body.
 */
export function queryOf<S extends v.GenericSchema>(schema: S) {
  const characters: MiddlewareHandler<AppEnv> = async (c, next) => {
    const errors = controlCharacterErrors(c.req.query());
    if (errors.length > 0) throw validationProblem(errors);
    await next();
  };
  const parameters = validator("query", schema, (result) => {
    if (!result.success) {
      const errors = fieldErrors(schema, result.error as unknown as v.BaseIssue<unknown>[]);
      throw new ProblemError(400, "bad-request", "invalidQuery", { errors });
    }
  });
  return [characters, parameters] as const;
}

/**
 * The path's parameters checked against `schema` (`c.req.valid("param")`): a path the schema refuses
 * names nothing this API has, so it is not found (404), said with `notFound`.
 */
export function paramsOf<S extends v.GenericSchema>(schema: S, notFound: ProblemDetailKey) {
  return validator("param", schema, (result) => {
    if (!result.success) throw new ProblemError(404, "not-found", notFound);
  });
}

interface Answer {
  description: string;
  /** The JSON answer's schema; none for an empty answer (204) or a file. */
  schema?: v.GenericSchema;
  /** The media type of a file answer (a PDF, a ZIP, an image), or each it may be. */
  file?: string | readonly string[];
  /** Headers of the answer worth documenting (a cookie it sets), by name. */
  headers?: Record<string, { description: string }>;
}

export interface OperationSpec {
  operationId: string;
  summary: string;
  tags: string[];
  /**
   * `bearer`: an access token is required; `company`: one scoped to a company (an account-level
   * token is refused, 403 company-required); `optional`: a token changes the answer when given.
   */
  auth?: "bearer" | "company" | "optional";
  /** The request carries a solved bot-check challenge in `X-Bot-Check`. */
  botCheck?: boolean;
  /** A POST that takes no body (what it acts on is in its cookie or token). */
  noBody?: boolean;
  /** The request carries an `Idempotency-Key` (server/http/idempotency.ts): always, or when the client has one. */
  idempotencyKey?: "required" | "optional";
  /** The success answers, by status. */
  answers: Record<number, Answer>;
  /** The error statuses this operation answers, besides the ones every operation may (413, 429, 500, 503). */
  problems?: number[];
}

const EVERY_OPERATION_PROBLEMS = [500];

/** Every operation's language header. */
const LANGUAGE_HEADER = {
  name: "X-langue",
  in: "header",
  required: false,
  schema: { type: "string" as const, default: DEFAULT_LOCALE },
  description:
    `The language of a problem's \`detail\` and of the localised data: one of ${LOCALES.join(", ")}. ` +
    "A language alone or another region falls back as the locale choice does (`en` → en-GB, `de-DE` → de-BE); anything else is fr-FR.",
};

/** Documents a route: its answers, its errors as problem+json, its authentication and bot check. */
export function operation(spec: OperationSpec): MiddlewareHandler {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(spec.answers)) {
    responses[status] = {
      description: answer.description,
      ...(answer.headers
        ? { headers: Object.fromEntries(Object.entries(answer.headers).map(([name, h]) => [name, { ...h, schema: { type: "string" } }])) }
        : {}),
      ...(answer.schema
        ? { content: { "application/json": { schema: resolver(answer.schema) } } }
        : answer.file
          ? { content: Object.fromEntries([answer.file].flat().map((type) => [type, { schema: { type: "string", format: "binary" } }])) }
          : {}),
    };
  }
  const roles = ROLES.filter((role) => mayCall(role, spec.operationId));
  const byRole =
    roles.length < ROLES.length
      ? `The account's role in the company does not allow it (\`urn:macc:problem:forbidden-role\`): only ${roles.join(", ")}.`
      : "";
  if (spec.auth === "company") {
    responses["403"] = {
      description: `Account-level token: this operation needs a company chosen first (\`urn:macc:problem:company-required\`).${byRole ? ` ${byRole}` : ""}`,
      content: { "application/problem+json": { schema: resolver(ProblemAnswer) } },
    };
  } else if (spec.auth && byRole) {
    responses["403"] = {
      description: spec.botCheck ? `A refused bot check (\`urn:macc:problem:bot-check\`). ${byRole}` : byRole,
      content: { "application/problem+json": { schema: resolver(ProblemAnswer) } },
    };
  }
  responses["503"] ??= UNAVAILABLE_ANSWER;
  for (const status of [...(spec.problems ?? []), ...EVERY_OPERATION_PROBLEMS]) {
    responses[String(status)] ??= {
      description: "An error (RFC 9457 problem details); `detail` is the user-facing message.",
      content: { "application/problem+json": { schema: resolver(ProblemAnswer) } },
    };
  }
  return describeRoute({
    operationId: spec.operationId,
    summary: spec.summary,
    tags: spec.tags,
    security: spec.auth === "optional" ? [{}, { bearer: [] }] : spec.auth ? [{ bearer: [] }] : [],
    parameters: [
      LANGUAGE_HEADER,
      ...(spec.botCheck
        ? [
            {
              name: BOT_CHECK_HEADER,
              in: "header",
              required: true,
              schema: { type: "string" as const },
              description: "A solved bot-check challenge.",
            },
          ]
        : []),
      ...(spec.idempotencyKey
        ? [
            {
              name: IDEMPOTENCY_KEY_HEADER,
              in: "header",
              required: spec.idempotencyKey === "required",
              schema: { type: "string" as const, pattern: KEY_FORMAT.source },
              description: `One per submission, the same when it is sent again: the first request does the work, a repeat within ${IDEMPOTENCY_KEY_RETENTION_DAYS} days gets its answer (\`Idempotent-Replayed: true\`).`,
            },
          ]
        : []),
    ],
    responses: responses as never,
    ...(spec.noBody ? { "x-no-request-body": true } : {}),
  });
}

/**
 * A protected operation: documented as `operation()` does, and guarded as its `auth` says (a valid
 * bearer token; for `company`, one scoped to a company still linked to the account), then by the
 * caller's role in that company as the contract's permission table says (src/contract/permissions.ts),
 * so the document cannot say a guard that the route lacks.
 */
export function protectedOperation(deps: Deps, spec: OperationSpec & { auth: "bearer" | "company" }) {
  const scope: MiddlewareHandler<AppEnv> = spec.auth === "company" ? requireCompany() : (_c, next) => next();
  return [operation(spec), requireAuth(deps), scope, requireOperationRole(spec.operationId)] as const;
}
