import type { Catalog } from "../../core/i18n";

export const dashboardCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
