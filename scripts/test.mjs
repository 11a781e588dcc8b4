/**
 * `npm test` after its browser step: the static checks, the unit and API tests and the build side by
 * side, then the browser tests. Their three demo servers start as soon as the build is done: seeding
 * a database and starting three processes (about 17 s) then runs while the unit tests finish, on
 * the cores those leave idle, instead of after them. Run with `node --import tsx` (e2e/servers.ts).
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

const serversStarted = runScript("build").then((built) => (built ? startServers() : null));
const checked = await Promise.all(["i18n:check", "typecheck", "lint", "test:unit"].map(runScript));
const servers = await serversStarted;
let passed = checked.every(Boolean) && servers !== null;
if (passed) {
  // playwright.config.ts then uses these servers instead of starting its own.
  const browserTests = spawn("npx", ["playwright", "test"], { stdio: "inherit", env: { ...process.env, E2E_SERVERS: "running" } });
  passed = (await new Promise((resolve) => browserTests.once("exit", resolve))) === 0;
}
await stop(servers);
process.exit(passed ? 0 : 1);
