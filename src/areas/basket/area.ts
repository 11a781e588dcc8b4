import type { AreaDeclaration } from "../../core/tags";
import { basketCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import basketCss from "./basket.css?inline";

/**
 * The basket area's texts and styles, declared once: the element of `Basket` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [basketCatalog], styles: [controlsCss, basketCss] };
