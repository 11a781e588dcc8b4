import type { AreaDeclaration } from "../../core/tags";
import { contactsCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";

/**
 * The contacts area's texts and styles, declared once: the element of `Contacts` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [contactsCatalog], styles: [controlsCss] };
