import type { AreaDeclaration } from "../../core/tags";
import bannerCss from "../../ui/styles/action-banner.css?inline";

/**
 * The action banner's styles, declared once: `<macc-action-banner>` adopts them. Its texts are the
 * shared catalog's (src/ui/ActionBanner.tsx), as the dashboard shows the same banner at its top.
 */
export const area: AreaDeclaration = { catalogs: [], styles: [bannerCss] };
