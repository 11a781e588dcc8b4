import { defineConfig } from "@playwright/test";
import { PORT, READY_LINE } from "./e2e/servers";
import { findBrowser } from "./scripts/setup-browser.mjs";

export { MAINTENANCE_PORT, SHORT_IDLE_PORT } from "./e2e/servers";

// The headless shell when installed, else Chromium (scripts/setup-browser.mjs, npm test's first step).
const browserPath = findBrowser() ?? "/usr/bin/chromium";
const chromium = {
  executablePath: browserPath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // V8's baseline tiers only: a test's page lives a few seconds, too short for the optimising
    // compilers' background work to pay back (a quarter of the pages' CPU, a sixth of the suite's time).
    // The engine's tiers change speed, never behaviour.
    "--js-flags=--max-opt=1",
  ],
};

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // No retry, in CI either: a retry hides a test that depends on timing, which a newcomer then sees fail.
  retries: 0,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    // As a visitor who asked for reduced motion: the skeletons' shimmer and the spinners would
    // otherwise be redrawn on every frame while a test waits (a sixth of the suite's browser CPU).
    reducedMotion: "reduce",
  },
  // A test that ends every session of a shared demo account ("this wasn't me") would log out the
  // tests running beside it with that account: those run after all the others, tagged @ends-sessions.
  // (A teardown project, so that a run of a few files runs only those, and this one after them.)
  projects: [
    { name: "suite", grepInvert: /@ends-sessions/, teardown: "ends-sessions" },
    { name: "ends-sessions", grep: /@ends-sessions/ },
  ],
  // The three demo servers, started side by side (e2e/servers.ts), unless `npm test` started them
  // already (scripts/test.mjs).
  webServer:
    process.env.E2E_SERVERS === "running"
      ? undefined
      : {
          command: "node --import tsx e2e/servers.ts",
          wait: { stdout: new RegExp(READY_LINE) },
          stdout: "pipe",
          reuseExistingServer: false,
          timeout: 90_000,
        },
});
