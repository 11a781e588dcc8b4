import type { AreaDeclaration } from "../../core/tags";
import { headerCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import headerCss from "./header.css?inline";

/** The header area's texts and styles, declared once: `<macc-header>` adopts them, and the portal's shell (src/app/screens.tsx). */
export const area: AreaDeclaration = { catalogs: [headerCatalog], styles: [controlsCss, headerCss] };
