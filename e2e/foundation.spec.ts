import { expect, test } from "@playwright/test";
import { MAINTENANCE_PORT } from "../playwright.config";
import { PORT } from "./servers";
import { enterPortal, expectAccessible, logIn, PASSWORD, watchPage } from "./support";

test.describe("France page (fr-FR)", () => {
  test("a customer logs in, sees their company and the footer, stays logged in across a reload, and logs out", async ({
    page,
    context,
  }) => {
    const watched = watchPage(page);
    await page.goto("/france.html");
    const header = page.locator("macc-header");
    const footer = page.locator("macc-footer");

    // Footer contact block comes from the API (network FRA for fr-FR).
    await expect(footer.getByText("MACC France – Siège social")).toBeVisible();
    await expect(footer.getByRole("link", { name: /service\.clients@macc\.fr/ })).toHaveAttribute("href", "mailto:service.clients@macc.fr");
    await expectAccessible(page);

    await logIn(page, "multi@demo.macc.test");
    // Three companies: the customer first says which one they act for (the first is preselected).
    await expect(page).toHaveURL(/\/portail\/mon-compte\/choixEntreprise$/);
    const company = page.locator("macc-portal").locator("[part=company]");
    await expect(company).toContainText("Établissements Durand et Fils");
    await expect(company).toContainText("81234567600017");
    await expect(company.getByRole("link", { name: "Changer d'entreprise" })).toBeVisible();

    // No credential readable by scripts: nothing token-like in storage, the refresh cookie is HttpOnly.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toMatch(/accessToken|"token":"[^"]/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "macc_refresh")).toMatchObject({ httpOnly: true, secure: true });
    expect(cookies.find((c) => c.name === "isLogged")?.value).toBe("true");

    // Back on the CMS page, the session is restored from the cookie.
    await page.goto("/france.html");
    await expect(header.locator("[part=company]")).toContainText("Établissements Durand et Fils");
    await page.reload();
    await expect(header.locator("[part=company]")).toContainText("Établissements Durand et Fils");
    await expect(page.locator("macc-login")).toContainText(/Vous êtes connecté/);

    await header.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(header.locator("[part=company]")).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Mon compte" })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "isLogged")?.value).toBe("false");

    // The server revoked the session: a reload stays logged out.
    await page.reload();
    await expect(page.locator("macc-login").getByLabel("Adresse e-mail")).toBeVisible();
    expect(watched.problems).toEqual([]);
  });

  test("a wrong password shows the spec's message and keeps what was typed", async ({ page }) => {
    await page.goto("/france.html");
    const login = page.locator("macc-login");
    await login.getByLabel("Adresse e-mail").fill("multi@demo.macc.test");
    await login.getByLabel("Mot de passe", { exact: true }).fill("not-the-password");
    await login.getByRole("button", { name: "Se connecter", exact: true }).click();
    const summary = login.getByRole("alert");
    await expect(summary).toContainText(
      "Nom d'utilisateur ou mot de passe invalide. Vous pouvez cliquer sur 'Mot de passe oublié ?' ci-dessous.",
    );
    await expect(summary).toBeFocused();
    await expect(login.getByLabel("Adresse e-mail")).toHaveValue("multi@demo.macc.test");
    await expectAccessible(page);
  });

  test("empty fields are reported on submit, with focus on the summary, and nothing is sent", async ({ page }) => {
    await page.goto("/france.html");
    let loginCalls = 0;
    page.on("request", (r) => r.url().includes("/api/auth/login") && loginCalls++);
    const login = page.locator("macc-login");
    await login.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(login.getByRole("alert")).toBeFocused();
    await expect(login.getByRole("alert").getByRole("link")).toHaveCount(2);
    // Each summary entry moves focus to its field.
    await login.getByRole("alert").getByRole("link").nth(1).click();
    await expect(login.getByLabel("Mot de passe", { exact: true })).toBeFocused();
    expect(loginCalls).toBe(0);
  });

  test("the whole login flow works with the keyboard alone", async ({ page }) => {
    await page.goto("/france.html");
    const login = page.locator("macc-login");
    await login.getByLabel("Adresse e-mail").focus();
    await page.keyboard.type("multi@demo.macc.test");
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/portail\/mon-compte\/choixEntreprise$/);
    // Choose the first company with the keyboard too.
    await page
      .locator("macc-portal")
      .getByRole("button", { name: /^Choisir/ })
      .first()
      .focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  });
});

test("the UK customer sees no join-us entries", async ({ page }) => {
  await page.goto("/france.html");
  await expect(page.locator("macc-header").getByRole("link", { name: "Nous rejoindre" })).toBeVisible();
  await enterPortal(page, "uk@demo.macc.test");
  const portal = page.locator("macc-portal");
  await expect(portal.locator("[part=company]")).toBeVisible();
  await expect(portal.getByRole("link", { name: "Nous rejoindre" })).toHaveCount(0);
  await expect(portal.getByRole("link", { name: "Carrières" })).toHaveCount(0);
  // One company: no change-company icon.
  await expect(portal.getByRole("link", { name: "Changer d'entreprise" })).toHaveCount(0);
});

test("the Belgian page speaks Dutch and shows the Belgian contacts", async ({ page }) => {
  await page.goto("/belgie.html");
  await expect(page.locator("macc-login").getByRole("heading", { level: 1 })).toHaveText("Ik log in op mijn account");
  await expect(page.locator("macc-footer").locator("address")).toContainText(/Belgi|Brussel|Gent|Antwerpen|Namur|Leuven|\d{4}/);
  await expectAccessible(page);
});

test("the portal guards protected routes and returns to them after login", async ({ page }) => {
  await page.goto("/portail/mon-compte/factures");
  await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);
  await logIn(page, "multi@demo.macc.test", "macc-portal");
  await expect(page).toHaveURL(/choixEntreprise$/);
  await page
    .locator("macc-portal")
    .getByRole("button", { name: /^Choisir/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/portail\/mon-compte\/factures$/);
  // A restricted route sends a logged-in customer to the dashboard.
  await page.goto("/portail/mon-compte/connexion");
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
});

test("the loader loads only the tags on the page, and React once", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto("/footer.html");
  await expect(page.locator("macc-footer").locator("address")).toBeVisible();
  expect(scripts).toContain("/static/js/macc-footer.js");
  expect(scripts).not.toContain("/static/js/macc-header.js");
  expect(scripts).not.toContain("/static/js/macc-login.js");
  expect(scripts.filter((s) => /\/react-[\w-]+\.js$/.test(s))).toHaveLength(1);

  // A tag added later is defined on sight.
  await page.evaluate(() => document.body.prepend(document.createElement("macc-header")));
  await expect(page.locator("macc-header").getByRole("navigation").first()).toBeVisible();
  expect(scripts.filter((s) => /\/react-[\w-]+\.js$/.test(s))).toHaveLength(1);
});

test("a chunk that fails to load shows the load error in place", async ({ page }) => {
  await page.route("**/static/js/macc-footer.js", (route) => route.abort());
  await page.addInitScript(() =>
    document.addEventListener("macc-load-error", (e) => ((window as { loadError?: unknown }).loadError = (e as CustomEvent).detail)),
  );
  await page.goto("/footer.html");
  await expect(page.locator("macc-footer").getByRole("alert")).toHaveText(/n’a pas pu être chargée/);
  expect(await page.evaluate(() => (window as { loadError?: unknown }).loadError)).toMatchObject({
    type: "error",
    url: expect.stringContaining("/static/js/macc-footer.js"),
  });
});

test("host page styles do not leak in", async ({ page }) => {
  await page.goto("/france.html");
  const font = await page
    .locator("macc-login")
    .getByRole("heading", { level: 1 })
    .evaluate((el) => getComputedStyle(el).fontFamily);
  expect(font).not.toMatch(/Georgia|Times/);
});

test.describe("maintenance", () => {
  // The announced end (MAINTENANCE_UNTIL, 05:00 UTC) is shown in the browser's time zone: 06:00 in Paris in November.
  test.use({ timezoneId: "Europe/Paris" });

  test("every element shows the maintenance screen while the API answers 503; the page's content says when it ends and how to get back", async ({
    page,
  }) => {
    await page.goto(`http://127.0.0.1:${MAINTENANCE_PORT}/france.html`);
    // The footer's call met the 503: every element on the page switched to the maintenance screen.
    for (const tag of ["macc-header", "macc-login", "macc-footer"]) {
      await expect(page.locator(tag).getByText("Nous sommes actuellement en maintenance.")).toBeVisible();
    }
    // The help shows once, in the page's content (the login), not in the header or the footer.
    const content = page.locator("macc-login");
    await expect(content.getByText("Retour prévu le 28 novembre 2036 à 06:00")).toBeVisible();
    await expect(content.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/sites/fr-FR/");
    await expect(content.getByRole("button", { name: "Réessayer" })).toBeVisible();
    for (const tag of ["macc-header", "macc-footer"])
      await expect(page.locator(tag).getByRole("button", { name: "Réessayer" })).toHaveCount(0);
    // A first visit: no contact block stored, none to show.
    await expect(content.getByRole("region", { name: "Contactez-nous" })).toHaveCount(0);

    await content.getByRole("button", { name: "Réessayer" }).click();
    await expect(content.getByText("Le service est toujours en maintenance. Veuillez réessayer plus tard.")).toBeVisible();
    await expectAccessible(page);
  });

  test("a logged-in customer meeting a maintenance sees their network's contact block and its end, and gets back with Try again", async ({
    page,
  }) => {
    // The AGRIMACC company: its network's contact block, not the page's (FRA), is the one stored and shown.
    await enterPortal(page, "multi@demo.macc.test", 1, "/portail/mon-compte");
    const portal = page.locator("macc-portal");
    await expect(portal.locator("footer address")).toContainText("AGRIMACC – Union de coopératives");

    // The maintenance switch goes on: the API answers as the maintenance server does.
    const normal = `127.0.0.1:${PORT}/`;
    await page.route("**/api/**", async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(normal, `127.0.0.1:${MAINTENANCE_PORT}/`) });
      await route.fulfill({ response });
    });
    await page.reload();
    const notice = portal.locator("[part=maintenance]");
    await expect(notice.getByRole("heading", { level: 1, name: "Nous sommes actuellement en maintenance." })).toBeVisible();
    await expect(notice.getByText("Retour prévu le 28 novembre 2036 à 06:00")).toBeVisible();
    const contact = notice.getByRole("region", { name: "Contactez-nous" });
    await expect(contact).toContainText("AGRIMACC – Union de coopératives");
    await expect(contact.getByRole("link", { name: /02 51 37 45 00/ })).toHaveAttribute("href", "tel:0251374500");
    await expectAccessible(page);

    // Still in maintenance, then back: the dashboard returns without a page load.
    await notice.getByRole("button", { name: "Réessayer" }).click();
    await expect(notice.getByText("Le service est toujours en maintenance. Veuillez réessayer plus tard.")).toBeVisible();
    await page.unroute("**/api/**");
    await notice.getByRole("button", { name: "Réessayer" }).click();
    await expect(portal.locator("main").getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    await expect(portal.locator("[part=maintenance]")).toHaveCount(0);
  });
});
