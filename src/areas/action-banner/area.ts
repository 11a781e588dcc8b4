import type { AreaDeclaration } from "../../core/tags";
import { actionBannerCatalog } from "../../ui/action-banner/catalog";
import bannerCss from "../../ui/styles/action-banner.css?inline";

/**
 * The action banner's texts and styles, declared once: `<macc-action-banner>` adopts them. Both are
 * in src/ui/action-banner, as the dashboard shows the same banner at its top.
 */
export const area: AreaDeclaration = { catalogs: [actionBannerCatalog], styles: [bannerCss] };
