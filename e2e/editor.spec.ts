import { expect, test, type Page } from "@playwright/test";
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
  await expectAccessible(page);

  // GOV.UK validation: the summary takes focus, the field keeps what was typed.
  await page.getByLabel("Language (data-locale)").selectOption("en-GB");
  await page.getByLabel("Address of the API (data-api-base)").fill("extranet/api");
  await page.getByRole("button", { name: "Update the preview and the code" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await expect(page.getByLabel("Address of the API (data-api-base)")).toHaveValue("extranet/api");
  await page.getByRole("link", { name: /Enter the address of the API/ }).click();
  await expect(page.getByLabel("Address of the API (data-api-base)")).toBeFocused();
  await page.getByLabel("Address of the API (data-api-base)").fill(new URL("/api", page.url()).href);

  for (const tag of ["macc-basket", "macc-footer"]) {
    await page.getByLabel("Element to add").selectOption(tag);
    await page.getByRole("button", { name: "Add the element" }).click();
  }
  await page.getByRole("button", { name: "Update the preview and the code" }).click();
  await expect(page.locator("#snippet")).toHaveValue(
    /<macc-login><\/macc-login>\n<macc-basket><\/macc-basket>\n<macc-footer><\/macc-footer>$/,
  );
  await expect(page.frameLocator("iframe").locator("macc-login").getByLabel("E-mail address")).toBeVisible();
  // The frame takes the preview's height, at a desktop's width and a phone's: nothing scrolls inside it.
  const hiddenInFrame = () =>
    page.locator("iframe").evaluate((frame: HTMLIFrameElement) => {
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
  await page.getByLabel("The page's Content-Security-Policy uses nonces").check();
  await page.getByLabel("Include the host sheet, which keeps each element's room while it loads").uncheck();
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
  await expect(page.frameLocator("iframe").locator("macc-login")).toContainText("You are logged in as uk@demo.macc.test.");
});
