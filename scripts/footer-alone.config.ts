// `<macc-footer>` built alone, for the benchmark's breakdown of the footer page (scripts/bench-footer.mjs):
// the same plugins and minifier as the suite's build, one entry, and the libraries the stack names in a
// chunk of their own, so that each part's weight can be read from its files.
import { resolve } from "node:path";
import { defineConfig } from "vite";
import { OUTPUT, REACT_CHUNK, sharedPlugins } from "../vite.config.ts";

const STACK_LIBRARIES = /node_modules[\\/](@lingui|@r2wc|zustand)[\\/]/;

export default defineConfig({
  plugins: sharedPlugins(),
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  logLevel: "warn",
  build: {
    emptyOutDir: true,
    target: "es2022",
    lib: { entry: { "macc-footer": resolve(import.meta.dirname, "../elements/macc-footer.ts") }, formats: ["es"] },
    rolldownOptions: {
      output: { ...OUTPUT, codeSplitting: { groups: [REACT_CHUNK, { name: "libraries", test: STACK_LIBRARIES }] } },
    },
  },
});
