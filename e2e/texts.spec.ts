import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support";

/** Every text of the page's elements, shadow roots included. */
const elementsText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("*")]
      .filter((el) => el.localName.startsWith("macc-") && el.shadowRoot)
      .map((el) => el.shadowRoot!.textContent ?? "")
      .join("\n"),
  );

test.describe("texts", () => {
  test("the AGRI site names its own brand: footer and login, never MACC alone", async ({ page }) => {
    await page.goto("/france.html?site=agrimacc");
    const footer = page.locator("macc-footer");
    await expect(footer.getByRole("link", { name: "AGRIMACC sur LinkedIn (s'ouvre dans un nouvel onglet)" })).toBeVisible();
    await expect(footer.getByText(/^© AGRIMACC · v/)).toBeVisible();
    await expect(page.locator("macc-login").getByRole("heading", { name: "J'ai un compte AGRIMACC" })).toBeVisible();
    // The network's postal address names AGRIMACC too; the word MACC alone is never shown.
    expect(await elementsText(page)).not.toMatch(/\bMACC\b/);
    await expectAccessible(page);

    await page.goto("/france.html?site=macc");
    await expect(footer.getByRole("link", { name: "MACC sur LinkedIn (s'ouvre dans un nouvel onglet)" })).toBeVisible();
    await expect(page.locator("macc-login").getByRole("heading", { name: "J'ai un compte MACC" })).toBeVisible();
  });

  test("the network's services are named in the visitor's language (AGRI network in German and English)", async ({ page }) => {
    const main = page.locator("macc-portal main");
    await page.goto("/portail/contact?site=agrimacc&lang=de_BE");
    await expect(main.getByRole("heading", { level: 3 })).toHaveText([
      "Mitgliederservice",
      "Pflanzenbauberatung",
      "Maschinen-Kundendienst",
      "Buchhaltung",
    ]);
    await expectAccessible(page);
    await page.goto("/portail/contact?site=agrimacc&lang=en_GB");
    await expect(main.getByRole("heading", { level: 3 })).toHaveText([
      "Member services",
      "Agronomy advice",
      "Equipment after-sales",
      "Accounting",
    ]);
  });

  test("registration step 1: all fields required said once, and where the code really goes", async ({ page }) => {
    await page.goto("/portail/inscription");
    const form = page.locator("macc-portal main form");
    await expect(form.getByText("Tous les champs sont obligatoires.", { exact: false })).toBeVisible({ timeout: 20_000 });
    await expect(form).not.toContainText("Champ obligatoire");
    await expect(form).not.toContainText("SMS");
    await expect(form.getByLabel("Téléphone mobile", { exact: true })).toBeVisible();
    await expect(
      form.getByText(/adresse e-mail ou un numéro de mobile déjà connus pour votre entreprise, que vous choisissez à l'étape 3/),
    ).toBeVisible();
  });
});
