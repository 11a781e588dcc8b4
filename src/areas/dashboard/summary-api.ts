import * as v from "valibot";
import type { ApiRequest } from "../../core/api";

const SummarySchema = v.object({
  invoices: v.object({ unpaid: v.number(), total: v.number() }),
  products: v.number(),
  adviser: v.boolean(),
});
export type Summary = v.InferOutput<typeof SummarySchema>;

/** The tiles' counts; the tiles work without them, so a failure stays quiet. */
export async function getSummary(request: ApiRequest, signal?: AbortSignal): Promise<Summary> {
  return v.parse(SummarySchema, await request<unknown>("/me/summary", { signal, errors: "inline" }));
}
