import type { AreaDeclaration } from "../../core/tags";
import { registrationCatalog } from "./catalog";
import { newPasswordCatalog } from "../../ui/new-password/catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import registrationCss from "./registration.css?inline";

/**
 * The registration area's texts and styles, declared once: the element of `Registration` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [registrationCatalog, newPasswordCatalog], styles: [controlsCss, registrationCss] };
