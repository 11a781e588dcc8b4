import { msg } from "@lingui/core/macro";
import { DEFAULT_LOCALE } from "../contract/constants";
import { getCore, themeOf } from "../core/index";
import { loadI18n } from "../core/i18n";
import controlsCss from "./styles/controls.css?inline";
import { adoptStyles } from "./sheets";

const TAG = "macc-session-dialog";
const TITLE = msg`Your session is about to end`;
const STAY = msg`Stay logged in`;
const LEAVE = msg`Log out`;
const LOGGED_OUT = msg`You have been logged out after a period of inactivity.`;

/**
 * The inactivity warning (WCAG 2.2.1): a modal <dialog> on the page, shown two minutes before an
 * idle session ends, that lets the customer extend it. Plain DOM: it is needed on every page
 * that hosts an element, whichever elements those are.
 */
class SessionDialog extends HTMLElement {
  private dialog!: HTMLDialogElement;
  private text!: HTMLParagraphElement;

  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: "open" });
    adoptStyles(root, [controlsCss]);
    const wrapper = document.createElement("div");
    wrapper.className = "macc-root";
    this.dialog = document.createElement("dialog");
    this.dialog.className = "modal";
    this.dialog.setAttribute("aria-labelledby", "session-title");
    this.dialog.setAttribute("aria-describedby", "session-text");
    this.dialog.setAttribute("part", "session-dialog");
    const title = Object.assign(document.createElement("h2"), { id: "session-title" });
    this.text = Object.assign(document.createElement("p"), { id: "session-text" });
    const actions = Object.assign(document.createElement("div"), { className: "actions" });
    const stay = Object.assign(document.createElement("button"), { type: "button", className: "btn" });
    const leave = Object.assign(document.createElement("button"), { type: "button", className: "btn btn--secondary" });
    actions.append(stay, leave);
    this.dialog.append(title, this.text, actions);
    wrapper.append(this.dialog);
    root.append(wrapper);

    const core = getCore();
    stay.addEventListener("click", () => void core.session.stayLoggedIn());
    leave.addEventListener("click", () => void core.session.logout().catch(() => undefined));
    // Escape would otherwise close the dialog while the countdown goes on: treat it as "stay".
    this.dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      void core.session.stayLoggedIn();
    });
    document.addEventListener("macc-logout", (event) => {
      if ((event as CustomEvent<{ reason?: string }>).detail?.reason !== "idle") return;
      void this.i18n().then((i18n) => core.toasts.getState().show("info", i18n._(LOGGED_OUT)));
    });

    void this.i18n().then((i18n) => {
      title.textContent = i18n._(TITLE);
      stay.textContent = i18n._(STAY);
      leave.textContent = i18n._(LEAVE);
      core.store.subscribe((state) => this.render(state.idleWarning));
      this.render(core.store.getState().idleWarning);
    });
  }

  private i18n() {
    const core = getCore();
    const { locale } = core.store.getState().app;
    const theme = themeOf(core.store.getState(), core.config);
    (this.shadowRoot?.firstElementChild as HTMLElement | null)?.setAttribute("data-theme", theme === "AGRI" ? "agri" : "macc");
    return loadI18n(locale ?? DEFAULT_LOCALE);
  }

  private render(endsAt: number | null) {
    if (!endsAt) {
      if (this.dialog.open) this.dialog.close();
      return;
    }
    void this.i18n().then((i18n) => {
      // The warning may have been withdrawn while the catalog loaded.
      if (getCore().store.getState().idleWarning !== endsAt) return;
      const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: "short" }).format(endsAt);
      this.text.textContent = i18n._(msg`For your security, you will be logged out at ${time} unless you stay logged in.`);
      if (!this.dialog.open) this.dialog.showModal();
    });
  }
}

export function mountSessionDialog(): void {
  if (!customElements.get(TAG)) customElements.define(TAG, SessionDialog);
  if (!document.querySelector(TAG)) document.body.append(document.createElement(TAG));
}
