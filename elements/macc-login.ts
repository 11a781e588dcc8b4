import { loginCatalog } from "../src/areas/login/catalog";
import { Login } from "../src/areas/login/Login";
import css from "../src/areas/login/login.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";

defineElement("macc-login", Login, { props: { variant: "string" }, catalogs: [loginCatalog], styles: [controlsCss, css] });
