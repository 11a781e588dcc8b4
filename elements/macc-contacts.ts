import { area } from "../src/areas/contacts/area";
import { Contacts } from "../src/areas/contacts/Contacts";
import { defineElement } from "./define";

defineElement("macc-contacts", Contacts, area);
