import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
import type { LazyRouteView } from "../app/screens";
import { clearCookies, clearPage } from "./elements";

// The files of a worker share one window and module graph (isolate: false): each starts on a
// blank page, with nothing left by the one before.
clearPage();

// The last file of a worker leaves no element whose timers fire once the window is gone.
afterAll(() => clearPage());

/*
 * A screen a test shows may still be downloading when the test ends and unmounts it: when the
 * portal was loaded, every screen's code and texts are loaded to the end before the file ends, so
 * nothing is still being imported when the worker's shared environment is torn down after its last
 * file (a failure that depended on which file came last).
 */
afterAll(async () => {
  if (!customElements.get("macc-portal")) return;
  const { SCREENS } = await import("../app/screens");
  const lazyScreens = Object.values(SCREENS).flatMap(({ View }) => ("loads" in View ? [(View as LazyRouteView).loads] : []));
  await Promise.all(lazyScreens.flatMap((loads) => [loads.code(), loads.area()]));
}, 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearCookies();
});
