import type { Catalog } from "../../core/i18n";

export const headerCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
