import { expect, test } from "@playwright/test";

/** The address tables are one file per language (`fr-….js`); the message catalogs are per locale (`fr-FR-….js`). */
const PATHS_TABLE = /\/static\/js\/(fr|en|de|nl|es|it)-(?![A-Z]{2}-)[\w-]+\.js$/;
/** Where an area's texts are, per locale: the portal's other screens bring theirs with their route. */
const TEXTS_TABLE = /\/static\/js\/catalog-[\w-]+\.js$/;

test("the portal's login screen draws with its own language's addresses only, and nothing of the other screens", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));

  await page.goto("/portail");
  const portal = page.locator("macc-portal");
  await expect(portal.getByRole("heading", { level: 1, name: "Je me connecte à mon compte" })).toBeVisible();
  await expect(portal.locator("footer address")).toBeVisible();
  expect(requested.filter((path) => PATHS_TABLE.test(path))).toEqual([expect.stringMatching(/\/fr-/)]);
  expect(requested.filter((path) => TEXTS_TABLE.test(path))).toEqual([]);

  // A link shared from another country's site still finds its page: the other tables load for it.
  await page.goto("/portail/forgotten-password");
  await expect(page).toHaveURL(/\/portail\/mot-de-passe-oublie$/);
});

test("the load error still shows, in French, when its own texts cannot be fetched either", async ({ page }) => {
  await page.route(/\/static\/js\/(macc-footer|load-error)\.js$/, (route) => route.abort());
  await page.addInitScript(() =>
    document.addEventListener("macc-load-error", (e) => ((window as { loadError?: unknown }).loadError = (e as CustomEvent).detail)),
  );
  await page.goto("/footer.html");
  await expect(page.locator("macc-footer").getByRole("alert")).toHaveText(
    "Cette partie de la page n’a pas pu être chargée. Veuillez recharger la page.",
  );
  expect(await page.evaluate(() => (window as { loadError?: unknown }).loadError)).toMatchObject({
    type: "error",
    url: expect.stringContaining("/static/js/macc-footer.js"),
  });
});
