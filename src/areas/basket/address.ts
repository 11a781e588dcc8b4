import type { Navigation } from "../../ui/context";

/**
 * The `?panier=` list of a query string rewritten to `ids` (left out when the basket is empty),
 * or null when the address has none. Commas stay readable, as the sites write them.
 */
export function withPanier(search: string, ids: readonly string[]): string | null {
  const params = new URLSearchParams(search);
  if (!params.has("panier")) return null;
  if (ids.length) params.set("panier", ids.join(","));
  else params.delete("panier");
  return params.toString().replace(/%2C/gi, ",");
}

/**
 * The core syncs the basket from `?panier=` when a page loads: once an item is removed or the
 * basket sent, the address says so too (replaced, no history entry), or a reload would bring the
 * items back. The portal's router is told; a standalone element rewrites the page's address.
 */
export function followInAddress(nav: Navigation, ids: readonly string[]): void {
  const next = withPanier(nav.query?.search ?? location.search.slice(1), ids);
  if (next === null) return;
  if (nav.query) nav.query.set(next, { replace: true });
  else history.replaceState(history.state, "", location.pathname + (next ? `?${next}` : "") + location.hash);
}
