import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// The files of a worker share one window and module graph (isolate: false): each starts on a
// fresh page, with no core, page settings, stored state or cookies left by the one before.
{
  const page = globalThis as Record<string | symbol, unknown>;
  delete page[Symbol.for("macc.core")];
  delete page.MACC_PAGE;
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("lang");
  history.replaceState(null, "", "/");
  sessionStorage.clear();
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(";").forEach((c) => {
    const name = c.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
});
