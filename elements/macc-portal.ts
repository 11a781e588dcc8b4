import registrationCss from "../src/areas/registration/registration.css?inline";
import dashboardCss from "../src/areas/dashboard/dashboard.css?inline";
import invoicesCss from "../src/areas/invoices/invoices.css?inline";
import productFleetCss from "../src/areas/product-fleet/product-fleet.css?inline";
import companyChoiceCss from "../src/areas/company-choice/company-choice.css?inline";
import personalInfoCss from "../src/areas/personal-info/personal-info.css?inline";
import { headerCatalog } from "../src/areas/header/catalog";
import { footerCatalog } from "../src/areas/footer/catalog";
import { loginCatalog } from "../src/areas/login/catalog";
import { portalCatalog } from "../src/app/catalog";
import footerCss from "../src/areas/footer/footer.css?inline";
import headerCss from "../src/areas/header/header.css?inline";
import loginCss from "../src/areas/login/login.css?inline";
import { Portal } from "../src/app/Portal";
import portalCss from "../src/app/portal.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import dataTableCss from "../src/ui/styles/data-table.css?inline";
import { defineElement } from "./define";

defineElement("macc-portal", Portal, {
  props: { base: "string" },
  catalogs: [headerCatalog, footerCatalog, loginCatalog, portalCatalog],
  styles: [
    controlsCss,
    dataTableCss,
    headerCss,
    footerCss,
    loginCss,
    portalCss,
    companyChoiceCss,
    personalInfoCss,
    dashboardCss,
    invoicesCss,
    productFleetCss,
    registrationCss,
  ],
});
