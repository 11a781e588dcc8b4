import type { Catalog } from "../../core/i18n";

export const agrimaccCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
