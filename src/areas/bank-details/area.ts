import type { AreaDeclaration } from "../../core/tags";
import { bankDetailsCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import bankDetailsCss from "./bank-details.css?inline";

/**
 * The bank-details area's texts and styles, declared once: the element of `BankDetails` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [bankDetailsCatalog], styles: [controlsCss, bankDetailsCss] };
