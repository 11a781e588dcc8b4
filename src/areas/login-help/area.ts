import type { AreaDeclaration } from "../../core/tags";
import { loginHelpCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";

/**
 * The login-help area's texts and styles, declared once: the element of `LoginHelp` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [loginHelpCatalog], styles: [controlsCss] };
