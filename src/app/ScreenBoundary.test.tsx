import { lazy, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defineElement } from "../../elements/define";
import { mount, resetPage, waitFor } from "../test/elements";
import { portalCatalog } from "./catalog";
import { ScreenBoundary } from "./ScreenBoundary";

/** A screen whose code cannot be downloaded, as React.lazy sees it. */
const Unreachable = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));

function Page() {
  return (
    <>
      <p>header</p>
      <ScreenBoundary>
        <Suspense fallback={<span>loading</span>}>
          <Unreachable />
        </Suspense>
      </ScreenBoundary>
      <p>footer</p>
    </>
  );
}
defineElement("x-screen-boundary-probe", Page, { catalogs: [portalCatalog] });

describe("ScreenBoundary: a screen whose code cannot load", () => {
  const reportError = vi.fn();
  beforeEach(() => {
    resetPage();
    vi.stubGlobal("reportError", reportError);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the load error in place, keeps the rest of the page, and offers to try again or reload", async () => {
    const { screen } = await mount("<x-screen-boundary-probe></x-screen-boundary-probe>");
    await waitFor(() => expect(screen.getByText("Cette partie de la page n’a pas pu être chargée.")).toBeTruthy());
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
    expect(screen.getByText("header")).toBeTruthy();
    expect(screen.getByText("footer")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Recharger la page" })).toBeTruthy();
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: "Failed to fetch dynamically imported module" }));
  });
});
