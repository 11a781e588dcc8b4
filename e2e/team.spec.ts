import { expect, test, type Page } from "@playwright/test";
import { enterPortal, expectAccessible, logIn, PASSWORD } from "./support";

/**
 * Issue 29, step 2: the owner invites an accountant from TEAM, the invitation mail (demo outbox)
 * leads to INVITATION, the invitee creates an account there, logs in and sees only the invoices;
 * the owner then changes the role and the invitee's open session follows.
 */
const portal = (page: Page) => page.locator("macc-portal");
const tiles = (page: Page) => portal(page).locator(".tiles .tile__title");

test("an owner invites an accountant who joins with a new account; a role change reaches the open session", async ({ page, browser }) => {
  const invitee = `comptable.${Date.now()}@example.test`;

  // The owner's team screen.
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/equipe");
  await expect(portal(page).getByRole("heading", { level: 1 })).toHaveText("Mon équipe");
  await expect(portal(page).locator(".team__item").first()).toContainText("multi@demo.macc.test");
  await expectAccessible(page);

  // The invitation form validates on submit, keeps what was typed, then sends.
  const form = portal(page).locator(".team__invite form");
  await form.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(form.locator(".field__error").first()).toHaveText("Saisissez l'adresse e-mail de la personne à inviter");
  await form.getByLabel("Adresse e-mail").fill(invitee);
  await form.getByLabel("Rôle").selectOption("accountant");
  await form.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(portal(page).getByRole("status").first()).toContainText(`L'invitation a été envoyée à ${invitee}.`);
  await expect(portal(page).locator(".team__item", { hasText: invitee })).toContainText("Invité");

  // The mail, from the demo outbox: its link leads to the invitation page.
  let link = "";
  await expect(async () => {
    const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { to: string; text: string }[];
    link = /https?:\/\/\S+\?token=[\w-]+/.exec(outbox.find((m) => m.to === invitee)?.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass();
  const { pathname, search } = new URL(link);

  // The invitee, in a browser of their own: opening the page accepts nothing.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${pathname}${search}`);
  await expect(portal(other).getByRole("heading", { level: 1 })).toHaveText("Invitation à rejoindre une équipe");
  await expect(portal(other).locator(".invitation__lead")).toContainText(`${invitee}`);
  await expect(portal(other).locator(".invitation__lead")).toContainText("Comptable");
  await expect(other).not.toHaveURL(/token=/);
  await expectAccessible(other);
  await portal(other).getByRole("button", { name: "Accepter et créer mon compte" }).click();
  const account = portal(other).locator(".invitation__form");
  await account.getByRole("button", { name: "Créer mon compte et rejoindre l'équipe" }).click();
  await expect(account.locator(".field__error").first()).toHaveText("Saisissez votre numéro de mobile");
  await account.getByLabel("Téléphone mobile").fill("06 12 34 56 78");
  await account.getByLabel("Nouveau mot de passe", { exact: true }).fill(PASSWORD);
  await account.getByLabel("Confirmer le nouveau mot de passe").fill(PASSWORD);
  await expectAccessible(other);
  await account.getByRole("button", { name: "Créer mon compte et rejoindre l'équipe" }).click();
  await expect(portal(other).locator(".alert--success")).toContainText("Bienvenue dans l'équipe");

  // They log in and see only what an accountant reads.
  await portal(other).getByRole("link", { name: "Se connecter" }).click();
  await logIn(other, invitee, "macc-portal");
  await expect(other).toHaveURL(/\/portail\/mon-compte$/);
  await expect(tiles(other)).toHaveText(["Mes factures", "Mes informations", "Coordonnées bancaires"]);

  // The owner makes them workshop; their open session follows (no new login).
  await page.reload();
  const item = portal(page).locator(".team__item", { hasText: invitee });
  await expect(item).toContainText("Actif");
  await item.getByRole("button", { name: /^Modifier/ }).click();
  const dialog = portal(page).getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Rôle").selectOption("workshop");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(portal(page).getByRole("status").first()).toContainText(`L'accès de ${invitee} a été modifié.`);
  await expect(item).toContainText("Atelier");

  await other.goto("/portail/mon-compte/factures");
  await expect(other).toHaveURL(/\/portail\/mon-compte$/);
  await expect(tiles(other)).toHaveText(["Mes informations", "Mon parc produits", "Mes demandes d'intervention"]);
  await context.close();
});
