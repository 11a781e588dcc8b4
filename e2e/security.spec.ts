import { expect, test } from "@playwright/test";
import { botCheckHeader, expectAccessible, logIn, PASSWORD } from "./support";

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
