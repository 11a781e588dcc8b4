/**
 * Storybook's own Vite config: the suite's shared plugins (React, the Lingui macro, the `.po`
 * catalog loader) and nothing of the library build of the root vite.config.ts (build.lib, the
 * production `process.env.NODE_ENV` define, output names).
 */
import { defineConfig } from "vite";
import { sharedPlugins } from "../vite.config.ts";

export default defineConfig({
  plugins: sharedPlugins(),
});
