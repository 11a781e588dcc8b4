// The portal's first screen, drawn at build time for each demo page that hosts <macc-portal>: the
// server sends it inside the element as declarative shadow DOM, so that an anonymous visitor sees
// the login screen before any script has run (the element takes over without a change; see
// README, "A first screen in the HTML"). Drawn by the same components in happy-dom, run by Vitest
// for its module pipeline (CSS, catalogs, macros): `vitest run --config vitest.first-screens.config.ts`.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { transform } from "lightningcss";
import path from "node:path";
import { expect, it } from "vitest";
import "../elements/macc-portal";
import { NARROW } from "../src/areas/header/Header";
import { mount, resetPage, stubApi, waitFor } from "../src/test/elements";
import { findPortalPages } from "../server/http/static";
import { LOAD_ERROR_TEXTS } from "../elements/load-error";
import { FIRST_SCREEN_ATTRIBUTE } from "../src/contract/constants";
import { FIRST_SCREENS_MANIFEST, type FirstScreen } from "../server/http/first-screens";
import { writeCompressedCopies } from "./precompress";

const DEMO_DIR = path.resolve(import.meta.dirname, "../demo");
const DIST = path.resolve(import.meta.dirname, "../dist");
// The CSS text each constructable sheet is made from (sheets are made as elements are created, after
// this): the first screen links the same rules as a file.
const sources = new WeakMap<CSSStyleSheet, string>();
const replaceSync = CSSStyleSheet.prototype.replaceSync;
CSSStyleSheet.prototype.replaceSync = function (this: CSSStyleSheet, text: string) {
  sources.set(this, text);
  replaceSync.call(this, text);
};

/** A width on each side of the header's breakpoint: its markup differs (menu behind a button). */
const WIDTHS = { wide: 1280, narrow: 360 } as const;

/** The loader's `data-*` settings of a page, as the loader reads them (`data-portal-base` → `portalBase`). */
function loaderSettings(html: string): { src: string; dataset: Record<string, string> } {
  const tag = /<script[^>]*\ssrc="([^"]*\/macc-elements\.js)"[^>]*>/.exec(html);
  if (!tag) throw new Error("a portal page without the loader");
  const dataset: Record<string, string> = {};
  for (const [, name = "", value = ""] of tag[0].matchAll(/\sdata-([a-z-]+)="([^"]*)"/g)) {
    dataset[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return { src: tag[1]!, dataset };
}

/** The inline styles of the drawings, as classes of the sheet: a strict CSP refuses `style` attributes in HTML. */
const inlineStyles = new Map<string, string>();

/** What React set as properties and HTML needs as attributes to show the same, and no `style` attribute. */
function freeze(root: ShadowRoot): void {
  for (const element of root.querySelectorAll<HTMLElement>("[style]")) {
    const style = element.getAttribute("style")!;
    if (!inlineStyles.has(style)) inlineStyles.set(style, `first-screen-style-${inlineStyles.size + 1}`);
    element.classList.add(inlineStyles.get(style)!);
    element.removeAttribute("style");
  }
  for (const select of root.querySelectorAll("select")) {
    for (const option of select.options) option.toggleAttribute("selected", option.value === select.value);
  }
  for (const input of root.querySelectorAll("input")) {
    if (input.type === "checkbox" || input.type === "radio") input.toggleAttribute("checked", input.checked);
    else if (input.value) input.setAttribute("value", input.value);
  }
}

/** The loader's load error, in the page's language, with a link that reloads the page (no script needed). */
function loadError(locale: string): string {
  const [message, reload] = LOAD_ERROR_TEXTS[locale.slice(0, 2)] ?? LOAD_ERROR_TEXTS.fr!;
  return `<div ${FIRST_SCREEN_ATTRIBUTE}="late" hidden role="alert" lang="${locale}"><p>${message}</p><a href="">${reload}</a></div>`;
}

async function draw(dataset: Record<string, string>, base: string, width: number) {
  resetPage(dataset, base);
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
  // The screen asks for nothing it needs to be drawn; the footer's call never answers here.
  stubApi({}, { unmatched: "pending" });
  const view = await mount("<macc-portal></macc-portal>");
  await waitFor(() => expect(view.root.querySelector("main form")).not.toBeNull());
  // The root leads an anonymous visitor to the login's address.
  await waitFor(() => expect(location.pathname).not.toMatch(new RegExp(`^${base}/?$`)));
  expect(matchMedia(NARROW).matches).toBe(width <= 768);
  // The footer as the element first draws it, waiting for its contact block: the page has its full
  // height from the first paint (no scroll bar appearing later, nothing moving sideways).
  freeze(view.root);
  const shell = view.root.querySelector<HTMLElement>(".macc-root")!;
  const drawn = {
    path: location.pathname,
    locale: shell.lang,
    theme: shell.dataset.theme!,
    title: document.title,
    html: view.root.innerHTML,
    sheets: view.root.adoptedStyleSheets.map((sheet) => sources.get(sheet) ?? ""),
  };
  view.el.remove();
  return drawn;
}

it("draws the portal's first screen for every demo page that hosts it", { timeout: 60_000 }, async () => {
  const screens: FirstScreen[] = [];
  const sheets = new Set<string>();
  const pending: Array<{ base: string; src: string; wide: Awaited<ReturnType<typeof draw>>; narrow: Awaited<ReturnType<typeof draw>> }> =
    [];
  for (const { base, file } of await findPortalPages(DEMO_DIR)) {
    const { src, dataset } = loaderSettings(readFileSync(file, "utf8"));
    const wide = await draw(dataset, base, WIDTHS.wide);
    const narrow = await draw(dataset, base, WIDTHS.narrow);
    expect(narrow.path).toBe(wide.path);
    expect(wide.title).not.toBe("");
    for (const sheet of [...wide.sheets, ...narrow.sheets]) sheets.add(sheet);
    pending.push({ base, src, wide, narrow });
  }
  // One sheet for every first screen: the elements' own sheets, then which of the two headers shows.
  const source = [
    ...sheets,
    ...[...inlineStyles].map(([style, name]) => `.${name}{${style}}`),
    // A drawing shows once the HTML has arrived whole (the end mark after it), never half of it on a slow line.
    `.macc-root[${FIRST_SCREEN_ATTRIBUTE}]:not(:has(~ [${FIRST_SCREEN_ATTRIBUTE}="end"])){display:none}`,
    // Without scripts, or when the code never came (SPEC §8's 120 s), the load error instead of a screen that cannot work.
    `[${FIRST_SCREEN_ATTRIBUTE}="late"]{display:none;margin:16px;padding:16px;border-left:6px solid #b3261e;background:#fdecea;color:#1d2327;font:16px/1.5 system-ui,sans-serif}`,
    `[${FIRST_SCREEN_ATTRIBUTE}="late"] p{margin:0 0 12px}`,
    `[${FIRST_SCREEN_ATTRIBUTE}="late"] a{color:#005a4e;font-weight:600}`,
    `@keyframes macc-first-screen-late{to{display:block}}`,
    `@keyframes macc-first-screen-gone{to{display:none}}`,
    `[${FIRST_SCREEN_ATTRIBUTE}="late"]{animation:macc-first-screen-late 0s 120s forwards}`,
    `.macc-root[${FIRST_SCREEN_ATTRIBUTE}]{animation:macc-first-screen-gone 0s 120s forwards}`,
    `@media (scripting:none){[${FIRST_SCREEN_ATTRIBUTE}="late"]{display:block}.macc-root[${FIRST_SCREEN_ATTRIBUTE}]{display:none!important}}`,
    // The element draws behind it until its own drawing is complete (elements/first-screen.ts).
    // More specific than `.macc-root`'s display: the element's adopted sheets come after this one.
    `.macc-root[${FIRST_SCREEN_ATTRIBUTE}] ~ :not([${FIRST_SCREEN_ATTRIBUTE}]){display:none}`,
    `@media ${NARROW}{.macc-root[${FIRST_SCREEN_ATTRIBUTE}="wide"]{display:none}}`,
    `@media not ${NARROW}{.macc-root[${FIRST_SCREEN_ATTRIBUTE}="narrow"]{display:none}}`,
  ].join("\n");
  const css = transform({ filename: "first-screen.css", code: Buffer.from(source), minify: true }).code;
  const cssName = `first-screen-${createHash("sha256").update(css).digest("hex").slice(0, 8)}.css`;
  const cssDir = path.join(DIST, "static/css");
  mkdirSync(cssDir, { recursive: true });
  for (const old of readdirSync(cssDir).filter((name) => name.startsWith("first-screen-"))) rmSync(path.join(cssDir, old));
  writeFileSync(path.join(cssDir, cssName), css);
  await writeCompressedCopies(path.join(cssDir, cssName));

  for (const { base, src, wide, narrow } of pending) {
    const href = src.replace(/js\/macc-elements\.js$/, `css/${cssName}`);
    // Hidden until its sheet applies (a sheet in a shadow root does not hold the page's rendering
    // back): never shown unstyled. Inert: nothing typed into it before the element takes over.
    const marked = (html: string, width: keyof typeof WIDTHS) =>
      html.replace(/^<div class="macc-root"/, `<div ${FIRST_SCREEN_ATTRIBUTE}="${width}" hidden inert class="macc-root"`);
    screens.push({
      base,
      paths: [...new Set([base, `${base}/`, wide.path])],
      locale: wide.locale,
      theme: wide.theme,
      title: wide.title,
      stylesheet: href,
      html:
        `<template shadowrootmode="open"><link rel="stylesheet" href="${href}">` +
        `${marked(wide.html, "wide")}${marked(narrow.html, "narrow")}${loadError(wide.locale)}<i ${FIRST_SCREEN_ATTRIBUTE}="end" hidden></i></template>`,
    });
  }
  mkdirSync(path.dirname(path.join(DIST, FIRST_SCREENS_MANIFEST)), { recursive: true });
  writeFileSync(path.join(DIST, FIRST_SCREENS_MANIFEST), JSON.stringify(screens));
  expect(screens.length).toBeGreaterThan(0);
});
