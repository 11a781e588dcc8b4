import type { Catalog } from "../../core/i18n";

export const addToBasketCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
