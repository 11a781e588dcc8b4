import { contactFormCatalog } from "../src/areas/contact-form/catalog";
import { ContactForm } from "../src/areas/contact-form/ContactForm";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-contact-form", ContactForm, { catalogs: [contactFormCatalog], styles: [controlsCss] });
