import { registrationCatalog } from "../src/areas/registration/catalog";
import { Registration } from "../src/areas/registration/Registration";
import css from "../src/areas/registration/registration.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-registration", Registration, { catalogs: [registrationCatalog], styles: [controlsCss, css] });
