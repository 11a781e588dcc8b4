import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

/**
 * The framework host apps, built like any React or Vue site would build them, into dist/hosts
 * (served at /hosts/react/ and /hosts/vue/). The elements are not bundled in: each page loads
 * the suite's own loader from /static/js, as a CMS page does (`vite-ignore` in the pages).
 */
const here = import.meta.dirname;

export default defineConfig({
  root: here,
  base: "/hosts/",
  // The pages' favicon and the suite's files are the demo server's, not this build's.
  publicDir: false,
  plugins: [react(), vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith("macc-") } } })],
  build: {
    outDir: resolve(here, "../../dist/hosts"),
    emptyOutDir: true,
    target: "es2022",
    rolldownOptions: { input: { react: resolve(here, "react/index.html"), vue: resolve(here, "vue/index.html") } },
  },
});
