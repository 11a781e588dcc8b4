/**
 * What the loader's load error needs only when an element's code failed to arrive (SPEC §8): its
 * texts in every language and its style. Kept out of the loader, which every page downloads; a
 * stable file name, so that a loader kept in a cache still finds it after a deployment.
 */
export const LOAD_ERROR_TEXTS: Record<string, string> = {
  fr: "Cette partie de la page n’a pas pu être chargée. Veuillez recharger la page.",
  en: "This part of the page could not be loaded. Please reload the page.",
  nl: "Dit deel van de pagina kon niet worden geladen. Laad de pagina opnieuw.",
  de: "Dieser Teil der Seite konnte nicht geladen werden. Bitte laden Sie die Seite neu.",
  es: "No se ha podido cargar esta parte de la página. Vuelva a cargar la página.",
  it: "Non è stato possibile caricare questa parte della pagina. Ricarica la pagina.",
};

// Like the elements' own sheets: nothing inherited from the host page, no rem (the host's root size).
export const LOAD_ERROR_CSS =
  ":host{display:block}p{all:initial;display:block;padding:16px;border-left:6px solid #b3261e;background:#fdecea;color:#1d2327;font:16px/1.5 system-ui,sans-serif}";
