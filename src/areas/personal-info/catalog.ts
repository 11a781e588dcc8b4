import type { Catalog } from "../../core/i18n";

export const personalInfoCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
