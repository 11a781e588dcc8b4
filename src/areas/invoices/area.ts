import type { AreaDeclaration } from "../../core/tags";
import { invoicesCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import dataTableCss from "../../ui/styles/data-table.css?inline";
import invoicesCss from "./invoices.css?inline";

/**
 * The invoices area's texts and styles, declared once: the element of `Invoices` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [invoicesCatalog], styles: [controlsCss, dataTableCss, invoicesCss] };
