import type { AreaDeclaration } from "../../core/tags";
import { passwordCatalog } from "./catalog";
import { newPasswordCatalog } from "../../ui/new-password/catalog";
import controlsCss from "../../ui/styles/controls.css?inline";

/**
 * The password area's texts and styles, declared once: the elements of `ForgotPassword` and `PasswordUpdate` adopt them,
 * and the portal loads them with these screens (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [passwordCatalog, newPasswordCatalog], styles: [controlsCss] };
