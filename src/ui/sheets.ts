import baseCss from "./styles/base.css?inline";

const cache = new Map<string, CSSStyleSheet>();

/**
 * One constructable stylesheet per CSS text, shared by every element that adopts it.
 * Constructable sheets never touch the host page's <head>, and strict CSPs allow them.
 */
export function sheetOf(cssText: string): CSSStyleSheet {
  let sheet = cache.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    cache.set(cssText, sheet);
  }
  return sheet;
}

export function baseSheet(): CSSStyleSheet {
  return sheetOf(baseCss);
}

const reserveSheets = new WeakSet<CSSStyleSheet>();

/** The base sheet, then the given ones; `reserveCss` keeps an element's room until its content is there. */
export function adoptStyles(root: ShadowRoot, cssTexts: readonly string[], reserveCss?: string): void {
  const reserve = reserveCss === undefined ? [] : [sheetOf(reserveCss)];
  reserve.forEach((sheet) => reserveSheets.add(sheet));
  root.adoptedStyleSheets = [baseSheet(), ...reserve, ...cssTexts.map(sheetOf)];
}

/** The content is rendered: the element takes its own height from now on. */
export function releaseReservedSpace(root: ShadowRoot): void {
  if (root.adoptedStyleSheets.some((sheet) => reserveSheets.has(sheet))) {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !reserveSheets.has(sheet));
  }
}

/** Adds sheets after those already adopted (a screen's styles arriving with its code), each once. */
export function addStyles(root: ShadowRoot, cssTexts: readonly string[]): void {
  const missing = cssTexts.map(sheetOf).filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}
