import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiClient, RequestOptions } from "./api";
import { ApiError } from "./errors";
import { readCookie } from "./cookies";
import { createSession } from "./session";
import { createMaccStore, isLogged, selectCompany } from "./store";
import { createAccessTokens } from "./tokens";
import type { Entreprise, User } from "./types";
import { MemoryStorage } from "../test/memory-storage";

const company = (idTier: string, codeReseau: string, token?: string): Entreprise => ({
  idTier,
  codeReseau,
  ...(token ? { token } : {}),
  formeJuridique: "SAS",
  raisonSocial: `Société ${idTier}`,
  immatriculation: "FR000",
  numeroClient: `C${idTier}`,
  derniereMiseAJour: "2025-01-01",
});

const userOf = (entreprises: Entreprise[], token = "tok-user"): User => ({
  uuidCompte: "u-1",
  infosConnexion: { emailLogin: "jean@example.test" },
  codeReseau: "FRA",
  token,
  entreprises,
});

const sessionBody = (user: User) => ({ accessToken: user.token ?? "x", expiresIn: 900, user });

type Handler = (path: string, options: RequestOptions) => Promise<unknown>;

/** A fake ApiClient: each path answers through a handler; every call is recorded. */
function fakeApi(handlers: Record<string, Handler>) {
  const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected request ${path}`);
    return handler(path, options);
  });
  return { api: { request } as unknown as ApiClient, request };
}

const apiError = (status: number) => new ApiError(status, { status, title: "x" });

function setup(handlers: Record<string, Handler>) {
  const store = createMaccStore({ storage: new MemoryStorage() });
  const tokens = createAccessTokens();
  const { api, request } = fakeApi(handlers);
  return {
    store,
    request,
    session: createSession(api, store, tokens),
    /** A customer already logged in on this page (what `start` does). */
    signIn(user: User) {
      tokens.remember(user);
      store.getState().connectUser(user);
    },
    /** The token the next authenticated call carries. */
    token: () => tokens.forCompany(store.getState().auth.companyId),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("login", () => {
  it.each<[string, User, string, string]>([
    ["single company", userOf([company("1", "FRA", "tok-c1")]), "1", "tok-c1"],
    ["first of several companies", userOf([company("7", "AGR", "tok-c7"), company("8", "FRA", "tok-c8")]), "7", "tok-c7"],
    ["company without its own token", userOf([company("1", "BLG")]), "1", "tok-user"],
  ])("%s: connects the user", async (_label, user, idTier, expectedToken) => {
    const { store, session, request, token } = setup({ "/auth/login": async () => sessionBody(user) });
    await expect(session.login("jean@example.test", "Secret123")).resolves.toMatchObject({ uuidCompte: "u-1" });
    const state = store.getState();
    expect(isLogged(state)).toBe(true);
    expect(selectCompany(state)?.idTier).toBe(idTier);
    expect(token()).toBe(expectedToken);
    expect(readCookie("isLogged")).toBe("true");
    const [path, options] = request.mock.calls[0]!;
    expect(path).toBe("/auth/login");
    expect(options).toMatchObject({ method: "POST", body: { email: "jean@example.test", password: "Secret123" } });
  });

  it.each<[string, Handler]>([
    ["wrong credentials (401)", async () => Promise.reject(apiError(401))],
    ["malformed answer", async () => ({ accessToken: "x" })],
  ])("%s: rejects and stays logged out", async (_label, handler) => {
    const { store, session, token } = setup({ "/auth/login": handler });
    await expect(session.login("a@b.c", "x")).rejects.toBeTruthy();
    expect(isLogged(store.getState())).toBe(false);
    expect(token()).toBeNull();
  });
});

describe("refresh", () => {
  const first = userOf([company("1", "FRA", "tok-c1"), company("2", "AGR", "tok-c2")]);
  const renewed = userOf([company("1", "FRA", "new-c1"), company("2", "AGR", "new-c2")], "new-user");

  it("success → refreshUser: new tokens, chosen company kept", async () => {
    const { store, session, signIn, token } = setup({ "/auth/refresh": async () => sessionBody(renewed) });
    signIn(first);
    store.getState().chooseCompany("2");
    await expect(session.refresh()).resolves.toBe(true);
    const state = store.getState();
    expect(isLogged(state)).toBe(true);
    expect(selectCompany(state)?.idTier).toBe("2");
    expect(token()).toBe("new-c2");
  });

  it("success restores an anonymous-looking page load (tokens are never stored)", async () => {
    const { store, session, token } = setup({ "/auth/refresh": async () => sessionBody(renewed) });
    await expect(session.refresh()).resolves.toBe(true);
    expect(isLogged(store.getState())).toBe(true);
    expect(token()).toBe("new-c1");
  });

  it.each([[401], [403]])("%i → disconnect and resolves false", async (status) => {
    const { store, session, signIn, token } = setup({ "/auth/refresh": async () => Promise.reject(apiError(status)) });
    signIn(first);
    await expect(session.refresh()).resolves.toBe(false);
    expect(store.getState().auth).toEqual({ user: null, companyId: null });
    expect(token()).toBeNull();
    expect(readCookie("isLogged")).toBe("false");
  });

  it.each([[0], [500]])("%i (no answer / server error) → rejects, session kept", async (status) => {
    const { store, session, signIn } = setup({ "/auth/refresh": async () => Promise.reject(apiError(status)) });
    signIn(first);
    await expect(session.refresh()).rejects.toMatchObject({ status });
    expect(isLogged(store.getState())).toBe(true);
  });

  it.each([[2], [3], [5]])("%i concurrent calls share one request", async (n) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { session, request } = setup({
      "/auth/refresh": async () => {
        await gate;
        return sessionBody(renewed);
      },
    });
    const calls = Array.from({ length: n }, () => session.refresh());
    await vi.waitFor(() => expect(request).toHaveBeenCalled());
    release();
    await expect(Promise.all(calls)).resolves.toEqual(Array(n).fill(true));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("a later call, after the first finished, asks again", async () => {
    const { session, request } = setup({ "/auth/refresh": async () => sessionBody(renewed) });
    await session.refresh();
    await session.refresh();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("refreshes again shortly before the access token lapses", async () => {
    const { session, request } = setup({ "/auth/refresh": async () => sessionBody(renewed) });
    await session.refresh();
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(request.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe("logout", () => {
  const user = userOf([company("1", "FRA", "tok-c1")]);

  it.each<[string, Handler]>([
    ["API succeeds", async () => undefined],
    ["API fails (500)", async () => Promise.reject(apiError(500))],
    ["API unreachable", async () => Promise.reject(apiError(0))],
    ["session already gone (401)", async () => Promise.reject(apiError(401))],
  ])("%s: calls the API and disconnects", async (_label, handler) => {
    const { store, session, request, signIn, token } = setup({ "/auth/logout": handler, "/auth/refresh": async () => sessionBody(user) });
    signIn(user);
    await session.logout().catch(() => undefined);
    expect(request).toHaveBeenCalledWith("/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(store.getState().auth).toEqual({ user: null, companyId: null });
    expect(token()).toBeNull();
    expect(readCookie("isLogged")).toBe("false");
  });

  it("no scheduled refresh fires after logout", async () => {
    const { store, session, request } = setup({
      "/auth/login": async () => sessionBody(user),
      "/auth/logout": async () => undefined,
      "/auth/refresh": async () => sessionBody(user),
    });
    await session.login("jean@example.test", "Secret123");
    await session.logout();
    await vi.advanceTimersByTimeAsync(3_600_000);
    // The login reports the company it opens to the activity log (issue 29), then nothing but the logout.
    expect(request.mock.calls.map(([path]) => path)).toEqual(["/auth/login", "/me/security/company-switch", "/auth/logout"]);
    expect(isLogged(store.getState())).toBe(false);
  });

  it("a refresh still in flight when the customer logs out (just after a reload) cannot log the page back in", async () => {
    let answerRefresh!: (body: unknown) => void;
    const { store, session, request, signIn } = setup({
      "/auth/refresh": () => new Promise((resolve) => (answerRefresh = resolve)),
      "/auth/logout": async () => undefined,
    });
    signIn(user);
    const refreshed = session.refresh();
    const loggedOut = session.logout();
    // The refresh's answer comes last, as a slow network delivers it.
    await vi.advanceTimersByTimeAsync(100);
    answerRefresh(sessionBody(user));
    await Promise.all([refreshed, loggedOut]);
    expect(isLogged(store.getState())).toBe(false);
    // The logout went out after the refresh had rotated the cookie, so it revokes the live session.
    expect(request.mock.calls.map(([path]) => path)).toEqual(["/auth/refresh", "/auth/logout"]);
  });
  it("a refresh asked for while the logout is under way cannot log the page back in", async () => {
    let answerLogout!: () => void;
    let answerRefresh!: (body: unknown) => void;
    const { store, session, request, signIn } = setup({
      "/auth/logout": () => new Promise<void>((resolve) => (answerLogout = resolve)),
      "/auth/refresh": () => new Promise((resolve) => (answerRefresh = resolve)),
    });
    signIn(user);
    const loggedOut = session.logout();
    await vi.advanceTimersByTimeAsync(0);
    // An element's call finds its token lapsed meanwhile and asks for a refresh.
    const refreshed = session.refresh();
    answerLogout();
    await loggedOut;
    answerRefresh?.(sessionBody(user));
    expect(await refreshed).toBe(false);
    expect(isLogged(store.getState())).toBe(false);
    expect(request.mock.calls.map(([path]) => path)).toEqual(["/auth/logout"]);
  });
});

describe("ensureFresh (before authenticated calls)", () => {
  const user = userOf([company("1", "FRA", "tok-c1")]);

  it("does nothing for a visitor", async () => {
    const { session, request } = setup({});
    await session.ensureFresh();
    expect(request).not.toHaveBeenCalled();
  });

  it("restores the session when the page has the stored user but no token yet (after a reload)", async () => {
    const { store, session, request, signIn, token } = setup({ "/auth/refresh": async () => sessionBody(user) });
    signIn({ ...user, token: undefined, entreprises: [company("1", "FRA")] });
    store.setState((s) => ({ auth: { ...s.auth, token: null } }));
    await session.ensureFresh();
    expect(request).toHaveBeenCalledTimes(1);
    expect(token()).toBe("tok-c1");
  });

  it.each([
    ["well before expiry", 60_000, 0],
    ["within the last minute", 841_000, 1],
    ["after expiry (a tab that slept)", 901_000, 1],
  ])("with a token, %s: %i refresh(es)", async (_label, elapsedMs, refreshes) => {
    const { session, request } = setup({ "/auth/login": async () => sessionBody(user), "/auth/refresh": async () => sessionBody(user) });
    vi.useFakeTimers({ toFake: ["Date"] });
    await session.login("jean@example.test", "Secret123");
    vi.setSystemTime(Date.now() + elapsedMs);
    await session.ensureFresh();
    expect(request.mock.calls.filter(([path]) => path === "/auth/refresh")).toHaveLength(refreshes);
  });
});
