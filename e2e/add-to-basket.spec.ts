import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, watchPage } from "./support";

const PRODUCTS = "/sites/fr-FR/produits.html";
const FEED = "Aliment vaches laitières VL 18";
const basketCount = (page: Page) => page.locator("macc-header .basket__count");

/** Presses Tab until `target` has the focus (keyboard only: no click, no programmatic focus). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, most = 60): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el.matches(":focus"))) return;
  }
  throw new Error(`${most} presses of Tab did not reach ${target.toString()}`);
}

test("on a product page, adding an item keeps the basket already there; keyboard only; the header's count follows; accessible", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { problems } = watchPage(page);
  // The visitor chose two items elsewhere (a campaign's ?panier= link on the home page), then opens Produits from the menu.
  await page.goto("/sites/fr-FR/?panier=1001,1002");
  await expect(basketCount(page)).toHaveText("2");
  const menuEntry = page
    .locator("macc-header")
    .getByRole("navigation", { name: "Menu principal" })
    .getByRole("link", { name: "Produits", exact: true });
  await tabTo(page, menuEntry);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sites\/fr-FR\/produits$/);

  const element = page.locator("macc-add-to-basket[item='1004']");
  const button = element.getByRole("button", { name: `Ajouter au panier : ${FEED}` });
  await tabTo(page, button);
  // The focus ring shows (the element's own, thick and visible).
  expect(await button.evaluate((el) => getComputedStyle(el).outlineWidth)).toBe("3px");
  const box = (await button.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  await page.keyboard.press("Enter");

  const status = element.getByRole("status");
  await expect(status).toHaveText("Ajouté : 3 articles dans votre panier. Voir mon panier");
  await expect(basketCount(page)).toHaveText("3");
  await expectAccessible(page);

  // Again: already there, nothing added.
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Cet article est déjà dans votre panier. Voir mon panier");
  await expect(basketCount(page)).toHaveText("3");

  // The message's link leads to the basket, under the site's portal base, with the three items.
  await page.keyboard.press("Tab");
  await expect(status.getByRole("link", { name: "Voir mon panier" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sites\/fr-FR\/portail\/panier\/validation$/);
  await expect(page.locator("macc-portal .basket-item")).toHaveCount(3);
  expect(problems).toEqual([]);
});

test("without scripts, the editor's link inside each element shows as it is", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PRODUCTS);
  const link = page.locator("macc-add-to-basket[item='1004']").getByRole("link", { name: `Ajouter au panier : ${FEED}` });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "?panier=1004");
  await expect(page.locator("macc-add-to-basket a")).toHaveCount(4);
  await context.close();
});
