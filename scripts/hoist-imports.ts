import type { Plugin } from "vite";
import { staticImports } from "./chunk-graph.ts";

/**
 * Names every chunk the entry `entry` or a lazy screen needs in that module's own imports (Rollup's
 * `hoistTransitiveImports`, which Rolldown does not do yet): the browser then asks for them all
 * as soon as it reads the module, instead of discovering them one level of imports per round trip
 * (portal → login → auth → rules was four on a slow line). The added imports come after the
 * module's own, so nothing runs in a different order. Only the portal's entry: the other elements'
 * pages are within their size budgets by a few bytes, and a CMS page's element starts no chain of screens.
 */
export function hoistImports(entry: string): Plugin {
  return {
    name: "macc-hoist-imports",
    apply: "build",
    generateBundle(_, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])));
      // The chunks a page or an import() starts from (a screen's import() often lands on a chunk its
      // element shares, which Rolldown does not mark as a dynamic entry); the others are reached through them.
      const starts = new Set([...chunks.values()].flatMap((chunk) => chunk.dynamicImports));
      for (const chunk of chunks.values()) {
        if (chunk.name !== entry && !(starts.has(chunk.fileName) && !chunk.isEntry)) continue;
        const missing = [...staticImports(chunks, chunk.fileName)].filter(
          (name) => name !== chunk.fileName && !chunk.imports.includes(name),
        );
        // Chunks sit side by side in one folder.
        if (missing.length) chunk.code += `\n${missing.map((name) => `import"./${name}";`).join("")}`;
      }
    },
  };
}
