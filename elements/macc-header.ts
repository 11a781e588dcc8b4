import { Header } from "../src/areas/header/Header";
import css from "../src/areas/header/header.css?inline";
import { defineElement } from "./define";

defineElement("macc-header", Header, { styles: [css], reserve: "9rem" });
