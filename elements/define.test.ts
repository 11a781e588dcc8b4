import { fireEvent } from "@testing-library/dom";
import { createElement as h, useEffect, useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { LOGGED_IN_ATTRIBUTE } from "../src/contract/constants";
import { getCore } from "../src/core/index";
import { useElement } from "../src/ui/context";
import { baseSheet, sheetOf } from "../src/ui/sheets";
import { mount, rendered, renderedRoot, resetPage, stubApi, waitFor } from "../src/test/elements";
import { defineElement } from "./define";

interface TestProps {
  flag?: boolean;
  label?: string;
  ping?: string;
}

/** A tiny area: shows its props, keeps a counter in React state, and can call the API. */
function Probe({ flag, label, ping }: TestProps) {
  const { locale, theme, request } = useElement();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (ping) void request(ping).catch(() => undefined);
  }, [ping, request]);
  return h(
    "div",
    null,
    h("p", { "data-testid": "flag" }, flag === undefined ? "undefined" : String(flag)),
    h("p", { "data-testid": "label" }, label ?? "(none)"),
    h("p", { "data-testid": "context" }, `${locale} ${theme}`),
    h("button", { type: "button", onClick: () => setCount((c) => c + 1) }, `count ${count}`),
  );
}

const CSS = ".probe { color: rebeccapurple }";
defineElement("x-probe", Probe, { props: { flag: "boolean", label: "string", ping: "string" }, styles: [CSS] });

beforeEach(() => resetPage());

describe("defineElement — the r2wc wrapper contract", () => {
  it("renders inside an open shadow root, not in the light DOM", async () => {
    const { el, root, screen } = await mount("<x-probe></x-probe>");
    expect(el.shadowRoot).toBe(root);
    expect(root.mode).toBe("open");
    expect(screen.getByRole("button", { name: "count 0" })).toBeTruthy();
    expect(el.children).toHaveLength(0);
    expect(document.body.querySelector("button")).toBeNull();
  });

  it("adopts the base sheet and the area's sheets into the shadow root, never the document", async () => {
    const headBefore = document.head.querySelectorAll("style, link").length;
    const { root } = await mount("<x-probe></x-probe>");
    expect(root.adoptedStyleSheets.length).toBe(2);
    expect(root.adoptedStyleSheets[0]).toBe(baseSheet());
    expect(root.adoptedStyleSheets[1]).toBe(sheetOf(CSS));
    expect([...root.adoptedStyleSheets[1]!.cssRules].map((r) => r.cssText).join("")).toContain("rebeccapurple");
    expect(document.head.querySelectorAll("style, link").length).toBe(headBefore);
    expect(document.adoptedStyleSheets ?? []).toHaveLength(0);
  });

  it("keeps the element's room from its upgrade until its content is rendered, then lets go of it", async () => {
    document.body.insertAdjacentHTML("beforeend", "<x-probe></x-probe>");
    const el = document.body.lastElementChild!;
    const cssText = () => el.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join("\n");
    // Upgraded synchronously: the room is kept before React has rendered anything.
    expect(el.shadowRoot!.childNodes).toHaveLength(0);
    // A tag the registry does not know gets the fallback height.
    expect(cssText()).toMatch(/:host\s*\{\s*min-height: var\(--_reserve,\s*48px\)/);
    await rendered(el);
    expect(cssText()).not.toContain("--_reserve");
    expect(el.shadowRoot!.adoptedStyleSheets).toEqual([baseSheet(), sheetOf(CSS)]);
  });

  it.each([
    ["on a page marked for a logged-in customer, keeps a customer's room (a taller header, a shorter login box)", true],
    ["on any other page, a visitor's", false],
  ])("%s", (_label, marked) => {
    document.documentElement.toggleAttribute(LOGGED_IN_ATTRIBUTE, marked);
    document.body.insertAdjacentHTML("beforeend", "<x-probe></x-probe>");
    const rules = document.body.lastElementChild!.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]);
    const reserves = (tag: string) => rules.map((rule) => rule.cssText).filter((text) => text.includes(`:host(${tag})`));
    // After a visitor's rules, so that they win.
    expect(reserves("macc-login").at(-1)).toMatch(marked ? /--_reserve:\s*269px/ : /--_reserve:\s*884px/);
    expect(reserves("macc-header").some((text) => /--_reserve:\s*177px/.test(text))).toBe(marked);
    document.documentElement.removeAttribute(LOGGED_IN_ATTRIBUTE);
  });

  it("two elements share the same constructable sheets (one per CSS text)", async () => {
    const a = await mount("<x-probe></x-probe>");
    const b = await mount("<x-probe></x-probe>");
    expect(a.root.adoptedStyleSheets[1]).toBe(b.root.adoptedStyleSheets[1]);
    expect(a.root.adoptedStyleSheets[0]).toBe(b.root.adoptedStyleSheets[0]);
  });

  describe("boolean attributes follow HTML presence semantics", () => {
    it.each<[string, string]>([
      ["<x-probe flag></x-probe>", "true"],
      ['<x-probe flag=""></x-probe>', "true"],
      ['<x-probe flag="flag"></x-probe>', "true"],
      ['<x-probe flag="true"></x-probe>', "true"],
      ["<x-probe></x-probe>", "false"],
      ['<x-probe flag="false"></x-probe>', "false"],
      ['<x-probe flag="FALSE"></x-probe>', "false"],
    ])("%s → %s", async (html, expected) => {
      const { screen } = await mount(html);
      expect(screen.getByTestId("flag").textContent).toBe(expected);
    });

    it.each<[string, string | null, string]>([
      ["adding the bare attribute", "", "true"],
      ['setting it to "false"', "false", "false"],
      ["removing it", null, "false"],
    ])("%s updates the prop", async (_label, value, expected) => {
      const { el, screen } = await mount(value === null ? "<x-probe flag></x-probe>" : "<x-probe></x-probe>");
      if (value === null) el.removeAttribute("flag");
      else el.setAttribute("flag", value);
      await waitFor(() => expect(screen.getByTestId("flag").textContent).toBe(expected));
    });

    it("an element created by script picks up the attribute set before connection", async () => {
      const el = document.createElement("x-probe");
      el.setAttribute("flag", "");
      document.body.append(el);
      await waitFor(() => expect(el.shadowRoot?.querySelector('[data-testid="flag"]')?.textContent).toBe("true"));
    });
  });

  it("removing a string attribute resets the prop (r2wc #230)", async () => {
    const { el, screen } = await mount('<x-probe label="hello"></x-probe>');
    expect(screen.getByTestId("label").textContent).toBe("hello");
    el.setAttribute("label", "bonjour");
    await waitFor(() => expect(screen.getByTestId("label").textContent).toBe("bonjour"));
    el.removeAttribute("label");
    await waitFor(() => expect(screen.getByTestId("label").textContent).toBe("(none)"));
  });

  it("moving the element in the DOM keeps its React state (deferred unmount, r2wc #113)", async () => {
    const first = document.createElement("section");
    const second = document.createElement("aside");
    document.body.append(first, second);
    const { el, screen } = await mount("<x-probe></x-probe>", first);
    fireEvent.click(screen.getByRole("button", { name: "count 0" }));
    fireEvent.click(await screen.findByRole("button", { name: "count 1" }));
    await screen.findByRole("button", { name: "count 2" });

    second.append(el); // disconnected then connected again in the same task
    await new Promise((r) => setTimeout(r, 20));
    expect(el.parentElement).toBe(second);
    expect(renderedRoot(el)).not.toBeNull();
    expect(screen.getByRole("button", { name: "count 2" })).toBeTruthy();
  });

  it("removing the element for good unmounts its React tree", async () => {
    const { el, root } = await mount("<x-probe></x-probe>");
    el.remove();
    await waitFor(() => expect(root.querySelector(".macc-root")).toBeNull());
  });

  it("defining the same tag twice is harmless: the first definition stays", () => {
    const first = customElements.get("x-probe");
    expect(() => defineElement("x-probe", () => h("p", null, "other"))).not.toThrow();
    expect(customElements.get("x-probe")).toBe(first);
  });

  describe("common attributes reach MaccRoot", () => {
    it.each<[string, string, string]>([
      ['theme="agri"', "agri", "AGRI"],
      ['theme="AGRIMACC"', "agri", "AGRI"],
      ['theme="macc"', "macc", "MACC"],
      ['theme="nonsense"', "macc", "MACC"],
      ["", "macc", "MACC"],
    ])("%s → data-theme=%s", async (attr, dataTheme, theme) => {
      const { el, screen } = await mount(`<x-probe ${attr}></x-probe>`);
      expect(renderedRoot(el)!.dataset.theme).toBe(dataTheme);
      expect(screen.getByTestId("context").textContent).toBe(`fr-FR ${theme}`);
    });

    it.each<[string, string]>([
      ["en-GB", "en-GB"],
      ["nl-BE", "nl-BE"],
      ["de-LU", "de-LU"],
      ["xx-YY", "fr-FR"],
    ])('locale="%s" → lang=%s', async (attr, lang) => {
      const { el, screen } = await mount(`<x-probe locale="${attr}"></x-probe>`);
      expect(renderedRoot(el)!.getAttribute("lang")).toBe(lang);
      expect(screen.getByTestId("context").textContent).toBe(`${lang} MACC`);
    });

    it("without a locale attribute the page locale applies, and follows the store", async () => {
      resetPage({ locale: "es-ES" });
      const { el } = await mount("<x-probe></x-probe>");
      expect(renderedRoot(el)!.lang).toBe("es-ES");
      getCore().store.getState().setLocale("it-IT");
      await waitFor(() => expect(renderedRoot(el)?.lang).toBe("it-IT"));
    });

    it("changing the locale and theme attributes re-renders the root", async () => {
      const { el } = await mount('<x-probe locale="fr-FR" theme="macc"></x-probe>');
      el.setAttribute("locale", "nl-NL");
      el.setAttribute("theme", "agri");
      await waitFor(() => {
        expect(renderedRoot(el)?.lang).toBe("nl-NL");
        expect(renderedRoot(el)?.dataset.theme).toBe("agri");
      });
      el.removeAttribute("theme");
      await waitFor(() => expect(renderedRoot(el)?.dataset.theme).toBe("macc"));
    });

    it("api-base sends the element's requests there and fixes the page's base", async () => {
      const api = stubApi({ "GET /v2/ping": { body: { ok: true } } });
      await mount('<x-probe api-base="https://api.macc.test/v2" ping="/ping"></x-probe>');
      await waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]!.url).toBe("https://api.macc.test/v2/ping");
      expect(api.calls[0]!.headers["x-langue"]).toBe("fr-FR");
      expect(getCore().config.apiBase).toBe("https://api.macc.test/v2");
      expect(getCore().config.apiBaseFixed).toBe(true);
    });

    it("api-base with a trailing slash is normalised for the element's own requests", async () => {
      const api = stubApi({ "GET /v2/ping": { body: { ok: true } } });
      await mount('<x-probe api-base="https://api.macc.test/v2/" ping="/ping"></x-probe>');
      await waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]!.url).toBe("https://api.macc.test/v2/ping");
      expect(getCore().config.apiBase).toBe("https://api.macc.test/v2");
    });

    it("without api-base the page's /api is used", async () => {
      const api = stubApi({ "GET /api/ping": { body: { ok: true } } });
      await mount('<x-probe ping="/ping"></x-probe>');
      await waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]!.url).toBe(`${location.origin}/api/ping`);
    });
  });
});
