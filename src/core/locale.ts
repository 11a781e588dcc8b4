import { DEFAULT_LOCALE, LOCALES, type Locale, type NetworkCode, type Theme } from "../contract/constants";

const BY_LOWERCASE = new Map<string, Locale>(LOCALES.map((l) => [l.toLowerCase(), l]));

/** Language-only and unsupported-region fallbacks of SPEC §4 (de-DE → de-BE, en → en-GB, …). */
const LANGUAGE_FALLBACK: Record<string, Locale> = {
  de: "de-BE",
  it: "it-IT",
  es: "es-ES",
  en: "en-GB",
  nl: "nl-NL",
  fr: "fr-FR",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Any locale-ish string (`de`, `nl_BE`, `EN-us`) to one of the 10 supported locales. */
export function resolveLocale(raw: string | null | undefined): Locale {
  if (!raw) return DEFAULT_LOCALE;
  const normalized = raw.trim().replace(/_/g, "-").toLowerCase();
  const exact = BY_LOWERCASE.get(normalized);
  if (exact) return exact;
  const language = normalized.split("-")[0] ?? "";
  return Object.hasOwn(LANGUAGE_FALLBACK, language) ? LANGUAGE_FALLBACK[language]! : DEFAULT_LOCALE;
}

/**
 * The `lang` query parameter applies only to visitors: a logged-in customer keeps the
 * language they chose (SPEC §4). Returns null when the query must be ignored.
 */
export function localeFromQuery(search: string, isLoggedCookie: string | null): Locale | null {
  if (isLoggedCookie === "true") return null;
  const lang = new URLSearchParams(search).get("lang");
  return lang ? resolveLocale(lang) : null;
}

export interface LocaleSources {
  /** `location.search`, for `?lang=`. */
  search: string;
  /** Value of the `isLogged` cookie. */
  isLoggedCookie: string | null;
  /** The visitor's stored explicit choice (language selector or an earlier `?lang=`). */
  chosen: Locale | null;
  /** The loader's `data-locale`: the page's default. */
  pageLocale: Locale | null;
  /** The language the previous page was shown in (stored, not chosen). */
  lastLocale: Locale | null;
  /** `<html lang>` of the host page. */
  htmlLang: string | null;
}

/**
 * The page's language, in this order: `?lang=` for visitors (SPEC §4), the visitor's stored
 * choice, the page's `data-locale`, the language of the previous page, `<html lang>`, fr-FR. `choice` is set when `?lang=` decided:
 * it is stored like a choice made in the selector, so the next page keeps it.
 */
export function pickLocale({ search, isLoggedCookie, chosen, pageLocale, lastLocale, htmlLang }: LocaleSources): {
  locale: Locale;
  choice: Locale | null;
} {
  const fromQuery = localeFromQuery(search, isLoggedCookie);
  if (fromQuery) return { locale: fromQuery, choice: fromQuery };
  return { locale: chosen ?? pageLocale ?? lastLocale ?? resolveLocale(htmlLang), choice: null };
}

export function countryOf(locale: Locale): string {
  return locale.slice(3);
}

export function languageOf(locale: Locale): string {
  return locale.slice(0, 2);
}

const BENELUX = new Set(["BE", "LU", "NL"]);

/** Locale → network code (SPEC §9); the AGRI theme always maps to AGR. */
export function networkOf(locale: Locale, theme: Theme = "MACC"): NetworkCode {
  if (theme === "AGRI") return "AGR";
  if (BENELUX.has(countryOf(locale))) return "BLG";
  switch (languageOf(locale)) {
    case "en":
      return "GBR";
    case "es":
      return "ESP";
    case "it":
      return "ITA";
    default:
      return "FRA";
  }
}
