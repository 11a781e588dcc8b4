import { area } from "../src/areas/contact-form/area";
import { ContactForm } from "../src/areas/contact-form/ContactForm";
import { defineElement } from "./define";

defineElement("macc-contact-form", ContactForm, area);
