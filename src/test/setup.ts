import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
import { clearCookies, clearPage } from "./elements";

// The files of a worker share one window and module graph (isolate: false): each starts on a
// blank page, with nothing left by the one before.
clearPage();

// The last file of a worker leaves no element whose timers fire once the window is gone.
afterAll(() => clearPage());

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearCookies();
});
