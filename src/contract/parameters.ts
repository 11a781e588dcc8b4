/** Query and path parameters shared by the reads: read the same way by every route. */
import * as v from "valibot";
import { LOCALES, type Locale } from "./constants";

/** An optional query parameter: absent or empty ("?q=") is absent, anything else must pass `schema`. */
export function queryParam<S extends v.GenericSchema<string, unknown>>(schema: S) {
  return v.pipe(
    v.optional(v.string()),
    v.transform((value) => (value === "" ? undefined : value)),
    v.optional(schema),
  );
}

/**
 * `langue`: the language of the names in an answer (SPEC §7), one of the ten locales, an underscore
 * accepted for the hyphen ("fr_FR"); absent, the `X-langue` header's.
 */
export const LangueQuery = v.object({
  langue: queryParam(
    v.pipe(
      v.string(),
      v.transform((value) => value.replace("_", "-")),
      v.picklist(LOCALES as readonly Locale[] as Locale[], "locale"),
    ),
  ),
});

/** `{id}` of a resource named by a random UUID (an invoice, a document, a photo, a RIB). */
export const IdParams = v.object({ id: v.pipe(v.string(), v.uuid()) });
