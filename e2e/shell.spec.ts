import { expect, test, type Page, type Request } from "@playwright/test";
import { enterPortal, expectAccessible, holdRequests, portalTakenOver, watchPage } from "./support";

/** The space the shell keeps under the header band and above the footer on every screen. */
const RHYTHM = 24;

type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };

/** Boxes of elements inside `<macc-portal>`'s shadow root, measured in the page. */
function portalBoxes(page: Page, selectors: Record<string, string>): Promise<Record<string, Box | null>> {
  return page.evaluate((selectors) => {
    const root = document.querySelector("macc-portal")!.shadowRoot!;
    const box = (el: Element | null) => {
      if (!el) return null;
      const { left, top, right, bottom, width, height } = el.getBoundingClientRect();
      return { left, top, right, bottom, width, height };
    };
    return Object.fromEntries(Object.entries(selectors).map(([name, selector]) => [name, box(root.querySelector(selector))]));
  }, selectors);
}

/** Space between the header band and the page title, and between the screen's last box and the footer. */
function rhythm(page: Page): Promise<{ path: string; underHeader: number; aboveFooter: number }> {
  return page.evaluate(() => {
    const root = document.querySelector("macc-portal")!.shadowRoot!;
    const main = root.querySelector("main")!;
    let last = 0;
    for (const el of main.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.height > 0 && box.width > 0) last = Math.max(last, box.bottom);
    }
    return {
      path: location.pathname,
      underHeader: main.querySelector("h1")!.getBoundingClientRect().top - root.querySelector("header")!.getBoundingClientRect().bottom,
      aboveFooter: root.querySelector("footer")!.getBoundingClientRect().top - last,
    };
  });
}

/** The focused element, looking through open shadow roots. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}` : "";
  });
}

test.describe("one content column", () => {
  test("at 1280 px the brand, the menu, the page title and the footer share one left edge", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/portail/mon-compte/connexion");
    await portalTakenOver(page);
    const portal = page.locator("macc-portal");
    await expect(portal.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(portal.locator("footer address")).toBeVisible();
    const boxes = await portalBoxes(page, {
      brand: "header .brand",
      menu: "nav.main li:first-child a",
      title: "main h1",
      footer: "footer .footer__grid > :first-child",
    });
    const lefts = Object.values(boxes).map((b) => b!.left);
    expect(Math.max(...lefts) - Math.min(...lefts), JSON.stringify(boxes)).toBeLessThanOrEqual(1);
    expect(lefts[0]).toBeGreaterThan(0);
  });

  test("at 360 px the header has side padding, is collapsed, and the page content starts in the first screenful", async ({ page }) => {
    const watched = watchPage(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/portail/mon-compte/connexion");
    await portalTakenOver(page);
    const portal = page.locator("macc-portal");
    await expect(portal.getByRole("heading", { level: 1 })).toBeVisible();
    const boxes = await portalBoxes(page, {
      header: "header",
      brand: "header .brand",
      title: "main h1",
      footer: "footer .footer__grid > :first-child",
    });
    expect(boxes.brand!.left).toBeGreaterThan(0);
    expect(boxes.brand!.left).toBeCloseTo(boxes.title!.left, 0);
    expect(boxes.footer!.left).toBeCloseTo(boxes.title!.left, 0);
    expect(boxes.header!.height).toBeLessThan(120);
    // The login form itself is in the first screenful, not only the title.
    const email = await portal.getByLabel("Adresse e-mail").boundingBox();
    expect(email!.y + email!.height).toBeLessThan(780);
    // Every control of the header is inside the column, none at x = 0.
    const edges = await page.evaluate(() => {
      const root = document.querySelector("macc-portal")!.shadowRoot!;
      return [...root.querySelectorAll("header a, header button, header select, header input")]
        .map((el) => el.getBoundingClientRect())
        .filter((b) => b.width > 1)
        .map((b) => [b.left, b.right]);
    });
    for (const [left, right] of edges) {
      expect(left).toBeGreaterThanOrEqual(8);
      expect(right).toBeLessThanOrEqual(352);
    }
    expect(watched.problems).toEqual([]);
  });

  test("the narrow header's menu and search work with the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/portail/mon-compte/connexion");
    await portalTakenOver(page);
    const portal = page.locator("macc-portal");
    const menu = portal.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(portal.getByRole("link", { name: "Produits" })).toBeHidden();
    await expect(portal.getByRole("combobox", { name: "Pays et langue" })).toBeHidden();

    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(portal.getByRole("link", { name: "Produits" })).toBeVisible();
    await expect(portal.getByRole("combobox", { name: "Pays et langue" })).toBeVisible();
    await expectAccessible(page);
    // Targets of at least 24 px.
    for (const target of [menu, portal.getByRole("link", { name: "Produits" }), portal.getByRole("combobox", { name: "Pays et langue" })]) {
      const box = await target.boundingBox();
      expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(24);
    }
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(portal.getByRole("link", { name: "Produits" })).toBeHidden();
    expect(await focused(page)).toBe("button");
    await expect(menu).toBeFocused();

    const search = portal.getByRole("button", { name: "Rechercher sur le site" });
    await expect(portal.getByRole("searchbox")).toBeHidden();
    await search.click();
    await expect(search).toHaveAttribute("aria-expanded", "true");
    await expect(portal.getByRole("searchbox", { name: "Rechercher sur le site" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(portal.getByRole("searchbox")).toBeHidden();
    await expect(search).toBeFocused();

    // A screen of the portal chosen in the menu: the menu closes as the screen changes under it.
    await menu.click();
    await portal.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/portail\/contact$/);
    await expect(portal.getByRole("heading", { level: 1 })).toHaveText(/Contact/);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(portal.getByRole("link", { name: "Produits" })).toBeHidden();
  });

  test("the footer-only page's footer reaches the bottom of the window", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto("/footer.html");
    const footer = page.locator("macc-footer");
    await expect(footer.locator("address")).toBeVisible();
    const box = await footer.boundingBox();
    expect(box!.y + box!.height).toBeCloseTo(1200, 0);
  });
});

test.describe("vertical rhythm", () => {
  test("public screens keep space under the header band and above the footer", async ({ page }) => {
    test.slow(); // logs in (bot check) or walks several pages
    for (const path of ["/portail/mon-compte/connexion", "/portail/mot-de-passe-oublie", "/portail/inscription", "/portail/contact"]) {
      await page.goto(path);
      await portalTakenOver(page);
      await expect(page.locator("macc-portal").getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const space = await rhythm(page);
      expect(space.underHeader, path).toBeGreaterThanOrEqual(RHYTHM);
      expect(space.aboveFooter, path).toBeGreaterThanOrEqual(RHYTHM);
    }
  });

  test("the information confirmation screen too", async ({ page }) => {
    test.slow(); // logs in (bot check) or walks several pages
    const portal = page.locator("macc-portal");
    // Looked at, not confirmed. Another test may already have confirmed this account's data, which
    // ends the redirect: the screen is opened by its address either way.
    await enterPortal(page, "welcome@demo.macc.test", 0, "/portail/mon-compte/confirmation-information");
    await expect(portal.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const space = await rhythm(page);
    expect(space.underHeader).toBeGreaterThanOrEqual(RHYTHM);
    expect(space.aboveFooter).toBeGreaterThanOrEqual(RHYTHM);
  });

  test("account screens: my information, contact form, password change", async ({ page }) => {
    test.slow(); // logs in (bot check) or walks several pages
    const portal = page.locator("macc-portal");
    await enterPortal(page, "uk@demo.macc.test");
    for (const path of [
      "/portail/mon-compte/mes-informations",
      "/portail/contact/formulaire-contact",
      "/portail/mon-compte/mes-informations/update-mot-de-passe",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(portal.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const space = await rhythm(page);
      expect(space.underHeader, path).toBeGreaterThanOrEqual(RHYTHM);
      expect(space.aboveFooter, path).toBeGreaterThanOrEqual(RHYTHM);
    }
  });
});

test.describe("skip link", () => {
  test("is the first Tab stop of the portal and of the CMS page, and moves focus to the main content", async ({ page }) => {
    await page.goto("/portail/mon-compte/connexion");
    await portalTakenOver(page);
    const portal = page.locator("macc-portal");
    await expect(portal.getByLabel("Adresse e-mail")).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = portal.getByRole("link", { name: "Aller au contenu" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    expect(await focused(page)).toBe("main#main");
    await page.keyboard.press("Tab");
    await expect(portal.getByLabel("Adresse e-mail")).toBeFocused();

    await page.goto("/france.html");
    await expect(page.locator("macc-login").getByLabel("Adresse e-mail")).toBeVisible();
    // The header is an element of its own: it may draw after the login form.
    const headerSkip = page.locator("macc-header").getByRole("link", { name: "Aller au contenu" });
    await expect(headerSkip).toBeAttached();
    await page.keyboard.press("Tab");
    await expect(headerSkip).toBeFocused();
    await page.keyboard.press("Enter");
    expect(await focused(page)).toBe("main");
  });
});

test.describe("language", () => {
  test("arrow keys do not switch the language nor move focus; Enter does, and the choice survives a reload and data-locale", async ({
    page,
  }) => {
    test.slow(); // logs in (bot check) or walks several pages
    await page.goto("/portail/mon-compte/connexion");
    await portalTakenOver(page);
    const portal = page.locator("macc-portal");
    const heading = portal.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Je me connecte à mon compte");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-FR");

    const select = portal.getByRole("combobox", { name: "Pays et langue" });
    await select.focus();
    // fr-FR → fr-BE → fr-LU → de-BE → de-LU → en-GB
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
    await expect(select).toHaveValue("en-GB");
    // Whatever the keys set off has been drawn two frames later: the choice is not applied yet.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-FR");
    await expect(heading).toHaveText("Je me connecte à mon compte");
    await expect(select).toBeFocused();
    await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);

    await page.keyboard.press("Enter");
    await expect(heading).toHaveText("I log in to my account");
    await expect(portal.getByRole("combobox", { name: "Country and language" })).toBeFocused();
    // The address follows, in place; the document's language too.
    await expect(page).toHaveURL(/\/portail\/my-account\/login$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en-GB");

    // The page says fr-FR (data-locale): the visitor's choice wins, after a reload and on another page.
    await page.reload();
    await expect(heading).toHaveText("I log in to my account");
    await page.goto("/portail/mon-compte/factures");
    await expect(page).toHaveURL(/\/portail\/my-account\/login$/);
    await page.goto("/france.html");
    await expect(page.locator("macc-login").getByRole("heading", { level: 1 })).toHaveText("I log in to my account");
    await expect(page.locator("macc-login")).toHaveAttribute("lang", "en-GB");

    // Leaving the list also commits: back to French.
    const cmsSelect = page.locator("macc-header").getByRole("combobox", { name: "Country and language" });
    await cmsSelect.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp");
    await expect(page.locator("macc-login").getByRole("heading", { level: 1 })).toHaveText("I log in to my account");
    await page.keyboard.press("Tab");
    await expect(page.locator("macc-login").getByRole("heading", { level: 1 })).toHaveText("Je me connecte à mon compte");
  });
});

test("the root path is replaced by LOGIN's address without a history entry", async ({ page }) => {
  await page.goto("/footer.html");
  const before = await page.evaluate(() => history.length);
  await page.goto("/portail/");
  await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);
  await expect(page.locator("macc-portal").getByRole("heading", { level: 1 })).toHaveText("Je me connecte à mon compte");
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/footer\.html$/);
});

test("logging out is confirmed by an announced status message", async ({ page }) => {
  test.slow(); // logs in (bot check) or walks several pages
  await enterPortal(page, "uk@demo.macc.test");
  const portal = page.locator("macc-portal");
  // The account menu follows the dashboard's tiles, with a space before its arrow.
  const account = portal.getByRole("button", { name: /Mon compte/ });
  const gap = await account.evaluate((button) => {
    const arrow = button.querySelector("span")!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(button.firstChild!);
    return arrow.left - range.getBoundingClientRect().right;
  });
  expect(gap).toBeGreaterThanOrEqual(3);

  await portal.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);
  const status = page.locator("macc-toasts").getByRole("status");
  await expect(status).toContainText("Vous êtes déconnecté.");
  await expectAccessible(page);
});

test("at 360 px a label's colon never wraps alone (company choice)", async ({ page }) => {
  test.slow(); // logs in (bot check) or walks several pages
  await page.setViewportSize({ width: 360, height: 780 });
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/choixEntreprise");
  const portal = page.locator("macc-portal");
  await expect(portal.locator("dt").first()).toBeVisible();
  const lines = await portal.locator("dt").evaluateAll((labels) => labels.map((dt) => [dt.textContent, dt.getClientRects().length]));
  expect(lines.length).toBeGreaterThan(0);
  for (const [text, count] of lines) expect(count, String(text)).toBe(1);
  // Kept whole, the labels push nothing past the screen's edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const card = await portal.locator(".company-card").first().boundingBox();
  expect(card!.x + card!.width).toBeLessThanOrEqual(360);
});

test("the footer's styles stay in the footer: in the portal, a screen's waiting state shows on the page's background", async ({ page }) => {
  // The contact data held back until the waiting state has been checked.
  const release = await holdRequests(page, /\/api\/servicesMACC\//);
  await page.goto("/portail/contact");
  const waiting = page.locator("macc-portal main").getByRole("status", { name: "Chargement de nos coordonnées" });
  await expect(waiting).toBeVisible();
  // The footer's own waiting bars are pale on its dark band; the page's keep their shimmer.
  expect(await waiting.evaluate((bar) => getComputedStyle(bar).backgroundImage)).toMatch(/^linear-gradient/);
  release();
  await expect(page.locator("macc-portal main").getByRole("heading", { level: 2, name: "Nos services" })).toBeVisible();
});

test("a new page of the portal starts at its top, header in view, its heading focused", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/portail/contact");
  const portal = page.locator("macc-portal");
  await expect(portal.getByRole("heading", { level: 2, name: "Nos services" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await portal.locator("main").getByRole("link", { name: "Connectez-vous" }).click();
  await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);
  await expect(portal.getByRole("heading", { level: 1 })).toHaveText("Je me connecte à mon compte");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(portal.locator("header").getByRole("link", { name: /MACC/ }).first()).toBeInViewport();
  await expect(portal.getByRole("heading", { level: 1 })).toBeFocused();
  // The focus ring hugs the title (its icon and words), not the whole column.
  const { title, column } = await portalBoxes(page, { title: "main h1", column: "main" });
  expect(title!.width).toBeLessThan(column!.width / 2);
});

test.describe("a screen change inside the portal", () => {
  /**
   * Issue 27: it costs at most one request for data, plus the screen's code the first time — "its
   * chunk" being its code's files (the build names them all in the first, so they come together) and
   * its texts, a catalog of their own — and nothing but its data after that.
   */
  test("costs one data request at most, plus the screen's code and texts the first time only", async ({ page }) => {
    test.slow(); // logs in, then walks five screens
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterPortal(page, "multi@demo.macc.test");
    const portal = page.locator("macc-portal");
    const main = portal.locator("main");
    await expect(main.locator(".tiles")).toBeVisible();
    const seen = new Set<string>();
    const log = trackRequests(page);
    await log.quiet();

    const tile = (name: string) => () => main.getByRole("link", { name: new RegExp(name) }).click();
    const menu = (name: string) => async () => {
      await portal.getByRole("navigation", { name: "Menu principal" }).getByRole("button", { name: "Mon compte" }).click();
      await portal.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name, exact: true }).click();
    };
    const invoices = { heading: "Mes factures", shown: main.locator("table tbody tr").first() };
    const fleet = { heading: "Mon parc produits", shown: main.locator("table tbody tr").first() };
    const dashboard = { heading: "Mon compte", shown: main.locator(".tiles") };
    // Each screen reached twice, from the dashboard's tiles and from the header's menu.
    const walk = [
      { go: tile("Mes factures"), ...invoices },
      { go: menu("Mon parc produits"), ...fleet },
      { go: menu("Tableau de bord"), ...dashboard },
      { go: tile("Mon parc produits"), ...fleet },
      { go: menu("Mes factures"), ...invoices },
    ];
    for (const [i, step] of walk.entries()) {
      log.clear();
      await step.go();
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(step.heading);
      await expect(step.shown).toBeVisible();
      await log.quiet();
      const paths = log.paths();
      const data = paths.filter((path) => path.startsWith("/api/"));
      const code = paths.filter((path) => path.startsWith("/static/"));
      expect(data.length, `step ${i}: ${data.join(", ")}`).toBeLessThanOrEqual(1);
      expect(
        paths.filter((path) => !data.includes(path) && !code.includes(path)),
        `step ${i}`,
      ).toEqual([]);
      // Code and texts already here are never asked for again.
      expect(
        code.filter((path) => seen.has(path)),
        `step ${i}`,
      ).toEqual([]);
      for (const path of code) seen.add(path);
      if (i >= 2) expect(code, `step ${i}: a screen shown before`).toEqual([]);
    }
  });
});

/** The requests a page makes, by path, and a wait for none to be in flight for half a second. */
function trackRequests(page: Page) {
  let made: string[] = [];
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on("request", (request) => {
    made.push(new URL(request.url()).pathname);
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    paths: () => made,
    clear: () => void (made = []),
    quiet: () => expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= 500, { intervals: [100] }).toBe(true),
  };
}
