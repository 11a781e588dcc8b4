/**
 * The loader: the one script a CMS page includes. It defines only the macc-* tags present on
 * the page (and any added later), each from its own lazy module; React and the core are shared
 * chunks, so they load once however many tags there are. Budget: 1 kB gzip (scripts/bench-size.mjs).
 * The tag names come from the registry as a generated list: the registry itself stays out of this file.
 */
import type * as LoadError from "./load-error";
import { IS_LOGGED_COOKIE, LOGGED_IN_ATTRIBUTE, TAG_SELECTOR as SELECTOR } from "./tag-names";

const TIMEOUT_MS = 120_000;

const me = import.meta.url;
const script = [...document.querySelectorAll<HTMLScriptElement>("script[src]")].find((s) => s.src === me);
(globalThis as { MACC_PAGE?: DOMStringMap }).MACC_PAGE ??= { ...script?.dataset };

// A logged-in customer's header is taller and login box shorter: with the page marked before its
// first paint, the host sheet keeps their room. Only a loader that holds the first paint
// (`blocking="render"`) marks it: a mark after that paint would move the page itself.
if (script?.blocking?.contains("render"))
  document.documentElement.toggleAttribute(LOGGED_IN_ATTRIBUTE, `; ${document.cookie};`.includes(`; ${IS_LOGGED_COOKIE}=true;`));

const requested = new Set<string>();

function load(tag: string): void {
  if (requested.has(tag)) return;
  requested.add(tag);
  const url = new URL(`${tag}.js`, me).href;
  // Once the module is here, the timeout's rejection changes nothing.
  Promise.race([import(url), new Promise((_, reject) => setTimeout(reject, TIMEOUT_MS, "timeout"))]).catch((reason) =>
    fail(tag, reason === "timeout" ? reason : "error", url),
  );
}

/**
 * SPEC §8: a load error with its failure type and address, shown in place of the element, in the
 * page's language. Its texts and style come from their own file; should that fail too, in French.
 */
function fail(tag: string, type: "error" | "timeout", url: string): void {
  if (customElements.get(tag)) return;
  const extras: Promise<Partial<typeof LoadError>> = import(new URL("load-error.js", me).href).catch(() => ({}));
  customElements.define(
    tag,
    class extends HTMLElement {
      connectedCallback() {
        // Connected again, or drawn in the page's HTML (attachShadow empties that one).
        if ((this.shadowRoot?.firstChild as Element | null)?.role) return;
        const lang = (this.getAttribute("locale") ?? script?.dataset.locale ?? document.documentElement.lang).slice(0, 2);
        const box = document.createElement("div");
        box.role = "alert";
        box.part = "load-error";
        box.textContent = "Cette partie de la page n’a pas pu être chargée. Veuillez recharger la page.";
        const root = this.attachShadow({ mode: "open" });
        root.append(box);
        void extras.then(({ showLoadError }) => showLoadError?.(root, box, lang));
        this.dispatchEvent(new CustomEvent("macc-load-error", { detail: { type, url }, bubbles: true, composed: true }));
      }
    },
  );
}

/** The tags at `root` and below it. */
function scan(root: Element | Document = document): void {
  // (The document has no `matches`.)
  if ((root as Element).matches?.(SELECTOR)) load((root as Element).localName);
  for (const element of root.querySelectorAll(SELECTOR)) load(element.localName);
}

// An element drawn in the page's HTML (the portal's first screen) is painted before its code comes:
// once its sheet is in, after the next frame (without the sheet, or in a background tab, which draws
// no frame, after a moment).
const drawnSheet = document.querySelector(SELECTOR)?.shadowRoot?.querySelector("link");
if (drawnSheet) {
  const afterFrame = () => requestAnimationFrame(() => setTimeout(scan));
  if (drawnSheet.sheet) afterFrame();
  else drawnSheet.onload = afterFrame;
  setTimeout(scan, 500);
} else scan();
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) if ("querySelectorAll" in node) scan(node as Element); // an element (not text)
}).observe(document, { childList: true, subtree: true });
