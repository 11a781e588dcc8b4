/**
 * `node scripts/parallel.mjs a b c`: runs the npm scripts a, b and c at the same time (the static
 * checks are single-threaded; two cores finish them in about half the time), prints each one's
 * output whole when it ends, and fails when any of them fails.
 */
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

/** Runs one npm script, its output held and printed whole when it ends; resolves to whether it passed. */
export function runScript(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── npm run ${name}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const results = await Promise.all(process.argv.slice(2).map(runScript));
  process.exit(results.every(Boolean) ? 0 : 1);
}
