import type { Catalog } from "../../core/i18n";

export const bankDetailsCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
