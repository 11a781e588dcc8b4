import { loginHelpCatalog } from "../src/areas/login-help/catalog";
import { LoginHelp } from "../src/areas/login-help/LoginHelp";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-login-help", LoginHelp, { catalogs: [loginHelpCatalog], styles: [controlsCss] });
