import { msg } from "@lingui/core/macro";
import { DEFAULT_LOCALE } from "../contract/constants";
import { getCore, themeOf } from "../core/index";
import { loadI18n } from "../core/i18n";
import controlsCss from "./styles/controls.css?inline";
import toasterCss from "./styles/toaster.css?inline";
import { adoptStyles } from "./sheets";

const TAG = "macc-toasts";
const CLOSE = msg`Close notification`;

/**
 * The page's one toast region, top right (SPEC §8). Plain DOM, so it costs nothing until the
 * first toast. Its live regions exist before any message arrives, so screen readers announce it.
 */
class ToastRegion extends HTMLElement {
  private polite!: HTMLElement;
  private assertive!: HTMLElement;
  private pendingRender: ReturnType<typeof setTimeout> | undefined;

  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: "open" });
    adoptStyles(root, [controlsCss, toasterCss]);
    const wrapper = document.createElement("div");
    wrapper.className = "macc-root";
    this.polite = Object.assign(document.createElement("div"), { className: "toast-list" });
    this.polite.setAttribute("role", "status");
    this.assertive = Object.assign(document.createElement("div"), { className: "toast-list" });
    this.assertive.setAttribute("role", "alert");
    wrapper.append(this.assertive, this.polite);
    root.append(wrapper);
    getCore().toasts.subscribe(() => void this.render());
    // Toasts that brought the region in are added a moment later, once the live regions are known.
    this.pendingRender = setTimeout(() => void this.render(), 150);
  }

  // A page torn down within those 150 ms (a test's, a single-page host's) has no core left to read.
  disconnectedCallback() {
    clearTimeout(this.pendingRender);
  }

  private async render() {
    const core = getCore();
    const { locale } = core.store.getState().app;
    const theme = themeOf(core.store.getState(), core.config);
    const i18n = await loadI18n(locale ?? DEFAULT_LOCALE);
    const { toasts, dismiss } = core.toasts.getState();
    (this.shadowRoot?.firstElementChild as HTMLElement | null)?.setAttribute("data-theme", theme === "AGRI" ? "agri" : "macc");
    for (const region of [this.assertive, this.polite]) {
      const wanted = toasts.filter((t) => (t.kind === "error") === (region === this.assertive));
      const shown = new Set([...region.children].map((c) => Number((c as HTMLElement).dataset.id)));
      for (const child of [...region.children] as HTMLElement[]) {
        if (!wanted.some((t) => t.id === Number(child.dataset.id))) child.remove();
      }
      for (const toast of wanted.filter((t) => !shown.has(t.id))) {
        const item = document.createElement("div");
        item.className = `toast toast--${toast.kind}`;
        item.dataset.id = String(toast.id);
        item.setAttribute("part", "toast");
        const text = document.createElement("p");
        text.textContent = toast.message;
        const close = document.createElement("button");
        close.type = "button";
        close.className = "btn btn--icon";
        close.setAttribute("aria-label", i18n._(CLOSE));
        close.textContent = "×";
        close.addEventListener("click", () => dismiss(toast.id));
        item.append(text, close);
        region.append(item);
      }
    }
  }
}

export function mountToaster(): void {
  if (!customElements.get(TAG)) customElements.define(TAG, ToastRegion);
  if (!document.querySelector(TAG)) document.body.append(document.createElement(TAG));
}
