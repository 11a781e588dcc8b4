import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-add-to-basket";
import { BASKET_MAX_ITEMS } from "../../contract/constants";
import { getCore } from "../../core/index";
import { pathFor } from "../../core/paths";
import { listen, mount, problem, resetPage, stubApi, waitFor, type ApiCall, type Mounted } from "../../test/elements";

const ITEMS = "GET /api/basket/items";
const CATALOGUE = ["1001", "1002", "1004"];

/** What GET /basket/items answers: the catalogue's items, the others unknown. */
function catalogue(call: ApiCall) {
  const ids = (call.query.get("ids") ?? "").split(",");
  return {
    body: {
      items: ids.filter((id) => CATALOGUE.includes(id)).map((id) => ({ id, nom: `Article ${id}`, description: "", image: null })),
      unknown: ids.filter((id) => !CATALOGUE.includes(id)),
    },
  };
}

const api = () => stubApi({ [ITEMS]: catalogue });

const panier = () => getCore().store.getState().app.panier;
const withBasket = (ids: string[]) => getCore().store.getState().updatePanier(ids);
const status = (view: Mounted) => view.screen.getByRole("status");
const press = (view: Mounted, name: string | RegExp = "Ajouter au panier") => fireEvent.click(view.screen.getByRole("button", { name }));

beforeEach(() => resetPage());

describe("<macc-add-to-basket>", () => {
  it("adds the item to the basket already there, says so with the new count and a link to the basket, and fires macc-basket-change", async () => {
    const calls = api();
    withBasket(["1001", "1002"]);
    const events = listen<{ panier: string[] }>("macc-basket-change");
    const view = await mount('<macc-add-to-basket item="1004"></macc-add-to-basket>');
    expect(status(view).textContent).toBe("");

    press(view);
    await waitFor(() => expect(status(view).textContent).toBe("Ajouté : 3 articles dans votre panier. Voir mon panier"));
    expect(panier()).toEqual(["1001", "1002", "1004"]);
    expect(events.map((event) => event.detail.panier)).toEqual([["1001", "1002", "1004"]]);
    expect(calls.calls.map((call) => call.query.get("ids"))).toEqual(["1004"]);
    expect(view.screen.getByRole("link", { name: "Voir mon panier" }).getAttribute("href")).toBe(`/portail${pathFor("PANIER", "fr-FR")}`);
  });

  it("in another language, with one item: the language's plural, and the link under the page's portal base", async () => {
    resetPage({ locale: "en-GB", portalBase: "/sites/en-GB/portal" });
    api();
    const view = await mount('<macc-add-to-basket item="1004"></macc-add-to-basket>');
    press(view, "Add to basket");
    await waitFor(() => expect(status(view).textContent).toBe("Added: 1 item in your basket. See my basket"));
    expect(view.screen.getByRole("link", { name: "See my basket" }).getAttribute("href")).toBe(
      `/sites/en-GB/portal${pathFor("PANIER", "en-GB")}`,
    );
  });

  it("an item already in the basket: says so, adds nothing, asks nothing, fires nothing", async () => {
    const calls = api();
    withBasket(["1004"]);
    const events = listen("macc-basket-change");
    const view = await mount('<macc-add-to-basket item="1004"></macc-add-to-basket>');
    press(view);
    await waitFor(() => expect(status(view).textContent).toBe("Cet article est déjà dans votre panier. Voir mon panier"));
    expect(panier()).toEqual(["1004"]);
    expect(events).toHaveLength(0);
    expect(calls.calls).toHaveLength(0);
  });

  it("an id the catalogue does not hold: no longer available, nothing added", async () => {
    api();
    withBasket(["1001"]);
    const view = await mount('<macc-add-to-basket item="9999"></macc-add-to-basket>');
    press(view);
    await waitFor(() => expect(status(view).textContent).toBe("Cet article n'est plus disponible."));
    expect(panier()).toEqual(["1001"]);
  });

  it(`a full basket (${BASKET_MAX_ITEMS} items): says so and adds nothing`, async () => {
    const calls = api();
    const full = Array.from({ length: BASKET_MAX_ITEMS }, (_, i) => String(2000 + i));
    withBasket(full);
    const view = await mount('<macc-add-to-basket item="1004"></macc-add-to-basket>');
    press(view);
    await waitFor(() =>
      expect(status(view).textContent).toBe(`Votre panier est plein : il contient au plus ${BASKET_MAX_ITEMS} articles. Voir mon panier`),
    );
    expect(panier()).toEqual(full);
    expect(calls.calls).toHaveLength(0);
  });

  it("a failed check: says to try again, adds nothing; the next press adds", async () => {
    let fail = true;
    stubApi({ [ITEMS]: (call) => (fail ? problem(500) : catalogue(call)) });
    const view = await mount('<macc-add-to-basket item="1004"></macc-add-to-basket>');
    press(view);
    await waitFor(() => expect(status(view).textContent).toBe("L'article n'a pas pu être ajouté pour le moment. Veuillez réessayer."));
    expect(panier()).toEqual([]);
    fail = false;
    press(view);
    await waitFor(() => expect(panier()).toEqual(["1004"]));
  });

  it("a real button, named with the item's name when the page gives it", async () => {
    api();
    const view = await mount('<macc-add-to-basket item="1004" name="Aliment VL 18"></macc-add-to-basket>');
    const button = view.screen.getByRole("button", { name: "Ajouter au panier : Aliment VL 18" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.textContent).toBe("Ajouter au panier");
  });
});
