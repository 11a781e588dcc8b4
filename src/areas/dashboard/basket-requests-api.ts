import * as v from "valibot";
import { MyBasketRequestsAnswer, type SentBasketRequest } from "../../contract/basket";
import type { ApiRequest } from "../../core/api";

/** The baskets this account sent for the chosen company, newest first; the section shows its own failure. */
export async function getBasketRequests(request: ApiRequest, signal?: AbortSignal): Promise<SentBasketRequest[]> {
  return v.parse(MyBasketRequestsAnswer, await request<unknown>("/me/basket-requests", { signal, errors: "inline" })).requests;
}
