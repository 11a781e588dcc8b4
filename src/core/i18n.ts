import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Locale } from "./constants";

/**
 * One Lingui instance per locale, shared by every element of the page. Elements never use
 * Lingui's global `i18n`: two elements in two locales on one page must not fight over it.
 */
const loaded = new Map<Locale, I18n>();
const pending = new Map<Locale, Promise<I18n>>();

const catalogs = import.meta.glob<{ messages: Messages }>("../locales/*/messages.po");

export function loadI18n(locale: Locale): Promise<I18n> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(locale);
  if (!promise) {
    const load = catalogs[`../locales/${locale}/messages.po`];
    promise = (load ? load() : Promise.resolve({ messages: {} })).then(({ messages }) => {
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      loaded.set(locale, i18n);
      return i18n;
    });
    pending.set(locale, promise);
    promise.catch(() => pending.delete(locale));
  }
  return promise;
}

/** The instance if its catalog is already here, so a re-render never flashes a skeleton. */
export function peekI18n(locale: Locale): I18n | undefined {
  return loaded.get(locale);
}
