import { describe, expect, it } from "vitest";
import { LOGGED_IN_ATTRIBUTE, STORAGE_KEY, type Theme } from "../contract/constants";
import { readCookie } from "./cookies";
import { createMaccStore, isLogged, selectAccountTheme, selectCompany, selectNetwork, type MaccState } from "./store";
import { createAccessTokens } from "./tokens";
import type { Entreprise, User } from "./types";
import { MemoryStorage } from "../test/memory-storage";

const company = (idTier: string, codeReseau: string, token?: string, extra: Partial<Entreprise> = {}): Entreprise => ({
  idTier,
  codeReseau,
  ...(token ? { token } : {}),
  formeJuridique: "SARL",
  raisonSocial: `Société ${idTier}`,
  immatriculation: `FR${idTier}`,
  numeroClient: `C-${idTier}`,
  derniereMiseAJour: "2025-01-01",
  ...extra,
});

const user = (entreprises: Entreprise[], token: string | null = "tok-user", codeReseau = "FRA"): User => ({
  uuidCompte: "u-1",
  infosConnexion: { emailLogin: "jean@example.test" },
  entreprises,
  codeReseau,
  ...(token ? { token } : {}),
});

const setCookie = (name: string, value: string) => {
  document.cookie = `${name}=${value}; Path=/`;
};
/** A removed cookie: gone in browsers; happy-dom keeps it with an empty value after Max-Age=0. */
const cookieValue = (name: string) => readCookie(name) || null;

function fresh() {
  const storage = new MemoryStorage();
  const store = createMaccStore({ storage });
  const tokens = createAccessTokens();
  return {
    storage,
    store,
    /** What the session does on a login: it keeps the tokens, the store the account. */
    login(u: User) {
      tokens.remember(u);
      store.getState().connectUser(u);
    },
    /** What the session does on a refresh. */
    refresh(u: User) {
      tokens.remember(u);
      store.getState().refreshUser(u);
    },
    token: () => tokens.forCompany(store.getState().auth.companyId),
  };
}

/** The page's theme without a page default: the account's, else the brand site's, else MACC. */
const themeOfState = (s: MaccState): Theme => selectAccountTheme(s) ?? s.app.siteTheme ?? "MACC";

const persistedJson = (storage: Storage) => storage.getItem(STORAGE_KEY) ?? "";

describe("connectUser (CONNECT_USER)", () => {
  it.each<[string, User, string | null, string | null, Theme]>([
    ["first company's token", user([company("1", "FRA", "tok-c1"), company("2", "AGR", "tok-c2")]), "1", "tok-c1", "MACC"],
    ["AGR first company → AGRI", user([company("1", "AGR", "tok-c1"), company("2", "FRA", "tok-c2")]), "1", "tok-c1", "AGRI"],
    ["company without token → user token", user([company("1", "FIL")]), "1", "tok-user", "MACC"],
    ["AGR company without token", user([company("1", "AGR")]), "1", "tok-user", "AGRI"],
    ["no company, user network AGR", user([], "tok-user", "AGR"), null, "tok-user", "AGRI"],
    ["no company, user network GBR", user([], "tok-user", "GBR"), null, "tok-user", "MACC"],
    ["no token at all", user([company("1", "ESP")], null), "1", null, "MACC"],
  ])("%s", (_label, u, idTier, token, theme) => {
    const { store, login, token: tokenNow } = fresh();
    login(u);
    const state = store.getState();
    expect(isLogged(state)).toBe(true);
    expect(state.auth.user?.uuidCompte).toBe("u-1");
    expect(selectCompany(state)?.idTier ?? null).toBe(idTier);
    expect(tokenNow()).toBe(token);
    expect(themeOfState(state)).toBe(theme);
    expect(readCookie("isLogged")).toBe("true");
  });
});

describe("chooseCompany", () => {
  const u = user([company("1", "FRA", "tok-c1"), company("2", "AGR", "tok-c2"), company("3", "BLG")]);

  it.each<[string, string | null, string, Theme]>([
    ["1", "tok-c1", "FRA", "MACC"],
    ["2", "tok-c2", "AGR", "AGRI"],
    ["3", "tok-user", "BLG", "MACC"],
  ])("idTier %s → token %s, network %s, theme %s", (idTier, token, network, theme) => {
    const { store, login, token: tokenNow } = fresh();
    login(u);
    if (idTier === "1") store.getState().chooseCompany("2"); // start from another company
    const chosen = store.getState().chooseCompany(idTier);
    const state = store.getState();
    expect(chosen?.idTier).toBe(idTier);
    expect(selectCompany(state)?.idTier).toBe(idTier);
    expect(tokenNow()).toBe(token);
    expect(selectNetwork(state)).toBe(network);
    expect(themeOfState(state)).toBe(theme);
    expect(isLogged(state)).toBe(true);
  });

  it.each([["999"], [""], ["2 "]])("unknown idTier %j → null and nothing changes", (idTier) => {
    const { store } = fresh();
    store.getState().connectUser(u);
    store.getState().chooseCompany("2");
    const before = { auth: store.getState().auth, app: store.getState().app };
    expect(store.getState().chooseCompany(idTier)).toBeNull();
    expect(store.getState().auth).toEqual(before.auth);
    expect(store.getState().app).toEqual(before.app);
  });

  it("anonymous → null, still logged out", () => {
    const { store } = fresh();
    expect(store.getState().chooseCompany("1")).toBeNull();
    expect(isLogged(store.getState())).toBe(false);
    expect(selectCompany(store.getState())).toBeNull();
  });
});

describe("disconnect", () => {
  it.each<[string, (s: ReturnType<typeof fresh>["store"]) => void]>([
    ["after login", (s) => s.getState().connectUser(user([company("1", "AGR", "tok-c1")]))],
    [
      "after choosing a company",
      (s) => {
        s.getState().connectUser(user([company("1", "FRA", "tok-c1"), company("2", "EXP", "tok-c2")]));
        s.getState().chooseCompany("2");
      },
    ],
    ["when already anonymous", () => {}],
  ])("%s: clears user, token and company; isLogged=false", (_label, arrange) => {
    const { store, storage } = fresh();
    arrange(store);
    store.getState().disconnect();
    const state = store.getState();
    expect(state.auth).toEqual({ user: null, companyId: null });
    expect(readCookie("isLogged")).toBe("false");
    expect(JSON.parse(persistedJson(storage)).auth).toEqual({ user: null, companyId: null });
  });
});

describe("the page's mark for the host sheet (LOGGED_IN_ATTRIBUTE)", () => {
  const marked = () => document.documentElement.hasAttribute(LOGGED_IN_ATTRIBUTE);
  const u = user([company("1", "FRA", "tok-c1")]);
  it.each<[string, boolean, (f: ReturnType<typeof fresh>) => void, boolean]>([
    ["a login on the page marks it", false, (f) => f.login(u), true],
    ["a logout unmarks it", true, (f) => f.store.getState().disconnect("user"), false],
    // The loader marks the page before its first paint, or leaves it: marking it later would move it.
    ["a session refreshed on an unmarked page leaves it so", false, (f) => f.refresh(u), false],
    ["a session refreshed on a marked page keeps the mark", true, (f) => f.refresh(u), true],
  ])("%s", (_label, before, act, after) => {
    const f = fresh();
    document.documentElement.toggleAttribute(LOGGED_IN_ATTRIBUTE, before);
    act(f);
    expect(marked()).toBe(after);
    document.documentElement.removeAttribute(LOGGED_IN_ATTRIBUTE);
  });
});

describe("persisted state never holds a token", () => {
  const TOKENS = ["tok-user-SECRET", "tok-c1-SECRET", "tok-c2-SECRET", "tok-c1-RENEWED", "tok-user-RENEWED"];
  const u = user([company("1", "FRA", "tok-c1-SECRET"), company("2", "AGR", "tok-c2-SECRET")], "tok-user-SECRET");
  const renewed = user([company("1", "FRA", "tok-c1-RENEWED"), company("2", "AGR")], "tok-user-RENEWED");

  it.each<[string, (s: ReturnType<typeof fresh>["store"]) => void]>([
    ["connectUser", (s) => s.getState().connectUser(u)],
    [
      "chooseCompany",
      (s) => {
        s.getState().connectUser(u);
        s.getState().chooseCompany("2");
      },
    ],
    [
      "refreshUser",
      (s) => {
        s.getState().connectUser(u);
        s.getState().refreshUser(renewed);
      },
    ],
    [
      "refreshUser after choosing a token-less company",
      (s) => {
        s.getState().connectUser(u);
        s.getState().chooseCompany("2");
        s.getState().refreshUser(renewed);
      },
    ],
    [
      "basket change while logged in",
      (s) => {
        s.getState().connectUser(u);
        s.getState().updatePanier(["p1"]);
      },
    ],
  ])("after %s", (_label, act) => {
    const { store, storage } = fresh();
    act(store);
    expect(JSON.stringify(store.getState())).not.toContain("SECRET"); // not even the store's memory holds a token…
    const json = persistedJson(storage);
    expect(json).not.toBe("");
    for (const token of TOKENS) expect(json).not.toContain(token); // …but never in storage
    const parsed = JSON.parse(json);
    expect(isLogged(createMaccStore({ storage }).getState())).toBe(true);
    expect(parsed.auth.user.uuidCompte).toBe("u-1");
  });
});

describe("theme persistence (the brand site's theme is kept; an account's is derived, never stored)", () => {
  it.each<[Theme | null]>([["AGRI"], ["MACC"], [null]])("site theme %s → persisted and read back", (siteTheme) => {
    const { store, storage } = fresh();
    store.getState().setSiteTheme(siteTheme);
    expect(JSON.parse(persistedJson(storage)).app.siteTheme).toBe(siteTheme);
    // A new page load sees the persisted theme, or the default one.
    const reloaded = createMaccStore({ storage });
    expect(themeOfState(reloaded.getState())).toBe(siteTheme ?? "MACC");
  });

  it("an AGR account's theme is not carried to the next page load", () => {
    const { store, storage } = fresh();
    store.getState().connectUser(user([company("1", "AGR", "tok")]));
    expect(themeOfState(store.getState())).toBe("AGRI");
    expect(persistedJson(storage)).not.toContain("AGRI");
    document.cookie = "isLogged=; Max-Age=0; Path=/";
    const reloaded = createMaccStore({ storage }); // the session is gone
    expect(isLogged(reloaded.getState())).toBe(false);
    expect(themeOfState(reloaded.getState())).toBe("MACC");
  });

  it("reads a site theme stored before derived state left the store", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ auth: { logged: false, token: null, user: null, entreprise: null }, app: { theme: "AGRI", themeSource: "site" } }),
    );
    expect(createMaccStore({ storage }).getState().app.siteTheme).toBe("AGRI");
  });
});

describe("the visitor's language, theme and basket mirrored into cookies (the server's first screen follows them)", () => {
  const NAMES = ["maccLocale", "maccTheme", "maccBasket"] as const;
  const clearChoices = () => {
    for (const name of NAMES) document.cookie = `${name}=; Max-Age=0; Path=/`;
  };
  const mirrored = () => Object.fromEntries(NAMES.map((name) => [name, cookieValue(name)]));
  const none = { maccLocale: null, maccTheme: null, maccBasket: null };

  it.each<[string, (s: MaccState) => void, Record<(typeof NAMES)[number], string | null>]>([
    ["a language chosen", (s) => s.chooseLocale("en-GB"), { ...none, maccLocale: "en-GB" }],
    ["the AGRIMACC site's theme", (s) => s.setSiteTheme("AGRI"), { ...none, maccTheme: "agri" }],
    ["the MACC site's theme", (s) => s.setSiteTheme("MACC"), { ...none, maccTheme: "macc" }],
    ["the page's language set, not chosen", (s) => s.setLocale("de-BE"), none],
    ["two items in the basket", (s) => s.updatePanier(["1001", "1002"]), { ...none, maccBasket: "2" }],
    ["a basket emptied", (s) => (s.updatePanier(["1001"]), s.clearPanier()), none],
  ])("%s", (_, act, cookies) => {
    clearChoices();
    const { store } = fresh();
    act(store.getState());
    expect(mirrored()).toEqual(cookies);
  });

  it("a cookie left without its choice in storage is cleared when the page loads", () => {
    clearChoices();
    document.cookie = "maccLocale=en-GB; Path=/";
    document.cookie = "maccBasket=3; Path=/";
    fresh();
    expect(mirrored()).toEqual(none);
  });

  it("a site theme given up clears its cookie", () => {
    clearChoices();
    const { store } = fresh();
    store.getState().setSiteTheme("AGRI");
    store.getState().setSiteTheme(null);
    expect(cookieValue("maccTheme")).toBeNull();
  });

  it("choices stored before the cookies existed, or whose cookies expired, are mirrored when the page loads", () => {
    clearChoices();
    const storage = new MemoryStorage();
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ auth: { user: null, companyId: null }, app: { localeChoice: "nl-BE", siteTheme: "AGRI" } }),
    );
    createMaccStore({ storage });
    expect(mirrored()).toEqual({ maccLocale: "nl-BE", maccTheme: "agri", maccBasket: null });
  });
});

describe("state restored from storage at creation", () => {
  it("keeps a consistent logged-in session (without its token) and the basket", () => {
    const { store, storage } = fresh();
    store.getState().connectUser(user([company("1", "FRA", "tok-c1")]));
    store.getState().updatePanier(["p1", "p2"]);
    store.getState().addRedirection("/mon-compte/factures");
    const reloaded = createMaccStore({ storage });
    const state = reloaded.getState();
    expect(isLogged(state)).toBe(true);
    expect(selectCompany(state)?.idTier).toBe("1");
    expect(JSON.stringify(state.auth)).not.toContain("tok-");
    expect(state.app.panier).toEqual(["p1", "p2"]);
    expect(state.app.redirection).toBe("/mon-compte/factures");
  });

  it.each<[string, string | null]>([
    ["cookie missing", null],
    ["cookie false", "false"],
    ["cookie garbage", "yes"],
  ])("stored logged-in state but %s → disconnected", (_label, cookie) => {
    const storage = new MemoryStorage();
    createMaccStore({ storage })
      .getState()
      .connectUser(user([company("1", "FRA", "tok-c1")]));
    document.cookie = "isLogged=; Max-Age=0; Path=/";
    if (cookie !== null) setCookie("isLogged", cookie);

    const store = createMaccStore({ storage });
    expect(store.getState().auth).toEqual({ user: null, companyId: null });
    expect(readCookie("isLogged")).toBe("false");
    // The disconnect is saved too: no customer data left behind in storage.
    const persisted = JSON.parse(persistedJson(storage));
    expect(persisted.auth).toEqual({ user: null, companyId: null });
    expect(persistedJson(storage)).not.toContain("jean@example.test");
  });

  it.each<[string, string | null]>([
    ["empty storage", null],
    ["stored anonymous state", JSON.stringify({ auth: { logged: false, token: null, user: null, entreprise: null }, app: {} })],
    ["corrupt storage", "{not json"],
  ])("cookie isLogged=true with %s → disconnected, cookie set to false", (_label, stored) => {
    const storage = new MemoryStorage();
    if (stored !== null) storage.setItem(STORAGE_KEY, stored);
    setCookie("isLogged", "true");
    const store = createMaccStore({ storage });
    expect(isLogged(store.getState())).toBe(false);
    expect(readCookie("isLogged")).toBe("false");
  });

  it("a cookie whose name merely starts with isLogged does not count", () => {
    const storage = new MemoryStorage();
    createMaccStore({ storage })
      .getState()
      .connectUser(user([company("1", "FRA", "tok-c1")]));
    document.cookie = "isLogged=; Max-Age=0; Path=/";
    setCookie("isLoggedBefore", "true");
    expect(isLogged(createMaccStore({ storage }).getState())).toBe(false);
    expect(readCookie("isLoggedBefore")).toBe("true");
  });

  it("no cookie and nothing stored → anonymous, cookie untouched", () => {
    const { store } = fresh();
    expect(isLogged(store.getState())).toBe(false);
    expect(cookieValue("isLogged")).toBeNull();
  });
});

describe("app actions", () => {
  it("setLocale shows a language; chooseLocale also stores it as the visitor's choice, across logout", () => {
    const { store, storage } = fresh();
    store.getState().setLocale("nl-BE");
    expect(store.getState().app).toMatchObject({ locale: "nl-BE", localeChoice: null });
    store.getState().chooseLocale("en-GB");
    expect(store.getState().app).toMatchObject({ locale: "en-GB", localeChoice: "en-GB" });
    store.getState().setLocale("fr-FR");
    store.getState().disconnect();
    expect(JSON.parse(persistedJson(storage)).app).toMatchObject({ locale: "fr-FR", localeChoice: "en-GB" });
    expect(createMaccStore({ storage }).getState().app.localeChoice).toBe("en-GB");
  });

  it("addRedirection / removeRedirection", () => {
    const { store, storage } = fresh();
    store.getState().addRedirection("/panier/validation");
    expect(store.getState().app.redirection).toBe("/panier/validation");
    expect(JSON.parse(persistedJson(storage)).app.redirection).toBe("/panier/validation");
    store.getState().addRedirection("/mon-compte");
    expect(store.getState().app.redirection).toBe("/mon-compte");
    store.getState().removeRedirection();
    expect(store.getState().app.redirection).toBeNull();
    expect(JSON.parse(persistedJson(storage)).app.redirection).toBeNull();
  });

  it.each<[string[], string[]]>([
    [
      ["a", "b"],
      ["a", "b"],
    ],
    [
      ["a", "b", "a", "c", "b"],
      ["a", "b", "c"],
    ],
    [["x", "x", "x"], ["x"]],
    [[], []],
  ])("updatePanier(%j) → %j and removes the panierQuery cookie", (ids, expected) => {
    const { store, storage } = fresh();
    setCookie("panierQuery", "a%2Cb");
    expect(readCookie("panierQuery")).toBe("a,b");
    store.getState().updatePanier(ids);
    expect(store.getState().app.panier).toEqual(expected);
    expect(cookieValue("panierQuery")).toBeNull();
    expect(JSON.parse(persistedJson(storage)).app.panier).toEqual(expected);
  });

  it("clearPanier also clears the redirection and the user basket data", () => {
    const { store } = fresh();
    store.getState().updatePanier(["a", "b"]);
    store.getState().addRedirection("/panier/validation");
    store.getState().setUserPanier({ nom: "Durand", mobile: "0600000000" });
    store.getState().clearPanier();
    expect(store.getState().app).toMatchObject({ panier: [], redirection: null, userPanier: null });
  });

  it.each([
    [{ mobile: "+33612345678", immat: "FR123", pays: "FR", nom: "Durand", societe: "Durand SA", langue: "fr-FR" }],
    [{ nom: "Only a name" }],
    [null],
  ])("setUserPanier(%j)", (data) => {
    const { store, storage } = fresh();
    store.getState().setUserPanier({ nom: "before" });
    store.getState().setUserPanier(data);
    expect(store.getState().app.userPanier).toEqual(data);
    expect(JSON.parse(persistedJson(storage)).app.userPanier).toEqual(data);
  });
});

describe("refreshUser", () => {
  const first = user([company("1", "FRA", "tok-c1"), company("2", "AGR", "tok-c2")]);

  it.each<[string, User, string, string | null, Theme]>([
    [
      "keeps the chosen company, with its new token",
      user([company("1", "FRA", "new-c1"), company("2", "AGR", "new-c2")], "new-u"),
      "2",
      "new-c2",
      "AGRI",
    ],
    [
      "chosen company without token → new user token",
      user([company("1", "FRA", "new-c1"), company("2", "AGR")], "new-u"),
      "2",
      "new-u",
      "AGRI",
    ],
    ["chosen company gone → first company", user([company("1", "FRA", "new-c1")], "new-u"), "1", "new-c1", "MACC"],
  ])("%s", (_label, refreshed, idTier, token, theme) => {
    const { store, login, refresh, token: tokenNow } = fresh();
    login(first);
    store.getState().chooseCompany("2");
    refresh(refreshed);
    const state = store.getState();
    expect(isLogged(state)).toBe(true);
    expect(selectCompany(state)?.idTier).toBe(idTier);
    expect(tokenNow()).toBe(token);
    expect(themeOfState(state)).toBe(theme);
    expect(readCookie("isLogged")).toBe("true");
  });

  it.each<[string, (u: User) => User, boolean]>([
    ["the same account again: the state is not replaced", (u) => structuredClone(u), false],
    [
      "a company renamed: replaced",
      (u) => ({ ...u, entreprises: u.entreprises.map((e, i) => (i ? e : { ...e, raisonSocial: "Renamed" })) }),
      true,
    ],
  ])("%s", (_label, answer, replaced) => {
    const { store, login, refresh } = fresh();
    login(first);
    const before = store.getState().auth;
    let notified = 0;
    store.subscribe(() => notified++);
    refresh(answer(first));
    expect(store.getState().auth !== before).toBe(replaced);
    expect(notified).toBe(replaced ? 1 : 0);
    expect(readCookie("isLogged")).toBe("true");
  });
});

describe("updateEntreprise and updateLoginEmail", () => {
  const user: User = {
    uuidCompte: "u",
    infosConnexion: { emailLogin: "old@example.test" },
    codeReseau: "FRA",
    token: "t-user",
    entreprises: [company("1", "FRA", "t1"), company("2", "AGR", "t2")],
  };

  it.each([
    ["the selected company", "1", true],
    ["another company of the account", "2", false],
  ])("patches %s everywhere it is held", (_label, idTier, selected) => {
    const store = createMaccStore({ storage: new MemoryStorage() });
    store.getState().connectUser(user);
    store.getState().updateEntreprise(idTier, { derniereMiseAJour: "2026-11-21", raisonSocial: "Nouveau nom" });
    const state = store.getState();
    expect(state.auth.user?.entreprises.find((e) => e.idTier === idTier)).toMatchObject({
      derniereMiseAJour: "2026-11-21",
      raisonSocial: "Nouveau nom",
    });
    expect(selectCompany(state)?.raisonSocial === "Nouveau nom").toBe(selected);
    expect(state.auth.companyId).toBe("1");
  });

  it("changes the login e-mail, and does nothing when logged out", () => {
    const store = createMaccStore({ storage: new MemoryStorage() });
    store.getState().updateLoginEmail("ghost@example.test");
    expect(store.getState().auth.user).toBeNull();
    store.getState().connectUser(user);
    store.getState().updateLoginEmail("new@example.test");
    expect(store.getState().auth.user?.infosConnexion.emailLogin).toBe("new@example.test");
  });
});
