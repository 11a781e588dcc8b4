/**
 * The inactivity dialog (WCAG 2.2.1). happy-dom 21 implements HTMLDialogElement.showModal() as a
 * plain `open` attribute: no top layer, no inert page behind, no focus move. These tests check
 * what it can: the dialog opens and closes, its texts, and what its buttons do.
 */
import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import { readCookie } from "../core/cookies";
import { getCore } from "../core/index";
import type { PageDataset } from "../core/config";
import {
  company,
  DEFAULT_PAGE,
  deferred,
  inShadow,
  listen,
  mount,
  problem,
  resetPage,
  sessionBody,
  sessionRoutes,
  stubApi,
  user,
  type RouteHandler,
  waitFor,
  currentToken,
  signIn,
} from "../test/elements";
import { mountSessionDialog } from "./session-dialog";
import { isLogged } from "../core/store";

const REFRESH = "POST /api/auth/refresh";
const LOGOUT = "POST /api/auth/logout";
const TWO_MINUTES = 120_000;

function parts() {
  const host = document.querySelector("macc-session-dialog");
  const root = host?.shadowRoot ?? null;
  const dialog = root?.querySelector("dialog") ?? null;
  return { host, root, dialog };
}

const isOpen = () => parts().dialog?.open === true;

/** The dialog as it shows: texts filled and opened. */
async function openDialog() {
  await waitFor(() => expect(isOpen()).toBe(true));
  const { root, dialog } = parts();
  return { root: root!, dialog: dialog!, screen: inShadow(root!) };
}

const api = (extra: Record<string, RouteHandler> = {}) => stubApi({ ...sessionRoutes(), [LOGOUT]: { status: 204 }, ...extra });

/**
 * A logged-in page whose session is about to end. As on a real page, the session exists (restored
 * with one POST /auth/refresh) before its inactivity warning mounts the dialog, as define.tsx does.
 */
async function warnedPage(page: PageDataset = DEFAULT_PAGE, endsAt = Date.now() + TWO_MINUTES, companies = [company()]) {
  resetPage(page);
  signIn(user(companies));
  await getCore().session.refresh();
  mountSessionDialog();
  getCore().store.getState().setIdleWarning(endsAt);
  return openDialog();
}

const timeOf = (locale: string, at: number) => new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(at);

beforeEach(() => resetPage());

describe("<macc-session-dialog>", () => {
  it("a page with an element loads and opens it when the store's idleWarning is set", async () => {
    api({
      "GET /api/servicesMACC/reseau/FRA/type/gen": {
        body: { adresseTitre: "MACC", adresseLigne1: "1 rue", codePostal: "51100", ville: "Reims", listSousServices: [] },
      },
    });
    signIn(user());
    await import("../../elements/macc-login-help");
    await mount("<macc-login-help></macc-login-help>");
    await new Promise((r) => setTimeout(r, 20));
    // Most pages never need it: nothing until a warning.
    expect(document.querySelector("macc-session-dialog")).toBeNull();

    const endsAt = Date.now() + TWO_MINUTES;
    getCore().store.getState().setIdleWarning(endsAt);
    const { root, dialog, screen } = await openDialog();
    expect(document.querySelectorAll("macc-session-dialog")).toHaveLength(1);
    const title = screen.getByRole("heading", { level: 2 });
    expect(title.textContent).toBe("Votre session va bientôt expirer");
    expect(dialog.getAttribute("aria-labelledby")).toBe(title.id);
    const text = root.getElementById(dialog.getAttribute("aria-describedby")!)!;
    expect(text.textContent).toBe(`Pour votre sécurité, vous serez déconnecté à ${timeOf("fr-FR", endsAt)}, sauf si vous restez connecté.`);
    expect((screen.getAllByRole("button") as HTMLElement[]).map((b) => [b.textContent, b.getAttribute("type")])).toEqual([
      ["Rester connecté", "button"],
      ["Se déconnecter", "button"],
    ]);
  });

  it("in English", async () => {
    api();
    const endsAt = Date.now() + TWO_MINUTES;
    const { root, screen } = await warnedPage({ ...DEFAULT_PAGE, locale: "en-GB" }, endsAt);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Your session is about to end");
    expect(root.getElementById("session-text")!.textContent).toBe(
      `For your security, you will be logged out at ${timeOf("en-GB", endsAt)} unless you stay logged in.`,
    );
    expect((screen.getAllByRole("button") as HTMLElement[]).map((b) => b.textContent)).toEqual(["Stay logged in", "Log out"]);
  });

  it("follows the theme of the customer's company", async () => {
    api();
    const { root } = await warnedPage(DEFAULT_PAGE, Date.now() + TWO_MINUTES, [company({ codeReseau: "AGR" })]);
    expect((root.firstElementChild as HTMLElement).getAttribute("data-theme")).toBe("agri");
  });

  it("'stay logged in' closes it and refreshes the session (POST /api/auth/refresh)", async () => {
    const answer = deferred();
    let refreshes = 0;
    const calls = api({
      [REFRESH]: (call) => (++refreshes === 1 ? { body: sessionBody(getCore().store.getState().auth.user!) } : answer.handler(call)),
    });
    const { screen } = await warnedPage();
    expect(calls.callsTo(REFRESH)).toHaveLength(1); // the page's own session restore
    fireEvent.click(screen.getByRole("button", { name: "Rester connecté" }));
    // The warning goes at once; the refresh follows.
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(getCore().store.getState().idleWarning).toBeNull();
    const call = await answer.started;
    expect(call.method).toBe("POST");
    expect(call.headers.authorization).toBeUndefined();
    answer.resolve({ body: sessionBody(getCore().store.getState().auth.user!) });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.callsTo(REFRESH)).toHaveLength(2);
    expect(calls.callsTo(LOGOUT)).toHaveLength(0);
    expect(isLogged(getCore().store.getState())).toBe(true);
    expect(isOpen()).toBe(false);
  });

  it("'stay logged in' with a session already ended on the server (401): disconnected", async () => {
    let refreshes = 0;
    api({ [REFRESH]: () => (++refreshes === 1 ? { body: sessionBody(getCore().store.getState().auth.user!) } : problem(401)) });
    const { screen } = await warnedPage();
    fireEvent.click(screen.getByRole("button", { name: "Rester connecté" }));
    await waitFor(() => expect(isLogged(getCore().store.getState())).toBe(false));
    expect(isOpen()).toBe(false);
  });

  it("Escape counts as 'stay logged in' (the countdown must not go on unseen)", async () => {
    const calls = api();
    const { dialog } = await warnedPage();
    expect(calls.callsTo(REFRESH)).toHaveLength(1);
    const cancel = new Event("cancel", { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    await waitFor(() => expect(calls.callsTo(REFRESH)).toHaveLength(2));
    await waitFor(() => expect(isOpen()).toBe(false));
  });

  it.each<[string, RouteHandler]>([
    ["204", { status: 204 }],
    ["the server unreachable", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("'log out' (%s): POST /api/auth/logout, the page is disconnected and the dialog closes", async (_label, answer) => {
    const calls = api({ [LOGOUT]: answer });
    const { screen } = await warnedPage();
    fireEvent.click(screen.getByRole("button", { name: "Se déconnecter" }));
    await waitFor(() => expect(calls.callsTo(LOGOUT)).toHaveLength(1));
    await waitFor(() => expect(isLogged(getCore().store.getState())).toBe(false));
    const state = getCore().store.getState();
    const { idleWarning } = state;
    expect(state.auth.user).toBeNull();
    expect(currentToken()).toBeNull();
    expect(readCookie("isLogged")).toBe("false");
    expect(idleWarning).toBeNull();
    await waitFor(() => expect(isOpen()).toBe(false));
    await new Promise((r) => setTimeout(r, 20));
    expect(isOpen()).toBe(false);
  });

  it("closes when the warning is withdrawn elsewhere (activity in another tab), and opens again on the next one", async () => {
    api();
    await warnedPage();
    getCore().store.getState().setIdleWarning(null);
    await waitFor(() => expect(isOpen()).toBe(false));
    const endsAt = Date.now() + 60_000;
    getCore().store.getState().setIdleWarning(endsAt);
    const { root } = await openDialog();
    expect(root.getElementById("session-text")!.textContent).toContain(timeOf("fr-FR", endsAt));
    expect(document.querySelectorAll("macc-session-dialog")).toHaveLength(1);
  });

  it("after an idle logout, a toast says why", async () => {
    api();
    await warnedPage();
    const logouts = listen("macc-logout");
    document.dispatchEvent(new CustomEvent("macc-logout", { detail: { reason: "idle" }, bubbles: true, composed: true }));
    await waitFor(() =>
      expect(
        getCore()
          .toasts.getState()
          .toasts.map((t) => [t.kind, t.message]),
      ).toEqual([["info", "Vous avez été déconnecté après une période d'inactivité."]]),
    );
    expect(logouts).toHaveLength(1);
  });

  it("a logout the customer asked for shows no such toast", async () => {
    api();
    await warnedPage();
    document.dispatchEvent(new CustomEvent("macc-logout", { detail: { reason: "user" }, bubbles: true, composed: true }));
    await new Promise((r) => setTimeout(r, 20));
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
  });
});
