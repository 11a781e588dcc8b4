import type { Catalog } from "../../core/i18n";

export const teamCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
