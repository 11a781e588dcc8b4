/*
 * The product page's "add to basket" links, as a country CMS would write them. SPEC §4: `?panier=`
 * sets the basket to the list it carries, so each link carries the ids already chosen on this page
 * (the page's own `?panier=`) plus its own. Without this script the links still work, each with its
 * one id. An external module: the page's Content-Security-Policy allows no inline script.
 */
const chosen = (new URLSearchParams(location.search).get("panier") ?? "").split(",").filter((id) => /^[\w-]{1,64}$/.test(id));

for (const link of document.querySelectorAll("a[data-add-to-basket]")) {
  const id = link.dataset.addToBasket;
  const ids = chosen.includes(id) ? chosen : [...chosen, id];
  link.href = `${location.pathname}?panier=${ids.join(",")}`;
}
