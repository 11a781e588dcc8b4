import { describe, expect, it } from "vitest";
import { findBrowser, packagesToInstall } from "./setup-browser.mjs";

const SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = "/usr/bin/chromium";

describe("npm test's browser step", () => {
  it.each<{ installed: string[]; env: Record<string, string>; found: string | null }>([
    { installed: [SHELL, CHROMIUM], env: {}, found: SHELL },
    { installed: [CHROMIUM], env: {}, found: CHROMIUM },
    { installed: [], env: {}, found: null },
    { installed: [SHELL], env: { CHROME_PATH: "/opt/chrome" }, found: SHELL },
    { installed: ["/opt/chrome"], env: { CHROME_PATH: "/opt/chrome" }, found: "/opt/chrome" },
    { installed: [SHELL, "/opt/chrome"], env: { E2E_CHROME_PATH: "/opt/chrome" }, found: "/opt/chrome" },
    { installed: [SHELL], env: { E2E_CHROME_PATH: "/opt/missing" }, found: null },
  ])("finds $found with $installed installed and $env", ({ installed, env, found }) => {
    expect(findBrowser(env, (path) => installed.includes(path))).toBe(found);
  });

  it.each([
    { browser: null, extras: [], install: ["chromium-headless-shell"] },
    { browser: null, extras: ["postgresql"], install: ["chromium-headless-shell", "postgresql"] },
    { browser: SHELL, extras: [], install: [] },
    { browser: SHELL, extras: ["chromium"], install: ["chromium"] },
  ])("installs $install when the browser is $browser and CI asks for $extras", ({ browser, extras, install }) => {
    expect(packagesToInstall(browser, extras)).toEqual(install);
  });
});
