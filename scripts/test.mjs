/**
 * `npm test` after its browser step: the build, then the browser tests on their three demo servers,
 * while the static checks and the unit and API tests run beside them from the start. Neither half
 * keeps two cores busy alone (the browser tests wait on pages, servers and their own polling; the
 * checks end one by one), so each fills the other's idle time instead of waiting for it. The
 * checks' output is printed whole as each ends; the browser tests' as it comes. Run with
 * `node --import tsx` (e2e/servers.ts).
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

/** The browser tests on the servers started already (playwright.config.ts then starts none); resolves to whether they passed. */
function browserTests() {
  const run = spawn("npx", ["playwright", "test"], { stdio: "inherit", env: { ...process.env, E2E_SERVERS: "running" } });
  return new Promise((resolve) => run.once("exit", (code) => resolve(code === 0)));
}

const serversStarted = runScript("build").then((built) => (built ? startServers() : null));
const checked = Promise.all(["i18n:check", "typecheck", "lint", "test:unit"].map(runScript));
const browserPassed = serversStarted.then((servers) => (servers ? browserTests() : false));
const [checks, browser] = await Promise.all([checked, browserPassed]);
const passed = checks.every(Boolean) && browser;
await stop(await serversStarted);
process.exit(passed ? 0 : 1);
