import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { sharedPlugins } from "../../vite.config.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const MANIFEST = resolve(ROOT, "dist/custom-elements.json");
const VIRTUAL = "virtual:custom-elements";

/** The manifest the elements' build has just written, bundled into the editor (no request for it at run time). */
function customElementsManifest(): Plugin {
  return {
    name: "macc-editor-manifest",
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    async load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      const text = await readFile(MANIFEST, "utf8").catch(() => {
        throw new Error(`${MANIFEST} is missing: the elements' build (vite build) writes it, run it first`);
      });
      return `export default ${text};`;
    },
  };
}

/**
 * The configurator of /editor/ (demo/editor/index.html): its own bundle under dist/static/editor,
 * built after the elements and never imported by them, so the loader and the elements' chunks keep
 * their sizes.
 */
export default defineConfig({
  plugins: [...sharedPlugins(), customElementsManifest()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: resolve(ROOT, "dist/static/editor"),
    emptyOutDir: true,
    target: "es2022",
    lib: { entry: { editor: resolve(import.meta.dirname, "main.tsx") }, formats: ["es"] },
    rolldownOptions: { output: { minify: true, entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" } },
  },
});
