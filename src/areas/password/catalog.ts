import type { Catalog } from "../../core/i18n";

export const passwordCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
