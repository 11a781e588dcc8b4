// @ts-check
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The layers (CONTRIBUTING.md draws them):
 *   src/contract  the constants, schemas and field rules the browser and the server share: valibot only, below core
 *   src/core   the rules, the state, the API client: imports no UI, no area, no app
 *   src/ui     shared components and hooks: imports core only
 *   src/areas  one folder per portal area: core and ui, never another area
 *   src/app    the portal shell and the registries that compose areas
 *   elements   one custom element per tag: the only other place that composes areas
 *   server     the reference API: imports the contract, and rules from core; inside it, bottom up:
 *     server/db       the adapter and migrations (with the reference data): config.ts only
 *     server/pdf, server/registration   pure helpers: nothing of server/
 *     server/queries  the SQL: db/, and the pure helpers above
 *     server/auth, server/mail, server/sms   queries/ and below, never http/ or routes/
 *     server/http     middleware and the problem+json answers: never routes/
 *     server/routes, server/jobs   the top: routers, and work run outside a request (housekeeping)
 *     server/demo     the demo seed (DEMO_DATA, tests): beside the top, and nothing imports it but start-up
 */
const areas = readdirSync(new URL("./src/areas", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  {
    target: "./src/contract",
    from: ["./src/core", "./src/ui", "./src/areas", "./src/app", "./elements", "./server"],
    message: "the contract is shared by the browser and the server, below core: it imports none of them",
  },
  {
    target: "./src/core",
    from: ["./src/ui", "./src/areas", "./src/app", "./elements", "./server"],
    message: "core imports no UI, area, app or element",
  },
  { target: "./src/ui", from: ["./src/areas", "./src/app", "./elements", "./server"], message: "ui imports core only" },
  { target: "./src/areas", from: ["./src/app", "./elements", "./server"], message: "an area imports core and ui only" },
  ...areas.map((area) => ({
    target: `./src/areas/${area}`,
    from: "./src/areas",
    except: [`./${area}`],
    message: "an area never imports another area: compose them in src/app",
  })),
  { target: "./src/app", from: ["./elements", "./server"], message: "the app layer is composed by elements, not the other way round" },
  {
    target: "./server",
    from: ["./src/ui", "./src/areas", "./src/app", "./elements"],
    message: "the server shares core's constants and rules only",
  },
  {
    target: "./server/db",
    from: "./server",
    except: ["./db", "./config.ts"],
    message: "db/ is the bottom layer: it imports config.ts only",
  },
  {
    target: ["./server/pdf", "./server/registration"],
    from: "./server",
    except: ["./pdf", "./registration"],
    message: "pdf/ and registration/ are pure helpers: they import nothing of the server",
  },
  {
    target: "./server/queries",
    from: "./server",
    except: ["./db", "./queries", "./pdf", "./registration"],
    message: "queries/ imports db/ and the pure helpers of pdf/ and registration/ only",
  },
  {
    target: ["./server/auth", "./server/mail", "./server/sms"],
    from: ["./server/http", "./server/routes", "./server/jobs", "./server/demo"],
    message: "auth/, mail/ and sms/ sit below http/: the route or the middleware turns their results into answers",
  },
  {
    target: "./server/http",
    from: ["./server/routes", "./server/jobs", "./server/demo"],
    message: "http/ serves the routes: it never imports them",
  },
  {
    target: ["./server/routes", "./server/jobs"],
    from: "./server/demo",
    message: "the demo data is seeded at start-up: no route or job depends on it",
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "storybook-static/",
      "test-results/",
      "playwright-report/",
      ".data/",
      "node_modules/",
      "src/locales/**/*.po",
      "src/locales/**/*.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // A variable read by a callback declared before its one assignment must stay `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.name='eval']", message: "no eval: pages with a strict CSP must work" },
      ],
    },
  },
  {
    // Tests may reach across layers to set up what they check.
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "stories/**", "src/test/**"],
    rules: { "import-x/no-restricted-paths": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  prettier,
);
