import type { AreaDeclaration } from "../../core/tags";
import { serviceRequestCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import serviceRequestCss from "./service-request.css?inline";

/**
 * The service-request area's texts and styles, declared once: the element of `ServiceRequestForm`
 * adopts them, and the portal loads them with its screen (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [serviceRequestCatalog], styles: [controlsCss, serviceRequestCss] };
