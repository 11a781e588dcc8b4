import type { Catalog } from "../../core/i18n";

export const notificationsCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
