import type { Catalog } from "../../core/i18n";

export const footerCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
