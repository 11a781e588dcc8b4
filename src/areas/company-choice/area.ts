import type { AreaDeclaration } from "../../core/tags";
import { companyChoiceCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import companyChoiceCss from "./company-choice.css?inline";

/**
 * The company-choice area's texts and styles, declared once: the element of `CompanyChoice` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [companyChoiceCatalog], styles: [controlsCss, companyChoiceCss] };
