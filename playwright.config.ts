import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { PORT, READY_LINE } from "./e2e/servers";

export { MAINTENANCE_PORT, SHORT_IDLE_PORT } from "./e2e/servers";

/**
 * Chromium's headless shell when installed (Debian's chromium-headless-shell, the build Playwright
 * itself uses headless): the same engine without the desktop browser around it, so about a third
 * less CPU for the suite. Else CHROME_PATH or Chromium; E2E_CHROME_PATH chooses outright.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const browserPath =
  process.env.E2E_CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROME_PATH ?? "/usr/bin/chromium"));
const chromium = {
  executablePath: browserPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: "on-first-retry",
  },
  // The three demo servers, started side by side (e2e/servers.ts).
  webServer: {
    command: "node --import tsx e2e/servers.ts",
    wait: { stdout: new RegExp(READY_LINE) },
    stdout: "pipe",
    reuseExistingServer: false,
    timeout: 90_000,
  },
});
