import { defineConfig } from "vitest/config";
import { sharedPlugins } from "./vite.config.ts";

// Two projects: the widgets run in happy-dom, the reference API in plain Node.
export default defineConfig({
  test: {
    // Both cores: the suite is mostly environment set-up per file, which parallelises well.
    maxWorkers: 2,
    projects: [
      {
        plugins: sharedPlugins(),
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["src/**/*.test.{ts,tsx}", "elements/**/*.test.{ts,tsx}"],
          setupFiles: ["src/test/setup.ts"],
        },
      },
      {
        test: {
          name: "api",
          environment: "node",
          include: ["server/**/*.test.ts"],
          testTimeout: 20_000,
          globalSetup: ["server/test-global-setup.ts"],
          // Each file copies the run's prepared embedded PostgreSQL (test-global-setup.ts): about 1 s on an idle core, several times that on a busy one.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
