import { expect, test, type Page } from "@playwright/test";
import { enterPortal, expectAccessible, watchPage } from "./support";

/** The ten country sites: their address, the header's "Products" entry in their language, and the portal's folder. */
const SITES = [
  { locale: "fr-FR", products: "Produits" },
  { locale: "fr-BE", products: "Produits" },
  { locale: "fr-LU", products: "Produits" },
  { locale: "de-BE", products: "Produkte" },
  { locale: "de-LU", products: "Produkte" },
  { locale: "en-GB", products: "Products" },
  { locale: "es-ES", products: "Productos" },
  { locale: "it-IT", products: "Prodotti" },
  { locale: "nl-BE", products: "Producten" },
  { locale: "nl-NL", products: "Producten" },
];

const basketCount = (page: Page) => page.locator("macc-header .basket__count");

test("every country site loads in its language, with its footer's contact block; the UK site has no join-us entry", async ({ page }) => {
  test.setTimeout(60_000);
  const { problems } = watchPage(page);
  for (const { locale, products } of SITES) {
    await page.goto(`/sites/${locale}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const header = page.locator("macc-header");
    await expect(header.getByRole("navigation").getByRole("link", { name: products, exact: true })).toBeVisible();
    for (const tag of ["macc-header", "macc-login", "macc-footer"])
      await expect(page.locator(tag), `${locale} ${tag}`).toHaveAttribute("lang", locale);
    // The contact block comes from the API: a phone number and the network's address.
    await expect(page.locator("macc-footer").locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.locator('macc-footer [part="footer-address"]')).not.toBeEmpty();
    // Eight main-menu entries, seven on the UK site (SPEC §1: no join-us).
    await expect(header.locator("#main-menu > li"), locale).toHaveCount(locale === "en-GB" ? 7 : 8);
  }
  expect(problems).toEqual([]);
});

test("a site's own links (data-site-base): its home, its products, and its other pages saying in its language that the demo has them not", async ({
  page,
}) => {
  await page.goto("/sites/it-IT/");
  const menu = page.locator("macc-header").getByRole("navigation", { name: "Menu principale" });
  await menu.getByRole("link", { name: "Prodotti", exact: true }).click();
  await expect(page).toHaveURL(/\/sites\/it-IT\/prodotti$/);
  await expect(page.locator("main h1")).toHaveText("I nostri prodotti");
  await menu.getByRole("link", { name: "Chi siamo" }).click();
  await expect(page).toHaveURL(/\/sites\/it-IT\/chi-siamo$/);
  await expect(page.locator("main h1")).toHaveText("Pagina non inclusa nella demo");
  await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
  await expectAccessible(page);
  await page.locator("macc-footer").getByRole("link", { name: "Note legali" }).click();
  await expect(page).toHaveURL(/\/sites\/it-IT\/note-legali$/);
  await page.locator("macc-header").getByRole("link", { name: "MACC — pagina iniziale" }).click();
  await expect(page).toHaveURL(/\/sites\/it-IT\/$/);
  await expect(page.locator("macc-login")).toBeVisible();
});

test("a product page's <macc-add-to-basket> elements fill the basket, and the site's own portal page takes its deep links", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { problems } = watchPage(page);
  await page.goto("/sites/nl-BE/producten.html");
  await expect(basketCount(page)).toHaveText("0");
  const main = page.locator("main");
  await main.getByRole("button", { name: "In winkelmandje: Gecertificeerd zaaizaad zachte tarwe" }).click();
  await expect(basketCount(page)).toHaveText("1");
  // The next one adds to what is there; the address keeps no list.
  await main.getByRole("button", { name: "In winkelmandje: Melkveevoer VL 18" }).click();
  await expect(basketCount(page)).toHaveText("2");
  await expect(page).toHaveURL(/\/sites\/nl-BE\/producten\.html$/);
  await expectAccessible(page);

  await main.getByRole("link", { name: "Naar mijn winkelmandje" }).click();
  await expect(page).toHaveURL(/\/sites\/nl-BE\/portaal\/winkelmandje\/bevestiging$/);
  await expect(page.locator("macc-portal main")).toHaveAttribute("aria-label", "Uw winkelmandje");
  await expect(page.locator("macc-portal .basket__count")).toHaveText("2");

  // Another site's portal page, opened on a deep link: its language, its addresses.
  await page.goto("/sites/de-LU/portal/mein-konto/rechnungen");
  await expect(page).toHaveURL(/\/sites\/de-LU\/portal\/mein-konto\/anmeldung$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de-LU");
  await expect(page.locator("macc-portal main").getByRole("heading", { level: 1 })).toHaveText("Ich melde mich bei meinem Konto an");
  await page.goto("/sites/it-IT/portale/contatti");
  await expect(page.locator("macc-portal main").getByRole("heading", { level: 1 })).toHaveText("Ci contatti");
  expect(problems).toEqual([]);
});

test("the hostile-CSS page: header, login and footer measure and look as on the France page, and its add-to-basket elements work", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { problems } = watchPage(page);
  const measure = async (path: string) => {
    await page.goto(path);
    const submit = page.locator("macc-login").getByRole("button", { name: "Se connecter", exact: true });
    await expect(submit).toBeVisible();
    await expect(page.locator("macc-footer").locator('a[href^="tel:"]').first()).toBeVisible();
    const look = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          height: box.height,
          width: box.width,
          color: s.color,
          background: s.backgroundColor,
          font: `${s.fontSize} ${s.fontFamily}`,
        };
      });
    return {
      header: await look("macc-header header"),
      menu: await look("macc-header nav.main"),
      brand: await look("macc-header .brand"),
      submit: await look("macc-login button[type=submit]"),
      footer: await look("macc-footer footer"),
    };
  };
  const normal = await measure("/france.html");
  const hostile = await measure("/sites/hostile-css.html");
  // The sheet does apply to the page's own content.
  expect(await page.locator(".cms-banner h1").evaluate((el) => getComputedStyle(el).textTransform)).toBe("uppercase");
  for (const part of ["header", "menu", "brand", "submit", "footer"] as const) {
    const [a, b] = [normal[part], hostile[part]];
    expect(Math.abs(a.height - b.height), `${part} height`).toBeLessThanOrEqual(1);
    expect({ ...b, height: a.height, width: a.width }, part).toEqual(a);
  }
  expect(Math.abs(normal.submit.width - hostile.submit.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(normal.brand.width - hostile.brand.width)).toBeLessThanOrEqual(1);

  await expect(basketCount(page)).toHaveText("0");
  await page
    .locator("main")
    .getByRole("button", { name: /^Ajouter au panier/ })
    .first()
    .click();
  await expect(basketCount(page)).toHaveText("1");
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test("AGRIMACC: the agri brand's landing in the AGRI theme for a visitor, with its links; accessible in both themes", async ({ page }) => {
  test.setTimeout(90_000);
  // Both screens (a visitor's, AGRI; a MACC customer's) are axe-checked by the sweep (a11y.spec.ts).
  const portal = page.locator("macc-portal");
  const theme = () => portal.locator(".macc-root").getAttribute("data-theme");
  await page.goto("/portail/agrimacc");
  await expect(portal.locator("main").getByRole("heading", { level: 1 })).toHaveText("Votre partenaire aux champs");
  expect(await theme()).toBe("agri");
  await expect(portal.locator("header .brand")).toHaveText(/^AGRIMACC/);
  await expect(portal.locator('main h1 svg[data-icon="sprout"]')).toBeVisible();
  await expect(page).toHaveTitle("Votre partenaire aux champs — AGRIMACC");

  // Each action opens its page inside the portal, still AGRIMACC's: contacts are the agri network's.
  const main = portal.locator("main");
  await main.getByRole("link", { name: "Contactez-nous" }).click();
  await expect(page).toHaveURL(/\/portail\/contact$/);
  await expect(main.getByRole("heading", { level: 3 }).first()).toHaveText("Service adhérents");
  await page.goBack();
  await main.getByRole("link", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/portail\/inscription$/);
  await page.goBack();
  await main.getByRole("link", { name: "Me connecter à mon compte" }).click();
  await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);
  expect(await theme()).toBe("agri");

  // A customer of a MACC company keeps their company's theme (SPEC §4) and is offered their account.
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/agrimacc");
  await expect(main.getByRole("link", { name: "Accéder à mon compte" })).toBeVisible();
  expect(await theme()).toBe("macc");
});
