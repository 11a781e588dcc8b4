/**
 * `node scripts/setup-browser.mjs [debian-package…]`: the first step of `npm test`. The browser
 * tests need a Chromium; Playwright's own download cannot be used (no browser from the network but
 * Debian's). When none is found, root installs Debian's `chromium-headless-shell` (the build the
 * suite prefers, playwright.config.ts), with any other packages named on the command line in the
 * same `apt-get` run (.ci/run adds PostgreSQL and the full Chromium the size budgets use);
 * anyone else gets one line naming the command to run, at once, before minutes of other checks.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the browser tests use, or null when it is missing. E2E_CHROME_PATH chooses outright;
 * else Chromium's headless shell when installed (the build Playwright itself uses headless: the same
 * engine without the desktop browser around it, a third less CPU for the suite); else CHROME_PATH or
 * Debian's Chromium.
 */
export function findBrowser(env = process.env, exists = existsSync) {
  if (env.E2E_CHROME_PATH) return exists(env.E2E_CHROME_PATH) ? env.E2E_CHROME_PATH : null;
  if (exists(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const chromium = env.CHROME_PATH ?? "/usr/bin/chromium";
  return exists(chromium) ? chromium : null;
}

/** What to install: the headless shell when no browser is found, plus the extras asked for. */
export function packagesToInstall(browser, extras) {
  return [...(browser ? [] : ["chromium-headless-shell"]), ...extras];
}

function install(packages) {
  console.log(`Installing ${packages.join(", ")} from Debian's packages (once)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
}

function main() {
  const extras = process.argv.slice(2);
  const browser = findBrowser();
  const chosen = process.env.E2E_CHROME_PATH;
  if (chosen && !browser) {
    console.error(`No browser at ${chosen} (E2E_CHROME_PATH): fix the path or unset it, then npm test again.`);
    process.exit(1);
  }
  const packages = packagesToInstall(browser, extras);
  if (packages.length === 0) return;
  const mayInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!mayInstall) {
    console.error(
      "The browser tests need Chromium: run `sudo apt-get install chromium-headless-shell` (or set E2E_CHROME_PATH), then npm test again.",
    );
    process.exit(1);
  }
  install(packages);
  if (!findBrowser()) {
    console.error("Chromium is still missing after the install: see apt-get's output above.");
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
