import type { Catalog } from "../core/i18n";

export const portalCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
