import type { Catalog } from "../../core/i18n";

export const loginHelpCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
