import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type PluginOption } from "vite";
import { customMedia } from "./scripts/custom-media.ts";
import { firstDraw } from "./scripts/first-draw.ts";
import { hoistImports } from "./scripts/hoist-imports.ts";
import { manifest } from "./scripts/manifest.ts";
import { precompress } from "./scripts/precompress.ts";

/** customMedia(): the style sheets' `@media (--header-collapses)`, from src/core/media.ts. */
export function sharedPlugins(): PluginOption[] {
  return [react(), babel({ presets: [LINGUI_MACROS] }), lingui(), customMedia()];
}

/**
 * Lingui's macros through Babel, only on the files that import them (a tenth of the sources): the
 * other files skip Babel's parse and print, in the build and in every test run.
 */
const LINGUI_MACROS = {
  preset: () => ({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
  rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
};

/** Every `elements/macc-*.ts` file is an entry: the loader and one tiny module per tag. */
const entries = Object.fromEntries(
  readdirSync(resolve(import.meta.dirname, "elements"))
    .filter((f) => /^macc-[a-z-]+\.ts$/.test(f))
    .map((f) => [f.replace(/\.ts$/, ""), resolve(import.meta.dirname, "elements", f)]),
);
// The load error's texts and style, which the loader fetches only on a failure, under a name that does not change.
entries["load-error"] = resolve(import.meta.dirname, "elements", "load-error.ts");

/** Minified ES modules named as the loader expects; React and react-dom in a chunk of their own. */
export const OUTPUT = {
  minify: true,
  // By default the minifier keeps tree-shaking hints (`/* @__PURE__ */`, 1,800 of them) for a later
  // bundler: nothing bundles these files again.
  comments: false,
  entryFileNames: "[name].js",
  chunkFileNames: "[name]-[hash].js",
};
export const REACT_CHUNK = { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ };

export default defineConfig({
  // manifest(): dist/custom-elements.json and the typings, from the tag registry.
  plugins: [...sharedPlugins(), hoistImports("macc-portal"), firstDraw(), precompress(), manifest()],
  // Library mode does not replace it by itself: without this React ships its development build.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist/static/js",
    emptyOutDir: true,
    target: "es2022",
    // The oldest browsers the elements run in at all: their styles are adopted style sheets
    // (Firefox 101, Safari 16.4). Older targets only add vendor-prefixed copies of rules.
    cssTarget: ["chrome94", "edge94", "firefox101", "safari16.4"],
    cssCodeSplit: true,
    lib: { entry: entries, formats: ["es"] },
    rolldownOptions: {
      output: {
        ...OUTPUT,
        codeSplitting: {
          groups: [
            REACT_CHUNK,
            // What nearly every element needs, in one file rather than a dozen small ones (the footer's
            // hooks too: every page has a footer).
            {
              name: "core",
              test: /(src[\\/](core[\\/](index|api|store|config|constants|cookies|errors|i18n|locale|paths|site|theme|toasts|basket|contacts)|ui[\\/](context|sheets|events|icons|contact-icons|MaintenanceNotice|Alert|RouteLink|useResource|useBrand|useFooterContact|PostalAddress))\.tsx?$|base\.css|elements[\\/]define\.tsx$|node_modules[\\/](zustand|@lingui|@r2wc)[\\/])/,
            },
            // The form parts the login and the header share, in one file: on a slow line each extra
            // file of the login page's chain costs a round trip more than its few hundred bytes.
            {
              name: "forms",
              test: /src[\\/](ui[\\/](Button|PageTitle|Field|ErrorSummary|useForm|PasswordField|useBotCheck|redirection)\.tsx?$|core[\\/](format|company-name|bot-check|routes)\.ts$|ui[\\/]styles[\\/]controls\.css)/,
            },
            // The login's rules and answers, which the session shares: one file rather than three
            // (login → auth → rules was a chain of round trips, and each small file costs its headers).
            { name: "auth", test: /src[\\/](contract[\\/](auth|rules)|ui[\\/]field-errors)\.ts$/ },
          ],
        },
      },
    },
  },
});
