import type { AreaDeclaration } from "../../core/tags";
import { notificationsCatalog } from "./catalog";
import controlsCss from "../../ui/styles/controls.css?inline";
import notificationsCss from "./notifications.css?inline";

/** The notification centre's texts and styles, declared once: the portal loads them with its NOTIFICATIONS screen (src/app/screens.tsx). */
export const area: AreaDeclaration = { catalogs: [notificationsCatalog], styles: [controlsCss, notificationsCss] };
