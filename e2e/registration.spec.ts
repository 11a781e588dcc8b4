import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support";

const portal = (page: Page) => page.locator("macc-portal");
const EMAIL = "nouvelle.ferme@exemple.test";
const PASSWORD = "Vallee2026x";

async function latestCode(page: Page, to: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/demo/outbox.json")).json()) as Array<{ to: string; text: string }>;
      code = /\b(\d{6})\b/.exec(mails.find((m) => m.to.includes(to))?.text ?? "")?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  return code;
}

/** axe in both themes on the current step (the flow's state survives the reloads). */
async function expectAccessibleInBothThemes(page: Page) {
  const path = new URL(page.url()).pathname;
  for (const site of ["agrimacc", "macc"]) {
    await page.goto(`${path}?site=${site}`);
    await expect(portal(page).locator(".macc-root")).toHaveAttribute("data-theme", site === "agrimacc" ? "agri" : "macc");
    await expect(portal(page).locator("main h2").first()).toBeVisible();
    await expectAccessible(page);
  }
}

test.describe.serial("self-registration", () => {
  // Each step solves a proof of work before it answers: allow a loaded machine some time.
  test.use({ actionTimeout: 20_000 });
  test.beforeEach(() => test.setTimeout(90_000));
  test("registers the demo company found by its SIREN, with the code from the outbox, then logs out and back in", async ({ page }) => {
    await page.goto("/portail/inscription");
    const main = portal(page).locator("main");
    await expect(main.getByText("Étape 1 sur 5")).toBeVisible({ timeout: 20_000 });

    // Neither number: the spec's message.
    await main.getByRole("button", { name: "Rechercher mon entreprise" }).click();
    await expect(main.getByRole("alert").first()).toContainText("Un des deux champs est obligatoire");

    await main.getByLabel("Numéro d'immatriculation de l'entreprise").fill("552100554");
    await main.getByLabel(/^Adresse e-mail/).fill(EMAIL);
    await main.getByLabel(/^Téléphone mobile/).fill("+33 6 12 34 56 78");
    await main.getByRole("button", { name: "Rechercher mon entreprise" }).click();

    await expect(main.getByText("Étape 2 sur 5")).toBeVisible({ timeout: 20_000 });
    await expect(main.getByText("Ferme de la Vallée Verte")).toBeVisible();
    await expectAccessibleInBothThemes(page);
    // Survives a reload mid-flow.
    await page.reload();
    await expect(main.getByText("Étape 2 sur 5")).toBeVisible({ timeout: 20_000 });
    await main.getByRole("button", { name: "Continuer" }).click();

    await expect(main.getByText("Étape 3 sur 5")).toBeVisible({ timeout: 20_000 });
    await expectAccessibleInBothThemes(page);
    await main.getByRole("radio", { name: /e-mail/ }).check();
    await main.getByRole("button", { name: "M'envoyer un code" }).click();

    await expect(main.getByText("Étape 4 sur 5")).toBeVisible({ timeout: 20_000 });
    await expectAccessibleInBothThemes(page);
    const code = await latestCode(page, "contact@vallee-verte.test");
    await main.getByLabel("Code de vérification").fill(code === "000000" ? "111111" : "000000");
    await main.getByRole("button", { name: "Vérifier le code" }).click();
    await expect(main.getByRole("alert").first()).toContainText(/incorrect/i);
    await main.getByLabel("Code de vérification").fill(code);
    await main.getByRole("button", { name: "Vérifier le code" }).click();

    await expect(main.getByText("Étape 5 sur 5")).toBeVisible({ timeout: 20_000 });
    await expectAccessibleInBothThemes(page);
    await main.getByLabel("Nouveau mot de passe", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill(PASSWORD);
    await main.getByRole("button", { name: "Créer mon compte" }).click();

    await expect(page).toHaveURL(/\/portail\/mon-compte(\/confirmation-information)?$/);
    await expect(portal(page).locator("[part=company]")).toContainText("Ferme de la Vallée Verte");

    await portal(page).getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/portail\/mon-compte\/connexion$/);
    const login = portal(page);
    await login.getByLabel("Adresse e-mail").fill(EMAIL);
    await login.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await login.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(portal(page).locator("[part=company]")).toContainText("Ferme de la Vallée Verte");
  });

  test("the same company found by its customer number now has an account: the reset offer", async ({ page }) => {
    await page.goto("/portail/inscription?site=agrimacc");
    const main = portal(page).locator("main");
    await expect(portal(page).locator(".macc-root")).toHaveAttribute("data-theme", "agri");
    await main.getByLabel("Numéro client").fill("C-100200");
    await main.getByLabel(/^Adresse e-mail/).fill("autre@exemple.test");
    await main.getByLabel(/^Téléphone mobile/).fill("+33 6 98 76 54 32");
    await main.getByRole("button", { name: "Rechercher mon entreprise" }).click();
    await expect(main.getByText("Étape 2 sur 5")).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await main.getByRole("button", { name: "Continuer" }).click();
    const dialog = main.getByRole("dialog");
    await expect(dialog).toContainText("Vous ne vous souvenez plus de votre mot de passe ? Souhaitez-vous le réinitialiser ?");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Réinitialiser mon mot de passe" }).click();
    await expect(page).toHaveURL(/\/portail\/mot-de-passe-oublie$/);
  });

  test("an unknown customer number gets the spec's message", async ({ page }) => {
    await page.goto("/portail/inscription");
    const main = portal(page).locator("main");
    await main.getByLabel("Numéro client").fill("C-999999");
    await main.getByLabel(/^Adresse e-mail/).fill("inconnu@exemple.test");
    await main.getByLabel(/^Téléphone mobile/).fill("+33 6 98 76 54 31");
    await main.getByRole("button", { name: "Rechercher mon entreprise" }).click();
    await expect(main.getByRole("alert").first()).toContainText("Désolé, ce code client n'est pas reconnu.");
  });
});
