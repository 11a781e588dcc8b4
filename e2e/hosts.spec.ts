import { expect, test } from "@playwright/test";
import { expectAccessible, PASSWORD, watchPage } from "./support";

/**
 * The framework host apps (demo/hosts): a React 19 and a Vue 3 app hosting the elements through
 * the suite's loader. One flow each: what the host passes (language, re-renders) reaches the
 * elements without losing what they hold, and what the elements say (macc-login, macc-navigate,
 * macc-logout) reaches the host, whose own router takes the navigations it has.
 */
// Each host is checked for accessibility in one of the two themes, chosen in its state.
for (const { host, theme } of [
  { host: "react", theme: "macc" },
  { host: "vue", theme: "agri" },
]) {
  test(`${host} host: attributes from its state, the elements' events, its router, re-renders that keep the elements' state`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { problems } = watchPage(page);
    const base = `/hosts/${host}/`;
    await page.goto(base);
    const login = page.locator("macc-login");
    const rerender = page.getByRole("button", { name: /^Re-render the host/ });
    const log = page.getByRole("list", { name: "Events from the elements" });
    await expect(login.getByRole("heading", { level: 1 })).toHaveText("Je me connecte à mon compte");
    await expect(page.locator("macc-footer").locator('a[href^="tel:"]').first()).toBeVisible();

    // What the customer typed survives a re-render of the host, and a language chosen in the host's state.
    await login.getByLabel("Adresse e-mail").fill("multi@demo.macc.test");
    await rerender.click();
    await expect(rerender).toHaveText("Re-render the host (2)");
    await page.getByLabel("Language").selectOption("en-GB");
    for (const tag of ["macc-header", "macc-login", "macc-footer"]) await expect(page.locator(tag)).toHaveAttribute("lang", "en-GB");
    await expect(login.getByRole("heading", { level: 1 })).toHaveText("I log in to my account");
    await expect(login.getByLabel("E-mail address")).toHaveValue("multi@demo.macc.test");
    await page.getByLabel("Theme").selectOption(theme);
    await expect(login.locator(".macc-root")).toHaveAttribute("data-theme", theme);
    await expectAccessible(page);

    // The login: macc-login reaches the host; the company choice the element asks for is the host's own page.
    await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await login.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("status").getByText("logged in as multi@demo.macc.test")).toBeVisible();
    await expect(page).toHaveURL(`${base}company`);
    await expect(log).toContainText(`macc-navigate CHOIX_ENTREPRISE: cancelled, shown at ${base}company`);
    await page
      .locator("macc-company-choice")
      .getByRole("button", { name: /^Choose/ })
      .first()
      .click();
    await expect(page).toHaveURL(`${base}account`);
    await expect(page.getByTestId("host-route")).toHaveText(`${base}account`);

    // The invoice list keeps its page through a host re-render.
    const invoices = page.locator("macc-invoices");
    const shown = invoices.locator(".results [role=status]");
    await expect(shown).toContainText("1–25 of");
    await invoices.getByRole("button", { name: "Next" }).click();
    await expect(shown).toContainText("26–50 of");
    await rerender.click();
    await expect(rerender).toHaveText("Re-render the host (3)");
    await expect(shown).toContainText("26–50 of");

    // Logging out from the header: macc-logout reaches the host, which goes back to its home page.
    await page.locator("macc-header").getByRole("button", { name: "Log out" }).click();
    await expect(log).toContainText("macc-logout: user");
    await expect(page).toHaveURL(base);
    await expect(login.getByLabel("E-mail address")).toBeVisible();
    expect(problems).toEqual([]);
  });
}
