import * as v from "valibot";

/** French messages for the common field rules (the client translates the ones it knows). */
export const REQUIRED = "Champ obligatoire";

export function requiredString(max: number) {
  return v.pipe(
    v.string((issue) => (issue.input === undefined || issue.input === null ? REQUIRED : "Doit être une chaîne de caractères.")),
    v.maxLength(max, `${max} caractères au maximum.`),
  );
}
