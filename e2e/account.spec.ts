import { expect, test, type Page } from "@playwright/test";
import { SHORT_IDLE_PORT } from "../playwright.config";
import { botCheckHeader, enterPortal, expectAccessible, logIn, PASSWORD } from "./support";

const portal = (page: Page) => page.locator("macc-portal");

test("a customer with several companies chooses one: the header and the theme follow it", async ({ page, request }) => {
  // An earlier login, so that there is a last connection date to show.
  const headers = await botCheckHeader(request);
  expect((await request.post("/api/auth/login", { data: { email: "multi@demo.macc.test", password: PASSWORD }, headers })).ok()).toBe(true);
  await page.goto("/portail/mon-compte/connexion");
  await logIn(page, "multi@demo.macc.test", "macc-portal");
  await expect(page).toHaveURL(/\/portail\/mon-compte\/choixEntreprise$/);
  await expect(portal(page).getByRole("heading", { level: 1 })).toHaveText("Choisir une entreprise");
  await expect(portal(page).getByText(/Votre dernière connexion/)).toBeVisible();
  await expectAccessible(page);

  const cards = portal(page).locator(".company-card");
  await expect(cards).toHaveCount(3);
  const agri = cards.nth(1);
  const agriName = (await agri.getByRole("heading").textContent())!.trim();
  await agri.getByRole("button", { name: /Choisir/ }).click();

  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  await expect(portal(page).locator(".macc-root")).toHaveAttribute("data-theme", "agri");
  await expect(portal(page).locator("[part=brand]")).toContainText("AGRIMACC");
  await expect(portal(page).locator("[part=company]")).toContainText(
    agriName
      .replace(/\s*actuelle?$/i, "")
      .split(" ")
      .slice(1)
      .join(" "),
  );

  // The change-company icon brings the choice back; the agri company is marked current.
  await portal(page).getByRole("link", { name: "Changer d'entreprise" }).click();
  await expect(page).toHaveURL(/choixEntreprise$/);
  await expect(cards.nth(1)).toHaveAttribute("data-current", "true");
  await cards
    .nth(0)
    .getByRole("button", { name: /Choisir/ })
    .click();
  await expect(portal(page).locator(".macc-root")).toHaveAttribute("data-theme", "macc");
});

const PROTECTED = [
  "/mon-compte",
  "/mon-compte/factures",
  "/mon-compte/mes-informations",
  "/mon-compte/mes-informations/update-mot-de-passe",
  "/mon-compte/parc-produits",
  "/mon-compte/parc-produits/ALIM/sav",
  "/contact/conseiller",
  "/contact/formulaire-contact",
];

test("data confirmed over 3 years ago: every protected page leads to the confirmation until confirmed", async ({ page }) => {
  // Nine full page loads, one after the other; a retry would find the data already confirmed.
  test.slow();
  await page.goto("/portail/mon-compte/connexion");
  await logIn(page, "stale@demo.macc.test", "macc-portal");
  await expect(page).toHaveURL(/\/portail\/mon-compte\/confirmation-information$/);
  await expect(portal(page).getByRole("heading", { level: 1 })).toHaveText("Confirmez vos informations");
  await expect(portal(page).getByText(/dernière confirmation|confirmées pour la dernière fois/i)).toBeVisible();
  await expectAccessible(page);

  for (const path of PROTECTED) {
    await page.goto(`/portail${path}`);
    await expect(page, path).toHaveURL(/\/portail\/mon-compte\/confirmation-information$/);
  }
  // The company choice stays reachable.
  await page.goto("/portail/mon-compte/choixEntreprise");
  await expect(page).toHaveURL(/choixEntreprise$/);

  // Confirming releases the customer towards the last page they were kept from.
  await page.goto("/portail/mon-compte/confirmation-information");
  await portal(page)
    .getByRole("button", { name: /mes informations sont exactes/i })
    .click();
  await expect(page).toHaveURL(new RegExp(`/portail${PROTECTED.at(-1)}$`));
  await page.goto("/portail/mon-compte/mes-informations");
  await expect(page).toHaveURL(/mes-informations$/);
  await expect(portal(page).getByLabel("Nom", { exact: true })).not.toHaveValue("");
});

test("a migrated account sees the welcome variant and can correct its data", async ({ page }) => {
  await page.goto("/portail/mon-compte/connexion");
  await logIn(page, "welcome@demo.macc.test", "macc-portal");
  await expect(page).toHaveURL(/confirmation-information$/);
  await expect(portal(page).getByRole("heading", { level: 1 })).toHaveText("Bienvenue dans votre nouvel espace client");
  await expectAccessible(page);
  await portal(page)
    .getByRole("button", { name: /corriger/i })
    .click();
  const form = portal(page).locator("form");
  await form.getByLabel("Nom", { exact: true }).fill("");
  await form.getByRole("button", { name: /Enregistrer et continuer/ }).click();
  await expect(form.getByRole("alert")).toBeFocused();
  await expect(form.getByRole("alert")).toContainText(/nom/i);
  await expectAccessible(page);
  await form.getByLabel("Nom", { exact: true }).fill("Martin");
  await form.getByRole("button", { name: /Enregistrer et continuer/ }).click();
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
});

test.describe.serial("password flows (reset@demo.macc.test)", () => {
  const EMAIL = "reset@demo.macc.test";
  const NEW = "Nouveau2026x";

  test("the password can be changed once; the second time says so", async ({ page }) => {
    await enterPortal(page, EMAIL, 0, "/portail/mon-compte/mes-informations/update-mot-de-passe");
    const form = portal(page).locator("form:not([inert])"); // drawn inert while the password's state loads;

    await form.getByLabel("Mot de passe actuel", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("court");
    await form.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("autre");
    await form.getByRole("button", { name: "Modifier mon mot de passe" }).click();
    await expect(form.getByRole("alert")).toContainText("Le mot de passe de confirmation est différent.");
    await expect(form.getByRole("alert")).toContainText("au moins 8 caractères");

    await form.getByLabel("Mot de passe actuel", { exact: true }).fill("Mauvais2026x");
    await form.getByLabel("Nouveau mot de passe", { exact: true }).fill(NEW);
    await form.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill(NEW);
    await form.getByRole("button", { name: "Modifier mon mot de passe" }).click();
    await expect(form.getByRole("alert")).toContainText("Votre ancien mot de passe est invalide.");

    await form.getByLabel("Mot de passe actuel", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Modifier mon mot de passe" }).click();
    await expect(portal(page).getByRole("status").filter({ hasText: "Votre mot de passe a été mis à jour." })).toBeVisible();

    await form.getByLabel("Mot de passe actuel", { exact: true }).fill(NEW);
    await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("Encore2026x");
    await form.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("Encore2026x");
    await form.getByRole("button", { name: "Modifier mon mot de passe" }).click();
    // Still on the screen opened before the change (as another tab would be): the refusal comes on submission.
    await expect(portal(page).getByRole("alert").filter({ hasText: "déjà modifié votre mot de passe" })).toBeVisible();

    // Opened again: said on arrival, with the forgotten-password link in place of the form (SPEC §4: once only).
    await page.reload();
    const main = portal(page).getByRole("main");
    const once = main.getByRole("status").filter({ hasText: "Vous avez déjà modifié votre mot de passe une fois." });
    await expect(once).toBeVisible();
    await expect(once.getByRole("link", { name: "Mot de passe oublié ?" })).toHaveAttribute("href", "/portail/mot-de-passe-oublie");
    await expect(main.locator("form")).toHaveCount(0);
    await expect(main.getByLabel("Mot de passe actuel", { exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("forgot password, end to end through the outbox, then log in with the new password", async ({ page, request }) => {
    await page.goto("/portail/mot-de-passe-oublie");
    const main = portal(page);
    await main.getByLabel("Adresse e-mail").fill(EMAIL);
    await main.getByRole("button", { name: "M'envoyer un lien" }).click();
    await expect(main.getByRole("status").filter({ hasText: EMAIL })).toBeVisible();
    await expectAccessible(page);

    const mails = (await (await request.get("/demo/outbox.json")).json()) as Array<{ to: string; subject: string; text: string }>;
    const mail = mails.find((m) => m.to.includes(EMAIL) && /https?:\/\/\S+token=/.test(m.text));
    expect(mail, "reset e-mail in the outbox").toBeTruthy();
    const link = /https?:\/\/\S+token=[\w-]+/.exec(mail!.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Choisissez un nouveau mot de passe");
    await main.getByLabel("Nouveau mot de passe", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill(PASSWORD);
    await main.getByRole("button", { name: "Modifier mon mot de passe" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Vous pouvez désormais vous connecter" })).toBeVisible();

    // The link works once: opened again, it says so before anything is typed.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Lien invalide");
    await expect(main.getByRole("alert").filter({ hasText: "n'est plus valable" })).toBeVisible();
    await expect(main.getByLabel("Nouveau mot de passe", { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto("/portail/mon-compte/connexion");
    await logIn(page, EMAIL, "macc-portal");
    await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  });

  // Last of the serial flows: the password is the demo's again, and no other test writes this account's data.
  test("my information: a new e-mail waits for its link; the old address's link cancels it, and the new one's then says so", async ({
    page,
  }) => {
    const NEW = "reset.e2e@ferme.test";
    await enterPortal(page, EMAIL, 0, "/portail/mon-compte/mes-informations");
    const form = portal(page).locator("form");
    await form.getByLabel("Adresse e-mail").fill(NEW);
    await form.getByLabel("Mot de passe actuel", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Enregistrer mes informations" }).click();
    const said = portal(page)
      .getByRole("status")
      .filter({ hasText: `Nous avons envoyé un lien à ${NEW}` });
    await expect(said).toBeVisible();
    // Focus goes to the message's region, as after any save.
    await expect(said.locator("..")).toBeFocused();
    // The login stays until the link is opened: the field shows it again, the change waits under it.
    await expect(form.getByLabel("Adresse e-mail")).toHaveValue(EMAIL);
    const pending = portal(page).locator(".pending-email");
    await expect(pending).toContainText(`En attente de confirmation : ${NEW}`);
    await expect(pending.getByRole("button", { name: "Annuler ce changement" })).toBeVisible();
    await expectAccessible(page);

    // The mails leave after the answer: the link to the new address, the notice with its cancel link to the old one.
    const linkIn = async (to: string, kind: "token" | "cancel") => {
      const pattern = new RegExp(`https?://\\S+\\?${kind}=[\\w-]+`);
      let found = "";
      await expect
        .poll(async () => {
          const mails = (await (await page.request.get("/demo/outbox.json")).json()) as Array<{ to: string; text: string }>;
          const mail = mails.find((m) => m.to.includes(to) && (to === NEW || m.text.includes(NEW)) && pattern.test(m.text));
          found = mail ? pattern.exec(mail.text)![0] : "";
          return found;
        })
        .not.toBe("");
      return new URL(found).pathname + new URL(found).search;
    };
    const [confirm, cancel] = [await linkIn(NEW, "token"), await linkIn(EMAIL, "cancel")];

    await page.goto(cancel);
    const main = portal(page).locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Changement annulé");
    await expect(main.getByRole("status")).toHaveText("Le changement a été annulé. Votre adresse e-mail de connexion n'a pas changé.");
    // The token leaves the address once the page has used it.
    await expect(page).toHaveURL(/\/portail\/mon-compte\/changement-email$/);
    await expectAccessible(page);

    await page.goto(confirm);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Lien invalide");
    await expect(main.getByRole("alert")).toHaveText("Ce changement a été annulé. Votre adresse e-mail de connexion n'a pas changé.");
    await page.goto("/portail/mon-compte/mes-informations");
    await expect(portal(page).locator("form").getByLabel("Adresse e-mail")).toHaveValue(EMAIL);
    await expect(portal(page).locator(".pending-email")).toHaveCount(0);
  });
});

test("login help links to forgot password, registration and contact", async ({ page }) => {
  await page.goto("/portail/mon-compte/mot-de-passe");
  const main = portal(page).locator("main");
  await expect(main.getByRole("link", { name: "Mot de passe oublié ?" })).toHaveAttribute("href", "/portail/mot-de-passe-oublie");
  await expect(main.getByRole("link", { name: "Créer mon compte" })).toHaveAttribute("href", "/portail/inscription");
  await expect(main.getByRole("link", { name: "Contactez-nous" })).toHaveAttribute("href", "/portail/contact");
});

test("my information saves, in the AGRI theme", async ({ page }) => {
  await enterPortal(page, "multi@demo.macc.test", 1, "/portail/mon-compte/mes-informations");
  await expect(portal(page).locator(".macc-root")).toHaveAttribute("data-theme", "agri");
  const form = portal(page).locator("form");
  await expect(form.getByLabel("Prénom")).not.toHaveValue("");
  await form.getByLabel("Fonction (facultatif)").fill("Cogérante");
  await form.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(portal(page).getByRole("status").filter({ hasText: "Vos informations ont été mises à jour." })).toBeVisible();
  await page.reload();
  await expect(portal(page).locator("form").getByLabel("Fonction (facultatif)")).toHaveValue("Cogérante");
});

test.describe("inactivity", () => {
  test.use({ baseURL: `http://127.0.0.1:${SHORT_IDLE_PORT}` });
  test("a warning before an idle session ends lets the customer stay logged in", async ({ page }) => {
    // The page's clock is ours, so that the half minute before the warning passes at once.
    await page.clock.install();
    // The page's session starts with its refresh call: the idle watch runs from its answer.
    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh") && r.ok());
    await enterPortal(page, "uk@demo.macc.test");
    await refreshed;
    // Sessions of this server end after one idle minute: the warning comes half-way.
    const dialog = page.locator("macc-session-dialog").getByRole("dialog", { name: "Votre session va bientôt expirer" });
    await expect(dialog).toBeHidden();
    await page.clock.fastForward("00:35");
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Rester connecté" }).click();
    await expect(dialog).toBeHidden();
    await expect(portal(page).locator("[part=company]")).toBeVisible();
  });
});
