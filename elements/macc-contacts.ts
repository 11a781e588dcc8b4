import { contactsCatalog } from "../src/areas/contacts/catalog";
import { Contacts } from "../src/areas/contacts/Contacts";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-contacts", Contacts, { catalogs: [contactsCatalog], styles: [controlsCss] });
