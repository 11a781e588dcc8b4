import type { Catalog } from "../../core/i18n";

export const invoicesCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
