import { productFleetCatalog } from "../src/areas/product-fleet/catalog";
import { ProductFleet } from "../src/areas/product-fleet/ProductFleet";
import css from "../src/areas/product-fleet/product-fleet.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import dataTableCss from "../src/ui/styles/data-table.css?inline";
import { defineElement } from "./define";

defineElement("macc-product-fleet", ProductFleet, {
  props: { family: "string", view: "string" },
  catalogs: [productFleetCatalog],
  styles: [controlsCss, dataTableCss, css],
});
