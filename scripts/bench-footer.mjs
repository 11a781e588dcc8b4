// The footer page's weight, part by part, for the benchmark report: `<macc-footer>` built alone
// (scripts/footer-alone.config.ts), with React and the other libraries the stack names in chunks
// of their own. Shows how much of the page the stack fixes and how much is ours, and that sharing
// chunks with the other elements costs the footer nothing (compare with the page's own figure).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => +(bytes / 1024).toFixed(1);

/** The files a module pulls in by static import, itself included. */
function staticClosure(dir, entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, imported] of readFileSync(join(dir, file), "utf8").matchAll(/(?:import|export)[^;]*?from\s*"\.\/([^"]+)"/g))
      queue.push(imported);
  }
  return [...seen];
}

/** The French texts the page fetches: the footer's catalog, the shared catalog and the address table. */
function frenchTexts(dir, files) {
  const texts = new Set();
  for (const file of files)
    for (const [, chunk] of readFileSync(join(dir, file), "utf8").matchAll(
      /"[./]*(?:locales\/fr-FR\.po|paths\/fr\.ts)":\(\)=>import\(`\.\/([^`]+)`\)/g,
    ))
      texts.add(chunk);
  return [...texts];
}

/**
 * Builds the footer alone and returns its parts in gzip bytes (level 9, as bench-size.mjs counts):
 * { react, libraries, ours, oursFiles, texts, total }. The loader is not part of this build.
 */
export function footerAlone() {
  const dir = mkdtempSync(join(tmpdir(), "macc-footer-alone-"));
  try {
    const { status } = spawnSync("npx", ["vite", "build", "--config", "scripts/footer-alone.config.ts", "--outDir", dir], {
      stdio: "inherit",
    });
    if (status !== 0) throw new Error("the footer's own build failed");
    const code = staticClosure(dir, "macc-footer.js");
    const part = (test) => code.filter((f) => test.test(f)).reduce((sum, f) => sum + gzipBytes(join(dir, f)), 0);
    const react = part(/^react-/);
    const libraries = part(/^libraries-/);
    const oursFiles = code.filter((f) => !/^(react|libraries)-/.test(f));
    const ours = oursFiles.reduce((sum, f) => sum + gzipBytes(join(dir, f)), 0);
    const texts = frenchTexts(dir, code).reduce((sum, f) => sum + gzipBytes(join(dir, f)), 0);
    if (!react || !libraries) throw new Error(`the footer's own build has no React or library chunk (${readdirSync(dir).join(", ")})`);
    return { react, libraries, ours, oursFiles: oursFiles.length, texts, total: react + libraries + ours + texts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The report's rows: each part, and what the goal leaves for our code once the stack's parts are in. */
export function footerRows({ loaderBytes, pageKb, ratio }) {
  const parts = footerAlone();
  const goal = ratio * parts.react;
  const room = goal - parts.react - parts.libraries - parts.texts - loaderBytes;
  return [
    ["React + react-dom", kb(parts.react)],
    ["Lingui, r2wc and zustand (the other libraries the stack names)", kb(parts.libraries)],
    [`our code and styles (${parts.oursFiles} files)`, kb(parts.ours)],
    ["French texts and address table", kb(parts.texts)],
    ["loader", kb(loaderBytes)],
    ["total, built alone", kb(parts.total + loaderBytes), `the page in the suite's build: ${pageKb} kB`],
    ["what the goal leaves for our code and styles", kb(room), `${ratio} × React, less the rows above but ours`],
  ];
}
