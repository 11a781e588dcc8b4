import type { AreaDeclaration } from "../../core/tags";
import { addToBasketCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import addToBasketCss from "./add-to-basket.css?inline";

/** The add-to-basket area's texts and styles, declared once: `<macc-add-to-basket>` adopts them. */
export const area: AreaDeclaration = { catalogs: [addToBasketCatalog], styles: [controlsCss, addToBasketCss] };
