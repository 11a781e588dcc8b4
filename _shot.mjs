import { chromium } from "@playwright/test";
const [url, out, ...actions] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
page.on("requestfailed", (r) => console.log("failed:", r.url(), r.failure()?.errorText));
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
if (actions[0] === "login") {
  await page.getByLabel("E-mail address").fill(actions[1]);
  await page.getByLabel("Password", { exact: true }).fill("Macc2026!");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForTimeout(2500);
  console.log("url after login:", page.url());
}
await page.screenshot({ path: out, fullPage: true });
await browser.close();
