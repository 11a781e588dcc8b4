import * as v from "valibot";
import { SummaryAnswer, type SummaryQuery } from "../../contract/profile";
import type { ApiRequest } from "../../core/api";

/**
 * The tiles' counts and the basket requests, in one request; the tiles work without their counts,
 * so a failure stays quiet (the basket requests' section says it).
 */
export async function getSummary(request: ApiRequest, signal?: AbortSignal): Promise<SummaryAnswer> {
  const query = { with: "basket-requests" } satisfies SummaryQuery;
  return v.parse(SummaryAnswer, await request<unknown>("/me/summary", { query, signal, errors: "inline" }));
}
