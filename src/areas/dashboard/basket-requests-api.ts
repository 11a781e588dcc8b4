import * as v from "valibot";
import type { ApiRequest } from "../../core/api";

const BasketRequestSchema = v.object({
  id: v.string(),
  reference: v.string(),
  createdAt: v.string(),
  status: v.string(),
  items: v.array(v.object({ id: v.string(), nom: v.string() })),
});
export type SentBasketRequest = v.InferOutput<typeof BasketRequestSchema>;

const BasketRequestsSchema = v.object({ requests: v.array(BasketRequestSchema) });

/** The baskets this account sent for the chosen company, newest first; the section shows its own failure. */
export async function getBasketRequests(request: ApiRequest, signal?: AbortSignal): Promise<SentBasketRequest[]> {
  return v.parse(BasketRequestsSchema, await request<unknown>("/me/basket-requests", { signal, errors: "inline" })).requests;
}
