// Generated from the tag registry (src/core/tags.ts) by `npm run generate`: edit the registry, not this file.
export const RESERVE_CSS = `:host{min-height:var(--_reserve,48px)}
:host(macc-portal){--_reserve:640px}
:host(macc-header){--_reserve:116px}@media (max-width:48rem){:host(macc-header){--_reserve:64px}}
:host(macc-footer){--_reserve:504px}@media (max-width:36rem){:host(macc-footer){--_reserve:912px}}
:host(macc-login){--_reserve:526px}@media (max-width:36rem){:host(macc-login){--_reserve:884px}}
:host(macc-maintenance){--_reserve:128px}
:host(macc-bank-details){--_reserve:0px}
:host(macc-company-choice){--_reserve:320px}
:host(macc-info-confirmation){--_reserve:480px}
:host(macc-personal-info){--_reserve:640px}
:host(macc-password-update){--_reserve:416px}
:host(macc-forgot-password){--_reserve:288px}
:host(macc-login-help){--_reserve:480px}
:host(macc-dashboard){--_reserve:320px}
:host(macc-action-banner){--_reserve:0px}
:host(macc-invoices){--_reserve:576px}
:host(macc-product-fleet){--_reserve:384px}
:host(macc-adviser){--_reserve:224px}
:host(macc-contacts){--_reserve:384px}
:host(macc-service-request){--_reserve:1280px}@media (max-width:36rem){:host(macc-service-request){--_reserve:1720px}}
:host(macc-team){--_reserve:720px}@media (max-width:36rem){:host(macc-team){--_reserve:1400px}}
:host(macc-security){--_reserve:900px}@media (max-width:36rem){:host(macc-security){--_reserve:1600px}}
:host(macc-contact-form){--_reserve:480px}
:host(macc-basket){--_reserve:1297px}@media (max-width:36rem){:host(macc-basket){--_reserve:1745px}}
:host(macc-add-to-basket){--_reserve:44px}
:host(macc-registration){--_reserve:576px}`;
export const LOGGED_IN_RESERVE_CSS = `:host(macc-header){--_reserve:177px}@media (max-width:48rem){:host(macc-header){--_reserve:148px}}
:host(macc-login){--_reserve:210px}@media (max-width:36rem){:host(macc-login){--_reserve:269px}}`;
