/**
 * `npm test` after its browser step: the static checks, the unit and API tests and the build side by
 * side, then the browser tests. Their three demo servers start as soon as the build is done, and the
 * browser tests as soon as the servers listen and the static checks have passed, while the unit and
 * API tests finish: those alone left a fifth of two cores idle for their last minute and a half
 * (their tests wait on timers and child processes), which the browser tests now use. A failure
 * anywhere still fails the run, once everything has ended. Run with `node --import tsx`
 * (e2e/servers.ts).
 */
import { spawn } from "node:child_process";
import { READY_LINE } from "../e2e/servers.ts";
import { runScript } from "./parallel.mjs";

/** The browser tests' servers (e2e/servers.ts), resolved once they listen; null when they could not start. */
function startServers() {
  const servers = spawn(process.execPath, ["--import", "tsx", "e2e/servers.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve) => {
    let output = "";
    const onOutput = (chunk) => {
      output += chunk;
      if (!output.includes(READY_LINE)) return;
      // What the servers print from now on (a failed request's log) is shown as it comes.
      servers.stdout.off("data", onOutput).pipe(process.stdout);
      resolve(servers);
    };
    servers.stdout.on("data", onOutput);
    servers.once("exit", () => {
      if (output.includes(READY_LINE)) return;
      process.stdout.write(output);
      resolve(null);
    });
  });
}

/** Stops the servers and waits for them to end (their databases are closed cleanly). */
function stop(servers) {
  if (!servers || servers.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    servers.once("exit", resolve);
    servers.kill("SIGTERM");
  });
}

/** The browser tests on the servers already running (playwright.config.ts then starts none); resolves to whether they passed. */
function runBrowserTests() {
  const browserTests = spawn("npx", ["playwright", "test"], { stdio: "inherit", env: { ...process.env, E2E_SERVERS: "running" } });
  return new Promise((resolve) => browserTests.once("exit", (code) => resolve(code === 0)));
}

const serversStarted = runScript("build").then((built) => (built ? startServers() : null));
const unitTests = runScript("test:unit");
const checked = (await Promise.all(["i18n:check", "typecheck", "lint"].map(runScript))).every(Boolean);
const servers = await serversStarted;
const browserPassed = checked && servers !== null ? await runBrowserTests() : false;
const unitPassed = await unitTests;
await stop(servers);
process.exit(checked && unitPassed && browserPassed ? 0 : 1);
