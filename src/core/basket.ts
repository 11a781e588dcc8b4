import { BASKET_ITEM_ID } from "../contract/constants";

/**
 * SPEC §4: the basket syncs from the `panier` query parameter, a comma list of ids.
 * Returns null when the parameter is absent, [] when present but empty (which clears the basket).
 */
export function panierFromQuery(search: string): string[] | null {
  const params = new URLSearchParams(search);
  if (!params.has("panier")) return null;
  return (params.get("panier") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => BASKET_ITEM_ID.test(id));
}
