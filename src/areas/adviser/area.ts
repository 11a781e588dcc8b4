import type { AreaDeclaration } from "../../core/tags";
import { adviserCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";

/**
 * The adviser area's texts and styles, declared once: the element of `Adviser` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [adviserCatalog], styles: [controlsCss] };
