import type { Catalog } from "../../core/i18n";

/**
 * The action banner's texts (issue 30): a catalog of their own, not the shared one every element
 * downloads; `<macc-action-banner>`, the dashboard and the notification centre list it.
 */
export const actionBannerCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
