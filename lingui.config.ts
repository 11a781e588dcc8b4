import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en-GB",
  locales: ["fr-FR", "fr-BE", "fr-LU", "de-BE", "de-LU", "en-GB", "es-ES", "it-IT", "nl-BE", "nl-NL"],
  fallbackLocales: { default: "en-GB" },
  catalogs: [{ path: "<rootDir>/src/locales/{locale}/messages", include: ["src", "elements"], exclude: ["**/*.test.*", "**/node_modules/**"] }],
  format: formatter({ lineNumbers: false }),
});
