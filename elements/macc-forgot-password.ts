import { passwordCatalog } from "../src/areas/password/catalog";
import { ForgotPassword } from "../src/areas/password/ForgotPassword";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-forgot-password", ForgotPassword, { catalogs: [passwordCatalog], styles: [controlsCss] });
