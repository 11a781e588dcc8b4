import { dashboardCatalog } from "../src/areas/dashboard/catalog";
import { Dashboard } from "../src/areas/dashboard/Dashboard";
import css from "../src/areas/dashboard/dashboard.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-dashboard", Dashboard, { catalogs: [dashboardCatalog], styles: [controlsCss, css] });
