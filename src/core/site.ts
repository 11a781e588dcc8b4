import type { Locale } from "../contract/constants";
import { countryOf } from "./locale";

/** Pages of the country CMS site that the header and footer link to (not part of the portal). */
export const SITE_PAGES = [
  "products",
  "whoWeAre",
  "innovate",
  "joinUs",
  "news",
  "faq",
  "ideas",
  "careers",
  "legal",
  "sitemap",
  "dataProtection",
  "search",
] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/**
 * SPEC §1: join-us entries (and careers with them) are hidden on the UK site: the en-GB site,
 * and for a customer of the UK network wherever they browse.
 */
export function showsJoinUs(locale: Locale, codeReseau?: string | null): boolean {
  return countryOf(locale) !== "GB" && codeReseau !== "GBR";
}

/** The brand's LinkedIn page: the link names the brand of the theme, so it opens that brand's page. */
export function socialUrl(brand: string): string {
  return `https://www.linkedin.com/company/${brand.toLowerCase()}`;
}
