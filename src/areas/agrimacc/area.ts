import type { AreaDeclaration } from "../../core/tags";
import { agrimaccCatalog } from "./catalog";
import agrimaccCss from "./agrimacc.css?inline";

/** The agrimacc area's texts and styles, declared once: the portal loads them with its screen (src/app/screens.tsx). */
export const area: AreaDeclaration = { catalogs: [agrimaccCatalog], styles: [agrimaccCss] };
