import { afterEach, describe, expect, it, vi } from "vitest";
import { dropFirstScreen, dropFirstScreenWhenDrawn, firstScreenMatches, hasFirstScreen } from "./first-screen";

/** A shadow root as the server sends it: the sheet, then the wide and the narrow drawings. */
function sentRoot(lang = "fr-FR", theme = "macc"): ShadowRoot {
  const host = document.createElement("div");
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML =
    '<link rel="stylesheet" href="/static/css/first-screen-0a1b2c3d.css">' +
    `<div data-first-screen="wide" hidden inert class="macc-root" data-theme="${theme}" lang="${lang}"><h1>Je me connecte</h1></div>` +
    `<div data-first-screen="narrow" hidden inert class="macc-root" data-theme="${theme}" lang="${lang}"><h1>Je me connecte</h1></div>`;
  return root;
}

/** What React appends: the element's own root, waiting (a skeleton) or drawn. */
function draw(root: ShadowRoot, html: string): HTMLElement {
  const own = document.createElement("div");
  own.className = "macc-root";
  own.innerHTML = html;
  root.append(own);
  return own;
}

const children = (root: ShadowRoot) => [...root.children].map((c) => c.getAttribute("data-first-screen") ?? c.localName);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe("a first screen sent in the HTML", () => {
  it("is recognised by its drawings, not by any content", () => {
    expect(hasFirstScreen(sentRoot())).toBe(true);
    expect(hasFirstScreen(null)).toBe(false);
    const other = document.createElement("div").attachShadow({ mode: "open" });
    other.innerHTML = '<div class="macc-root"><h1>Bonjour</h1></div>';
    expect(hasFirstScreen(other)).toBe(false);
  });

  it.each<[string, string, string, boolean]>([
    ["the page's language and theme", "fr-FR", "macc", true],
    ["another language", "en-GB", "macc", false],
    ["another locale of the language", "fr-BE", "macc", false],
    ["the other theme", "fr-FR", "agri", false],
  ])("is kept for %s: %s, %s → %s", (_, locale, theme, kept) => {
    expect(firstScreenMatches(sentRoot(), locale, theme)).toBe(kept);
  });

  it("dropped: its drawings and its sheet go, the element's own drawing stays", () => {
    const root = sentRoot();
    draw(root, "<h1>Je me connecte</h1>");
    dropFirstScreen(root);
    expect(children(root)).toEqual(["div"]);
  });

  it("stays while the element's drawing waits (a skeleton, a busy part), and goes as soon as it waits for nothing", async () => {
    const root = sentRoot();
    dropFirstScreenWhenDrawn(root);
    const own = draw(root, '<span class="skeleton reserve"></span>');
    own.setAttribute("aria-busy", "true");
    await settle();
    expect(children(root)).toEqual(["link", "wide", "narrow", "div"]);
    own.removeAttribute("aria-busy");
    own.innerHTML = '<header></header><main><div aria-busy="true"><span class="skeleton"></span></div></main>';
    await settle();
    expect(children(root)).toEqual(["link", "wide", "narrow", "div"]);
    own.innerHTML = "<header></header><main><h1>Je me connecte</h1></main>";
    await settle();
    expect(children(root)).toEqual(["div"]);
  });

  it("goes after 10 s at most, whatever the element's drawing still waits for (a very slow line)", async () => {
    vi.useFakeTimers();
    const root = sentRoot();
    dropFirstScreenWhenDrawn(root);
    draw(root, '<span class="skeleton reserve"></span>').setAttribute("aria-busy", "true");
    await vi.advanceTimersByTimeAsync(9_999);
    expect(children(root)).toContain("wide");
    await vi.advanceTimersByTimeAsync(1);
    expect(children(root)).toEqual(["div"]);
  });
});
