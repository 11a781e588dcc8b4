// The processes the benchmark, the size budgets, the soak and the browser tests start (API servers, a throw-away
// PostgreSQL cluster, the proxy), and their clean shutdown: every start registers its stop,
// `stopAll` runs them newest first, and it runs on failure and on Ctrl-C too (see bench.mjs).
// Typed for TypeScript callers in bench-processes.d.mts.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const stops = [];
/** Set by `stopAll`: what starts later (the run goes on while a signal's cleanup runs) is stopped at once. */
let stopping = false;

/** Registers a stop to run at the end; returns it, to stop that resource earlier. */
export function onStop(stop) {
  let done;
  const once = () => (done ??= Promise.resolve().then(stop));
  stops.push(once);
  if (stopping) void stopAll();
  return once;
}

/** Stops everything still running, newest first; never throws. */
export async function stopAll() {
  stopping = true;
  while (stops.length > 0)
    await stops
      .pop()()
      .catch((err) => console.error(`bench: cleanup failed: ${err.message}`));
}

/** A free TCP port on loopback (asked from the system, so parallel runs do not collide). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until the process prints a line matching `ready`; returns that line. Fails if it exits first. */
function whenReady(child, ready, name, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${name} not ready after ${timeoutMs / 1000} s`)), timeoutMs);
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      const line = seen.split("\n").find((l) => ready.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready`));
    });
  });
}

/** Waits up to `ms` for the process to exit; true when it did. */
function exited(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Sends SIGTERM and waits for the exit (SIGKILL after `graceMs`). */
async function terminate(child, graceMs = 8000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  if (!(await exited(child, graceMs))) child.kill("SIGKILL");
}

/** Spawns a long-running process, registered for shutdown, and waits for its ready line. */
async function startProcess(name, command, args, { env = process.env, ready, stop = terminate } = {}) {
  const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "inherit"] });
  const stopChild = onStop(() => stop(child));
  const line = await whenReady(child, ready, name);
  return { child, line, stop: stopChild };
}

/** The environment of the API servers: the demo data, a cheap bot check, no database unless given; `extra` on top. */
function serverEnv(port, database, extra) {
  const env = { ...process.env, HOST: "127.0.0.1", PORT: String(port), DEMO_DATA: "1", BOT_CHECK_MAX_NUMBER: "1000", ...extra };
  delete env.DATABASE_URL;
  delete env.NODE_ENV; // DEMO_DATA is refused in production
  if (database.url) env.DATABASE_URL = database.url;
  else env.DATA_DIR = database.dataDir;
  return env;
}

/**
 * Starts the reference server (from the current build) on `port`, else a free port. `database`:
 * `{ url }` for PostgreSQL, or `{ dataDir }` for PGlite; without either, a fresh PGlite folder
 * deleted at the end. `env`: more settings (the soak's limits).
 */
export async function startServer(database = {}, env = {}, { port } = {}) {
  if (!database.url && !database.dataDir) {
    const dataDir = mkdtempSync(join(tmpdir(), "macc-bench-"));
    onStop(() => rmSync(dataDir, { recursive: true, force: true }));
    database = { dataDir };
  }
  port ??= await freePort();
  const { stop } = await startProcess(`server on port ${port}`, process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: serverEnv(port, database, env),
    ready: /listening on/,
  });
  return { port, origin: `http://127.0.0.1:${port}`, stop };
}

/** Starts the round-robin proxy of bench-proxy.mjs in front of the given ports. */
export async function startProxy(backendPorts) {
  const port = await freePort();
  const script = new URL("./bench-proxy.mjs", import.meta.url).pathname;
  const { stop } = await startProcess("proxy", process.execPath, [script, String(port), ...backendPorts.map(String)], {
    ready: /listening/,
  });
  return { port, origin: `http://127.0.0.1:${port}`, stop };
}

/**
 * HTTPS with HTTP/2 in front of the server at `backendPort` (scripts/bench-tls-front.mjs), with a
 * certificate made for this run by `openssl` (self-signed: the browser is told to accept it).
 */
export async function startTlsFront(backendPort) {
  const dir = mkdtempSync(join(tmpdir(), "macc-bench-tls-"));
  onStop(() => rmSync(dir, { recursive: true, force: true }));
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const subject = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"];
  const curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"];
  const made = spawnSync("openssl", ["req", "-x509", ...curve, "-nodes", "-days", "1", ...subject, "-keyout", key, "-out", cert], {
    encoding: "utf8",
  });
  if (made.status !== 0)
    throw new Error(`openssl could not make the TLS front's certificate: ${made.error?.message ?? made.stderr.trim()}`);
  const port = await freePort();
  const script = new URL("./bench-tls-front.mjs", import.meta.url).pathname;
  const { stop } = await startProcess("TLS front", process.execPath, [script, String(port), String(backendPort), key, cert], {
    ready: /listening/,
  });
  return { port, origin: `https://127.0.0.1:${port}`, stop };
}

/**
 * A PostgreSQL database for the benchmark: DATABASE_URL when set, else a throw-away cluster started
 * by CI's own `start_test_postgres` (.ci/run), stopped when its shell's input closes; null when no
 * PostgreSQL server is installed.
 */
export async function startPostgres() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, throwAway: false };
  const env = { ...process.env, PG_TEST_PORT: String(await freePort()) };
  delete env.TEST_DATABASE_URL; // start_test_postgres would keep it instead of starting a cluster
  const script =
    'source .ci/run; pg_bindir | grep -q . || { echo "no-postgres"; exit 0; }; start_test_postgres; echo "url=$TEST_DATABASE_URL"; read -r _';
  const { line } = await startProcess("PostgreSQL", "bash", ["-c", script], {
    env,
    ready: /^(url=|no-postgres)/,
    // Closing its input ends `read`, and the shell's exit trap stops and deletes the cluster.
    stop: async (child) => {
      child.stdin.end();
      if (!(await exited(child, 30_000))) await terminate(child);
    },
  });
  return line.startsWith("url=") ? { url: line.slice(4), throwAway: true } : null;
}
