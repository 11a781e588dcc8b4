import { expect, test, type Page } from "@playwright/test";
import { MAINTENANCE_PORT } from "../playwright.config";
import type { Locale } from "../src/contract/constants";
import en from "../src/core/paths/en";
import fr from "../src/core/paths/fr";
import nl from "../src/core/paths/nl";
import { ROUTE_NAMES, ROUTES, ruleOf, type RouteName } from "../src/core/routes";
import { axeViolations, enterPortal, siteLinksOutsideBase, unreadableButtons } from "./support";

/*
 * The accessibility sweep (issue 13): axe's WCAG 2.0/2.1/2.2 A and AA rules, the button contrast
 * check, 24 px targets and fields showing their whole value on every screen of the portal — as a visitor and as a customer, every registration step,
 * the header's open menus, the forms' error summaries, maintenance — in both themes, in fr-FR,
 * en-GB and nl-BE, at 1280 and 360 px, plus reflow at 320 px (no horizontal scrolling).
 *
 * Cheap by design: one page per (locale, theme), screens reached inside the portal (a history
 * change, as its links do), the customer logged in through the API. A screen is checked whole
 * once per phase and width; after that only its <main> (header and footer do not change with it).
 * The screen list comes from the route registry, so a new route is swept without touching this file.
 */

const PATHS: Record<string, typeof fr> = { "fr-FR": fr, "en-GB": en, "nl-BE": nl };
const LOCALES = Object.keys(PATHS) as Locale[];
const THEMES = ["macc", "agri"] as const;
type Theme = (typeof THEMES)[number];
const BASE = "/portail";
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 360, height: 800 };
const REFLOW = { width: 320, height: 800 };

type Phase = "visitor" | "customer";

/**
 * Routes the walk leaves out, and why. Otherwise a visitor sees every public and visitors-only
 * route and a customer every protected and public one (the guards send each away from the rest).
 */
const EXCLUDED: Array<{ route: RouteName; phase: Phase; theme: Theme; why: string }> = [
  {
    route: "AGRIMACC",
    phase: "visitor",
    theme: "macc",
    why: "it switches a visitor to the AGRI theme for good: it is swept in the agri pages",
  },
];
const routesOf = (phase: Phase, theme: Theme) =>
  ROUTE_NAMES.filter(
    (name) =>
      ROUTES[name].access !== (phase === "visitor" ? "protected" : "restricted") &&
      !EXCLUDED.some((e) => e.route === name && e.phase === phase && e.theme === theme),
  );

/**
 * The whole sweep is 6 pages × about 35 screens × 2 widths: several minutes, too long for every
 * `npm test`. By default each screen is checked in both themes but in one of the three locales, in
 * turn (by its place in the list: a route by its place in the registry), and header, footer, menus
 * and maintenance in all six pages; `A11Y_SWEEP=full npx playwright test e2e/a11y.spec.ts` checks
 * every screen everywhere.
 */
const FULL = process.env.A11Y_SWEEP === "full";
/** The sweep's tests, so that a run can leave them out (`--grep-invert @a11y-sweep`) or run them alone (`--grep`). */
const SWEEP_TAG = "@a11y-sweep";
const inTurn = <T>(list: readonly T[], locale: Locale): T[] =>
  FULL ? [...list] : list.filter((_, i) => i % LOCALES.length === LOCALES.indexOf(locale));
/** A route kept to some locales (bank details: fr-FR) is checked in those; the others in turn. */
const routesInTurn = (routes: RouteName[], locale: Locale) =>
  routes.filter((name) => {
    const only = ruleOf(name).locales;
    return FULL || (only ? only.includes(locale) : ROUTE_NAMES.indexOf(name) % LOCALES.length === LOCALES.indexOf(locale));
  });

/** Forms whose empty submission shows the error summary without sending anything. */
const EMPTY_SUBMIT: { visitor: RouteName[]; customer: RouteName[] } = {
  visitor: ["LOGIN", "INSCRIPTION", "MOT_DE_PASSE_OUBLIE", "PANIER"],
  customer: ["FORMULAIRE_CONTACT", "MOT_DE_PASSE_UPDATE"],
};

const portal = (page: Page) => page.locator("macc-portal");

/** The path of a route in a locale; a family code is the first of the customer's product list. */
async function pathOf(sweep: Sweep, locale: Locale, name: RouteName): Promise<string> {
  const pattern = PATHS[locale]!.routes[name];
  if (!pattern.includes(":codeFamille")) return BASE + pattern;
  const list = BASE + pattern.slice(0, pattern.indexOf("/:codeFamille"));
  if (!sweep.codeFamille) {
    await go(sweep.page, list);
    const hrefs = await portal(sweep.page)
      .locator("main a[href]")
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const code = hrefs
      .map((href) => href.startsWith(list + "/") && href.slice(list.length + 1))
      .find((rest) => rest && !rest.includes("/"));
    expect(code, `${name}: a product family on ${list}`).toBeTruthy();
    sweep.codeFamille = code as string;
  }
  return BASE + pattern.replace(":codeFamille", sweep.codeFamille);
}

/** Goes to a path inside the portal as its own links do (history, then popstate): no page load. */
async function go(page: Page, path: string) {
  if (new URL(page.url()).pathname === path) return;
  // The current screen's title is marked, to wait for the next screen's own.
  await portal(page)
    .locator("main h1")
    .evaluateAll((titles) => titles.forEach((h) => h.setAttribute("data-swept", "")));
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await settled(page);
}

/** The screen is there: its title, and nothing left loading anywhere in the portal. */
async function settled(page: Page) {
  await expect(portal(page).locator("main h1:not([data-swept])")).toBeVisible();
  await expect(portal(page).locator(".skeleton, .contact-skeleton, [aria-busy=true]")).toHaveCount(0);
}

/**
 * Elements wider than the viewport at the current width, and the page's own horizontal scroll
 * (WCAG 1.4.10): an element may overflow only inside a scrolling box that itself fits (a data table).
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > scroller.clientWidth)
      problems.push(`page scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    const parentOf = (el: Element): Element | null => el.parentElement ?? (el.parentNode as ShadowRoot | null)?.host ?? null;
    /** Inside a scrolling box that fits (a wide table scrolls on its own), or inside visually hidden text. */
    const contained = (el: Element) => {
      for (let node = parentOf(el); node; node = parentOf(node)) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === "visible") continue;
        const box = node.getBoundingClientRect();
        if (box.width <= 1) return true;
        // Cut off (hidden, clip) is no better than off screen: only a scrolling box may hold it.
        return (overflow === "auto" || overflow === "scroll") && box.left >= -1 && box.right <= width + 1;
      }
      return false;
    };
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (root === document) continue;
        const box = el.getBoundingClientRect();
        // Visually hidden text (1 px, clipped) and what is not rendered do not count.
        if (box.width <= 1 || box.height <= 1) continue;
        if (box.right <= width + 1 && box.left >= -1) continue;
        if (!el.checkVisibility({ visibilityProperty: true }) || contained(el)) continue;
        problems.push(
          `${el.localName}${typeof el.className === "string" && el.className ? "." + el.className.trim().replace(/\s+/g, ".") : ""} ` +
            `[${Math.round(box.left)}, ${Math.round(box.right)}] "${(el.textContent ?? "").trim().slice(0, 30)}"`,
        );
      }
    };
    walk(document);
    return problems;
  });
}

/**
 * The elements' controls and links that fail the suite's own rules: under 24 px tall or wide wherever
 * they stand (stricter than WCAG 2.5.8, whose spacing exception let 19 px links on lines of their own
 * through), or a field whose value is wider than its box, so part of it is out of view.
 */
function controlProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const check = (el: Element) => {
      if (!el.matches("a[href], button, input:not([type=radio], [type=checkbox]), select, textarea, summary")) return;
      if (!el.checkVisibility({ visibilityProperty: true })) return;
      // Each line of a link that wraps is a target of its own; visually hidden text (1 px) is not a target.
      for (const box of el.getClientRects()) {
        if (box.width <= 1 || box.height <= 1 || (box.height >= 24 && box.width >= 24)) continue;
        problems.push(
          `${el.localName} "${(el.textContent ?? "").trim().slice(0, 30)}": ${Math.round(box.width)} × ${Math.round(box.height)} px`,
        );
      }
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value && el.scrollWidth > el.clientWidth + 1)
        problems.push(`#${el.id}: "${el.value}" is ${el.scrollWidth} px wide in ${el.clientWidth} px`);
    };
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (root !== document) check(el);
      }
    };
    walk(document);
    return problems;
  });
}

interface Sweep {
  page: Page;
  label: string;
  /** Whether header and footer were checked at each width in this phase already. */
  whole: Set<number>;
  /** A product family of the customer's, once found. */
  codeFamille?: string;
}

/**
 * axe and the contrast check at 1280 then 360 px, and reflow at 320 px; the links to the country
 * site under its base (the portal page's `data-site-base`); soft, so one run lists every problem.
 */
async function check(sweep: Sweep, screen: string) {
  const { page } = sweep;
  expect.soft(await siteLinksOutsideBase(page), `${sweep.label} ${screen}: links to the site`).toEqual([]);
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    const whole = !sweep.whole.has(size.width);
    sweep.whole.add(size.width);
    const where = `${sweep.label} ${screen} at ${size.width} px`;
    expect.soft(await axeViolations(page, whole ? undefined : ["macc-portal", "main"]), where).toEqual([]);
    expect.soft(await unreadableButtons(page), where).toEqual([]);
    expect.soft(await controlProblems(page), where).toEqual([]);
  }
  await page.setViewportSize(REFLOW);
  expect.soft(await overflowing(page), `${sweep.label} ${screen} at 320 px`).toEqual([]);
  await page.setViewportSize(WIDE);
}

/** The error summary of an empty submission, checked in <main> at 1280 px. */
async function checkEmptySubmit(sweep: Sweep, screen: string) {
  const main = portal(sweep.page).locator("main");
  await main.locator("form button[type=submit]").first().click();
  await expect(main.locator(".error-summary").first()).toBeFocused();
  expect.soft(await axeViolations(sweep.page, ["macc-portal", "main"]), `${sweep.label} ${screen}, error summary`).toEqual([]);
}

/** The header's disclosures, open: the narrow menu (with the account submenu when logged in). */
async function checkHeaderOpen(sweep: Sweep, logged: boolean) {
  const { page } = sweep;
  const header = portal(page).locator("header");
  await page.setViewportSize(NARROW);
  await header.locator(".menu-toggle").click();
  if (logged) await header.locator(".menu-button").click();
  expect.soft(await axeViolations(page, ["macc-portal", "header"]), `${sweep.label} header menu open at 360 px`).toEqual([]);
  await page.setViewportSize(REFLOW);
  expect.soft(await overflowing(page), `${sweep.label} header menu open at 320 px`).toEqual([]);
  await header.locator(".menu-toggle").click();
  await page.setViewportSize(WIDE);
}

async function walk(sweep: Sweep, locale: Locale, routes: RouteName[], emptySubmit: RouteName[]) {
  for (const name of routes) {
    await test.step(name, async () => {
      await go(sweep.page, await pathOf(sweep, locale, name));
      await check(sweep, name);
      if (emptySubmit.includes(name)) await checkEmptySubmit(sweep, name);
    });
  }
}

/** Registration state at a given step (what the flow keeps in session storage), so nothing is sent. */
const registrationAt = (step: "companies" | "code" | "password") => ({
  step,
  token: "a11y-not-sent",
  pays: "FR",
  immatriculation: "552100554",
  numeroClient: "",
  email: "a11y@exemple.test",
  mobile: "+33 6 12 34 56 78",
  entreprisesTrouvees: [
    { idTier: "T1", formeJuridique: "SARL", raisonSocial: "Ferme de test", immatriculation: "552100554", numeroClient: "C-1" },
    { idTier: "T2", formeJuridique: "EARL", raisonSocial: "Vergers du test", immatriculation: "552100554", numeroClient: "C-2" },
  ],
  idEntreprisesChoisies: ["T1"],
  moyensContactsTrouves: [
    { id: "m1", type: "email", masked: "a***@e***.test" },
    { id: "m2", type: "sms", masked: "+33 6 ** ** ** 78" },
  ],
  moyenContactChoisi: "m1",
  dateExecution: new Date().toISOString(),
  resendAfterSeconds: 60,
});

async function registrationSteps(sweep: Sweep, locale: Locale) {
  const { page } = sweep;
  const main = portal(page).locator("main");
  for (const step of inTurn(["companies", "code", "password"] as const, locale)) {
    await page.evaluate((state) => sessionStorage.setItem("macc:registration", JSON.stringify(state)), registrationAt(step));
    await page.goto(BASE + PATHS[locale]!.routes.INSCRIPTION);
    await settled(page);
    await check(sweep, `INSCRIPTION (${step})`);
    if (step === "code") {
      // "Use another contact means": back to the contact step, without a request.
      await main.locator("form button:not([type=submit])").last().click();
      await expect(main.locator("input[type=radio]").first()).toBeVisible();
      await check(sweep, "INSCRIPTION (contact)");
    }
  }
  await page.evaluate(() => sessionStorage.removeItem("macc:registration"));
}

/** What PANIER_VALIDER shows of the last basket sent from the tab (session storage). */
const SENT = {
  reference: "PAN-A11Y-0001",
  createdAt: new Date().toISOString(),
  mobile: "+33 6 12 34 56 78",
  sms: true,
  items: [
    { id: "1001", nom: "Blé tendre certifié" },
    { id: "1007", nom: "Maïs grain" },
  ],
};

for (const locale of LOCALES) {
  for (const theme of THEMES) {
    test(`accessibility sweep: every screen, ${locale}, ${theme} theme, 1280/360/320 px`, { tag: SWEEP_TAG }, async ({ page }) => {
      test.setTimeout(FULL ? 600_000 : 180_000);
      const site = theme === "agri" ? "agrimacc" : "macc";

      // Visitor: public and visitors-only screens, with a basket (one item no longer available).
      const visitor: Sweep = { page, label: `${locale} ${theme} visitor`, whole: new Set() };
      await page.setViewportSize(WIDE);
      await page.goto(`${BASE}${PATHS[locale]!.routes.LOGIN}?lang=${locale}&site=${site}&panier=1001,1007,9999`);
      await settled(page);
      await checkHeaderOpen(visitor, false);
      await walk(visitor, locale, routesInTurn(routesOf("visitor", theme), locale), EMPTY_SUBMIT.visitor);
      await registrationSteps(visitor, locale);

      // Customer: the multi-company account acting for its FRA (macc) or AGR (agri) company.
      const customer: Sweep = { page, label: `${locale} ${theme} customer`, whole: new Set() };
      await enterPortal(page, "multi@demo.macc.test", theme === "agri" ? 1 : 0, BASE + PATHS[locale]!.routes.DASHBOARD);
      await expect(portal(page).locator(".macc-root")).toHaveAttribute("data-theme", theme);
      await page.evaluate((sent) => sessionStorage.setItem("macc:basket-sent", JSON.stringify(sent)), SENT);
      await settled(page);
      await checkHeaderOpen(customer, true);
      await walk(customer, locale, routesInTurn(routesOf("customer", theme), locale), EMPTY_SUBMIT.customer);

      // Maintenance: every element's maintenance screen, from the server with the switch on.
      const maintenance: Sweep = { page, label: `${locale} ${theme} maintenance`, whole: new Set() };
      await page.goto(`http://127.0.0.1:${MAINTENANCE_PORT}${BASE}/?lang=${locale}&site=${site}`);
      await expect(portal(page).locator("[part=maintenance]").first()).toBeVisible();
      await check(maintenance, "MAINTENANCE (server)");
    });
  }
}

test("accessibility sweep: a customer's empty states (no invoices, products or adviser)", { tag: SWEEP_TAG }, async ({ page }) => {
  test.setTimeout(90_000);
  const screens: RouteName[] = ["DASHBOARD", "FACTURES", "PARC_PRODUITS", "CONSEILLER", "INTERLOCUTEURS"];
  for (const locale of LOCALES) {
    const routes = inTurn(screens, locale);
    if (!routes.length) continue;
    const sweep: Sweep = { page, label: `${locale} empty`, whole: new Set() };
    // A visitor's ?lang= chooses the language the customer then keeps.
    await page.context().clearCookies();
    await page.goto(`${BASE}/?lang=${locale}`);
    await enterPortal(page, "uk@demo.macc.test", 0, BASE + PATHS[locale]!.routes.DASHBOARD);
    await settled(page);
    await walk(sweep, locale, routes, []);
  }
});
