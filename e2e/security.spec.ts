import { expect, test, type Page } from "@playwright/test";
import { botCheckHeader, enterPortal, expectAccessible, keepSession, logIn, PASSWORD } from "./support";

const EMAIL = "welcome@demo.macc.test";
// Proofs of work in Node and in the page, and two axe runs: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("after 5 wrong passwords from elsewhere, the owner still logs in through the form: a harder check, solved by itself", async ({
  page,
  request,
}) => {
  // Someone else guesses: the first 5 are checked, the 6th must pay twice the work.
  for (let i = 0; i < 5; i++) {
    const res = await request.post("/api/auth/login", {
      data: { email: EMAIL, password: `Wrong-${i}` },
      headers: await botCheckHeader(request),
    });
    expect(res.status()).toBe(401);
  }
  const refused = await request.post("/api/auth/login", {
    data: { email: EMAIL, password: PASSWORD },
    headers: await botCheckHeader(request),
  });
  expect(refused.status()).toBe(403);
  const { type, maxnumber } = (await refused.json()) as { type: string; maxnumber: number };
  expect(type).toBe("urn:macc:problem:bot-check-cost");
  const base = ((await (await request.get("/api/bot-check/challenge")).json()) as { maxnumber: number }).maxnumber;
  expect(maxnumber).toBe(2 * base);

  // Hold the form's second login request until the status line has been seen.
  let logins = 0;
  let release!: () => void;
  const statusSeen = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/auth/login", async (route) => {
    if (++logins === 2) await statusSeen;
    await route.continue();
  });

  const challengeUrls: string[] = [];
  page.on("request", (r) => void (r.url().includes("/api/bot-check/challenge") && challengeUrls.push(r.url())));
  await page.goto("/france.html");
  const login = page.locator("macc-login");
  await expect(login.getByRole("button", { name: "Se connecter", exact: true })).toBeVisible();
  await expectAccessible(page);
  const loggedIn = page.waitForResponse((r) => r.url().endsWith("/api/auth/login") && r.status() === 200);
  await logIn(page, EMAIL);
  await expect(login.getByRole("status")).toHaveText(
    "Vérification de sécurité renforcée après plusieurs tentatives échouées sur ce compte. Cela peut prendre quelques secondes…",
  );
  await expectAccessible(page);
  release();
  await loggedIn;
  expect(logins).toBe(2);
  expect(challengeUrls.some((u) => u.endsWith(`/api/bot-check/challenge?maxnumber=${maxnumber}`))).toBe(true);
  // The customer goes on (this account's data was never confirmed: the confirmation screen).
  await expect(page).toHaveURL(/\/portail\//);
});

test("control characters in the invoices search answer 422 with the field's message, not 500", async ({ request }) => {
  const login = await request.post("/api/auth/login", {
    data: { email: "uk@demo.macc.test", password: PASSWORD },
    headers: await botCheckHeader(request),
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { user: { entreprises: { token: string }[] } }).user.entreprises[0]!.token;
  const res = await request.get("/api/me/invoices?q=a%00b", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(422);
  expect(res.headers()["content-type"]).toMatch(/^application\/problem\+json/);
  expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
    { path: "q", message: "Caractères non autorisés (caractères de contrôle)." },
  ]);
});

/**
 * Issue 29, step 3: the owner's SECURITY screen shows the accountant's sign-in in the company's
 * activity, signs out a second device of their own (whose next refresh fails), and the "this wasn't
 * me" link of a new-device alert (from the demo outbox) ends every session of the account.
 */
const portal = (page: Page) => page.locator("macc-portal");
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0";
const refresh = (page: Page) => page.request.post("/api/auth/refresh", { headers: { "X-Requested-With": "macc" } });

test("an owner sees the accountant's sign-in, signs out a second device, and “this wasn't me” ends every session @ends-sessions", async ({
  page,
  browser,
}) => {
  // A second device of the owner's, another browser.
  const laptop = await browser.newContext({ userAgent: FIREFOX });
  const second = await laptop.newPage();
  await keepSession(second, "multi@demo.macc.test");
  expect((await refresh(second)).status()).toBe(200);

  // The accountant logs in through the form: their company is opened, and recorded.
  const office = await browser.newContext();
  const accountant = await office.newPage();
  const switched = accountant.waitForResponse((r) => r.url().endsWith("/api/me/security/company-switch"));
  await accountant.goto("/portail/mon-compte/connexion");
  await logIn(accountant, "comptable@demo.macc.test", "macc-portal");
  await expect(accountant).toHaveURL(/\/portail\/mon-compte$/);
  expect((await switched).status()).toBe(204);

  // The owner's security screen: the devices, and the accountant's sign-in in the company's activity.
  await enterPortal(page, "multi@demo.macc.test", 0, "/portail/mon-compte/securite");
  const devices = portal(page).locator(".security__device");
  await expect(devices.first()).toBeVisible();
  await expect(devices.filter({ has: page.locator(".badge") })).toHaveCount(1);
  const line = portal(page).locator(".security__line", { hasText: "comptable@demo.macc.test" }).first();
  await expect(line).toBeVisible();
  await expect(line).toHaveClass(/security__line--company-switch/);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("security-1280.png"), fullPage: true });

  // Signing out the second device: its row goes, and its next refresh fails.
  const firefox = devices.filter({ hasText: "Firefox 126" });
  await expect(firefox).toHaveCount(1);
  await firefox.getByRole("button").click();
  await expect(firefox).toHaveCount(0);
  expect((await refresh(second)).status()).toBe(401);
  await second.goto("/portail/mon-compte");
  await expect(second).toHaveURL(/\/connexion/);

  // "This wasn't me", from the latest new-device alert of the owner's account in the demo outbox:
  // opened without a session, its page acts only on its button, then every session ends.
  let link = "";
  await expect(async () => {
    const outbox = (await (await page.request.get("/demo/outbox.json")).json()) as { to: string; text: string }[];
    const alert = outbox.find((m) => m.to === "multi@demo.macc.test" && /alerte=/.test(m.text));
    link = /https?:\/\/\S+\?alerte=[\w-]+/.exec(alert?.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass();
  const { pathname, search } = new URL(link);
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(`${pathname}${search}`);
  await expect(stranger).not.toHaveURL(/alerte=/);
  const secure = portal(stranger).locator(".actions button");
  await expect(secure).toBeVisible();
  await expectAccessible(stranger);
  expect((await refresh(page)).status()).toBe(200);
  await secure.click();
  await expect(portal(stranger).locator(".alert--success")).toBeVisible();
  expect((await refresh(page)).status()).toBe(401);
  await page.goto("/portail/mon-compte/securite");
  await expect(page).toHaveURL(/\/connexion/);
  // The accountant's session is theirs: it goes on.
  expect((await refresh(accountant)).status()).toBe(200);

  await Promise.all([laptop.close(), office.close(), stranger.context().close()]);
});

test("the security screen at 360 px, AGRI brand, keeps its lists within the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await enterPortal(page, "multi@demo.macc.test", 1, "/portail/mon-compte/securite");
  await expect(portal(page).locator(".security__device").first()).toBeVisible();
  await expect(portal(page).locator(".security__line").first()).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("security-360.png"), fullPage: true });
});
