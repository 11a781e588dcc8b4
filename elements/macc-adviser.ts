import { adviserCatalog } from "../src/areas/adviser/catalog";
import { Adviser } from "../src/areas/adviser/Adviser";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-adviser", Adviser, { catalogs: [adviserCatalog], styles: [controlsCss] });
