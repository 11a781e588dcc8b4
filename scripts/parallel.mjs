/**
 * `node scripts/parallel.mjs a b "c>d"`: runs the npm scripts a, b and the chain c then d at the same
 * time, prints each one's output whole when it ends, and fails when any of them fails (a chain stops
 * at its first failure). Two cores finish single-threaded checks side by side in about half the
 * time, and the browser tests, which leave a core idle while pages wait, start as soon as the build
 * they need is done instead of after every other check.
 */
import { spawn } from "node:child_process";

function run(name) {
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

async function chain(names) {
  for (const name of names) if (!(await run(name))) return false;
  return true;
}

const results = await Promise.all(process.argv.slice(2).map((arg) => chain(arg.split(">"))));
process.exit(results.every(Boolean) ? 0 : 1);
