import { invoicesCatalog } from "../src/areas/invoices/catalog";
import { Invoices } from "../src/areas/invoices/Invoices";
import css from "../src/areas/invoices/invoices.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import dataTableCss from "../src/ui/styles/data-table.css?inline";
import { defineElement } from "./define";

defineElement("macc-invoices", Invoices, { catalogs: [invoicesCatalog], styles: [controlsCss, dataTableCss, css] });
