import { headerCatalog } from "../src/areas/header/catalog";
import { footerCatalog } from "../src/areas/footer/catalog";
import { loginCatalog } from "../src/areas/login/catalog";
import { portalCatalog } from "../src/app/catalog";
import footerCss from "../src/areas/footer/footer.css?inline";
import headerCss from "../src/areas/header/header.css?inline";
import loginCss from "../src/areas/login/login.css?inline";
import { Portal } from "../src/app/Portal";
import portalCss from "../src/app/portal.css?inline";
import controlsCss from "../src/ui/styles/controls.css?inline";
import { defineElement } from "./define";
import { portalFirstScreen } from "./first-screen";

// The shell and the screens a visit starts on (login, maintenance); every other screen brings its
// own texts and styles with its code (src/app/screens.tsx).
defineElement("macc-portal", Portal, {
  props: { base: "string" },
  catalogs: [headerCatalog, footerCatalog, loginCatalog, portalCatalog],
  styles: [controlsCss, headerCss, footerCss, loginCss, portalCss],
  // The login screen may come drawn in the page's HTML (README, "A first screen in the HTML").
  firstScreen: portalFirstScreen,
});
