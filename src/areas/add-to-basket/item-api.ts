import type { ApiRequest } from "../../core/api";
import { getBasketItems } from "../../core/basket-items";

/**
 * Whether the catalogue still holds the item, asked of the endpoint the basket reads its items
 * from; the element says a failure itself.
 */
export async function isAvailable(request: ApiRequest, id: string): Promise<boolean> {
  return (await getBasketItems(request, [id])).items.some((item) => item.id === id);
}
