import type { Locale } from "./constants";
import { countryOf, languageOf } from "./locale";

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

const SLUGS: Record<string, Record<SitePage, string>> = {
  fr: {
    products: "/produits",
    whoWeAre: "/qui-sommes-nous",
    innovate: "/innovons-ensemble",
    joinUs: "/nous-rejoindre",
    news: "/actualites",
    faq: "/faq",
    ideas: "/idees",
    careers: "/carrieres",
    legal: "/mentions-legales",
    sitemap: "/plan-du-site",
    dataProtection: "/protection-des-donnees",
    search: "/recherche",
  },
  en: {
    products: "/products",
    whoWeAre: "/who-we-are",
    innovate: "/innovate-together",
    joinUs: "/join-us",
    news: "/news",
    faq: "/faq",
    ideas: "/ideas",
    careers: "/careers",
    legal: "/legal-notice",
    sitemap: "/site-map",
    dataProtection: "/data-protection",
    search: "/search",
  },
  nl: {
    products: "/producten",
    whoWeAre: "/wie-zijn-wij",
    innovate: "/samen-innoveren",
    joinUs: "/kom-bij-ons",
    news: "/nieuws",
    faq: "/faq",
    ideas: "/ideeen",
    careers: "/vacatures",
    legal: "/juridische-informatie",
    sitemap: "/sitemap",
    dataProtection: "/gegevensbescherming",
    search: "/zoeken",
  },
  de: {
    products: "/produkte",
    whoWeAre: "/wer-wir-sind",
    innovate: "/gemeinsam-innovieren",
    joinUs: "/karriere-bei-uns",
    news: "/aktuelles",
    faq: "/faq",
    ideas: "/ideen",
    careers: "/stellenangebote",
    legal: "/impressum",
    sitemap: "/sitemap",
    dataProtection: "/datenschutz",
    search: "/suche",
  },
  es: {
    products: "/productos",
    whoWeAre: "/quienes-somos",
    innovate: "/innovemos-juntos",
    joinUs: "/unete",
    news: "/noticias",
    faq: "/preguntas-frecuentes",
    ideas: "/ideas",
    careers: "/empleo",
    legal: "/aviso-legal",
    sitemap: "/mapa-del-sitio",
    dataProtection: "/proteccion-de-datos",
    search: "/buscar",
  },
  it: {
    products: "/prodotti",
    whoWeAre: "/chi-siamo",
    innovate: "/innoviamo-insieme",
    joinUs: "/lavora-con-noi",
    news: "/notizie",
    faq: "/faq",
    ideas: "/idee",
    careers: "/carriere",
    legal: "/note-legali",
    sitemap: "/mappa-del-sito",
    dataProtection: "/protezione-dei-dati",
    search: "/cerca",
  },
};

export function sitePath(page: SitePage, locale: Locale): string {
  return (SLUGS[languageOf(locale)] ?? SLUGS.fr!)[page];
}

/**
 * SPEC §1: join-us entries (and careers with them) are hidden on the UK site: the en-GB site,
 * and for a customer of the UK network wherever they browse.
 */
export function showsJoinUs(locale: Locale, codeReseau?: string | null): boolean {
  return countryOf(locale) !== "GB" && codeReseau !== "GBR";
}

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

export const SOCIAL_URL = "https://www.linkedin.com/company/macc";
