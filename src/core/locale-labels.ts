import type { Locale } from "../contract/constants";

/** Locale selector entries: each country and language named in its own language. */
export const LOCALE_LABELS: Record<Locale, string> = {
  "fr-FR": "France — Français",
  "fr-BE": "Belgique — Français",
  "nl-BE": "België — Nederlands",
  "de-BE": "Belgien — Deutsch",
  "fr-LU": "Luxembourg — Français",
  "de-LU": "Luxemburg — Deutsch",
  "nl-NL": "Nederland — Nederlands",
  "en-GB": "United Kingdom — English",
  "es-ES": "España — Español",
  "it-IT": "Italia — Italiano",
};
