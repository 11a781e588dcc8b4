/** A request body's object, its missing fields worded as the fields themselves word an absent value. */
import * as v from "valibot";

export const NOT_AN_OBJECT = "Le corps de la requête doit être un objet JSON.";

/**
 * A JSON body: valibot reports a missing key with the object's message, so a missing field gets its
 * own schema's verdict on an absent value ("required", or a field's own wording such as "Choose a
 * service"), and a body that is not an object says so.
 */
export function requestBody<E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, (issue) => {
    const key = issue.input === undefined ? issue.path?.at(-1)?.key : undefined;
    if (typeof key !== "string" || !Object.hasOwn(entries, key)) return NOT_AN_OBJECT;
    const absent = v.safeParse(entries[key]!, undefined);
    return absent.success ? "required" : absent.issues[0].message;
  });
}
