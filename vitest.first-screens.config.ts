import { defineConfig } from "vitest/config";
import { sharedPlugins } from "./vite.config.ts";

/** Draws the portal's first screens into the build (scripts/first-screens.ts), with the components' own pipeline. */
export default defineConfig({
  plugins: sharedPlugins(),
  // css: the sheets as built, not the empty strings tests get.
  test: { environment: "happy-dom", include: ["scripts/first-screens.ts"], css: true },
});
