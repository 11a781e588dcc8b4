import { setupI18n, type I18n, type MessageDescriptor, type Messages } from "@lingui/core";
import type { Locale } from "../contract/constants";
import { hasPaths, loadPaths } from "./paths";

/** Loads one catalog (the shared one, or an area's) for a locale. */
export type Catalog = (locale: Locale) => Promise<{ messages: Messages }>;

const shared: Catalog = (locale) => import(`../locales/${locale}.po`);

/**
 * One Lingui instance per locale, shared by every element of the page, into which the catalogs
 * of the areas on the page are merged as they load. Elements never use Lingui's global `i18n`:
 * two elements in two locales on one page must not fight over it.
 */
const instances = new Map<Locale, I18n>();
const loads = new Map<Catalog, Map<Locale, Promise<void>>>();
const loaded = new Map<Catalog, Set<Locale>>();

function instanceOf(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: {} } });
    instances.set(locale, i18n);
  }
  return i18n;
}

function loadCatalog(catalog: Catalog, locale: Locale, i18n: I18n): Promise<void> {
  let byLocale = loads.get(catalog);
  if (!byLocale) loads.set(catalog, (byLocale = new Map()));
  let promise = byLocale.get(locale);
  if (!promise) {
    promise = catalog(locale).then(({ messages }) => {
      i18n.load(locale, messages);
      if (!loaded.has(catalog)) loaded.set(catalog, new Set());
      loaded.get(catalog)!.add(locale);
    });
    // A failed download may be retried by the next element that needs it.
    promise.catch(() => byLocale.delete(locale));
    byLocale.set(locale, promise);
  }
  return promise;
}

/** The locale's messages (shared and the given areas') and its translated addresses. */
export function loadI18n(locale: Locale, catalogs: readonly Catalog[] = []): Promise<I18n> {
  const i18n = instanceOf(locale);
  const messages = [shared, ...catalogs].map((catalog) => loadCatalog(catalog, locale, i18n));
  return Promise.all([...messages, loadPaths(locale)]).then(() => i18n);
}

/** The instance when all its catalogs are already here, so a re-render never flashes a skeleton. */
export function peekI18n(locale: Locale, catalogs: readonly Catalog[] = []): I18n | undefined {
  const ready = hasPaths(locale) && [shared, ...catalogs].every((catalog) => loaded.get(catalog)?.has(locale));
  return ready ? instances.get(locale) : undefined;
}

/**
 * A message descriptor with its placeholder values. Written as a function because Lingui's
 * extractor fails on a spread inside `i18n._({ ... })`.
 */
export function withValues(descriptor: MessageDescriptor, values: Record<string, unknown>): MessageDescriptor {
  return { ...descriptor, values };
}
