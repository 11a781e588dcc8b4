import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { sharedPlugins } from "./vite.config.ts";

/**
 * Rules without a DOM: plain Node, without the happy-dom window and the Testing Library set-up
 * each file would otherwise pay for (about a second per file on a busy core). A file that needs
 * the DOM fails here at once (document, window… undefined): move it back to "web".
 */
const LOGIC = [
  "demo/editor/model.test.ts",
  "demo/editor/page-check.test.ts",
  "elements/tags.test.ts",
  "scripts/bench-scale-data.test.ts",
  "scripts/first-draw.test.ts",
  "scripts/manifest.test.ts",
  "scripts/marked-section.test.ts",
  "scripts/setup-browser.test.ts",
  "src/areas/basket/address.test.ts",
  "src/areas/basket/submission.test.ts",
  "src/areas/invoices/list-state.test.ts",
  "src/contract/address-rules.test.ts",
  "src/contract/auth.test.ts",
  "src/core/basket.test.ts",
  "src/core/bot-check.test.ts",
  "src/core/company-name.test.ts",
  "src/contract/bank-details.test.ts",
  "src/contract/basket.test.ts",
  "src/contract/company-numbers.test.ts",
  "src/contract/contact.test.ts",
  "src/contract/service-request.test.ts",
  "src/core/config.test.ts",
  "src/contract/constants.test.ts",
  "src/core/error-policy.test.ts",
  "src/core/errors.test.ts",
  "src/core/events.test.ts",
  "src/core/features.test.ts",
  "src/core/format.test.ts",
  "src/contract/iban.test.ts",
  "src/core/idempotency.test.ts",
  "src/core/idle.test.ts",
  "src/core/locale.test.ts",
  "src/core/media.test.ts",
  "src/contract/password.test.ts",
  "src/contract/permissions.test.ts",
  "src/contract/password-rules.test.ts",
  "src/contract/problem-details.test.ts",
  "src/contract/profile.test.ts",
  "src/contract/phone-rules.test.ts",
  "src/contract/registration.test.ts",
  "src/core/registration.test.ts",
  "src/core/resource-cache.test.ts",
  "src/core/route-roles.test.ts",
  "src/contract/rib.test.ts",
  "src/core/routes.test.ts",
  "src/core/site.test.ts",
  "src/core/theme.test.ts",
  "src/core/toasts.test.ts",
  "src/core/tokens.test.ts",
  "src/locales/catalogs.test.ts",
  "src/ui/field-errors.test.ts",
  "src/ui/reserve.test.ts",
  "test/host-typings/typings.test.ts",
];

/**
 * Files that start modules afresh (vi.resetModules: a reload, tables not yet loaded). Run in
 * isolation: in a shared module graph, the elements defined before and after the reset would keep
 * two copies of the page's caches.
 */
const FRESH_MODULES = ["src/core/paths.test.ts", "src/areas/registration/Registration.test.tsx"];

const WEB = {
  environment: "happy-dom" as const,
  include: ["src/**/*.test.{ts,tsx}", "elements/**/*.test.{ts,tsx}"],
  setupFiles: ["src/test/setup.ts"],
};

// The widgets run in happy-dom, their DOM-free rules and the reference API in plain Node. The files
// of a worker share one window and module graph (isolate: false) where they can: setting up a window
// and importing React, the elements and their catalogs once per worker instead of once per file
// takes the widgets' CPU time from about 130 s to 45 s. src/test/setup.ts gives each file a fresh page.
/**
 * The fresh-modules files first: each sets up a window of its own, and the longest of them, left for
 * the end, ran alone on one core while the other waited.
 */
class FreshModulesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const fresh = (file: TestSpecification) => file.project.name === "web-fresh-modules";
    return [...sorted.filter(fresh), ...sorted.filter((file) => !fresh(file))];
  }
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: FreshModulesFirst },
    projects: [
      {
        plugins: sharedPlugins(),
        test: { ...WEB, name: "web", isolate: false, exclude: [...configDefaults.exclude, ...LOGIC, ...FRESH_MODULES] },
      },
      {
        plugins: sharedPlugins(),
        test: { ...WEB, name: "web-fresh-modules", include: FRESH_MODULES },
      },
      {
        plugins: sharedPlugins(),
        test: { name: "logic", environment: "node", isolate: false, include: LOGIC },
      },
      {
        test: {
          name: "api",
          environment: "node",
          // The files of a worker share one module graph (the engine's WebAssembly compiled once, not
          // per file): each file still has its own app and database copy, and the server keeps no
          // state in its modules. A third less CPU for this project.
          isolate: false,
          include: ["server/**/*.test.ts"],
          // A safety net, not a measure: beside the browser tests (npm test runs both at once), a
          // test that writes thousands of rows takes several times its time alone.
          testTimeout: 60_000,
          globalSetup: ["server/test-global-setup.ts"],
          setupFiles: ["server/test-setup.ts"],
          // Each file copies the run's prepared embedded PostgreSQL (test-global-setup.ts): about 1 s on an idle core, several times that on a busy one.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
