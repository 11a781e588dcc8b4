import { Footer } from "../src/areas/footer/Footer";
import css from "../src/areas/footer/footer.css?inline";
import { defineElement } from "./define";

defineElement("macc-footer", Footer, { styles: [css], reserve: "18rem" });
