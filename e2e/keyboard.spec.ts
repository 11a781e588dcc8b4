import { expect, test, type Page } from "@playwright/test";
import { enterPortal, PASSWORD, portalTakenOver } from "./support";

/*
 * Keyboard only (issue 13): login, registration, basket and contact form driven with
 * `keyboard.press`/`type` alone. From the skip link, Tab reaches every control of the screen's
 * main region once, in reading order, each with a visible focus ring; an empty form submitted with
 * Enter or Space focuses its error summary, whose links move focus to the fields; then the form is
 * filled and sent from the keyboard. Reflow at 320 px is checked by the accessibility sweep.
 */

interface Stop {
  /** The id, or the tag and name or text: the same key as `tabbables` gives. */
  key: string;
  /** Tag, id and the accessible text, for messages. */
  label: string;
  id: string;
  type: string;
  inMain: boolean;
  /** A visible focus indicator: an outline of 2 px or more, or a box shadow. */
  ring: boolean;
}

/** The focused element, through the shadow roots. */
function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const label =
      (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
    return {
      key: el.id || `${el.localName}:${el.getAttribute("name") ?? el.textContent?.trim().slice(0, 40) ?? ""}`,
      label: `${el.localName}${el.id ? "#" + el.id : ""} "${label.trim()}"`,
      id: el.id,
      type: el.getAttribute("type") ?? el.localName,
      inMain: Boolean(el.closest("main")),
      ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none",
    };
  });
}

/** What Tab should reach in the portal's main region, in document order (one radio per group). */
function tabbables(page: Page): Promise<string[]> {
  return page.locator("macc-portal").evaluate((host) => {
    const main = host.shadowRoot!.querySelector("main")!;
    const seen = new Set<string>();
    return [
      ...main.querySelectorAll<HTMLElement>(
        "a[href], button:not(:disabled), input:not(:disabled):not([type=hidden]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex='-1'])",
      ),
    ]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 1)
      .filter((el) => {
        const group = el instanceof HTMLInputElement && el.type === "radio" ? el.name : null;
        if (!group) return true;
        if (seen.has(group)) return false;
        seen.add(group);
        return true;
      })
      .map((el) => el.id || `${el.localName}:${el.getAttribute("name") ?? el.textContent?.trim().slice(0, 40) ?? ""}`);
  });
}

/**
 * From a fresh page: Tab to the skip link, Enter to the main region, then Tab through it until
 * focus leaves it. Every stop has a focus ring; the stops are the main region's controls in order.
 */
async function tabThroughMain(page: Page): Promise<Stop[]> {
  await page.keyboard.press("Tab");
  expect((await focused(page))?.label).toMatch(/skip-link|Aller au contenu/);
  await page.keyboard.press("Enter");
  expect((await focused(page))?.label).toMatch(/^main#main/);
  const stops: Stop[] = [];
  for (;;) {
    await page.keyboard.press("Tab");
    const stop = await focused(page);
    if (!stop?.inMain) break;
    stops.push(stop);
    expect(stops.length, "focus stays in a loop").toBeLessThan(60);
  }
  expect(
    stops.filter((s) => !s.ring).map((s) => s.label),
    "controls without a visible focus ring",
  ).toEqual([]);
  expect(
    stops.map((s) => s.key),
    "Tab order: every control of the main region once, in document order",
  ).toEqual(await tabbables(page));
  return stops;
}

/** Shift+Tab back (from after the main region) to the form's submit button. */
async function backToSubmit(page: Page) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Shift+Tab");
    if ((await focused(page))?.type === "submit") return;
  }
  throw new Error("no submit button reached with Shift+Tab");
}

/**
 * Submits with `key` on the focused submit button: the error summary takes focus; Tab to its first
 * link, Enter moves focus to that field (with a ring).
 */
async function emptySubmit(page: Page, key: "Enter" | " ", firstField: string) {
  await page.keyboard.press(key);
  const summary = page.locator("macc-portal").locator("main .error-summary");
  await expect(summary).toBeFocused();
  await page.keyboard.press("Tab");
  const link = await focused(page);
  expect(link?.label).toMatch(/^a /);
  expect(link?.ring, "summary link focus ring").toBe(true);
  await page.keyboard.press("Enter");
  const field = await focused(page);
  expect(field?.id).toBe(firstField);
  expect(field?.ring, "field focus ring after the summary link").toBe(true);
}

const NEXT_OPTION = "\u2193";

/** From the focused control, Tab forward typing `values` into the fields they name, up to the submit button. */
async function fillForward(page: Page, values: Record<string, string>) {
  for (let i = 0; i < 40; i++) {
    const stop = await focused(page);
    if (!stop) throw new Error("focus lost while filling the form");
    if (stop.type === "submit") return;
    const value = values[stop.id];
    // A select takes the next option with the arrow key; a text field is typed into.
    if (value === NEXT_OPTION) await page.keyboard.press("ArrowDown");
    else if (value !== undefined) await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  throw new Error("no submit button reached");
}

const portal = (page: Page) => page.locator("macc-portal");

test("keyboard only: login — order, focus rings, error summary, then logged in", async ({ page }) => {
  await page.goto("/portail/mon-compte/connexion");
  await portalTakenOver(page);
  await expect(portal(page).locator("main h1")).toBeVisible();
  const stops = await tabThroughMain(page);
  expect(stops.map((s) => s.id)).toEqual(expect.arrayContaining(["email", "password"]));
  await backToSubmit(page);
  await emptySubmit(page, "Enter", "email");
  await fillForward(page, { email: "uk@demo.macc.test", password: PASSWORD });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
});

test("keyboard only: registration's first step — order, focus rings, error summary with Space, then the server's answer", async ({
  page,
}) => {
  await page.goto("/portail/inscription");
  await expect(portal(page).locator("main h1")).toBeVisible();
  await tabThroughMain(page);
  await backToSubmit(page);
  await emptySubmit(page, " ", "immatriculation");
  await fillForward(page, { numeroClient: "C-999999", email: "clavier@exemple.test", mobile: "+33 6 98 76 54 30" });
  await page.keyboard.press("Enter");
  await expect(portal(page).locator("main").getByRole("alert").first()).toContainText("Désolé, ce code client n'est pas reconnu.");
  expect((await focused(page))?.inMain, "focus stays on the form after the answer").toBe(true);
});

test("keyboard only: basket — order, an item removed, error summary, then sent with Space", async ({ page }) => {
  test.slow(); // a bot check and a sent request
  await page.goto("/portail/panier/validation?panier=1001,1002");
  const main = portal(page).locator("main");
  await expect(main.locator(".basket-item img")).toHaveCount(2);
  const stops = await tabThroughMain(page);
  // Removing the second item with Enter: focus stays in the screen, not lost to the page.
  await backToSubmit(page);
  for (let i = 0; i < 20 && !(await focused(page))?.label.match(/^button.*Retirer/); i++) await page.keyboard.press("Shift+Tab");
  expect(stops.filter((s) => /^button.*Retirer/.test(s.label))).toHaveLength(2);
  await page.keyboard.press("Enter");
  await expect(main.locator(".basket-item")).toHaveCount(1);
  const after = await focused(page);
  expect(after?.inMain, `focus after removing an item: ${after?.label}`).toBe(true);
  expect(after?.ring).toBe(true);
  // Forward to the submit button, empty: the summary; then fill and send with Space.
  for (let i = 0; i < 20 && (await focused(page))?.type !== "submit"; i++) await page.keyboard.press("Tab");
  await emptySubmit(page, "Enter", "nom");
  await fillForward(page, { nom: "Jeanne Clavier", societe: "GAEC du Clavier", immat: "552100554", mobile: "06 12 34 56 78" });
  await page.keyboard.press(" ");
  await expect(page).toHaveURL(/\/portail\/panier\/valide$/);
  await expect(main.getByText("Votre demande a bien été enregistrée.")).toBeVisible();
});

test("keyboard only: contact form — order, focus rings, error summary, then sent", async ({ page }) => {
  await enterPortal(page, "uk@demo.macc.test", 0, "/portail/contact/formulaire-contact");
  const main = portal(page).locator("main");
  await expect(main.locator("form")).toBeVisible();
  await tabThroughMain(page);
  await backToSubmit(page);
  await emptySubmit(page, "Enter", "service");
  await fillForward(page, {
    service: NEXT_OPTION,
    subject: "Question au clavier",
    message: "Bonjour, je vous écris sans souris pour vérifier que tout fonctionne. Merci.",
  });
  await page.keyboard.press("Enter");
  await expect(main.getByRole("status").filter({ hasText: /Votre message a été envoyé/ })).toBeVisible();
  expect((await focused(page))?.inMain, "the confirmation takes focus").toBe(true);
});
