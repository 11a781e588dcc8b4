/**
 * What the loader's load error needs only when an element's code failed to arrive (SPEC §8): its
 * texts in every language, its style and its "Reload the page" button. Kept out of the loader,
 * which every page downloads; a stable file name, so that a loader kept in a cache still finds it
 * after a deployment. Not in Lingui: the catalogs may be what could not be downloaded.
 */
export const LOAD_ERROR_TEXTS: Record<string, readonly [message: string, reload: string]> = {
  fr: ["Cette partie de la page n’a pas pu être chargée.", "Recharger la page"],
  en: ["This part of the page could not be loaded.", "Reload the page"],
  nl: ["Dit deel van de pagina kon niet worden geladen.", "Pagina opnieuw laden"],
  de: ["Dieser Teil der Seite konnte nicht geladen werden.", "Seite neu laden"],
  es: ["No se ha podido cargar esta parte de la página.", "Volver a cargar la página"],
  it: ["Non è stato possibile caricare questa parte della pagina.", "Ricarica la pagina"],
};

// Like the elements' own sheets: nothing inherited from the host page, no rem (the host's root size).
export const LOAD_ERROR_CSS =
  ":host{display:block}div{all:initial;display:block;padding:16px;border-left:6px solid #b3261e;background:#fdecea;color:#1d2327;font:16px/1.5 system-ui,sans-serif}" +
  "p{margin:0 0 12px}button{font:600 16px/1.5 system-ui,sans-serif;min-height:44px;padding:8px 20px;border:2px solid #005a4e;border-radius:6px;background:#fff;color:#005a4e;cursor:pointer}" +
  "button:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}";

/**
 * Fills the loader's placeholder (`box`, in the element's shadow root) in the page's language: the
 * message, and a button that reloads the page, which downloads the element's code again.
 */
export function showLoadError(root: ShadowRoot, box: HTMLElement, language: string): void {
  const [message, reload] = LOAD_ERROR_TEXTS[language] ?? LOAD_ERROR_TEXTS.fr!;
  const text = document.createElement("p");
  text.textContent = message;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = reload;
  button.onclick = () => location.reload();
  box.replaceChildren(text, button);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(LOAD_ERROR_CSS);
  root.adoptedStyleSheets = [sheet];
}
