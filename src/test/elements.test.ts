import { describe, expect, it } from "vitest";
import { getCore } from "../core/index";
import { company, listen, resetPage, sessionRoutes, signIn, stubApi, user } from "./elements";

// Loaded beforehand, as on the pages before: a refresh then starts within a few ticks.
await import("../core/session");

/** A few ticks and timers: time for what the page left had started to go on, if it could. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("resetPage: the page it replaces acts no more (the files of a worker share one window)", () => {
  it("a request it had started, waiting for the session's refresh, reaches neither the next page's API nor its address", async () => {
    resetPage(undefined, "/portail/contact/conseiller");
    signIn(user([company()]));
    const left = getCore();
    // Just logged in, the page does not know how long its token lasts: the call refreshes the session first.
    void left.api.request("/me/adviser").catch(() => undefined);

    resetPage(undefined, "/portail/?lang=x#top");
    // The next page's API: nobody is logged in there, its refresh answers 401.
    const next = stubApi(sessionRoutes(), { unmatched: "pending" });
    await aWhile();

    expect(location.pathname + location.search + location.hash).toBe("/portail/?lang=x#top");
    expect(next.calls.map((c) => c.path)).toEqual([]);
    expect(document.cookie).toBe("");
    expect(localStorage.length).toBe(0);
  });

  it("its store writes no cookie, storage, event or toast on the next page", async () => {
    signIn(user([company()]));
    const left = getCore();
    resetPage();
    const logouts = listen("macc-logout");

    left.store.getState().disconnect("expired");
    left.store.getState().refreshUser(user([company()]));
    left.toasts.getState().show("error", "from the page left");
    await aWhile();

    expect(document.cookie).toBe("");
    expect(localStorage.length).toBe(0);
    expect(logouts).toHaveLength(0);
    expect(document.body.innerHTML).toBe("");
  });
});
