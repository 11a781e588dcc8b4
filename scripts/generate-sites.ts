/**
 * Writes the country demo sites (demo/sites/<locale>/) from scripts/demo-sites.ts:
 * `npx tsx scripts/generate-sites.ts`. Only files whose content changed are written.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { siteFiles } from "./demo-sites.ts";
import { ROOT } from "./tag-files.ts";

for (const { path, content } of siteFiles()) {
  const file = resolve(ROOT, path);
  const before = await readFile(file, "utf8").catch(() => null);
  if (before === content) continue;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
  console.log(`wrote ${path}`);
}
