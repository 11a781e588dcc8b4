/**
 * A throw-away PostgreSQL server for the API tests, when this machine has Debian's server binaries
 * (CI installs them): each test file then works in a database copied from a migrated template, a
 * quarter less CPU than unpacking an embedded PGlite image per file and running its WebAssembly
 * engine. Without the binaries, or with TEST_ENGINE=pglite, the tests run on the embedded engine.
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The newest server binaries folder of Debian's packages, or null. */
export function postgresBinaries(root = "/usr/lib/postgresql"): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

export interface TestServer {
  /** Connection string of the `postgres` database (the tests create theirs beside it). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a cluster in a temporary folder, on a Unix socket only, with no durability (it is deleted
 * at the end). The server refuses to run as root: root runs it as the `postgres` user the package
 * created.
 */
export async function startTestServer(bin: string): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "macc-test-pg-"));
  const asRoot = process.getuid?.() === 0;
  // The server's user must reach the folder (its socket and data live there).
  if (asRoot) execFileSync("chown", ["postgres:", dir]);
  else chmodSync(dir, 0o700);
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, command), ...args], { cwd: dir })
      : execFileSync(join(bin, command), args, { cwd: dir });
  const data = join(dir, "data");
  // --no-locale: C collation and messages, as in PGlite.
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"]);
  const server = spawn(
    asRoot ? "runuser" : join(bin, "postgres"),
    [
      ...(asRoot ? ["-u", "postgres", "--", join(bin, "postgres")] : []),
      ...["-D", data, "-k", dir, "-c", "listen_addresses=", "-c", "fsync=off", "-c", "synchronous_commit=off"],
      ...["-c", "full_page_writes=off", "-c", "max_connections=300", "-c", "shared_buffers=64MB"],
    ],
    { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  server.stderr.on("data", (chunk) => (log += chunk));
  const url = `postgres://postgres@${encodeURIComponent(dir)}/postgres`;
  // postmaster.pid: its first line the server's process id, its last "ready" once it accepts connections.
  const pidFile = () =>
    existsSync(join(data, "postmaster.pid")) ? readFileSync(join(data, "postmaster.pid"), "utf8").trim().split("\n") : [];
  const deadline = Date.now() + 30_000;
  while (pidFile().at(-1)?.trim() !== "ready") {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the test PostgreSQL server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      const pid = Number(pidFile()[0]);
      // SIGQUIT: immediate shutdown, nothing to keep. To the server itself: runuser may not pass it on.
      if (pid) process.kill(pid, "SIGQUIT");
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The API tests' template databases on the throw-away server (test-global-setup.ts). */
export const TEMPLATES = { bare: "macc_template_bare", seeded: "macc_template_seeded" } as const;

/** `url` naming database `name` instead of its own. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
