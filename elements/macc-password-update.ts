import { passwordCatalog } from "../src/areas/password/catalog";
import { PasswordUpdate } from "../src/areas/password/PasswordUpdate";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-password-update", PasswordUpdate, { catalogs: [passwordCatalog], styles: [controlsCss] });
