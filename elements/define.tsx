import r2wc from "@r2wc/react-to-web-component";
import { startTransition, useEffect, useRef, type ComponentType } from "react";
import { elementLocale, elementTheme, MaccRoot } from "../src/ui/context";
import { adoptStyles } from "../src/ui/sheets";
import { LOGGED_IN_ATTRIBUTE } from "../src/contract/constants";
import { loadI18n } from "../src/core/i18n";
import { getCore } from "../src/core/index";
import { isLogged } from "../src/core/store";
import { themeName } from "../src/core/theme";
import type { FirstScreen } from "./first-screen";
import type { AreaDeclaration, AttributeType as PropType } from "../src/core/tags";
// Generated from the tag registry, which itself never reaches the browser.
import { LOGGED_IN_RESERVE_CSS, RESERVE_CSS } from "./reserve-sheet";
import { COMMON_PROPS, TAG_PROPS } from "./tag-props";

/** An element's area (`src/areas/<area>/area.ts`), and what only some elements take. */
export interface ElementOptions extends Partial<AreaDeclaration> {
  /**
   * Props of a tag the registry does not declare (tests): a registry tag's come from the registry
   * (elements/tag-props.ts, generated), with COMMON_PROPS on every tag.
   */
  props?: Record<string, PropType>;
  /** How it takes over a first screen sent in the page's HTML (the portal's; its code stays off other pages). */
  firstScreen?: FirstScreen;
}

// r2wc keeps its state behind these registered symbols.
const PROPS = Symbol.for("r2wc.props");
const RENDER = Symbol.for("r2wc.render");

type R2wcInternals = HTMLElement & {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
};

const toAttribute = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Wraps an area component as a custom element, fixing what r2wc 2.1 leaves to us: an open
 * shadow root with adopted sheets, HTML boolean attributes by presence, props reset when an
 * attribute goes away, and a deferred unmount so moving an element keeps its state.
 */
export function defineElement<P extends object>(tag: string, Component: ComponentType<P>, options: ElementOptions = {}): void {
  if (customElements.get(tag)) return;
  const types: Record<string, PropType> = { ...COMMON_PROPS, ...TAG_PROPS[tag], ...options.props };
  const byAttribute = new Map(Object.keys(types).map((prop) => [toAttribute(prop), prop]));

  function Element(props: P & { container?: ShadowRoot; locale?: string; theme?: string; apiBase?: string }) {
    return (
      <MaccRoot
        container={props.container}
        locale={props.locale}
        theme={props.theme}
        apiBase={props.apiBase}
        catalogs={options.catalogs}
        textsFailed={(error) => <TextsLoadError container={props.container} locale={props.locale} error={error} />}
      >
        <Component {...props} />
      </MaccRoot>
    );
  }

  const Base = r2wc(Element, { shadow: "open", props: types as never }) as unknown as {
    new (): R2wcInternals;
    readonly observedAttributes: string[];
  };

  class MaccElement extends Base {
    constructor() {
      super();
      loadPageWidePartsWhenNeeded();
      // The room the host sheet kept: a logged-in customer's where it differs (a taller header, a
      // shorter login box) when the page is marked so.
      const reserve = document.documentElement.hasAttribute(LOGGED_IN_ATTRIBUTE) ? RESERVE_CSS + LOGGED_IN_RESERVE_CSS : RESERVE_CSS;
      adoptStyles(this.shadowRoot!, options.styles ?? [], reserve);
      for (const [attribute, prop] of byAttribute) {
        if (types[prop] === "boolean") this[PROPS][prop] = isOn(this.getAttribute(attribute));
      }
    }

    // A first screen sent in the page's HTML is kept (the platform would empty it) until the
    // element has drawn its own: see first-screen.ts.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return options.firstScreen?.present(this.shadowRoot) ? this.shadowRoot : super.attachShadow(init);
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      const prop = byAttribute.get(name);
      if (prop && (types[prop] === "boolean" || value === null)) {
        if (types[prop] === "boolean") this[PROPS][prop] = isOn(value);
        else delete this[PROPS][prop];
        this[RENDER]();
        return;
      }
      super.attributeChangedCallback(name, old, value);
    }

    // The first render is a transition: React yields to the page every few milliseconds while it
    // draws, instead of holding the main thread for the whole element (the host page stays responsive).
    override connectedCallback() {
      // Its texts are asked for now, beside React's first render rather than after it (a failure
      // is the root's to show: it asks again).
      const core = getCore();
      const locale = elementLocale(this.getAttribute("locale"), core.store.getState().app.locale);
      loadI18n(locale, options.catalogs).catch(() => undefined);
      const root = this.shadowRoot;
      if (options.firstScreen?.present(root)) {
        const theme = themeName(elementTheme(this.getAttribute("theme"), core));
        options.firstScreen.takeOver(root, { locale, theme, anonymous: !isLogged(core.store.getState()) });
      }
      startTransition(() => super.connectedCallback());
    }

    override disconnectedCallback() {
      queueMicrotask(() => {
        if (!this.isConnected) super.disconnectedCallback();
      });
    }
  }

  customElements.define(tag, MaccElement);
}

/**
 * SPEC §8's load error when the element's code arrived but its texts did not: the loader's own
 * (`load-error.js`: its texts are not in the catalogs that failed), with its "Reload the page", and
 * `macc-load-error` for the host page.
 */
function TextsLoadError({ container, locale, error }: { container?: ShadowRoot; locale?: string; error: unknown }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target || !container) return;
    target.textContent = "Cette partie de la page n’a pas pu être chargée. Veuillez recharger la page.";
    const url = /https?:\/\/\S+/.exec(String(error))?.[0] ?? "";
    container.host.dispatchEvent(new CustomEvent("macc-load-error", { detail: { type: "error", url }, bubbles: true, composed: true }));
    const language = (locale ?? getCore().store.getState().app.locale ?? document.documentElement.lang).slice(0, 2);
    void import("./load-error").then(({ showLoadError }) => showLoadError(container, target, language)).catch(() => undefined);
  }, [container, locale, error]);
  return <div ref={box} role="alert" part="load-error" />;
}

const watched = new WeakSet<object>();
/**
 * The toast region and the inactivity dialog serve the whole page; most pages never show
 * either, so their code comes with the first toast or the first warning. Watched once per core
 * (the page's), from its first element.
 */
function loadPageWidePartsWhenNeeded(): void {
  const core = getCore();
  if (watched.has(core)) return;
  watched.add(core);
  const stopToasts = core.toasts.subscribe(() => {
    stopToasts();
    void import("../src/ui/toaster").then((m) => m.mountToaster());
  });
  const stopWarnings = core.store.subscribe((state) => {
    if (!state.idleWarning) return;
    stopWarnings();
    void import("../src/ui/session-dialog").then((m) => m.mountSessionDialog());
  });
}

/** HTML semantics: present means true (`<x disabled>`), except an explicit "false". */
function isOn(value: string | null): boolean {
  return value !== null && value.toLowerCase() !== "false";
}
