import { personalInfoCatalog } from "../src/areas/personal-info/catalog";
import css from "../src/areas/personal-info/personal-info.css?inline";
import { PersonalInfo } from "../src/areas/personal-info/PersonalInfo";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-personal-info", PersonalInfo, { catalogs: [personalInfoCatalog], styles: [controlsCss, css] });
