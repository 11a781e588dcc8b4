import { Portal } from "../src/app/Portal";
import { PORTAL_AREA, preloadScreenAt } from "../src/app/screens";
import { defineElement } from "./define";
import { portalFirstScreen } from "./first-screen";

// The shell and the screens a visit starts on (login, maintenance); every other screen brings its
// area's texts and styles with its code (src/app/screens.tsx).
defineElement("macc-portal", Portal, {
  ...PORTAL_AREA,
  // The login screen may come drawn in the page's HTML (README, "A first screen in the HTML").
  firstScreen: portalFirstScreen,
});

// The screen the address shows is asked for now, with the portal's own texts, not at its first
// render: on a slow line that render waits for those texts, and the screen then for its code.
// (Without a document when the element files are read for what they define: elements/tags.test.ts.)
for (const portal of globalThis.document?.querySelectorAll("macc-portal") ?? []) {
  void preloadScreenAt(location.pathname, portal.getAttribute("base"));
}
