import type { Catalog } from "../../core/i18n";

export const productFleetCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
