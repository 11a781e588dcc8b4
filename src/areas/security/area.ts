import type { AreaDeclaration } from "../../core/tags";
import { securityCatalog } from "./catalog";
import cardListCss from "../../ui/styles/card-list.css?inline";
import controlsCss from "../../ui/styles/controls.css?inline";
import securityCss from "./security.css?inline";

/**
 * The security area's texts and styles, declared once: the element of `Security` adopts them, and
 * the portal loads them with its SECURITY screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [securityCatalog], styles: [controlsCss, cardListCss, securityCss] };
