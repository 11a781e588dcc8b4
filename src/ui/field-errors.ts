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
