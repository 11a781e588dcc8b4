import type { Catalog } from "../../core/i18n";

export const adviserCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
