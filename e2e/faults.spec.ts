import { expect, test, type Locator, type Page, type Route } from "@playwright/test";
import { REQUEST_TIMEOUT_MS } from "../src/core/api";
import { RECOVERY_DELAYS_MS } from "../src/core/resource-cache";
import { enterPortal, expectAccessible, logIn, loseAnswers } from "./support";

/*
 * The API failing under the elements, injected with Playwright's request routing: refused
 * connections, 500 answers, and answers that never come (the client's own deadline ends them;
 * Playwright's clock runs it forward instead of waiting 20 real seconds). Each element shows its
 * error with "Try again", keeps what the user typed, is never left loading, and recovers.
 */

type Fault = "down" | "500" | "hung";
const FAULTS: Record<Fault, (route: Route) => Promise<void> | void> = {
  down: (route) => route.abort("connectionrefused"),
  "500": (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/problem+json",
      body: JSON.stringify({ type: "about:blank", title: "Internal Server Error", status: 500 }),
    }),
  // Never answered: the request hangs until the page gives up on it.
  hung: () => undefined,
};

const portal = (page: Page) => page.locator("macc-portal");
const main = (page: Page) => portal(page).locator("main");

/** Makes the API's `pattern` fail as `fault` until the returned function is called. */
async function breakApi(page: Page, pattern: string | RegExp, fault: Fault): Promise<() => Promise<void>> {
  const handler = FAULTS[fault];
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/**
 * Runs `action`; a call left hanging ends at the client's deadline, so once it has been sent the
 * page's clock runs past it.
 */
async function meeting(page: Page, api: RegExp, fault: Fault, action: () => Promise<unknown>) {
  const sent = fault === "hung" ? page.waitForRequest(api) : null;
  await action();
  if (sent) {
    await sent;
    await page.clock.fastForward(REQUEST_TIMEOUT_MS);
  }
}

/**
 * "Try again" once the API is back, unless the element got there first: it also reads again by
 * itself after a pause, which on a slow machine can fall between the repair and the click.
 */
async function tryAgain(button: Locator) {
  await button.click({ timeout: 5_000 }).catch(() => expect(button).toHaveCount(0));
}

/** Nothing on screen still loading: no busy region, no skeleton. */
async function expectSettled(page: Page) {
  await expect(portal(page).locator("[aria-busy=true], .skeleton")).toHaveCount(0);
}

test("data elements: the API down, answering 500 or not answering → the error with “Try again”, never a spinner, then recovery", async ({
  page,
}) => {
  test.slow(); // eight screens, each failing then recovering, on two shared cores
  await page.clock.install();
  await enterPortal(page, "multi@demo.macc.test");

  // The dashboard: its counts and the basket requests (one request) fail; both come back by themselves.
  let repair = await breakApi(page, /\/api\/me\/summary\?/, "down");
  await page.reload();
  await expect(main(page).getByRole("button", { name: "Réessayer" })).toBeVisible();
  await expectSettled(page);
  await repair();
  await page.clock.fastForward(RECOVERY_DELAYS_MS[0]);
  await expect(main(page).getByRole("link", { name: /Mes factures/ })).toContainText(/facture/);
  await expect(main(page).getByRole("button", { name: "Réessayer" })).toHaveCount(0);

  const screens: Array<{ path: string; api: RegExp; fault: Fault; shown: (page: Page) => Promise<void> }> = [
    {
      path: "/portail/mon-compte/factures",
      api: /\/api\/me\/invoices\?/,
      fault: "500",
      shown: (p) => expect(main(p).locator("table.data tbody tr")).toHaveCount(25),
    },
    {
      path: "/portail/mon-compte/parc-produits",
      api: /\/api\/me\/products\?/,
      fault: "hung",
      shown: (p) => expect(main(p).locator("table.data tbody tr").first()).toBeVisible(),
    },
    {
      path: "/portail/contact/conseiller",
      api: /\/api\/me\/adviser$/,
      fault: "down",
      shown: (p) => expect(main(p).locator('a[href^="mailto:"]').first()).toBeVisible(),
    },
    {
      path: "/portail/mon-compte/mes-informations",
      api: /\/api\/me\/profile$/,
      fault: "500",
      shown: (p) => expect(main(p).getByLabel("Nom", { exact: true })).not.toHaveValue(""),
    },
    {
      path: "/portail/panier/validation?panier=1001",
      api: /\/api\/basket\/items\?/,
      fault: "hung",
      shown: (p) => expect(main(p).getByRole("heading", { name: "Semence de blé tendre certifiée" })).toBeVisible(),
    },
  ];
  for (const { path, api, fault, shown } of screens) {
    repair = await breakApi(page, api, fault);
    await meeting(page, api, fault, () => page.goto(path));
    const retry = main(page).getByRole("button", { name: "Réessayer" });
    await expect(retry, path).toBeVisible();
    await expectSettled(page);
    await repair();
    await tryAgain(retry);
    await shown(page);
  }

  // The contact block of the footer and of the contact page, read once for both, with no copy kept.
  repair = await breakApi(page, /\/api\/servicesMACC\//, "down");
  await page.evaluate(() => localStorage.clear());
  await page.goto("/portail/contact");
  await expect(main(page).getByRole("button", { name: "Réessayer" })).toBeVisible();
  const footer = portal(page).locator("footer");
  await expect(footer.getByRole("button", { name: "Réessayer" })).toBeVisible();
  await expectSettled(page);
  await expectAccessible(page);
  await repair();
  await tryAgain(footer.getByRole("button", { name: "Réessayer" }));
  await expect(footer.locator("address")).toBeVisible();
  await expect(main(page).locator("address")).toBeVisible();
});

/** Sends the contact form: "could not be sent" first, then, after `between`, sent. */
async function contactFailsThenGoesThrough(page: Page, form: Locator, between = async () => {}) {
  const send = form.getByRole("button", { name: "Envoyer mon message" });
  await send.click();
  await expect(main(page).getByRole("alert").first()).toContainText("Votre message n'a pas pu être envoyé");
  await between();
  await send.click();
  await expect(
    main(page)
      .getByRole("status")
      .filter({ hasText: /Votre message a été envoyé/ }),
  ).toBeVisible();
}

test("forms keep what was typed through a failed submit, and the retry goes through", async ({ page }) => {
  test.slow(); // a login and two forms sent, each failing once first
  // No fake clock here: running it past the deadline would also end the bot check's own calls.
  await page.goto("/portail/mon-compte/connexion");

  // Login: the API refuses the connection, then answers.
  let repair = await breakApi(page, /\/api\/auth\/login$/, "down");
  await logIn(page, "uk@demo.macc.test", "macc-portal");
  const form = main(page).locator("form");
  await expect(main(page).getByRole("alert").first()).toBeVisible();
  await expect(form.getByLabel("Adresse e-mail")).toHaveValue("uk@demo.macc.test");
  await expect(form.getByRole("button", { name: "Se connecter", exact: true })).not.toHaveAttribute("aria-disabled", "true");
  await repair();
  await form.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);

  // Contact form: a server error, then an answer. (A refused connection now keeps the message on
  // the device until it can be sent: offline.spec.ts.)
  await page.goto("/portail/contact/formulaire-contact");
  const contact = main(page).locator("form");
  await contact.getByRole("combobox", { name: /^Service/ }).selectOption({ index: 1 });
  await contact.getByLabel("Objet").fill("Panne du réseau");
  await contact.getByLabel("Votre message").fill("Ce message doit survivre à une panne de l'API.");
  const send = /\/api\/me\/contact$/;
  repair = await breakApi(page, send, "500");
  await contactFailsThenGoesThrough(page, contact, async () => {
    await expect(contact.getByLabel("Objet")).toHaveValue("Panne du réseau");
    await expect(contact.getByLabel("Votre message")).toHaveValue("Ce message doit survivre à une panne de l'API.");
    await repair();
  });

  // Personal information: a 500, then saved.
  await page.goto("/portail/mon-compte/mes-informations");
  const profile = main(page).locator("form");
  const firstName = profile.getByLabel("Prénom", { exact: true });
  const typed = `Résilient ${Date.now() % 1000}`;
  await firstName.fill(typed);
  repair = await breakApi(page, /\/api\/me\/profile$/, "500");
  await profile.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(main(page).getByRole("alert").first()).toContainText("n'ont pas pu être mises à jour");
  await expect(firstName).toHaveValue(typed);
  await repair();
  await profile.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(
    main(page)
      .getByRole("status")
      .filter({ hasText: /mises à jour/ }),
  ).toBeVisible();
  await page.reload();
  await expect(main(page).getByLabel("Prénom", { exact: true })).toHaveValue(typed);
});

test("a contact message whose answer was lost on the way is recorded once when sent again", async ({ page, request }) => {
  await enterPortal(page, "uk@demo.macc.test", 0, "/portail/contact/formulaire-contact");
  const contact = main(page).locator("form");
  const subject = `Réponse perdue ${Date.now()}`;
  await contact.getByRole("combobox", { name: /^Service/ }).selectOption({ index: 1 });
  await contact.getByLabel("Objet").fill(subject);
  await contact.getByLabel("Votre message").fill("Ce message ne doit arriver qu'une fois.");
  // The first request reaches the API, which records it; its answer never reaches the page.
  const answers = await loseAnswers(page, /\/api\/me\/contact$/);
  await contact.getByRole("button", { name: "Envoyer mon message" }).click();
  // No answer: the page keeps the message on this device with its key, and sends it again with the
  // same key at the next page load, where the API answers what it recorded the first time.
  await expect(
    main(page)
      .getByRole("status")
      .filter({ hasText: /enregistré sur cet appareil/ }),
  ).toBeVisible();
  answers.deliver();
  await page.reload();
  await expect(
    main(page)
      .getByRole("status")
      .filter({ hasText: /Votre message a été envoyé/ }),
  ).toBeVisible({ timeout: 20_000 });
  expect(answers.keys).toHaveLength(2);
  expect(answers.keys[1]).toBe(answers.keys[0]);
  // One message: one mail to the service, one acknowledgement to the customer.
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/demo/outbox.json")).json()) as Array<{ subject: string | null; text: string }>;
      return mails.filter((m) => (m.subject ?? "").includes(subject) || m.text.includes(subject)).length;
    })
    .toBe(2);
});

test("a screen's code or an element's code that fails to download: the load error in place, and the retry works once the file is back", async ({
  page,
}) => {
  await enterPortal(page, "multi@demo.macc.test");

  // A portal screen: "Try again" downloads it again, in place.
  const screen = /\/static\/js\/Invoices-[\w-]+\.js$/;
  let repair = await breakApi(page, screen, "down");
  await main(page)
    .getByRole("link", { name: /Mes factures/ })
    .click();
  await expect(main(page).getByRole("alert")).toHaveText("Cette partie de la page n’a pas pu être chargée.");
  await expectAccessible(page);
  await repair();
  await main(page).getByRole("button", { name: "Réessayer" }).click();
  await expect(main(page).locator("table.data tbody tr")).toHaveCount(25);

  // A screen's texts (the table of an area's catalogs, downloaded with its route).
  await page.goto("/portail/contact");
  const write = main(page).getByRole("link", { name: "Nous écrire" });
  await expect(write).toBeVisible();
  repair = await breakApi(page, /\/static\/js\/area-[\w-]+\.js$/, "down");
  await write.click();
  await expect(main(page).getByRole("alert")).toHaveText("Cette partie de la page n’a pas pu être chargée.");
  await repair();
  await main(page).getByRole("button", { name: "Réessayer" }).click();
  await expect(main(page).getByLabel("Objet")).toBeVisible();

  // A standalone element's texts (its code arrived): the same load error, and the page reloads them.
  repair = await breakApi(page, /\/static\/js\/fr-FR-[\w-]+\.js$/, "down");
  await page.addInitScript(() =>
    document.addEventListener("macc-load-error", (e) =>
      document.documentElement.setAttribute("data-load-error", (e as CustomEvent<{ type: string }>).detail.type),
    ),
  );
  await page.goto("/footer.html");
  await expect(page.locator("macc-footer").getByRole("alert")).toContainText("Cette partie de la page n’a pas pu être chargée.");
  await expect(page.locator("html")).toHaveAttribute("data-load-error", "error");
  await repair();
  await page.locator("macc-footer").getByRole("button", { name: "Recharger la page" }).click();
  await expect(page.locator("macc-footer address")).toBeVisible();

  // A standalone element's own code: the page reloads it.
  repair = await breakApi(page, /\/static\/js\/macc-footer\.js$/, "down");
  await page.goto("/footer.html");
  const footer = page.locator("macc-footer");
  await expect(footer.getByRole("alert")).toContainText("Cette partie de la page n’a pas pu être chargée.");
  await expectAccessible(page);
  await repair();
  await footer.getByRole("button", { name: "Recharger la page" }).click();
  await expect(footer.locator("address")).toBeVisible();
});
