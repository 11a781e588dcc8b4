import { validator } from "hono-openapi";
import type * as v from "valibot";
import { fieldErrors, queryOf } from "./operation.ts";
import { ProblemError } from "./problem.ts";

export const INVALID_QUERY = "Paramètres de la requête invalides.";

/**
 * The query string of a read checked against `schema` (`c.req.valid("query")`), documented with its
 * route: a refused parameter → 400 with one error per parameter, as the reads have always answered
 * (a form's 422 is `queryOf`'s); control characters or line breaks in one → 422, as in a body.
 */
export function queryParams<S extends v.GenericSchema>(schema: S) {
  const [characters] = queryOf(schema);
  const badParameter = validator("query", schema, (result) => {
    if (!result.success) {
      const issues = result.error as unknown as v.BaseIssue<unknown>[];
      throw new ProblemError(400, "bad-request", INVALID_QUERY, { errors: fieldErrors(schema, issues) });
    }
  });
  return [characters, badParameter] as const;
}
