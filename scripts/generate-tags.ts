/**
 * `npm run generate`: writes the files derived from the tag registry (src/core/tags.ts): the
 * loader's name list, the elements' props, the element typings, the elements' reserve sheet and the README's element
 * table. Only files whose content changed are written.
 */
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { ROOT, tagFiles } from "./tag-files.ts";

for (const { path, content } of await tagFiles()) {
  const file = resolve(ROOT, path);
  const before = await readFile(file, "utf8").catch(() => null);
  if (before === content) continue;
  await writeFile(file, content);
  console.log(`wrote ${path}`);
}
