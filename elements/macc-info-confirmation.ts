import { personalInfoCatalog } from "../src/areas/personal-info/catalog";
import { InfoConfirmation } from "../src/areas/personal-info/InfoConfirmation";
import css from "../src/areas/personal-info/personal-info.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-info-confirmation", InfoConfirmation, { catalogs: [personalInfoCatalog], styles: [controlsCss, css] });
