/** The customer's adviser: shown by the adviser screen and, first, on the contact page. */
import * as v from "valibot";
import { AdviserAnswer } from "../contract/adviser";
import type { ApiRequest } from "./api";
import type { Locale } from "../contract/constants";

/** The screens and the contact card read the answer's type here, beside the call. */
export type { AdviserAnswer };

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
    AdviserAnswer,
    await request<unknown>("/me/adviser", { headers: { "X-langue": langue }, signal, errors: "inline", optional }),
  );
}

/** The photo address the API gives is relative to the API's origin. */
export function photoSource(photoUrl: string, apiBase: string): string {
  return new URL(photoUrl, new URL(apiBase, location.href)).href;
}
