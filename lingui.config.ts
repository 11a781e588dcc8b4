import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en-GB",
  locales: ["fr-FR", "fr-BE", "fr-LU", "de-BE", "de-LU", "en-GB", "es-ES", "it-IT", "nl-BE", "nl-NL"],
  fallbackLocales: { default: "en-GB" },
  // One catalog for the shared core and ui, one per area: an element downloads only the
  // messages of the areas it shows, so catalogs do not grow with every new screen.
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src/core/", "<rootDir>/src/ui/", "<rootDir>/elements/"],
      // The action banner's texts are its own (issue 30), and so are a new password's: only the
      // pages that show them download them.
      exclude: ["**/*.test.*", "**/src/ui/action-banner/**", "**/src/ui/new-password/**"],
    },
    {
      path: "<rootDir>/src/ui/action-banner/locales/{locale}",
      include: ["<rootDir>/src/ui/action-banner/"],
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/src/ui/new-password/locales/{locale}",
      include: ["<rootDir>/src/ui/new-password/"],
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/src/app/locales/{locale}",
      include: ["<rootDir>/src/app/"],
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/demo/editor/locales/{locale}",
      include: ["<rootDir>/demo/editor/"],
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/src/areas/{name}/locales/{locale}",
      include: ["<rootDir>/src/areas/{name}/"],
      exclude: ["**/*.test.*"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
