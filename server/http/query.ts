import * as v from "valibot";
import { ProblemError, validationProblem } from "./problem.ts";
import { controlCharacterErrors } from "./schemas.ts";
import { toFieldErrors } from "./validate.ts";

export const INVALID_QUERY = "Paramètres de la requête invalides.";

/**
 * Validates query parameters (the first value of each; empty values count as absent) → 400
 * problem with one error per parameter; control characters or line breaks in one → 422, as in a body.
 */
export function parseQuery<S extends v.GenericSchema>(schema: S, query: Record<string, string>): v.InferOutput<S> {
  const input: Record<string, string> = {};
  for (const [k, value] of Object.entries(query)) if (value !== "") input[k] = value;
  const errors = controlCharacterErrors(input);
  if (errors.length > 0) throw validationProblem(errors);
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) {
    throw new ProblemError(400, "bad-request", INVALID_QUERY, { errors: toFieldErrors(result.issues) });
  }
  return result.output;
}

/** Optional integer parameter in [min, max]. */
export function intParam(min: number, max: number, message: string) {
  return v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message)),
  );
}
