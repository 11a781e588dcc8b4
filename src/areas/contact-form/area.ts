import type { AreaDeclaration } from "../../core/tags";
import { contactFormCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";

/**
 * The contact-form area's texts and styles, declared once: the element of `ContactForm` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [contactFormCatalog], styles: [controlsCss] };
