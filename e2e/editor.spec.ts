import { expect, test, type Page } from "@playwright/test";
import { TAGS } from "../src/core/tags";
import { expectAccessible } from "./support";

/** The host page's head and body from a snippet: the link and script go in the head, the tags in the body. */
function hostPage(snippet: string): string {
  const [head = "", body = ""] = snippet.split("\n\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CMS page</title>${head}</head><body><h1>CMS page</h1>${body}</body></html>`;
}

async function copied(editor: Page, button: string, text: string): Promise<string> {
  await editor.getByRole("button", { name: button }).click();
  await expect(editor.getByText("Copied to the clipboard.")).toBeVisible();
  const clipboard = await editor.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toBe(await editor.locator(`#${text}`).inputValue());
  return clipboard;
}

/**
 * Opens a blank page of the demo origin holding `snippet`, served with `default-src 'none'` and the
 * generated directives: nothing the elements need may come from a source the lines do not name.
 */
async function openHost(page: Page, address: string, path: string, snippet: string, csp: string): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.route(
    (url) => url.pathname === path,
    (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        headers: { "Content-Security-Policy": `default-src 'none'; ${csp}` },
        body: hostPage(snippet),
      }),
  );
  await page.goto(address);
  return violations;
}

test("the configurator's snippet works in a blank page under the CSP it gives, with and without nonces", async ({ page, context }) => {
  // One flow instead of four tests (the editor, two host pages and a login): one editor page to load and check.
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/editor/?locale=en-GB");
  await expect(page.getByRole("heading", { level: 1, name: "Element configurator" })).toBeVisible();
  // The gallery: a card per element of the registry, in plain words, with a live thumbnail kept out of the tab order.
  await expect(page.locator(".editor__card")).toHaveCount(TAGS.length);
  const loginCard = page.locator(".editor__card").filter({ has: page.getByRole("heading", { name: "Login form" }) });
  await expect(loginCard).toContainText("Customers log in with their e-mail address and password.");
  await expect(loginCard.locator(".editor__thumb")).toHaveAttribute("inert", "");
  // The thumbnails load as they come near the screen, and speak the page's language, French until another is set.
  await loginCard.scrollIntoViewIfNeeded();
  await expect(loginCard.frameLocator("iframe").locator("macc-login").getByLabel("Adresse e-mail")).toBeVisible();
  await expectAccessible(page);

  // The technical settings wait under "Advanced", a disclosure the keyboard opens and closes.
  const advanced = page.locator("form details.editor__advanced").last();
  const apiBase = page.getByLabel("Address of the customer area's server");
  await expect(apiBase).toBeHidden();
  await advanced.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(apiBase).toBeVisible();
  await apiBase.fill("extranet/api");
  await advanced.locator("summary").focus();
  await page.keyboard.press("Space");
  await expect(apiBase).toBeHidden();

  // GOV.UK validation: the summary takes focus, the field keeps what was typed, and "Advanced" opens to show it.
  await page.locator("#page-locale").selectOption("en-GB");
  await page.getByRole("button", { name: "Update the preview and the code" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await expect(apiBase).toHaveValue("extranet/api");
  await page.getByRole("link", { name: /Enter the address of the API/ }).click();
  await expect(apiBase).toBeFocused();
  await apiBase.fill(new URL("/api", page.url()).href);

  for (const name of ["Basket", "Site footer"]) await page.getByRole("button", { name: `Add “${name}” to the page` }).click();
  await expect(page.getByText("“Site footer” added to the settings below.")).toBeVisible();
  await page.getByRole("button", { name: "Update the preview and the code" }).click();
  await expect(page.locator("#snippet")).toHaveValue(
    /<macc-login><\/macc-login>\n<macc-basket><\/macc-basket>\n<macc-footer><\/macc-footer>$/,
  );
  const preview = page.locator(".editor__frame");
  await expect(page.frameLocator(".editor__frame").locator("macc-login").getByLabel("E-mail address")).toBeVisible();
  // The preview is a Tab stop: the keyboard sees where it is (WCAG 2.4.7, 2.4.11).
  await page.getByRole("button", { name: "Log in or out" }).focus();
  await page.keyboard.press("Tab");
  await expect(preview).toBeFocused();
  await expect.poll(() => preview.evaluate((frame) => getComputedStyle(frame).outline)).toMatch(/solid 3px$/);
  // The frame takes the preview's height, at a desktop's width and a phone's: nothing scrolls inside it.
  const hiddenInFrame = () =>
    preview.evaluate((frame: HTMLIFrameElement) => {
      const scroller = frame.contentDocument!.scrollingElement!;
      return scroller.scrollHeight - scroller.clientHeight;
    });
  await expect.poll(hiddenInFrame).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(hiddenInFrame).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1280, height: 720 });

  const snippet = await copied(page, "Copy the snippet", "snippet");
  const csp = (await page.locator("#csp").inputValue()).replace(/^Content-Security-Policy: /, "");
  expect(await page.locator("#allowlist-json").inputValue()).toContain('"macc-footer": [');

  // Without the host sheet the policy has no style-src: the elements' adopted sheets need none.
  await page.getByLabel("My site's security policy gives each page a one-time code").check();
  await page.getByLabel("Keep each element's space on the page while it loads").uncheck();
  await page.getByRole("button", { name: "Update the preview and the code" }).click();
  const nonceSnippet = await copied(page, "Copy the snippet", "snippet");
  expect(nonceSnippet).toContain('nonce="{NONCE}"');
  expect(nonceSnippet).not.toContain("<link");
  const nonceCsp = (await page.locator("#csp-nonce").inputValue()).replace(/^Content-Security-Policy: /, "");
  expect(nonceCsp).not.toContain("style-src");

  const host = await context.newPage();
  const nonce = "bm9uY2UtZm9yLXRoZS10ZXN0";
  for (const [path, html, policy] of [
    ["/cms-host/plain.html", snippet, csp],
    ["/cms-host/nonce.html", nonceSnippet.replaceAll("{NONCE}", nonce), nonceCsp.replaceAll("{NONCE}", nonce)],
  ] as const) {
    // A basket item's picture comes from the API: img-src is exercised too.
    const violations = await openHost(host, `${path}?panier=1001`, path, html, policy);
    await expect(host.locator("macc-login").getByLabel("E-mail address")).toBeVisible();
    await expect(host.locator("macc-login").getByRole("button", { name: "Log in" })).toHaveCSS("background-color", "rgb(0, 90, 78)");
    await expect(host.locator("macc-footer").locator("address")).not.toBeEmpty();
    const picture = host.locator("macc-basket").locator("img").first();
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(violations).toEqual([]);
  }

  // The preview logs in through the demo API and shows the elements to that customer.
  await page.getByLabel("Show the elements to").selectOption("uk@demo.macc.test");
  await page.getByRole("button", { name: "Log in or out" }).click();
  await expect(page.getByText("Logged in as uk@demo.macc.test through the demo API.")).toBeVisible();
  await expect(page.frameLocator(".editor__frame").locator("macc-login")).toContainText("You are logged in as uk@demo.macc.test.");
});

test("Check my page says what a page lacks, with the fix to copy, in the editor's language", async ({ page }) => {
  await page.goto("/editor/?locale=en-GB");
  const pasted = page.getByLabel("Your page's HTML or security policy");
  const check = page.getByRole("button", { name: "Check my page" });
  const snippet = await page.locator("#snippet").inputValue();
  const [head, tags] = snippet.split("\n\n");

  // A CMS page with the tag but not the loader.
  await pasted.fill(hostPage(`\n\n${tags}`));
  await check.click();
  await expect(page.getByRole("heading", { name: "What is missing" })).toBeFocused();
  await expect(page.locator(".editor__findings > li")).toHaveCount(1);
  await expect(page.locator(".editor__findings")).toContainText("the loader's script tag is missing");
  await expect(page.locator("#check-fix-0")).toHaveValue(head!);
  await expectAccessible(page);

  // The whole snippet under the policy the configurator gives: nothing is missing.
  const csp = await page.locator("#csp").inputValue();
  await pasted.fill(`${hostPage(snippet)}\n${csp}`);
  await check.click();
  await expect(page.getByRole("heading", { name: "Nothing is missing" })).toBeFocused();

  // The same policy without blob: blocks a service request's previews: said in plain words.
  await pasted.fill(`${hostPage(snippet)}\n${csp.replaceAll(" blob:", "")}`);
  await check.click();
  await expect(page.getByRole("heading", { name: "What is missing" })).toBeFocused();
  await expect(page.locator(".editor__findings > li")).toHaveCount(2);
  await expect(page.locator(".editor__findings")).toContainText("blocks the previews of the photos a customer adds to a service request");
  await expect(page.locator(".editor__findings")).toContainText("the preview of the video");
  await expect(page.locator("#check-fix-1")).toHaveValue("media-src blob:");

  // French: the words of the registry and of the catalog.
  await page.goto("/editor/?locale=fr-FR");
  await expect(page.getByRole("heading", { name: "Formulaire de connexion" })).toBeVisible();
  await expect(page.locator(".editor__card").filter({ hasText: "Formulaire de connexion" })).toContainText("Les clients se connectent");
  await expect(page.getByText("Réglages avancés", { exact: true })).toBeVisible();
});
