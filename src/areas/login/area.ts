import type { AreaDeclaration } from "../../core/tags";
import { loginCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import loginCss from "./login.css?inline";

/**
 * The login area's texts and styles, declared once: `<macc-login>` adopts them, and the portal, whose
 * first screen it is, brings them with its own (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [loginCatalog], styles: [controlsCss, loginCss] };
