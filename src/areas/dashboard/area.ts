import type { AreaDeclaration } from "../../core/tags";
import { dashboardCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import { actionBannerCatalog } from "../../ui/action-banner/catalog";
import bannerCss from "../../ui/styles/action-banner.css?inline";
import dashboardCss from "./dashboard.css?inline";

/**
 * The dashboard area's texts and styles, declared once: the element of `Dashboard` adopts them,
 * and the portal loads them with its screen (src/app/screens.tsx); the action banner at its top brings its texts and sheet.
 */
export const area: AreaDeclaration = { catalogs: [dashboardCatalog, actionBannerCatalog], styles: [controlsCss, bannerCss, dashboardCss] };
