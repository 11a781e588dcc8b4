import { basketCatalog } from "../src/areas/basket/catalog";
import { Basket } from "../src/areas/basket/Basket";
import css from "../src/areas/basket/basket.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-basket", Basket, { props: { view: "string" }, catalogs: [basketCatalog], styles: [controlsCss, css] });
