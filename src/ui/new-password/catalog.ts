import type { Catalog } from "../../core/i18n";

/**
 * The texts of a new password's fields and rules: a catalog of their own, not the shared one every
 * element downloads (a page with only a footer has no password to choose). The areas whose forms
 * choose one list it: password, registration, team (the invitation).
 */
export const newPasswordCatalog: Catalog = (locale) => import(`./locales/${locale}.po`);
