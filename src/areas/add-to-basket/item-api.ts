import * as v from "valibot";
import { BasketItemsAnswer } from "../../contract/basket";
import type { ApiRequest } from "../../core/api";

/**
 * Whether the catalogue still holds the item, asked of the endpoint the basket reads its items
 * from; the element says a failure itself.
 */
export async function isAvailable(request: ApiRequest, id: string): Promise<boolean> {
  const answer = v.parse(
    BasketItemsAnswer,
    await request<unknown>("/basket/items", { query: { ids: id }, errors: "inline", anonymous: true }),
  );
  return answer.items.some((item) => item.id === id);
}
