import { companyChoiceCatalog } from "../src/areas/company-choice/catalog";
import { CompanyChoice } from "../src/areas/company-choice/CompanyChoice";
import css from "../src/areas/company-choice/company-choice.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-company-choice", CompanyChoice, { catalogs: [companyChoiceCatalog], styles: [controlsCss, css] });
