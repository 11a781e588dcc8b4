import type { Catalog } from "../../core/i18n";

export const contactFormCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
