// Generated from the tag registry (src/core/tags.ts) by `npm run generate`: edit the registry, not this file.
export const TAG_SELECTOR =
  "macc-portal,macc-header,macc-footer,macc-login,macc-maintenance,macc-bank-details,macc-company-choice,macc-info-confirmation,macc-personal-info,macc-password-update,macc-forgot-password,macc-login-help,macc-dashboard,macc-action-banner,macc-invoices,macc-product-fleet,macc-adviser,macc-contacts,macc-service-request,macc-team,macc-security,macc-contact-form,macc-basket,macc-add-to-basket,macc-registration";
export const IS_LOGGED_COOKIE = "isLogged";
export const LOGGED_IN_ATTRIBUTE = "data-macc-logged-in";
