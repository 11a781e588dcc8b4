import { expect, test, type Locator, type Page } from "@playwright/test";
import { enterPortal, expectAccessible, holdRequests, recordLayoutShifts } from "./support";

const portal = (page: Page) => page.locator("macc-portal main");

// Each test logs in (a proof of work) and runs axe at two widths or more: longer than the default.
test.describe.configure({ timeout: 90_000 });

/** The page scrolls sideways when its content is wider than the window (WCAG 1.4.10 reflow). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** A cell is readable without scrolling sideways: entirely within the window's width. */
async function expectWithinWidth(page: Page, cell: Locator) {
  await cell.scrollIntoViewIfNeeded();
  await expect(cell).toBeVisible();
  const box = (await cell.boundingBox())!;
  const width = page.viewportSize()!.width;
  const name = (await cell.textContent()) ?? "";
  expect(box.x, name).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, name).toBeLessThanOrEqual(width);
}

const box = async (locator: Locator) => {
  const b = (await locator.boundingBox())!;
  return { x: Math.round(b.x), y: Math.round(b.y) };
};

test.describe("lists on a phone", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("invoices at 320 and 360 px: every column of a row on screen as a card, no sideways scroll; the table keeps its semantics", async ({
    page,
  }) => {
    await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/factures");
    const main = portal(page);
    const rows = main.locator("table.data tbody tr:not(.skeleton-row)");
    await expect(rows).toHaveCount(25);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 780 });
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      const row = rows.nth(1);
      for (const label of ["Numéro", "Date de facture", "Référence", "Montant", "Échéance", "Statut"]) {
        await expectWithinWidth(page, row.locator(`[data-label="${label}"]`));
      }
      await expectWithinWidth(page, row.getByRole("button", { name: /^PDF facture/ }));
    }
    // Screen readers still get a table: rows, column headers and a row header per invoice.
    const table = main.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveCount(7);
    await expect(table.getByRole("row")).toHaveCount(26);
    await expect(table.getByRole("rowheader")).toHaveCount(25);
    // Sorting stays at hand on cards, as buttons of at least 24 px.
    const sort = table.getByRole("button", { name: /Montant/ });
    await expect(sort).toBeVisible();
    expect((await sort.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await expectAccessible(page);
  });

  test("invoices: Back restores the search, the filters and the page; an empty search shows no table headers", async ({ page }) => {
    await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/factures");
    const main = portal(page);
    const status = main.locator(".results [role=status]");
    await expect(status).toContainText("1–25 sur");

    await main.getByLabel("Statut").selectOption("unpaid");
    await expect(page).toHaveURL(/\?statut=unpaid$/);
    // On the first page "Previous" is unavailable, and looks it (not like "Next").
    const previous = main.getByRole("button", { name: "Précédent" });
    await expect(previous).toBeDisabled();
    const look = (button: Locator) => button.evaluate((b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]);
    expect(await look(previous)).not.toEqual(await look(main.getByRole("button", { name: "Suivant" })));
    await main.getByRole("button", { name: "Suivant" }).click();
    await expect(page).toHaveURL(/\?statut=unpaid&page=2$/);
    await expect(status).toContainText("26–50 sur");

    // Away and back: the list is where the customer left it.
    await page.goto("/portail/mon-compte/parc-produits");
    await expect(main.locator("table.data tbody tr:not(.skeleton-row)").first()).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/factures\?statut=unpaid&page=2$/);
    await expect(status).toContainText("26–50 sur");
    await expect(main.getByLabel("Statut")).toHaveValue("unpaid");
    await expect(main.getByRole("button", { name: "Aller à la page 2" })).toHaveAttribute("aria-current", "page");
    // The page was a history entry of its own; the filter was not.
    await page.goBack();
    await expect(page).toHaveURL(/\/factures\?statut=unpaid$/);
    await expect(status).toContainText("1–25 sur");
    await expect(main.getByLabel("Statut")).toHaveValue("unpaid");

    // Typing: one entry replaced, not one per key.
    const length = await page.evaluate(() => history.length);
    await main.getByLabel("Numéro ou référence de facture").pressSequentially("ZZZ-000", { delay: 40 });
    await expect(page).toHaveURL(/\?q=ZZZ-000&statut=unpaid$/);
    expect(await page.evaluate(() => history.length)).toBe(length);
    await expect(status).toHaveText("Aucune facture ne correspond à votre recherche.");
    await expect(main.locator("table, thead, [role=columnheader]")).toHaveCount(0);
    await expectAccessible(page);

    // A hand-edited address: invalid values are ignored, the list still shows.
    await page.goto("/portail/mon-compte/factures?page=-3&annee=abc&statut=%00&tri=prix");
    await expect(status).toContainText("1–25 sur");
  });

  test("the product fleet on a 412 px phone: its skeleton laid out as cards already, nothing moves while it loads (no layout shift)", async ({
    page,
  }) => {
    // Lighthouse's phone: wide enough for the header row alone, not for the rows.
    await page.setViewportSize({ width: 412, height: 823 });
    await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte");
    const release = await holdRequests(page, "**/api/me/products**");
    const shifts = await recordLayoutShifts(page);
    await page.goto("/portail/mon-compte/parc-produits");
    const wrap = portal(page).locator(".table-wrap");
    await expect(wrap.locator("tr.skeleton-row").first()).toBeVisible();
    await expect(wrap).toHaveClass(/table-wrap--cards/);
    release();
    await expect(wrap.locator("tbody tr:not(.skeleton-row)").first()).toBeVisible();
    await expect(wrap).toHaveClass(/table-wrap--cards/);
    // Two frames, for a shift of the last one to be reported.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await shifts()).toEqual([]);
  });

  test("product fleet and a product's purchases at 320 and 360 px: every column and the actions on screen, no sideways scroll", async ({
    page,
  }) => {
    await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits");
    const main = portal(page);
    const rows = main.locator("table.data tbody tr:not(.skeleton-row)");
    await expect(rows.first()).toBeVisible();
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 780 });
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      const row = rows.first();
      for (const label of ["Produit", "Quantité", "Date du dernier achat"])
        await expectWithinWidth(page, row.locator(`[data-label="${label}"]`));
      for (const link of await row.getByRole("link").all()) await expectWithinWidth(page, link);
      // A card is a compact block, its three actions inside it (a table row was 190 px tall, actions off screen).
      expect((await row.boundingBox())!.height).toBeLessThan(380);
    }
    await expectAccessible(page);

    await rows
      .first()
      .getByRole("link", { name: /Documents techniques/ })
      .click();
    await expect(main.getByText(/Code produit/)).toBeVisible();
    const purchases = main.locator("table.data tbody tr");
    await expect(purchases.first()).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    for (const label of ["Date d'achat", "Quantité"]) await expectWithinWidth(page, purchases.first().locator(`[data-label="${label}"]`));
    await expectAccessible(page);
  });
});

test("the yearly ZIP button keeps its place before, during and after the download, wide and narrow", async ({ page }) => {
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/factures");
  const main = portal(page);
  const year = await main.getByLabel("Année").locator("option").nth(1).getAttribute("value");
  await main.getByLabel("Année").selectOption(year!);
  const zip = main.getByRole("button", { name: /\(ZIP\)/ });
  await expect(zip).toBeVisible();
  // Hold each archive until released, so the running state can be measured.
  const held: Array<() => void> = [];
  await page.route("**/api/me/invoices/archive/*.zip", async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  for (const [i, width] of [1280, 360].entries()) {
    await page.setViewportSize({ width, height: 900 });
    await zip.scrollIntoViewIfNeeded();
    const before = await box(zip);
    const download = page.waitForEvent("download");
    await zip.click();
    await expect(main.locator(".progress progress")).toBeVisible();
    await expect.poll(() => held.length).toBe(i + 1);
    const during = await box(zip);
    held[i]!();
    await download;
    await expect(main.locator(".progress progress")).toHaveCount(0);
    const after = await box(zip);
    expect({ width, during, after }).toEqual({ width, during: before, after: before });
  }
});

test("on a wide screen the lists stay tables: one header row, one line per invoice", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/factures");
  const main = portal(page);
  const headers = main.locator("table.data thead th");
  await expect(headers).toHaveCount(7);
  const tops = await headers.evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  const cells = main.locator("table.data tbody tr").first().locator("th, td");
  const cellTops = await cells.evaluateAll((all) => all.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(new Set(cellTops).size).toBe(1);
});

/**
 * The tables of `<macc-portal>` set to each width from 320 to 1280 px, as a CMS column beside a
 * sidebar would: the widths where a table scrolls sideways, none expected. The observer that picks
 * table or cards runs after layout, before the next paint: two frames later the choice is made.
 */
function widthsThatScroll(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const host = document.querySelector("macc-portal") as HTMLElement;
    host.style.display = "block";
    const scrolling: string[] = [];
    for (let width = 320; width <= 1280; width += 20) {
      host.style.width = `${width}px`;
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      for (const wrap of host.shadowRoot!.querySelectorAll(".table-wrap"))
        if (wrap.scrollWidth > wrap.clientWidth + 1) scrolling.push(`${width} px: ${wrap.scrollWidth} in ${wrap.clientWidth}`);
    }
    host.style.width = "";
    return scrolling;
  });
}

test("in a column of any width, 320 to 1280 px, no list scrolls sideways: a table where it fits, cards where not (French and German)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/factures");
  const host = page.locator("macc-portal");
  // The invoices, the product fleet, and a product's purchases (its after-sales view).
  for (const path of ["/portail/mon-compte/factures", "/portail/mon-compte/parc-produits", "/portail/mon-compte/parc-produits/PSEM/sav"]) {
    if (new URL(page.url()).pathname !== path) await page.goto(path);
    const headers = portal(page).locator("table.data thead");
    await expect(portal(page).locator("table.data tbody tr:not(.skeleton-row)").first()).toBeVisible();
    expect(await widthsThatScroll(page), `${path} in French`).toEqual([]);
    const french = (await headers.textContent())!;
    await host.evaluate((element) => element.setAttribute("locale", "de-BE"));
    await expect(headers).not.toHaveText(french);
    expect(await widthsThatScroll(page), `${path} in German`).toEqual([]);
    await host.evaluate((element) => element.removeAttribute("locale"));
  }
  // At 1280 px the invoices are a table again, at 320 px cards.
  await page.goto("/portail/mon-compte/factures");
  const wrap = portal(page).locator(".table-wrap");
  await expect(wrap).not.toHaveClass(/table-wrap--cards/);
  await host.evaluate((element) => ((element as HTMLElement).style.cssText = "display: block; width: 320px"));
  await expect(wrap).toHaveClass(/table-wrap--cards/);
});
