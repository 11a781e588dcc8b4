import type { AreaDeclaration } from "../../core/tags";
import { teamCatalog } from "./catalog";
import { newPasswordCatalog } from "../../ui/new-password/catalog";
import cardListCss from "../../ui/styles/card-list.css?inline";
import controlsCss from "../../ui/styles/controls.css?inline";
import teamCss from "./team.css?inline";

/**
 * The team area's texts and styles, declared once: the element of `Team` adopts them, and the
 * portal loads them with its TEAM and INVITATION screens (src/app/screens.tsx).
 */
export const area: AreaDeclaration = { catalogs: [teamCatalog, newPasswordCatalog], styles: [controlsCss, cardListCss, teamCss] };
