import type { Catalog } from "../../core/i18n";

export const loginCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
