import { area } from "../src/areas/footer/area";
import { Footer } from "../src/areas/footer/Footer";
import { defineElement } from "./define";

defineElement("macc-footer", Footer, area);
