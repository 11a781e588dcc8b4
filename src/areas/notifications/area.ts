import type { AreaDeclaration } from "../../core/tags";
import { actionBannerCatalog } from "../../ui/action-banner/catalog";
import { notificationsCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import notificationsCss from "./notifications.css?inline";

/** The notification centre's texts (with the action banner's, whose entries it lists) and styles, declared once: the portal loads them with its NOTIFICATIONS screen (src/app/screens.tsx). */
export const area: AreaDeclaration = { catalogs: [notificationsCatalog, actionBannerCatalog], styles: [controlsCss, notificationsCss] };
