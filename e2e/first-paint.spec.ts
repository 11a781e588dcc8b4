import { expect, test } from "@playwright/test";
import { LOGGED_IN_ATTRIBUTE } from "../src/contract/constants";
import { axeViolations, keepSession, logIn, portalTakenOver, recordLayoutShifts, watchPage } from "./support";

/** The address tables are one file per language (`fr-….js`); the message catalogs are per locale (`fr-FR-….js`). */
const PATHS_TABLE = /\/static\/js\/(fr|en|de|nl|es|it)-(?![A-Z]{2}-)[\w-]+\.js$/;
/** Where an area's texts are, per locale: the portal's other screens bring theirs with their route. */
const TEXTS_TABLE = /\/static\/js\/area-[\w-]+\.js$/;

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

test("a customer's portal page names what its first draw asks for after its code: each fetched once, none left out", async ({ page }) => {
  await keepSession(page, "multi@demo.macc.test");
  const html = await (await page.request.get("/portail/mon-compte")).text();
  const named = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" \/>/g)]
    .map((m) => m[1]!)
    .filter((href) => !href.endsWith("/macc-portal.js"));
  // The session's code first (its answer is what the header waits for), then the French texts.
  expect(named[0]).toMatch(/\/static\/js\/session-[\w-]+\.js$/);
  expect(named.length).toBeGreaterThan(2);
  for (const href of named.slice(1)) expect(href).toMatch(/\/static\/js\/fr(-FR)?-[\w-]+\.js$/);

  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto("/portail/mon-compte");
  const portal = page.locator("macc-portal");
  await expect(portal.locator("header .company")).toContainText("SAS Établissements Durand et Fils");
  await expect(portal.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Each named file is the module the code imports: fetched once, not once more by its import.
  for (const href of named)
    expect(
      requested.filter((path) => path === href),
      href,
    ).toHaveLength(1);
  // The portal asks for its own texts before its screen's code: none of them was left out.
  const screenAt = requested.findIndex((path) => /\/static\/js\/Dashboard-[\w-]+\.js$/.test(path));
  expect(screenAt).toBeGreaterThan(0);
  const texts = requested.slice(0, screenAt).filter((path) => PATHS_TABLE.test(path) || /\/static\/js\/fr-FR-[\w-]+\.js$/.test(path));
  expect(texts.filter((path) => !named.includes(path))).toEqual([]);
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

test("an element's code that never comes: the load error says so after 120 s (the page's clock run forward)", async ({ page }) => {
  await page.clock.install();
  // The footer's code is asked for and never answered.
  const asked = page.waitForRequest(/\/static\/js\/macc-footer\.js$/);
  await page.route(/\/static\/js\/macc-footer\.js$/, () => undefined);
  await page.addInitScript(() =>
    document.addEventListener("macc-load-error", (e) => ((window as { loadError?: unknown }).loadError = (e as CustomEvent).detail)),
  );
  await page.goto("/footer.html");
  await asked;
  await page.clock.fastForward(119_000);
  expect(await page.evaluate(() => (window as { loadError?: unknown }).loadError)).toBeUndefined();
  await page.clock.fastForward(1_000);
  await expect(page.locator("macc-footer").getByRole("alert")).toBeVisible();
  expect(await page.evaluate(() => (window as { loadError?: unknown }).loadError)).toMatchObject({
    type: "timeout",
    url: expect.stringContaining("/static/js/macc-footer.js"),
  });
});

test("a logged-in customer's brand page does not move while its elements load: the page was marked before its first paint", async ({
  browser,
}) => {
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await keepSession(page, "multi@demo.macc.test");
    const shifts = await recordLayoutShifts(page);
    const marked = () => page.evaluate((name) => document.documentElement.hasAttribute(name), LOGGED_IN_ATTRIBUTE);
    if (viewport.width === 412) {
      // A page whose loader does not hold the first paint (the portal's) is not marked: a mark after
      // that paint would move it.
      await page.goto("/portail/mon-compte");
      await expect(page.locator("macc-portal").getByRole("heading", { level: 1 })).toBeVisible();
      expect(await marked()).toBe(false);
    }
    // (The French page: a country site's home also has the action banner, which shows only once it
    // knows there is something to do, and so moves the page for a customer it has something for.)
    await page.goto("/france.html");
    const header = page.locator("macc-header");
    // The header with the company's bar, the login box that says who is logged in, the footer's contacts.
    await expect(header.getByText("SAS Établissements Durand et Fils")).toBeVisible();
    await expect(page.locator("macc-login").getByText("Accéder à mon compte")).toBeVisible();
    await expect(page.locator("macc-footer address")).toBeVisible();
    await page.waitForLoadState("networkidle");
    // Nothing a customer could see: the header's text makes it 148.5 px high in its 148 px room, a
    // half-pixel step that Chromium may count (0.0002) or not. Unmarked, this page moved by 0.28.
    const moved = (await shifts()).reduce((sum, shift) => sum + shift, 0);
    expect(moved).toBeLessThan(0.001);
    expect(await marked()).toBe(true);
    // Logged out on the page: an element added from now on keeps a visitor's room.
    await header.getByRole("button", { name: "Se déconnecter" }).click();
    await expect.poll(marked).toBe(false);
    await context.close();
  }
});

test.describe("the portal's first screen in the HTML", () => {
  const LOGIN_TITLE = "Je me connecte à mon compte — MACC";

  test("before the code comes, the visitor sees the login screen of their width, inert", async ({ browser }) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // The page as it is before any of our code runs: the loader held back.
      await page.route(/\/static\/js\/macc-elements\.js$/, (route) => route.abort());
      await page.goto("/portail");
      const portal = page.locator("macc-portal");
      await expect(portal.getByRole("heading", { level: 1, name: "Je me connecte à mon compte" })).toBeVisible();
      // The title and language the portal gives the page, already.
      await expect(page).toHaveTitle(LOGIN_TITLE);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-FR");
      // The header of its width only: the phone's has the menu behind its button.
      await expect(portal.getByRole("button", { name: "Menu" })).toHaveCount(viewport.width < 768 ? 1 : 0);
      // Inert: nothing typed into it before the portal takes over; Tab goes past it.
      expect(await portal.locator(".macc-root[data-first-screen]:visible").evaluate((drawing) => (drawing as HTMLElement).inert)).toBe(
        true,
      );
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.localName)).not.toBe("macc-portal");
      await context.close();
    }
  });

  test("without scripts, the load error in the page's language instead of a screen that cannot work", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/sites/en-GB/portal");
    const portal = page.locator("macc-portal");
    await expect(portal.getByRole("alert")).toContainText("This part of the page could not be loaded.");
    await expect(portal.getByRole("link", { name: "Reload the page" })).toHaveAttribute("href", "");
    await expect(portal.getByRole("heading", { level: 1 })).toHaveCount(0);
    await context.close();
  });

  test("the portal takes it over in place: the same screen on every frame, nothing moves, then it works", async ({ browser }) => {
    for (const device of [
      { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
      { viewport: { width: 1280, height: 800 } },
    ]) {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      const { problems } = watchPage(page);
      const shifts = await recordLayoutShifts(page);
      await page.addInitScript(() => {
        const w = window as { seenFrames?: string[] };
        w.seenFrames = [];
        // What the visitor sees on each frame: the page's visible heading, and whose it is.
        const frame = () => {
          const root = document.querySelector("macc-portal")?.shadowRoot;
          const heading = [...(root?.querySelectorAll("main h1") ?? [])].find((h) => h.getClientRects().length > 0);
          const seen = heading
            ? `${heading.closest("[data-first-screen]") ? "first screen" : "portal"}: ${heading.textContent}`
            : "no heading";
          if (w.seenFrames!.at(-1) !== seen) w.seenFrames!.push(seen);
          if (w.seenFrames!.length < 2000) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      await page.goto("/portail");
      await portalTakenOver(page);
      await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);
      await expect(page).toHaveTitle(LOGIN_TITLE);
      // Before the page's first frame with content, nothing; then never a frame without the heading.
      const frames = await page.evaluate(() => (window as { seenFrames?: string[] }).seenFrames!);
      expect(frames.slice(frames.indexOf("no heading") === 0 ? 1 : 0)).toEqual([
        "first screen: Je me connecte à mon compte",
        "portal: Je me connecte à mon compte",
      ]);
      expect(await shifts()).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await logIn(page, "uk@demo.macc.test", "macc-portal");
      await expect(page).toHaveURL(/\/portail\/mon-compte$/);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("when the portal's code cannot be fetched, the load error replaces it: the inert screen does not stay", async ({ page }) => {
    await page.route(/\/static\/js\/macc-portal\.js$/, (route) => route.abort());
    await page.goto("/portail");
    const portal = page.locator("macc-portal");
    const alert = portal.getByRole("alert");
    await expect(alert).toContainText("Cette partie de la page n’a pas pu être chargée.");
    await expect(alert.getByRole("button", { name: "Recharger la page" })).toBeVisible();
    await expect(portal.locator("[data-first-screen]")).toHaveCount(0);
  });

  test("not sent to whom it is not the first screen: logged in, another language or theme, a basket", async ({ page }) => {
    const sent = async (cookie?: string) =>
      (await (await page.request.get("/portail", cookie ? { headers: { cookie } } : {})).text()).includes("shadowrootmode");
    expect(await sent()).toBe(true);
    expect(await sent("isLogged=true")).toBe(false);
    expect(await sent("maccLocale=en-GB")).toBe(false);
    expect(await sent("maccTheme=agri")).toBe(false);
    expect(await sent("maccBasket=2")).toBe(false);

    // Choosing English in the header is what sets that cookie: the next visit is drawn in English by the portal.
    await page.goto("/portail");
    await portalTakenOver(page);
    await page.locator("macc-portal").getByRole("combobox", { name: "Pays et langue" }).selectOption("en-GB");
    await expect(page.locator("macc-portal").getByRole("heading", { level: 1 })).toHaveText("I log in to my account");
    await page.goto("/portail");
    await expect(page.locator("macc-portal").locator("[data-first-screen]")).toHaveCount(0);
    await expect(page.locator("macc-portal").getByRole("heading", { level: 1 })).toHaveText("I log in to my account");
  });
});
