import type { Catalog } from "../../core/i18n";

export const registrationCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
