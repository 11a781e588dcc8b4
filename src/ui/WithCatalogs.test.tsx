import { useLingui } from "@lingui/react";
import { fireEvent } from "@testing-library/dom";
import { Component, useState, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defineElement } from "../../elements/define";
import type { Locale } from "../contract/constants";
import { getCore } from "../core/index";
import { mount, resetPage, waitFor } from "../test/elements";
import { WithCatalogs } from "./context";

/** A catalog whose answer per locale the test releases (or fails) when it wants. */
function controlledCatalog() {
  const pending = new Map<Locale, { resolve(): void; reject(error: Error): void }>();
  const texts: Partial<Record<Locale, string>> = { "fr-FR": "Bonjour", "en-GB": "Hello" };
  const catalog = (locale: Locale) =>
    new Promise<{ messages: Record<string, string> }>((resolve, reject) => {
      pending.set(locale, { resolve: () => resolve({ messages: { "probe.greeting": texts[locale] ?? "?" } }), reject });
    });
  const settled = async (locale: Locale) => {
    await waitFor(() => expect(pending.has(locale)).toBe(true));
    return pending.get(locale)!;
  };
  return { catalog, settled };
}

function Greeting() {
  const { i18n } = useLingui();
  const [typed, setTyped] = useState("");
  return (
    <>
      <p>{i18n._("probe.greeting")}</p>
      <input aria-label="typed" value={typed} onChange={(event) => setTyped(event.target.value)} />
    </>
  );
}

const late = controlledCatalog();
const lateCatalogs = [late.catalog];
defineElement("x-with-catalogs", () => (
  <WithCatalogs catalogs={lateCatalogs} fallback={<span>waiting for texts</span>}>
    <Greeting />
  </WithCatalogs>
));

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

const failing = controlledCatalog();
const failingCatalogs = [failing.catalog];
defineElement("x-with-failing-catalogs", () => (
  <Boundary>
    <WithCatalogs catalogs={failingCatalogs} fallback={<span>waiting for texts</span>}>
      <Greeting />
    </WithCatalogs>
  </Boundary>
));

beforeEach(() => {
  resetPage();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("WithCatalogs: texts that come later than the element's own", () => {
  it("shows the fallback until its catalogs are here, then keeps the previous language while the next one loads", async () => {
    const { screen } = await mount("<x-with-catalogs></x-with-catalogs>");
    expect(screen.getByText("waiting for texts")).toBeTruthy();
    (await late.settled("fr-FR")).resolve();
    await waitFor(() => expect(screen.getByText("Bonjour")).toBeTruthy());
    fireEvent.change(screen.getByLabelText("typed"), { target: { value: "kept" } });

    getCore().store.getState().setLocale("en-GB");
    const english = await late.settled("en-GB");
    // Not swapped for the fallback: the French text stays, and what was typed with it.
    expect(screen.getByText("Bonjour")).toBeTruthy();
    expect(screen.queryByText("waiting for texts")).toBeNull();
    english.resolve();
    await waitFor(() => expect(screen.getByText("Hello")).toBeTruthy());
    expect((screen.getByLabelText("typed") as HTMLInputElement).value).toBe("kept");
  });

  it("a catalog that cannot be downloaded is thrown to the nearest error boundary", async () => {
    const { screen } = await mount("<x-with-failing-catalogs></x-with-failing-catalogs>");
    expect(screen.getByText("waiting for texts")).toBeTruthy();
    (await failing.settled("fr-FR")).reject(new TypeError("Failed to fetch dynamically imported module"));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to fetch dynamically imported module"));
  });
});
