import type { Catalog } from "../../core/i18n";

export const companyChoiceCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
