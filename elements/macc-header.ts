import { headerCatalog } from "../src/areas/header/catalog";
import { Header } from "../src/areas/header/Header";
import css from "../src/areas/header/header.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-header", Header, { catalogs: [headerCatalog], styles: [controlsCss, css] });
