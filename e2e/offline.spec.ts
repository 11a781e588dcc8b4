import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page, type Route } from "@playwright/test";
import { enterPortal, loseAnswers, png } from "./support";

/*
 * Sending that survives the network (issue 28): the network is cut at each point of a service
 * request with 2 photos on a phone — before the request, during the photos' upload, and after the
 * server recorded the request but before its answer came back — and once back online (or at the
 * next page load) exactly one request exists, with its 2 photos.
 */

const PHOTOS = [
  { name: "moteur.png", mimeType: "image/png", buffer: png(2000, 1500, [180, 40, 40]) },
  { name: "plaque.png", mimeType: "image/png", buffer: png(1200, 1800, [40, 90, 160]) },
];
/** Found by their place: their text waits for the catalogs' next extraction. */
const SAVED = ".saved-offline [role=status]";
const KEPT = ".service-request__kept";
const SENT = /^Votre demande a été envoyée\. Sa référence est (D-\d{4}-[0-9A-Z]{6})\.$/;

/** Opens the form on a phone and fills it in; the description carries `marker`, to find its mail. */
async function fillRequest(page: Page, marker: string): Promise<Locator> {
  await page.setViewportSize({ width: 360, height: 800 });
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/parc-produits/MACH/demande");
  const portal = page.locator("macc-portal");
  await portal.getByLabel("Quelle machine ?").selectOption({ value: "MACH-TRACT-130|TR130-20-00391" });
  await portal.getByLabel("Panne").check();
  await portal.getByLabel("Décrivez le problème ou votre besoin").fill(`Le tracteur ne démarre plus (${marker}).`);
  await portal.getByLabel("La machine est à l'arrêt").check();
  return portal;
}

/** The after-sales service's mails about the request with `marker`: one per request recorded, each with its photo links. */
async function staffMails(page: Page, marker: string): Promise<{ photos: number }[]> {
  const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { to: string; text: string }[];
  return outbox
    .filter((m) => m.to === "sav@macc.fr" && m.text.includes(marker))
    .map((m) => ({ photos: [...m.text.matchAll(/\/api\/service-request-photos\//g)].length }));
}

async function expectOneRequest(page: Page, portal: Locator, marker: string): Promise<void> {
  await expect(portal.getByText(SENT)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => staffMails(page, marker)).toEqual([{ photos: 2 }]);
  // Nothing more goes out afterwards (a second tab, a later page load).
  await page.reload();
  await expect(portal.getByRole("heading", { level: 1, name: "Demander une intervention" })).toBeVisible();
  await expect(portal.locator("form[aria-describedby='service-request-intro']")).toBeVisible();
  await expect.poll(() => staffMails(page, marker)).toEqual([{ photos: 2 }]);
}

test.describe("a service request with 2 photos at 360 px, the network cut", () => {
  test.slow(); // logs in, resizes and uploads photos, reloads

  test("before the request: saved on this device, sent once when the browser is back online", async ({ page, context }) => {
    const marker = randomUUID();
    const portal = await fillRequest(page, marker);
    await context.setOffline(true);
    await portal.locator("#photos").setInputFiles(PHOTOS);
    await expect(portal.locator(KEPT)).toHaveCount(2);
    await portal.getByRole("button", { name: /^Envoyer ma demande/ }).click();
    const saved = portal.locator(SAVED);
    await expect(saved).toBeVisible();
    await expect(portal.getByRole("alert")).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("saved-360.png"), fullPage: true });
    expect(await staffMails(page, marker)).toEqual([]);

    await context.setOffline(false);
    await expectOneRequest(page, portal, marker);
  });

  test("during the photos' upload: kept on the device, sent once at the next page load", async ({ page }) => {
    const marker = randomUUID();
    const portal = await fillRequest(page, marker);
    await page.route("**/api/me/service-requests/photos", (route) => route.abort("internetdisconnected"));
    await portal.locator("#photos").setInputFiles(PHOTOS);
    await expect(portal.locator(KEPT)).toHaveCount(2);
    await portal.getByRole("button", { name: /^Envoyer ma demande/ }).click();
    await expect(portal.locator(SAVED)).toBeVisible();
    // Through a reload with the network still cut: said again (IndexedDB), nothing recorded.
    await page.reload();
    await expect(portal.locator(SAVED)).toBeVisible();
    expect(await staffMails(page, marker)).toEqual([]);
    await page.unroute("**/api/me/service-requests/photos");

    // The next page load: sent by the page's core.
    await page.reload();
    await expectOneRequest(page, portal, marker);
  });

  test("after the server recorded it, before its answer arrived: replayed with its key, recorded once", async ({ page }) => {
    const marker = randomUUID();
    const portal = await fillRequest(page, marker);
    await portal.locator("#photos").setInputFiles(PHOTOS);
    await expect(portal.locator(".service-request__photo progress[value='100']")).toHaveCount(2);
    // The server gets the request and records it; its answer never reaches the page.
    const answers = await loseAnswers(page, "**/api/me/service-requests");
    await portal.getByRole("button", { name: /^Envoyer ma demande/ }).click();
    await expect(portal.locator(SAVED)).toBeVisible();
    await expect.poll(() => staffMails(page, marker)).toEqual([{ photos: 2 }]);
    expect(answers.lostStatuses).toEqual([201]);

    answers.deliver();
    await page.reload();
    await expectOneRequest(page, portal, marker);
    expect(answers.keys).toHaveLength(2);
    expect(answers.keys[1]).toBe(answers.keys[0]);
  });
});

test("the contact form, the network cut before the message: saved on this device, sent once back online", async ({ page, context }) => {
  test.slow(); // logs in, a bot check at each attempt
  const marker = randomUUID();
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/contact/formulaire-contact");
  const form = page.locator("macc-portal main");
  await form.getByRole("combobox", { name: /^Service/ }).selectOption({ index: 1 });
  await form.getByLabel("Objet").fill("Livraison de mardi");
  await form.getByLabel("Votre message").fill(`Bonjour, pourriez-vous me rappeler (${marker}) ? Merci.`);
  await context.setOffline(true);
  await form.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(form.locator(SAVED)).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(0);

  await context.setOffline(false);
  await expect(form.getByRole("status").filter({ hasText: /Votre message a été envoyé/ })).toBeVisible({ timeout: 20_000 });
  const recipients = async () => {
    const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { to: string; text: string }[];
    return outbox.filter((m) => m.text.includes(marker)).map((m) => m.to);
  };
  await expect.poll(async () => (await recipients()).length).toBeGreaterThan(0);
  await page.reload();
  await expect(form.getByLabel("Votre message")).toBeVisible();
  // One message: each recipient got it once.
  const sent = await recipients();
  expect(new Set(sent).size).toBe(sent.length);
});

test("a visitor's basket, the answer lost after the server recorded it: replayed with its key at the next page load, recorded once", async ({
  page,
}) => {
  test.slow(); // a bot check at each attempt, a reload
  await page.goto("/portail/panier/validation?panier=1001");
  const main = page.locator("macc-portal main");
  await expect(main.locator(".basket-item img")).toHaveCount(1);
  const mobile = `06 ${String(Math.floor(Math.random() * 1e8))
    .padStart(8, "0")
    .replace(/(\d\d)(?=\d)/g, "$1 ")}`;
  await main.getByLabel("Votre nom").fill("Jean Dupont");
  await main.getByLabel("Raison sociale").fill("GAEC des Prés");
  await main.getByLabel("Téléphone mobile").fill(mobile);
  await main.getByLabel("Numéro d'immatriculation de l'entreprise").fill("552 100 554");
  const answers = await loseAnswers(page, "**/api/basket/requests");
  await main.getByRole("button", { name: "Valider et être contacté par un conseiller" }).click();
  await expect(main.locator(SAVED)).toBeVisible();
  expect(answers.lostStatuses).toEqual([201]);

  answers.deliver();
  await page.reload();
  await expect(main.getByText("Votre demande a bien été enregistrée.")).toBeVisible({ timeout: 20_000 });
  const reference = (await main.locator("dd").first().textContent())!.trim();
  expect(answers.keys).toHaveLength(2);
  expect(answers.keys[1]).toBe(answers.keys[0]);
  // Exactly once: one mail to the sales service, one SMS.
  const about = async () => {
    const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { text: string; channel: string }[];
    return outbox
      .filter((m) => m.text.includes(reference))
      .map((m) => m.channel)
      .sort();
  };
  await expect.poll(about, { timeout: 15_000 }).toEqual(["email", "sms"]);
});

test("two tabs, two requests saved offline (the second written beside the first): one tab sends the queue, each request once", async ({
  page,
  context,
}) => {
  test.slow(); // logs in, two tabs, two requests
  const [first, second] = [randomUUID(), randomUUID()];
  const portal = await fillRequest(page, first);
  // The requests cannot reach the API (the pages' other requests can, so the second tab opens).
  const cut = (route: Route) => route.abort("internetdisconnected");
  await context.route("**/api/me/service-requests", cut);
  await portal.getByRole("button", { name: /^Envoyer ma demande/ }).click();
  await expect(portal.locator(SAVED)).toBeVisible();
  // A second request while the first waits: an empty form beside the saved one (found by its place:
  // its words wait for the catalogs).
  await portal.locator("main .actions button").click();
  const description = portal.getByLabel("Décrivez le problème ou votre besoin");
  await expect(description).toHaveValue("");
  await expect(description).toBeFocused();
  await expect(portal.locator(SAVED)).toBeVisible();
  await portal.getByLabel("Panne").check();
  await description.fill(`Le tracteur ne démarre plus (${second}).`);
  await portal.getByLabel("La machine est à l'arrêt").check();
  await portal.getByRole("button", { name: /^Envoyer ma demande/ }).click();
  await expect(portal.locator("main form")).toHaveCount(0);
  await expect(portal.locator(SAVED)).toBeVisible();

  // Another tab of the same browser, on another screen of the suite: the queue is the browser's,
  // loaded there too (it holds something) and tried at its load, in vain.
  const other = await context.newPage();
  await other.goto("/portail/mon-compte/parc-produits");
  await expect(other.locator("macc-portal").getByRole("heading", { level: 1, name: "Mon parc produits" })).toBeVisible();
  const posts: string[] = [];
  context.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/me/service-requests")
      posts.push(request.headers()["idempotency-key"] ?? "");
  });
  // Back online in both tabs at once: each tries to send, the queue's lock lets one of them.
  await context.unroute("**/api/me/service-requests", cut);
  await Promise.all([page, other].map((tab) => tab.evaluate(() => window.dispatchEvent(new Event("online")))));
  await expect(portal.getByText(SENT)).toBeVisible({ timeout: 20_000 });
  const mails = async () => [(await staffMails(page, first)).length, (await staffMails(page, second)).length];
  await expect.poll(mails, { timeout: 20_000 }).toEqual([1, 1]);
  await other.reload();
  await page.reload();
  await expect(portal.getByRole("heading", { level: 1, name: "Demander une intervention" })).toBeVisible();
  expect(await mails()).toEqual([1, 1]);
  // Each request went out once, with its own key: not once from each tab.
  expect(posts).toHaveLength(2);
  expect(new Set(posts).size).toBe(2);
});
