import type { AreaDeclaration } from "../../core/tags";
import { productFleetCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import dataTableCss from "../../ui/styles/data-table.css?inline";
import productFleetCss from "./product-fleet.css?inline";

/**
 * The product-fleet area's texts and styles, declared once: the element of `ProductFleet` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [productFleetCatalog], styles: [controlsCss, dataTableCss, productFleetCss] };
