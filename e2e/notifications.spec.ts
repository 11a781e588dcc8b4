/**
 * What needs the customer (issue 30) on a country site's home page: due@ sees the information to
 * confirm within 45 days and its 2 new invoices in `<macc-action-banner>`, the header counts them,
 * the host page is told the counts by `macc-notifications-change`, a dismissal holds after a
 * reload (it is the server's), and a visitor gets nothing and 0.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, holdRequests, keepSession } from "./support";

type Counts = { total: number; actionRequired: number };

/** Collects the page's `macc-notifications-change` details, from its first script on. */
async function recordCounts(page: Page) {
  await page.addInitScript(() => {
    const seen: Counts[] = [];
    (window as unknown as { maccCounts: Counts[] }).maccCounts = seen;
    document.addEventListener("macc-notifications-change", (event) => seen.push((event as CustomEvent<Counts>).detail));
  });
  return async () => page.evaluate(() => (window as unknown as { maccCounts: Counts[] }).maccCounts.at(-1) ?? null);
}

test("due@ on the French site's home page: due in 45 days and 2 new invoices, counted in the header and told to the page; a dismissal holds after a reload", async ({
  page,
}) => {
  // One login only: "new" is since the start of the previous session, which the next login moves.
  await keepSession(page, "due@demo.macc.test");
  const counts = await recordCounts(page);
  await page.goto("/sites/fr-FR/");
  const banner = page.locator("macc-action-banner").getByRole("region", { name: "Ce qui demande votre attention" });
  await expect(banner.getByRole("link")).toHaveText([
    "Confirmez les informations de votre entreprise (échéance dans 45 jours)",
    "2 nouvelles factures",
  ]);
  await expect(banner.getByRole("link").first()).toHaveAttribute("href", /\/mon-compte\/confirmation-information$/);
  await expect.poll(counts).toEqual({ total: 2, actionRequired: 1 });
  // The header's count on "Mon compte", from the same read.
  await expect(page.locator("macc-header").getByRole("button", { name: /Mon compte.*2 notifications/ })).toBeVisible();
  await expectAccessible(page);

  // The same entries in English, on the British site.
  await page.goto("/sites/en-GB/");
  await expect(page.locator("macc-action-banner").getByRole("link")).toHaveText([
    "Confirm your company information (due in 45 days)",
    "2 new invoices",
  ]);

  await page.goto("/sites/fr-FR/");
  await banner.getByRole("button", { name: "Masquer : 2 nouvelles factures" }).click();
  await expect(banner.getByRole("link")).toHaveText(["Confirmez les informations de votre entreprise (échéance dans 45 jours)"]);
  await expect.poll(counts).toEqual({ total: 1, actionRequired: 1 });
  await expect(page.locator("macc-header").getByRole("button", { name: /Mon compte.*1 notification/ })).toBeVisible();
  await page.reload();
  await expect(banner.getByRole("link")).toHaveText(["Confirmez les informations de votre entreprise (échéance dans 45 jours)"]);
  await expect.poll(counts).toEqual({ total: 1, actionRequired: 1 });

  // The dashboard shows the same banner at its top.
  await page.goto("/portail/mon-compte");
  await expect(page.locator("macc-portal").getByRole("region", { name: "Ce qui demande votre attention" }).getByRole("link")).toHaveText([
    "Confirmez les informations de votre entreprise (échéance dans 45 jours)",
  ]);
});

test("a customer with nothing to do: the banner takes no room, neither while it reads nor after (the page does not move)", async ({
  page,
}) => {
  await keepSession(page, "uk@demo.macc.test");
  const counts = await recordCounts(page);
  const release = await holdRequests(page, "**/api/me/notifications");
  await page.goto("/sites/fr-FR/");
  const banner = page.locator("macc-action-banner");
  const height = () => banner.evaluate((element) => element.getBoundingClientRect().height);
  // Its code is there and its read is held: nothing drawn yet.
  await expect.poll(() => banner.evaluate((element) => element.matches(":defined"))).toBe(true);
  expect(await height()).toBe(0);
  release();
  await expect.poll(counts).toEqual({ total: 0, actionRequired: 0 });
  expect(await height()).toBe(0);
});

test("a visitor on the home page: no banner, and the page is told 0", async ({ page }) => {
  const counts = await recordCounts(page);
  await page.goto("/sites/fr-FR/");
  await expect(page.locator("macc-login").getByRole("button", { name: "Se connecter", exact: true })).toBeVisible();
  await expect.poll(counts).toEqual({ total: 0, actionRequired: 0 });
  await expect(page.locator("macc-action-banner").getByRole("region")).toHaveCount(0);
  await expect(page.locator("macc-header").getByRole("link", { name: "Mon compte", exact: true })).toBeVisible();
});

test("the notification centre and the notification preferences: listed, saved, accessible", async ({ page }) => {
  // multi@, not due@: a second login of due@ would move its "since the last visit".
  await keepSession(page, "multi@demo.macc.test");
  await page.goto("/portail/mon-compte/notifications");
  const portal = page.locator("macc-portal");
  await expect(portal.getByRole("heading", { level: 1, name: "Mes notifications" })).toBeVisible();
  await expect(portal.getByRole("link", { name: /nouvelles factures|Nouvelle facture/ }).first()).toBeVisible();
  await expectAccessible(page);

  await page.goto("/portail/mon-compte/mes-informations");
  const preferences = portal.getByRole("region", { name: "Préférences de notification" });
  await expect(preferences.getByRole("group", { name: "Nouvelles factures (un message par jour)" })).toBeVisible();
  await expect(preferences.getByRole("group", { name: "Alertes de sécurité (toujours envoyées)" }).getByRole("radio")).toHaveCount(2);
  await preferences
    .getByRole("group", { name: "Nouvelles factures (un message par jour)" })
    .getByRole("radio", { name: "Ne pas envoyer" })
    .check();
  await preferences.getByRole("button", { name: "Enregistrer mes préférences de notification" }).click();
  await expect(preferences.getByText("Vos préférences de notification sont enregistrées.")).toBeVisible();
  await page.reload();
  await expect(
    portal
      .getByRole("region", { name: "Préférences de notification" })
      .getByRole("group", { name: "Nouvelles factures (un message par jour)" })
      .getByRole("radio", { name: "Ne pas envoyer" }),
  ).toBeChecked();
  await expectAccessible(page);
});
