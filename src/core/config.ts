import { isLocale } from "./locale";
import { parseThemeAttribute } from "./theme";
import type { Locale, Theme } from "../contract/constants";

/** Page-level settings, read once from the loader's `<script data-*>` tag. */
export interface PageConfig {
  locale: Locale | null;
  theme: Theme | null;
  apiBase: string;
  /** Set by data-api-base; otherwise the first element with an `api-base` fixes it for the page. */
  apiBaseFixed: boolean;
  /** Path prefix under which `<macc-portal>` routes live on this site ("" = site root). */
  portalBase: string;
  /** Path prefix of the country site's own pages (home, products, FAQ…): "" when the site is its origin's root. */
  siteBase: string;
  /** Where unhandled exceptions are reported; reporting is off when null. */
  errorEndpoint: string | null;
}

export type PageDataset = Partial<Record<"locale" | "theme" | "apiBase" | "portalBase" | "siteBase" | "errorEndpoint", string>>;

/** SPEC §7: a configured base URL wins; otherwise the page origin's /api. */
export function apiBaseOf(configured: string | undefined, origin: string): string {
  const base = configured?.trim() || `${origin}/api`;
  return base.replace(/\/+$/, "");
}

export function readPageConfig(dataset: PageDataset, origin: string): PageConfig {
  return {
    locale: isLocale(dataset.locale) ? dataset.locale : null,
    theme: parseThemeAttribute(dataset.theme),
    apiBase: apiBaseOf(dataset.apiBase, origin),
    apiBaseFixed: Boolean(dataset.apiBase?.trim()),
    portalBase: (dataset.portalBase ?? "").replace(/\/+$/, ""),
    siteBase: (dataset.siteBase ?? "").replace(/\/+$/, ""),
    errorEndpoint: dataset.errorEndpoint?.trim() || null,
  };
}

export type ReleaseStage = "localhost" | "development" | "recette" | "production";

/** SPEC §9: the release stage is derived from the host name. */
export function releaseStageOf(hostname: string): ReleaseStage {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host === "[::1]" || host === "::1" || host.startsWith("127.")) return "localhost";
  if (host.includes("recette")) return "recette";
  if (host.includes("dev")) return "development";
  return "production";
}

/**
 * The first element with its own `api-base` gives the page's session its API when the loader set
 * none (`data-api-base`); the element's own calls always go to its base.
 */
export function adoptApiBase(config: PageConfig, base: string): void {
  if (config.apiBaseFixed) return;
  config.apiBase = base;
  config.apiBaseFixed = true;
}
