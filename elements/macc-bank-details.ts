import { bankDetailsCatalog } from "../src/areas/bank-details/catalog";
import { BankDetails } from "../src/areas/bank-details/BankDetails";
import bankDetailsCss from "../src/areas/bank-details/bank-details.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-bank-details", BankDetails, { catalogs: [bankDetailsCatalog], styles: [controlsCss, bankDetailsCss] });
