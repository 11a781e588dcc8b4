import { Portal } from "../src/app/Portal";
import { PORTAL_AREA } from "../src/app/screens";
import { defineElement } from "./define";
import { portalFirstScreen } from "./first-screen";

// The shell and the screens a visit starts on (login, maintenance); every other screen brings its
// area's texts and styles with its code (src/app/screens.tsx).
defineElement("macc-portal", Portal, {
  ...PORTAL_AREA,
  // The login screen may come drawn in the page's HTML (README, "A first screen in the HTML").
  firstScreen: portalFirstScreen,
});
