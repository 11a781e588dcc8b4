/** The customer's adviser: shown by the adviser screen and, first, on the contact page. */
import * as v from "valibot";
import type { ApiRequest } from "./api";
import type { Locale } from "./constants";

const ServiceSchema = v.object({
  nomSousService: v.string(),
  telephone1: v.nullish(v.string()),
  mail1: v.nullish(v.string()),
  mail2: v.nullish(v.string()),
});

const AdviserAnswerSchema = v.object({
  adviser: v.nullable(
    v.object({
      id: v.string(),
      civilite: v.nullish(v.string()),
      prenom: v.string(),
      nom: v.string(),
      fonction: v.nullish(v.string()),
      telephone: v.nullish(v.string()),
      mobile: v.nullish(v.string()),
      email: v.nullish(v.string()),
      photoUrl: v.nullish(v.string()),
    }),
  ),
  service: ServiceSchema,
});
export type AdviserAnswer = v.InferOutput<typeof AdviserAnswerSchema>;

/**
 * The job title and service name come in the element's language, which may not be the page's.
 * Its screens show a failure themselves; `optional`: a bonus on a public page, which a lapsed
 * session must not turn into a trip to login.
 */
export async function getAdviser(
  request: ApiRequest,
  langue: Locale,
  { signal, optional }: { signal?: AbortSignal; optional?: boolean } = {},
): Promise<AdviserAnswer> {
  return v.parse(
    AdviserAnswerSchema,
    await request<unknown>("/me/adviser", { headers: { "X-langue": langue }, signal, errors: "inline", optional }),
  );
}

/** The photo address the API gives is relative to the API's origin. */
export function photoSource(photoUrl: string, apiBase: string): string {
  return new URL(photoUrl, new URL(apiBase, location.href)).href;
}
