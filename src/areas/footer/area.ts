import type { AreaDeclaration } from "../../core/tags";
import { footerCatalog } from "./catalog";
import footerCss from "./footer.css?inline";

/** The footer area's texts and styles, declared once: `<macc-footer>` adopts them, and the portal's shell (src/app/screens.tsx). */
export const area: AreaDeclaration = { catalogs: [footerCatalog], styles: [footerCss] };
