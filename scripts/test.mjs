/**
 * `node --import tsx scripts/test.mjs`, npm test's step after the browser set-up (setup-browser.mjs):
 * the static checks, the unit and API tests and the build side by side, then the browser tests.
 *
 * The browser tests' demo servers (e2e/servers.ts) start with the checks rather than after them:
 * creating and seeding their database is mostly one core's work, which the checks' last minute,
 * when fewer of them are left, has room for. Playwright is then told they are running. They serve
 * the build's files as they are asked for, so starting before the build ends is safe: nothing asks
 * before the browser tests begin.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { READY_LINE } from "../e2e/servers.ts";
import { runScripts } from "./parallel.mjs";

const CHECKS = ["i18n:check", "typecheck", "lint", "test:unit", "build"];

/** Starts the demo servers; resolves once they listen, rejects with their output if they stop first. */
function startServers() {
  const child = spawn(process.execPath, ["--import", "tsx", "e2e/servers.ts"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.includes(READY_LINE)) resolve();
      else output += line + "\n";
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => reject(new Error(`The browser tests' servers stopped (exit ${code}):\n${output}`)));
  });
  // Once ready, a failure is the browser tests' to report.
  ready.catch(() => {});
  return { ready, stop: () => child.kill("SIGTERM") };
}

function run(command, args, env) {
  return new Promise((resolve) => {
    spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).on("exit", (code) => resolve(code ?? 1));
  });
}

const servers = startServers();
let code = 1;
try {
  const checked = await runScripts(CHECKS);
  await servers.ready;
  if (checked) code = await run("npx", ["playwright", "test"], { E2E_SERVERS_RUNNING: "1" });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  servers.stop();
}
process.exit(code);
