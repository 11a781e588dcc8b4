import type { Catalog } from "../../core/i18n";

export const serviceRequestCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
