import { area } from "../src/areas/company-choice/area";
import { CompanyChoice } from "../src/areas/company-choice/CompanyChoice";
import { defineElement } from "./define";

defineElement("macc-company-choice", CompanyChoice, area);
