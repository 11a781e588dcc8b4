import type { Catalog } from "../../core/i18n";

export const securityCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
