import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Demo servers on fresh embedded databases: the normal one, one with the maintenance switch on, and
// one with one-minute idle sessions. Bank details are switched on (MACC_FEATURES) on the normal one
// and left off, the default, on the short-idle one, where e2e/bank-details.spec.ts checks "off".
// The bot check's proof of work is kept light: two browsers share two cores with three servers
// here, and the flows, not the cost, are what is tested. Every test logs in from 127.0.0.1, so the
// per-client login limit is raised.
const PORT = Number(process.env.E2E_PORT ?? 4183);
export const MAINTENANCE_PORT = PORT + 1;
/** A server whose sessions end after one idle minute, for the inactivity warning. */
export const SHORT_IDLE_PORT = PORT + 2;
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
  webServer: [
    {
      command: `rm -rf .data/e2e-${PORT} && node --import tsx server/main.ts`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      env: {
        PORT: String(PORT),
        DATA_DIR: `.data/e2e-${PORT}`,
        BOT_CHECK_MAX_NUMBER: "5000",
        LOGIN_MAX_PER_CLIENT: "1000",
        DEMO_OUTBOX: "1",
        DEMO_DATA: "1",
        MACC_FEATURES: "coordonnee-bancaire",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -rf .data/e2e-${MAINTENANCE_PORT} && node --import tsx server/main.ts`,
      url: `http://127.0.0.1:${MAINTENANCE_PORT}/`,
      env: {
        PORT: String(MAINTENANCE_PORT),
        DATA_DIR: `.data/e2e-${MAINTENANCE_PORT}`,
        MACC_MAINTENANCE: "1",
        DEMO_OUTBOX: "1",
        DEMO_DATA: "1",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -rf .data/e2e-${SHORT_IDLE_PORT} && node --import tsx server/main.ts`,
      url: `http://127.0.0.1:${SHORT_IDLE_PORT}/`,
      env: {
        PORT: String(SHORT_IDLE_PORT),
        DATA_DIR: `.data/e2e-${SHORT_IDLE_PORT}`,
        SESSION_IDLE_MINUTES: "1",
        BOT_CHECK_MAX_NUMBER: "5000",
        LOGIN_MAX_PER_CLIENT: "1000",
        DEMO_OUTBOX: "1",
        DEMO_DATA: "1",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
