import { expect, test, type Page } from "@playwright/test";
import { SHORT_IDLE_PORT } from "../playwright.config";
import { enterPortal, expectAccessible } from "./support";

// Bank details are switched on (MACC_FEATURES=coordonnee-bancaire) on the normal test server and
// off, the default, on the short-idle one (playwright.config.ts).

const PATH = "/portail/mon-compte/coordonnee-bancaire";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const bankDetails = (page: Page) => page.locator("macc-portal");
const summary = (page: Page) => bankDetails(page).locator(".error-summary li");

test("flag on: details in force, invalid IBAN, too large and wrong-type files, then a change being validated (MACC theme)", async ({
  page,
}) => {
  test.slow(); // logs in (bot check) and walks a form
  await enterPortal(page, "multi@demo.macc.test", 0);
  const portal = bankDetails(page);
  await portal.getByRole("link", { name: /Coordonnées bancaires/ }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(portal.getByRole("heading", { level: 1, name: "Coordonnées bancaires" })).toBeVisible();
  await expect(portal.locator("dd.iban")).toHaveText("FR76 3000 6000 0112 3456 7890 189");

  const iban = portal.getByLabel("IBAN", { exact: true });
  const holder = portal.getByLabel("Intitulé du compte");
  const rib = portal.getByLabel("Votre RIB");
  const send = portal.getByRole("button", { name: "Envoyer mes nouvelles coordonnées" });

  // The details already in force, with their RIB: nothing to change, said on the IBAN.
  await iban.fill("FR76 3000 6000 0112 3456 7890 189");
  await holder.fill("Ets Durand et Fils");
  await rib.setInputFiles({ name: "rib.pdf", mimeType: "application/pdf", buffer: PDF });
  await send.click();
  await expect(summary(page)).toHaveText(["Ce sont déjà vos coordonnées bancaires : modifiez l'IBAN ou l'intitulé du compte"]);
  await rib.setInputFiles([]);

  // On a phone, a company's full name wraps in the holder field instead of running out of view.
  await page.setViewportSize({ width: 360, height: 800 });
  await holder.fill("SCEA Établissements Durand et Fils");
  expect(await holder.evaluate((field) => field.scrollWidth <= field.clientWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  // An IBAN whose check digits do not match, and no document: both said, focus on the summary.
  await iban.fill("FR76 3000 6000 0112 3456 7890 188");
  await holder.fill("ETS DURAND ET FILS");
  await send.click();
  await expect(summary(page)).toHaveText(["Cet IBAN n'est pas valide : vérifiez-le sur votre RIB", "Joignez votre RIB"]);
  await expect(portal.locator(".error-summary")).toBeFocused();
  await expect(iban).toHaveValue("FR76 3000 6000 0112 3456 7890 188");

  // A document over 5 MB, then one that is not a PDF whatever its name says.
  await iban.fill("FR09 1450 8000 4056 7890 1234 523");
  await rib.setInputFiles({ name: "rib.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) });
  await send.click();
  await expect(summary(page)).toHaveText([/^Le fichier est trop volumineux : 5\sMo au maximum$/]);
  await rib.setInputFiles({ name: "rib.pdf", mimeType: "application/pdf", buffer: Buffer.from("Ceci est un texte, pas un RIB.") });
  await send.click();
  await expect(summary(page)).toHaveText(["Ce type de fichier n'est pas accepté : envoyez un PDF, JPEG ou PNG"]);
  await expectAccessible(page);

  // A valid change: sent, and being validated; the details in force stay.
  await rib.setInputFiles({ name: "mon-rib.pdf", mimeType: "application/pdf", buffer: PDF });
  await send.click();
  await expect(
    portal.getByRole("status").filter({ hasText: "Vos nouvelles coordonnées bancaires sont en cours de validation" }),
  ).toBeVisible();
  const pending = portal.locator(".panel--pending");
  await expect(pending.getByRole("heading", { level: 2 })).toHaveText("Modification en cours de validation");
  // The form folds under it; sending again would replace it.
  await expect(portal.locator("main form")).toHaveCount(0);
  await expect(portal.getByRole("button", { name: "Envoyer d'autres coordonnées à la place" })).toBeVisible();
  await expect(pending.locator("dd.iban")).toHaveText("FR09 1450 8000 4056 7890 1234 523");
  await expect(portal.locator("dd.iban").first()).toHaveText("FR76 3000 6000 0112 3456 7890 189");

  // Kept across a reload.
  await page.reload();
  await expect(bankDetails(page).locator(".panel--pending dd.iban")).toHaveText("FR09 1450 8000 4056 7890 1234 523");

  // Its RIB downloads with the session's token.
  const download = page.waitForEvent("download");
  await bankDetails(page)
    .locator(".panel--pending")
    .getByRole("button", { name: /Télécharger le RIB/ })
    .click();
  expect((await download).suggestedFilename()).toBe("mon-rib.pdf");
});

test("flag on: the change being validated of the AGR company, in the AGRI theme", async ({ page }) => {
  test.slow(); // logs in (bot check)
  await enterPortal(page, "multi@demo.macc.test", 1, PATH);
  const portal = bankDetails(page);
  await expect(portal.locator(".panel--pending dd.iban")).toHaveText("FR09 1450 8000 4056 7890 1234 523");
  await expect(portal.locator(".macc-root").first()).toHaveAttribute("data-theme", "agri");
});

test.describe("flag off (the default)", () => {
  test.use({ baseURL: `http://127.0.0.1:${SHORT_IDLE_PORT}` });

  test("no tile, the address is not a page, the element renders nothing, the API answers 404", async ({ page }) => {
    test.slow(); // logs in (bot check)
    await enterPortal(page, "multi@demo.macc.test", 0);
    const portal = bankDetails(page);
    await expect(portal.locator(".tile").first()).toBeVisible();
    await expect(portal.getByRole("link", { name: /Coordonnées bancaires/ })).toHaveCount(0);

    await page.goto(PATH);
    await expect(portal.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();

    const api = await page.evaluate(async () => {
      const features = await (await fetch("/api/features")).json();
      const details = await fetch("/api/me/bank-details");
      return { features, status: details.status, type: details.headers.get("content-type") };
    });
    expect(api).toEqual({ features: { features: [] }, status: 404, type: "application/problem+json; charset=utf-8" });

    // The loader still defines the tag; the element shows nothing.
    await page.goto("/footer.html");
    await page.evaluate(() => document.body.append(document.createElement("macc-bank-details")));
    await page.waitForFunction(() => customElements.get("macc-bank-details") !== undefined);
    const element = page.locator("macc-bank-details");
    await expect(element.locator(".macc-root[lang]")).toBeAttached();
    await expect(element.locator(".macc-root")).toBeEmpty();
    expect((await element.boundingBox())?.height ?? 0).toBe(0);
  });
});
