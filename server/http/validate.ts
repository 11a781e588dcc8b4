import type { Context } from "hono";
import * as v from "valibot";
import { MESSAGES, ProblemError, validationProblem, type ProblemFieldError } from "./problem.ts";
import { controlCharacterErrors } from "./schemas.ts";

/** JSON path of a valibot issue, e.g. "email" or "items.0.id"; "" for the root. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => String((p as { key: unknown }).key)).join(".");
}

export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): ProblemFieldError[] {
  return issues.map((issue) => ({ path: issuePath(issue), message: issue.message }));
}

/**
 * Reads the JSON body and validates it against `schema`.
 * 415 when the content type is not JSON, 400 when the body is not JSON, 422 when it does not match
 * or when a string holds control characters (line breaks only in the `multiline` fields' paths).
 */
export async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  options: { multiline?: readonly string[] } = {},
): Promise<v.InferOutput<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type.trim())) {
    throw new ProblemError(415, "unsupported-media-type", MESSAGES.unsupportedMediaType);
  }
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = JSON.parse(text);
  } catch {
    throw new ProblemError(400, "malformed-json", MESSAGES.malformedJson);
  }
  const errors = controlCharacterErrors(raw, options.multiline);
  if (errors.length > 0) throw validationProblem(errors);
  return parseOrThrow(schema, raw);
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) {
    throw validationProblem(toFieldErrors(result.issues));
  }
  return result.output;
}
