import { request, expect, test, type Page } from "@playwright/test";
import { SHORT_IDLE_PORT } from "../playwright.config";
import { enterPortal, logIn, PASSWORD } from "./support";

/*
 * Browser sessions: no credential a script could read (storage, `document.cookie`), compared with
 * the tokens the API actually issued; logout and a password change end the old session for good.
 * On the short-idle server, whose accounts the other tests barely use (the password change is
 * for good on that database).
 */
test.use({ baseURL: `http://127.0.0.1:${SHORT_IDLE_PORT}` });

const portal = (page: Page) => page.locator("macc-portal");
const REFRESH_COOKIE = "macc_refresh";
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;

/** Every access token the API hands this page (login, refresh), as it answers. */
function issuedTokens(page: Page): Set<string> {
  const tokens = new Set<string>();
  page.on("response", async (response) => {
    if (!/\/api\/auth\/(login|refresh)$/.test(new URL(response.url()).pathname) || !response.ok()) return;
    const body = JSON.stringify(await response.json().catch(() => ({})));
    for (const [, token] of body.matchAll(/"(?:token|accessToken)":"([^"]+)"/g)) tokens.add(token!);
  });
  return tokens;
}

/** What a script on the page can read: both storages, keys and values, and `document.cookie`. */
async function readableByScripts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (storage: Storage) => Object.entries({ ...storage }).flat();
    return [...dump(localStorage), ...dump(sessionStorage), document.cookie].join("\n");
  });
}

async function expectNoTokenReadable(page: Page, issued: Set<string>, where: string) {
  const readable = await readableByScripts(page);
  const refresh = (await page.context().cookies()).find((c) => c.name === REFRESH_COOKIE);
  expect(refresh, where).toMatchObject({ httpOnly: true });
  expect(issued.size, where).toBeGreaterThan(0);
  for (const secret of [...issued, refresh!.value]) expect(readable.includes(secret), `${where}: an issued token is readable`).toBe(false);
  expect(readable, where).not.toMatch(JWT);
  expect(readable, where).not.toMatch(/"(access|refresh)?_?token"\s*:\s*"[^"]/i);
}

test("no token readable by scripts after login, a company change and a refresh; logout ends the session for good", async ({ page }) => {
  test.slow(); // a login through the form with its proof of work, then four checks
  const issued = issuedTokens(page);
  await page.goto("/portail/mon-compte/connexion");
  await logIn(page, "multi@demo.macc.test", "macc-portal");
  await expect(page).toHaveURL(/choixEntreprise$/);
  await portal(page)
    .locator(".company-card")
    .nth(0)
    .getByRole("button", { name: /Choisir/ })
    .click();
  await expect(page).toHaveURL(/\/portail\/mon-compte$/);
  await expectNoTokenReadable(page, issued, "after login");

  await portal(page).getByRole("link", { name: "Changer d'entreprise" }).click();
  await portal(page)
    .locator(".company-card")
    .nth(1)
    .getByRole("button", { name: /Choisir/ })
    .click();
  await expect(portal(page).locator(".macc-root")).toHaveAttribute("data-theme", "agri");
  await expectNoTokenReadable(page, issued, "after a company change");

  const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh") && r.ok());
  await page.reload();
  await refreshed;
  await expect(portal(page).locator("[part=company]")).toBeVisible();
  await expectNoTokenReadable(page, issued, "after a refresh");

  // Logout: the UI says logged out, and the API refuses what the session had.
  const refreshCookie = (await page.context().cookies()).find((c) => c.name === REFRESH_COOKIE)!.value;
  await portal(page).getByRole("button", { name: "Se déconnecter" }).click();
  await expect(portal(page).locator("[part=company]")).toHaveCount(0);
  await expect(portal(page).getByRole("button", { name: "Se déconnecter" })).toHaveCount(0);
  await expectRefused([...issued], refreshCookie);
  await page.reload();
  await expect(portal(page).getByLabel("Adresse e-mail")).toBeVisible();
});

test("a password change ends the account's other sessions: the API refuses them, their page shows the logged-out state", async ({
  page,
  browser,
}) => {
  test.slow(); // two sessions and a password change
  const EMAIL = "reset@demo.macc.test";
  // The old session, in its own browser.
  const old = await browser.newContext();
  const oldPage = await old.newPage();
  const issued = issuedTokens(oldPage);
  await oldPage.goto("/portail/mon-compte/connexion");
  await logIn(oldPage, EMAIL, "macc-portal");
  await expect(oldPage).toHaveURL(/\/portail\/mon-compte$/);
  const refreshCookie = (await old.cookies()).find((c) => c.name === REFRESH_COOKIE)!.value;

  // The customer changes the password elsewhere.
  await enterPortal(page, EMAIL, 0, "/portail/mon-compte/mes-informations/update-mot-de-passe");
  const form = portal(page).locator("form:not([inert])"); // drawn inert while the password's state loads;
  await form.getByLabel("Mot de passe actuel", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("Sessions2026x");
  await form.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("Sessions2026x");
  await form.getByRole("button", { name: "Modifier mon mot de passe" }).click();
  await expect(portal(page).getByRole("status").filter({ hasText: "Votre mot de passe a été mis à jour." })).toBeVisible();

  await expectRefused([...issued], refreshCookie);
  await oldPage.reload();
  await expect(portal(oldPage).getByLabel("Adresse e-mail")).toBeVisible();
  await expect(portal(oldPage).locator("[part=company]")).toHaveCount(0);
  await old.close();
});

/** The API answers 401 to every access token given and to the refresh cookie, from a fresh client. */
async function expectRefused(tokens: string[], refreshCookie: string) {
  const client = await request.newContext({ baseURL: `http://127.0.0.1:${SHORT_IDLE_PORT}` });
  for (const token of tokens) {
    expect((await client.get("/api/me/profile", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  }
  const refresh = await client.post("/api/auth/refresh", {
    headers: { Cookie: `${REFRESH_COOKIE}=${refreshCookie}`, "X-Requested-With": "macc" },
  });
  expect(refresh.status()).toBe(401);
  await client.dispose();
}
