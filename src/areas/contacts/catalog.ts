import type { Catalog } from "../../core/i18n";

export const contactsCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
