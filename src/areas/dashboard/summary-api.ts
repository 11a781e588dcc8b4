import * as v from "valibot";
import { SummaryAnswer } from "../../contract/profile";
import type { ApiRequest } from "../../core/api";

/** The tiles' counts; the tiles work without them, so a failure stays quiet. */
export async function getSummary(request: ApiRequest, signal?: AbortSignal): Promise<SummaryAnswer> {
  return v.parse(SummaryAnswer, await request<unknown>("/me/summary", { signal, errors: "inline" }));
}
