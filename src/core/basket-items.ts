import * as v from "valibot";
import { BasketItemsAnswer } from "../contract/basket";
import type { ApiRequest } from "./api";

/**
 * The catalogue's entries for `ids`, in their order (ids it no longer holds are left out): read by
 * the basket and by the add-to-basket button. A module of its own, so that only they download the
 * schema, not every element through the core. The caller shows a failure itself.
 */
export async function getBasketItems(request: ApiRequest, ids: readonly string[], signal?: AbortSignal): Promise<BasketItemsAnswer> {
  const answer = await request<unknown>("/basket/items", { query: { ids: ids.join(",") }, signal, errors: "inline", anonymous: true });
  return v.parse(BasketItemsAnswer, answer);
}
