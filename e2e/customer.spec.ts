import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { inflateSync } from "node:zlib";
import { enterPortal } from "./support";

const portal = (page: Page) => page.locator("macc-portal");

/** Text in a PDF: inside compressed streams too, and with hex-encoded strings (`<4641…> Tj`) decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  const parts = [raw];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      parts.push(inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1"));
    } catch {
      // Not a deflated stream.
    }
  }
  const text = parts.join("\n");
  const hex = [...text.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj/g)].map((m) => Buffer.from(m[1]!.replace(/\s/g, ""), "hex").toString("latin1"));
  return [text, ...hex].join("\n");
}

test("invoices: the list, search, sorting, a PDF and the yearly ZIP", async ({ page }) => {
  await enterPortal(page, "multi@demo.macc.test");
  const main = portal(page).locator("main");
  await expect(main.locator(".tile").first()).toBeVisible();

  await main.getByRole("link", { name: /Mes factures/ }).click();
  await expect(page).toHaveURL(/\/portail\/mon-compte\/factures$/);
  const rows = main.locator("table.data tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(main.getByRole("status").filter({ hasText: /sur [\d\s  ]+ factures/ })).toContainText(/2[\s  ]?\d{3}/);

  // Sorted by amount, highest first.
  await main.getByRole("button", { name: /Montant/ }).click();
  await expect(main.locator("th[aria-sort]")).toContainText("Montant");

  // Search by number.
  const number = (await rows.first().locator("th").textContent())!.trim();
  await main.getByLabel("Numéro ou référence de facture").fill(number);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator("th")).toHaveText(number);

  // One PDF, generated from the stored invoice.
  const download = page.waitForEvent("download");
  await rows
    .first()
    .getByRole("button", { name: new RegExp(`facture ${number}`) })
    .click();
  const file = await (await download).path();
  const pdf = await readFile(file);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(pdfText(pdf)).toContain(number);

  // A year, and its ZIP for the accountant.
  await main.getByRole("button", { name: /Effacer les filtres/ }).click();
  const year = await main.getByLabel("Année").locator("option").nth(1).getAttribute("value");
  await main.getByLabel("Année").selectOption(year!);
  const zip = page.waitForEvent("download");
  await main.getByRole("button", { name: /\(ZIP\)/ }).click();
  const archive = await readFile(await (await zip).path());
  expect(archive.subarray(0, 2).toString()).toBe("PK");
});

test("product fleet: products, technical documents and after-sales documents", async ({ page }) => {
  test.slow(); // three screens and a PDF
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits");
  const main = portal(page).locator("main");
  const rows = main.locator("table.data tbody tr");
  await expect(rows.first()).toBeVisible();
  await rows
    .first()
    .getByRole("link", { name: /Documents techniques/ })
    .click();
  await expect(page).toHaveURL(/\/portail\/mon-compte\/parc-produits\/[^/]+$/);
  await expect(main.getByText(/Code produit/)).toBeVisible();
  const open = main.getByRole("button", { name: /Ouvrir le PDF/ }).first();
  if (await open.count()) {
    const popup = page.waitForEvent("popup");
    // Chromium shows the PDF in a new tab; a Chromium without a PDF viewer (the headless shell) opens
    // the tab and downloads the file instead.
    const downloaded = page.waitForEvent("download").then(
      (download) => download.url(),
      () => "",
    );
    await open.click();
    const pdf = await popup;
    const shown = pdf.waitForURL(/^blob:/).then(
      () => pdf.url(),
      () => "",
    );
    expect(await Promise.race([shown, downloaded])).toMatch(/^blob:/);
    // The viewer keeps drawing in its tab: closed, so that it does not slow the rest down.
    await pdf.close();
  }
  await main.getByRole("link", { name: "Service après-vente", exact: true }).click();
  await expect(page).toHaveURL(/\/sav$/);

  // An unknown family is a clear not-found page, not a crash.
  await page.goto("/portail/mon-compte/parc-produits/NOPE-404");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Produit introuvable");
});

test("adviser, contacts and the contact form", async ({ page, request }) => {
  test.slow(); // three screens and a sent message: about 25 s on two busy cores, close to the default 30
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/contact/conseiller");
  const main = portal(page).locator("main");
  const photo = main.locator("img.contact-card__photo");
  await expect(photo).toHaveAttribute("alt", /Photo de/);
  await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();

  await page.goto("/portail/contact");
  await expect(main.getByRole("heading", { level: 2, name: "Votre conseiller MACC" })).toBeVisible();

  await page.goto("/portail/contact/formulaire-contact");
  const form = main.locator("form");
  await form.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(form.getByRole("alert")).toBeFocused();
  const service = (await form
    .getByRole("combobox", { name: /^Service/ })
    .locator("option")
    .nth(1)
    .textContent())!;
  await form.getByRole("combobox", { name: /^Service/ }).selectOption({ index: 1 });
  await form.getByLabel("Objet").fill("Question sur ma dernière livraison");
  await form.getByLabel("Votre message").fill("Bonjour, pourriez-vous me rappeler au sujet de la livraison de mardi ? Merci.");
  await form.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(main.getByRole("status").filter({ hasText: /Votre message a été envoyé/ })).toBeVisible();
  // Mails leave through a queue after the answer: wait for the service's copy to arrive.
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/demo/outbox.json")).json()) as Array<{ subject: string; text: string }>;
      return mails.some((m) => m.text.includes("livraison de mardi"));
    })
    .toBe(true);
  expect(service.length).toBeGreaterThan(0);
});

test("the UK customer sees every empty state", async ({ page }) => {
  await enterPortal(page, "uk@demo.macc.test");
  const main = portal(page).locator("main");
  await expect(main.getByRole("link", { name: /Mes factures/ })).toHaveCount(0);
  await page.goto("/portail/mon-compte/factures");
  await expect(main.getByRole("status").or(main.locator(".alert")).first()).toBeVisible();
  await page.goto("/portail/mon-compte/parc-produits");
  await expect(main.getByText("Vous n'avez aucun produit MACC.")).toBeVisible();
  await page.goto("/portail/contact/conseiller");
  await expect(main.locator(".alert")).toBeVisible();
  await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
});
