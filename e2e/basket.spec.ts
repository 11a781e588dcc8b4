import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, logIn } from "./support";

const portal = (page: Page) => page.locator("macc-portal");
const main = (page: Page) => portal(page).locator("main");
const SEND = /Valider et être contacté par un conseiller/;

interface OutboxMessage {
  to: string;
  subject: string | null;
  text: string;
  channel: "email" | "sms";
}

/** The outbox's messages about one basket request (other tests send mail at the same time). */
async function messagesAbout(page: Page, reference: string): Promise<OutboxMessage[]> {
  const all = (await (await page.request.get("/demo/outbox.json")).json()) as OutboxMessage[];
  return all.filter((m) => m.text.includes(reference));
}

async function fillDetails(page: Page, values: { nom?: string; societe?: string; mobile: string; immat?: string }) {
  const form = main(page);
  if (values.nom !== undefined) await form.getByLabel("Votre nom").fill(values.nom);
  if (values.societe !== undefined) await form.getByLabel("Raison sociale").fill(values.societe);
  await form.getByLabel("Téléphone mobile").fill(values.mobile);
  if (values.immat !== undefined) await form.getByLabel("Numéro d'immatriculation de l'entreprise").fill(values.immat);
}

/** The confirmation's reference, once PANIER_VALIDER shows. */
async function confirmed(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/portail\/panier\/valide$/);
  await expect(main(page).getByText("Votre demande a bien été enregistrée.")).toBeVisible();
  return (await main(page).locator("dd").first().textContent())!.trim();
}

for (const theme of ["MACC", "AGRI"] as const) {
  test(`a visitor removes items, sends the basket once even on a double click, and sees the confirmation (${theme})`, async ({ page }) => {
    test.slow(); // axe and the contrast check on three screens, and a bot check
    const site = theme === "AGRI" ? "&site=agrimacc" : "";
    await page.goto(`/portail/panier/validation?panier=1001,1002,1003,9999${site}`);
    const items = main(page).locator(".basket-item");
    await expect(items.locator("img")).toHaveCount(3);
    await expect(main(page).getByText("Cet article n'est plus disponible")).toBeVisible();
    await expectAccessible(page);

    // Removing: the list, the header's count and the address follow (a reload keeps them out).
    const count = page.locator("macc-portal header .basket");
    await main(page)
      .getByRole("button", { name: /Retirer l'article 9999/ })
      .click();
    await main(page)
      .getByRole("button", { name: /^Retirer .* du panier$/ })
      .nth(2)
      .click();
    await expect(items).toHaveCount(2);
    await expect(count).toContainText("2");
    await expect(page).toHaveURL(new RegExp(`\\?panier=1001,1002${site}$`));
    await page.reload();
    await expect(items.locator("img")).toHaveCount(2);

    // Nothing typed: the summary, focused.
    await main(page).getByRole("button", { name: SEND }).click();
    await expect(main(page).locator(".error-summary")).toBeFocused();

    await fillDetails(page, { nom: "Jean Dupont", societe: "GAEC des Prés", mobile: "06 12 34 56 78", immat: "552 100 554" });
    await main(page).getByRole("button", { name: SEND }).dblclick();
    const reference = await confirmed(page);
    await expect(main(page).getByText("Un message de confirmation a été envoyé au 06 12 34 56 78.")).toBeVisible();
    await expect(count).toContainText("0");
    await expectAccessible(page);

    // Exactly once: one mail to the sales service, one SMS to the mobile given.
    await expect
      .poll(async () => (await messagesAbout(page, reference)).map((m) => m.channel).sort(), { timeout: 15_000 })
      .toEqual(["email", "sms"]);
    const sms = (await messagesAbout(page, reference)).find((m) => m.channel === "sms")!;
    expect(sms.to).toBe("+33612345678");

    // A reload of the confirmation shows it again; the basket, once empty, says so.
    await page.reload();
    expect(await confirmed(page)).toBe(reference);
    await page.goto("/portail/panier/validation");
    await expect(main(page).getByText("Votre panier est vide.")).toBeVisible();
    await expectAccessible(page);
  });
}

test("LOGIN_PANIER and back: the basket and what was typed kept, the rest prefilled; the request on the dashboard", async ({ page }) => {
  test.slow(); // logs in (bot check), picks a company, sends a basket
  await page.goto("/portail/panier/validation?panier=1004,1005");
  await expect(main(page).locator(".basket-item img")).toHaveCount(2);
  await main(page).getByLabel("Votre nom").fill("Jean Visiteur");
  await main(page).getByRole("link", { name: "Me connecter d'abord" }).click();
  await expect(page).toHaveURL(/\/portail\/panier\/connexion$/);
  await logIn(page, "multi@demo.macc.test", "macc-portal");
  // Several companies: the choice first, then back to the basket.
  await expect(page).toHaveURL(/choixEntreprise$/);
  await main(page)
    .locator(".company-card")
    .first()
    .getByRole("button", { name: /Choisir/ })
    .click();
  await expect(page).toHaveURL(/\/portail\/panier\/validation/);
  await expect(main(page).locator(".basket-item img")).toHaveCount(2);
  await expect(main(page).getByLabel("Votre nom")).toHaveValue("Jean Visiteur");
  await expect(main(page).getByLabel("Raison sociale")).not.toHaveValue("");
  await expect(main(page).getByLabel("Téléphone mobile")).toHaveValue("+33 6 12 34 56 78");
  await expect(main(page).getByLabel("Numéro d'immatriculation de l'entreprise")).not.toHaveValue("");
  await expect(main(page).getByRole("link", { name: "Me connecter d'abord" })).toHaveCount(0);

  // Logged in, the basket's login leads straight back to the basket.
  await page.goto("/portail/panier/connexion");
  await expect(page).toHaveURL(/\/portail\/panier\/validation$/);
  // The mobile comes from the profile, read again on this new page.
  await expect(main(page).getByLabel("Téléphone mobile")).toHaveValue("+33 6 12 34 56 78");

  await main(page).getByRole("button", { name: SEND }).click();
  const reference = await confirmed(page);
  await main(page).getByRole("link", { name: "Retour à mon compte" }).click();
  const requests = main(page).getByRole("region", { name: "Mes demandes de panier" });
  await expect(requests.locator("li").first()).toContainText(reference);
  await expect(requests.locator("li").first()).toContainText("Envoyée");
  await expectAccessible(page);
});
