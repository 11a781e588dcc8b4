import type { AreaDeclaration } from "../../core/tags";
import { personalInfoCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import personalInfoCss from "./personal-info.css?inline";

/**
 * The personal-info area's texts and styles, declared once: the elements of `PersonalInfo` and `InfoConfirmation` adopt them,
 * and the portal loads them with these screens (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [personalInfoCatalog], styles: [controlsCss, personalInfoCss] };
