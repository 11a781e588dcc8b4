import { expect, test, type Page } from "@playwright/test";
import { logIn } from "./support";

/** Issue 29: the demo accountant and workshop of multi@'s first company see what their role allows. */
const portal = (page: Page) => page.locator("macc-portal");
const tiles = (page: Page) => portal(page).locator(".tiles .tile__title");

test("the accountant sees the invoices, not the product fleet, in the tiles, the menu and at its address", async ({ page }) => {
  await page.goto("/portail/mon-compte/connexion");
  await logIn(page, "comptable@demo.macc.test", "macc-portal");
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  await expect(tiles(page)).toHaveText(["Mes factures", "Mes informations", "Coordonnées bancaires"]);
  await portal(page)
    .getByRole("button", { name: /Mon compte/ })
    .click();
  await expect(portal(page).getByRole("link", { name: "Mes factures" }).first()).toBeVisible();
  await expect(portal(page).locator(".submenu").getByRole("link", { name: "Mon parc produits" })).toHaveCount(0);

  await page.goto("/portail/mon-compte/parc-produits");
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  await page.goto("/portail/mon-compte/factures");
  await expect(page).toHaveURL(/\/portail\/mon-compte\/factures$/);
  await expect(portal(page).getByRole("heading", { level: 1 })).toHaveText("Mes factures");
});

test("the workshop sees the product fleet, not the invoices", async ({ page }) => {
  await page.goto("/portail/mon-compte/connexion");
  await logIn(page, "atelier@demo.macc.test", "macc-portal");
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  await expect(tiles(page)).toHaveText(["Mes informations", "Mon parc produits", "Mes demandes d'intervention"]);
  await page.goto("/portail/mon-compte/factures");
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  await page.goto("/portail/mon-compte/parc-produits");
  await expect(page).toHaveURL(/\/portail\/mon-compte\/parc-produits$/);
});
