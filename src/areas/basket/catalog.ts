import type { Catalog } from "../../core/i18n";

export const basketCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
