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

export function adoptStyles(root: ShadowRoot, cssTexts: readonly string[]): void {
  root.adoptedStyleSheets = [baseSheet(), ...cssTexts.map(sheetOf)];
}
