import type * as v from "valibot";
import { verdict, type RuleProblem } from "../contract/rules";
import { ApiError } from "../core/errors";
import type { FieldError } from "./ErrorSummary";

/**
 * The field errors of a 422 problem (`errors: [{ path: "user.nom", message }]`) for the fields a
 * form has, one entry per field with its messages joined (the API may report several rules).
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const byField = new Map<string, string[]>();
  for (const { path, message } of error.problem.errors ?? []) {
    const field = path.split(".").pop() ?? path;
    if (fields.includes(field)) byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return [...byField].map(([field, messages]) => ({ field, message: messages.join(" ") }));
}

/**
 * The errors of a form on submit: the contract's verdict on what the form holds (the schema the API
 * applies too), one per field in form order, each said by `say` in the user's words and language.
 */
export function formErrors(schema: v.GenericSchema, values: unknown, say: (problem: RuleProblem) => string): FieldError[] {
  const result = verdict(schema, values);
  return result.valid ? [] : result.problems.map((problem) => ({ field: problem.path.split(".")[0] ?? "", message: say(problem) }));
}
