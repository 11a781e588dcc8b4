import type { Locale } from "./constants";

/** Dates, numbers and amounts always go through Intl for the element's locale. */
export function formatDate(locale: Locale, value: string | Date, style: "short" | "long" = "short"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, style === "long" ? { dateStyle: "long" } : { dateStyle: "short" }).format(date);
}

export function formatDateTime(locale: Locale, value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(date);
}

export function formatAmount(locale: Locale, cents: number, currency = "EUR"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(locale).format(value);
}
