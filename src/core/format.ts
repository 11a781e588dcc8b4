import type { Locale } from "../contract/constants";

/** Dates, numbers and amounts always go through Intl for the element's locale; e-mail addresses are only shape-checked. */

/** A date-only string ("2020-03-14") is a calendar day, not UTC midnight: read it as a local day. */
function toDate(value: string | Date): Date {
  if (typeof value !== "string") return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

/** Numeric dates spell the year in full: `dateStyle: "short"` gives 2-digit years in fr-BE, de-BE,
 * de-LU, es-ES and it-IT. Day and month are padded so that dates line up in table columns. */
const NUMERIC_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };

/**
 * One formatter per locale and style, made on first use: building an Intl formatter costs far more
 * than formatting with it, and a list formats hundreds of dates and amounts per render.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let made = formatters.get(key) as F | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

export function formatDate(locale: Locale, value: string | Date, style: "short" | "long" = "short"): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  return formatter(
    `date ${style} ${locale}`,
    () => new Intl.DateTimeFormat(locale, style === "long" ? { dateStyle: "long" } : NUMERIC_DATE),
  ).format(date);
}

export function formatDateTime(locale: Locale, value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return formatter(`date-time ${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" })).format(date);
}

export function formatAmount(locale: Locale, cents: number, currency = "EUR"): string {
  return formatter(`amount ${currency} ${locale}`, () => new Intl.NumberFormat(locale, { style: "currency", currency })).format(
    cents / 100,
  );
}

export function formatNumber(locale: Locale, value: number): string {
  return formatter(`number ${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/**
 * The name of a content's language (ISO 639-1) in the reader's, when the two differ ("French" for a
 * French leaflet on an English screen); null when they are the same, or the code is not a language.
 */
export function foreignLanguageName(locale: Locale, language: string | null | undefined): string | null {
  if (!language || language === locale.slice(0, 2)) return null;
  try {
    const name = new Intl.DisplayNames([locale], { type: "language", fallback: "none" }).of(language);
    return name ?? null;
  } catch {
    return null; // not a well-formed language code
  }
}

/** Deliberately loose: the server decides; this only catches what cannot be an e-mail address. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}
