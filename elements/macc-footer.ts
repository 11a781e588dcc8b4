import { footerCatalog } from "../src/areas/footer/catalog";
import { Footer } from "../src/areas/footer/Footer";
import css from "../src/areas/footer/footer.css?inline";
import { defineElement } from "./define";

defineElement("macc-footer", Footer, { catalogs: [footerCatalog], styles: [css] });
