import { area } from "../src/areas/invoices/area";
import { Invoices } from "../src/areas/invoices/Invoices";
import { defineElement } from "./define";

defineElement("macc-invoices", Invoices, area);
