import AxeBuilder from "@axe-core/playwright";
import { createHash } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "Macc2026!";

/** WCAG 2.2 AA through axe; it reads inside open shadow roots. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Collects Content-Security-Policy violations and page errors: a strict-CSP page must stay clean. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { problems };
}

/** Logs in through the French login form, standalone (`macc-login`) or inside `<macc-portal>`. */
export async function logIn(page: Page, email: string, host: "macc-login" | "macc-portal" = "macc-login") {
  const labels = { email: "Adresse e-mail", password: "Mot de passe", submit: "Se connecter" };
  const login = page.locator(host);
  await login.getByLabel(labels.email).fill(email);
  await login.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: labels.submit, exact: true }).click();
}

/** Solves the API's proof-of-work challenge, for tests that call protected endpoints directly. */
export async function botCheckHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const challenge = (await (await request.get("/api/bot-check/challenge")).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (createHash("sha256").update(challenge.salt + n).digest("hex") === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return { "X-Bot-Check": Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: n, salt, signature })).toString("base64") };
    }
  }
  throw new Error("unsolvable bot-check challenge");
}
