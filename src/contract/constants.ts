/** Business constants of SPEC §9, in one place so every rule reads the same value. */
/** The release: package.json's version, copied by `npm version` (scripts/write-version.mjs). */
export { APP_VERSION } from "./version";

export const LOCALES = ["fr-FR", "fr-BE", "fr-LU", "de-BE", "de-LU", "en-GB", "es-ES", "it-IT", "nl-BE", "nl-NL"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr-FR";

export const NETWORK_CODES = ["FRA", "AGR", "FIL", "EXP", "BLG", "GBR", "ESP", "ITA"] as const;
export type NetworkCode = (typeof NETWORK_CODES)[number];
/** Network codes whose customers see the invoices menu entry (always shown in the AGRI theme). */
export const INVOICE_NETWORKS: readonly NetworkCode[] = ["FRA", "AGR", "FIL", "EXP"];

export const THEMES = ["MACC", "AGRI"] as const;
export type Theme = (typeof THEMES)[number];

/** Company data older than this must be confirmed again (anneeLimite). */
export const FRESHNESS_YEARS = 3;
export const PASSWORD_MIN_LENGTH = 8;

export const TOAST_DURATION_MS = { info: 5_000, success: 5_000, error: 15_000 } as const;

/**
 * Features the server can switch on (`MACC_FEATURES`, a comma list; all off by default). The
 * elements read the ones switched on from `GET /api/features`, once per page.
 */
export const FEATURE_NAMES = ["coordonnee-bancaire"] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Bank details: the account holder's longest name (SEPA allows 70 characters). */
export const INTITULE_MAX = 70;

export const IS_LOGGED_COOKIE = "isLogged";
/**
 * On the page's root element while a customer is logged in: the host sheet keeps each element's
 * logged-in room by it before the element is defined (a logged-in header is taller, the login box
 * shorter). The loader sets it from IS_LOGGED_COOKIE before the page's first paint, when its tag
 * holds that paint (`blocking="render"`); a CMS whose server reads that cookie may send it in the
 * page; the core sets or removes it on a login or a logout on the page.
 */
export const LOGGED_IN_ATTRIBUTE = "data-macc-logged-in";
/**
 * The visitor's own language and theme (a choice in the header, `?lang=`, `?site=`) and basket,
 * mirrored from storage for the server: it sends the portal's first screen in the HTML only when it
 * is the one the visitor will see.
 */
export const LOCALE_COOKIE = "maccLocale";
export const THEME_COOKIE = "maccTheme";
/** How many items the visitor's basket holds, when any: the first screen's header shows none. */
export const BASKET_COOKIE = "maccBasket";
/** Marks a first screen drawn at build time and sent in the HTML, until the element takes over. */
export const FIRST_SCREEN_ATTRIBUTE = "data-first-screen";
export const STORAGE_KEY = "macc:state";
/**
 * Set (local storage) while the offline queue holds a submission: a page loads the queue's code
 * and opens IndexedDB only then (or when a form uses it), not on every page.
 */
export const OFFLINE_QUEUE_FLAG = "macc:offline-queue";

/** Contact form limits, checked by the form and by the API. */
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** Countries of a personal address (SPEC §9: the countries of the locales), offered by the form and checked by the API. */
export const ADDRESS_COUNTRIES = ["FR", "BE", "LU", "NL", "DE", "GB", "ES", "IT"] as const;

/** The invoice list's query limits, checked by the list's address and by the API. */
export const INVOICE_SEARCH_MAX = 50;
export const INVOICE_FIRST_YEAR = 1900;
export const INVOICE_MAX_PAGE = 1_000_000;
/** Searches this long or longer match anywhere in the number or the reference; shorter ones, the start of the number. */
export const INVOICE_FRAGMENT_MIN = 3;

/** A basket item id (the `?panier=` list keeps only these), checked by the store and by the API. */
export const BASKET_ITEM_ID = /^[\w-]{1,64}$/;
/** Basket validation limits, checked by the basket form and by the API: ids per request, then field lengths. */
export const BASKET_MAX_ITEMS = 50;
export const BASKET_NOM_MAX = 100;
export const BASKET_SOCIETE_MAX = 150;
export const BASKET_MOBILE_MAX = 40;
export const BASKET_IMMAT_MAX = 40;

/**
 * Sending that survives the network: a submission saved on the device while offline is sent for
 * at most this long, and the API keeps each Idempotency-Key (with its answer) longer than that, so
 * a submission replayed at the end of its life is still answered as the first time.
 */
export const OFFLINE_QUEUE_MAX_AGE_DAYS = 7;
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 8;

/**
 * What a page showing `<macc-service-request>` (or the whole portal) must allow beyond the API's
 * sources: the photos' previews (resized in the page) are `blob:` images, and the video's is a
 * `blob:` medium (its length is read in the page before it is sent). The portal pages' policy
 * (server/http/static.ts) and the configurator's (demo/editor/model.ts) both read it.
 */
export const PAGE_PREVIEW_SOURCES = { "img-src": "blob:", "media-src": "blob:" } as const;
