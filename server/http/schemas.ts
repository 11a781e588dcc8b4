import * as v from "valibot";

/** French messages for the common field rules (the client translates the ones it knows). */
export const REQUIRED = "Champ obligatoire";

export function requiredString(max: number) {
  return v.pipe(
    v.string((issue) => (issue.input === undefined || issue.input === null ? REQUIRED : "Doit être une chaîne de caractères.")),
    v.maxLength(max, `${max} caractères au maximum.`),
  );
}

/**
 * Message of a `v.object` schema: valibot reports a missing key with the message of the object,
 * so an absent value reads "Champ obligatoire" and anything else `notObject`.
 */
export function objectMessage(notObject = "Le corps de la requête doit être un objet JSON.") {
  return (issue: v.BaseIssue<unknown>) => (issue.input === undefined ? REQUIRED : notObject);
}
