/**
 * The loader: the one script a CMS page includes. It defines only the macc-* tags present on
 * the page (and any added later), each from its own lazy module; React and the core are shared
 * chunks, so they load once however many tags there are. Budget: 2 kB gzip (scripts/bench-size.mjs).
 * The tag names come from the registry as a generated list: the registry itself stays out of this file.
 */
import { TAG_NAMES as TAGS } from "./tag-names";

const TIMEOUT_MS = 120_000;

// The load error is shown when the element's own code (and Lingui with it) failed to arrive.
const LOAD_ERROR: Record<string, string> = {
  fr: "Cette partie de la page n’a pas pu être chargée. Veuillez recharger la page.",
  en: "This part of the page could not be loaded. Please reload the page.",
  nl: "Dit deel van de pagina kon niet worden geladen. Laad de pagina opnieuw.",
  de: "Dieser Teil der Seite konnte nicht geladen werden. Bitte laden Sie die Seite neu.",
  es: "No se ha podido cargar esta parte de la página. Vuelva a cargar la página.",
  it: "Non è stato possibile caricare questa parte della pagina. Ricarica la pagina.",
};

const me = import.meta.url;
const script = [...document.querySelectorAll<HTMLScriptElement>("script[src]")].find((s) => s.src === me);
(globalThis as { MACC_PAGE?: DOMStringMap }).MACC_PAGE ??= { ...script?.dataset };

const requested = new Set<string>();

function load(tag: string): void {
  if (requested.has(tag)) return;
  requested.add(tag);
  const url = new URL(`./${tag}.js`, me).href;
  let timer = 0;
  const timeout = new Promise((_, reject) => {
    timer = window.setTimeout(() => reject("timeout"), TIMEOUT_MS);
  });
  Promise.race([import(/* @vite-ignore */ url), timeout]).then(
    () => clearTimeout(timer),
    (reason) => fail(tag, reason === "timeout" ? "timeout" : "error", url),
  );
}

/** SPEC §8: a load error with its failure type and address, shown in place of the element. */
function fail(tag: string, type: "error" | "timeout", url: string): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      connectedCallback() {
        if (this.shadowRoot) return;
        const lang = (this.getAttribute("locale") ?? script?.dataset.locale ?? document.documentElement.lang ?? "fr").slice(0, 2);
        const box = document.createElement("p");
        box.setAttribute("role", "alert");
        box.setAttribute("part", "load-error");
        box.textContent = LOAD_ERROR[lang] ?? LOAD_ERROR.fr!;
        const sheet = new CSSStyleSheet();
        // Like the elements' own sheets: nothing inherited from the host page, no rem (the host's root size).
        sheet.replaceSync(
          ":host{display:block}p{all:initial;display:block;padding:16px;border-left:6px solid #b3261e;background:#fdecea;color:#1d2327;font:16px/1.5 system-ui,sans-serif}",
        );
        this.attachShadow({ mode: "open" }).append(box);
        this.shadowRoot!.adoptedStyleSheets = [sheet];
        this.dispatchEvent(new CustomEvent("macc-load-error", { detail: { type, url }, bubbles: true, composed: true }));
      }
    },
  );
}

function scan(root: ParentNode): void {
  for (const tag of TAGS) if (!requested.has(tag) && root.querySelector(tag)) load(tag);
}

scan(document);
new MutationObserver((records) => {
  if (requested.size === TAGS.length) return;
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node instanceof Element) {
        const tag = node.localName;
        if (TAGS.includes(tag)) load(tag);
        scan(node);
      }
    }
  }
}).observe(document.documentElement, { childList: true, subtree: true });
