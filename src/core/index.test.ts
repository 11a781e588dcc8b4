import { afterEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEY, type Theme } from "../contract/constants";
import { readPageConfig } from "./config";
import { loadI18n } from "./i18n";
import { GENERIC_ERROR, effectiveTheme, getCore, themeOf } from "./index";
import { createMaccStore, isLogged } from "./store";
import { company, signIn, user } from "../test/elements";

type ThemeSource = "account" | "site" | "default";

const REGISTRY = Symbol.for("macc.core");

/** A fresh page: URL, cookie and stored state as given, and no core created yet. */
function page(search: string, opts: { cookie?: string; stored?: unknown } = {}) {
  delete (globalThis as Record<symbol, unknown>)[REGISTRY];
  history.replaceState(null, "", `/${search}`);
  if (opts.cookie) document.cookie = `isLogged=${opts.cookie}; Path=/`;
  if (opts.stored) localStorage.setItem(STORAGE_KEY, JSON.stringify(opts.stored));
}

/** A logged-in page as stored before derived values left the store (the store reads it still). */
const loggedState = {
  auth: {
    logged: true,
    token: null,
    user: { uuidCompte: "u", infosConnexion: { emailLogin: "a@b.c" }, codeReseau: "FRA", entreprises: [] },
    entreprise: null,
  },
  app: { locale: "nl-BE" },
};

function stubFetch(answer: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => answer(url, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const problem = (status: number, body: object = {}) =>
  new Response(JSON.stringify({ status, title: "x", ...body }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<symbol, unknown>)[REGISTRY];
  history.replaceState(null, "", "/");
});

describe("page start-up (SPEC §4)", () => {
  it.each<[string, string | undefined, string]>([
    ["?lang=en_GB", undefined, "en-GB"],
    ["?lang=de", "false", "de-BE"],
    ["?lang=nl", undefined, "nl-NL"],
    ["?lang=zz", undefined, "fr-FR"],
  ])("visitor %s (isLogged=%j) → locale %s", (search, cookie, locale) => {
    page(search, { cookie });
    expect(getCore().store.getState().app.locale).toBe(locale);
  });

  it("a logged-in customer keeps the stored language whatever ?lang says", async () => {
    stubFetch(() => problem(401));
    page("?lang=en_GB", { cookie: "true", stored: loggedState });
    const core = getCore();
    expect(core.store.getState().app.locale).toBe("nl-BE");
    await core.ready;
  });

  it.each<[string, Theme, Theme | null]>([
    ["?site=agrimacc", "AGRI", "AGRI"],
    ["?site=macc", "MACC", "MACC"],
    ["?site=other", "MACC", null],
  ])("visitor %s → theme %s (site theme %s)", (search, theme, siteTheme) => {
    page(search);
    const core = getCore();
    expect([themeOf(core.store.getState(), core.config), core.store.getState().app.siteTheme]).toEqual([theme, siteTheme]);
  });

  it("the site theme is stored for the next page", () => {
    page("?site=agrimacc");
    getCore();
    expect(createMaccStore().getState().app.siteTheme).toBe("AGRI");
  });

  it.each<[string, string[]]>([
    ["?panier=A1,B2,A1", ["A1", "B2"]],
    ["?panier=", []],
  ])("%s → basket %j", (search, panier) => {
    page(search, { stored: { auth: { logged: false }, app: { panier: ["OLD"], redirection: "/x" } } });
    const { app } = getCore().store.getState();
    expect(app.panier).toEqual(panier);
    if (panier.length === 0) expect(app.redirection).toBeNull();
  });

  it("no ?panier keeps the stored basket", () => {
    page("", { stored: { auth: { logged: false }, app: { panier: ["OLD"] } } });
    expect(getCore().store.getState().app.panier).toEqual(["OLD"]);
  });

  it("one core per page", () => {
    page("");
    expect(getCore()).toBe(getCore());
  });
});

describe("requests of the page (SPEC §7)", () => {
  it.each<[string, string]>([
    ["", "fr-FR"],
    ["?lang=it", "it-IT"],
    ["?lang=nl_BE", "nl-BE"],
  ])("page %j → base origin/api, X-langue %s, no bearer for a visitor", async (search, locale) => {
    const fetchMock = stubFetch(() => new Response("{}", { headers: { "content-type": "application/json" } }));
    page(search);
    await getCore().api.request("/servicesMACC/reseau/FRA/type/gen");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${location.origin}/api/servicesMACC/reseau/FRA/type/gen`);
    const headers = new Headers(init.headers);
    expect(headers.get("x-langue")).toBe(locale);
    expect(headers.get("authorization")).toBeNull();
  });
});

describe("API reactions wired to the page (SPEC §8)", () => {
  it("a failure is logged, and shows a 15 s error toast with the server's message", async () => {
    stubFetch(() => problem(500, { detail: "Le serveur est indisponible" }));
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    page("");
    const core = getCore();
    await expect(core.api.request("/x", { method: "POST" })).rejects.toBeTruthy();
    await vi.waitFor(() =>
      expect(core.toasts.getState().toasts).toEqual([expect.objectContaining({ kind: "error", message: "Le serveur est indisponible" })]),
    );
    expect(log).toHaveBeenCalledWith("[macc] API call failed:", 500, expect.objectContaining({ detail: "Le serveur est indisponible" }));
    log.mockRestore();
  });

  it.each<[string, string]>([
    ["en_GB", "An error has just occurred, please contact MACC"],
    ["fr_FR", "Une erreur vient de se produire, merci de contacter la MACC"],
    // The agri site names its own brand.
    ["en_GB&site=agrimacc", "An error has just occurred, please contact AGRIMACC"],
    ["fr_FR&site=agrimacc", "Une erreur vient de se produire, merci de contacter AGRIMACC"],
  ])("without a server message (lang %s) the generic text is shown", async (lang, text) => {
    stubFetch(() => problem(500));
    page(`?lang=${lang}`);
    const core = getCore();
    await expect(core.api.request("/x", { method: "POST" })).rejects.toBeTruthy();
    await vi.waitFor(() => expect(core.toasts.getState().toasts.map((t) => t.message)).toEqual([text]));
  });

  it("503 switches every element to maintenance, without a toast", async () => {
    stubFetch(() => problem(503));
    page("");
    const core = getCore();
    await expect(core.api.request("/x")).rejects.toBeTruthy();
    expect(core.store.getState().maintenance).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(core.toasts.getState().toasts).toEqual([]);
  });

  it.each([[401], [413], [429]])("%i disconnects the user", async (status) => {
    stubFetch((url) => (url.includes("/auth/refresh") ? problem(401) : problem(status)));
    page("", { cookie: "true", stored: loggedState });
    const core = getCore();
    signIn(loggedState.auth.user);
    expect(isLogged(core.store.getState())).toBe(true);
    await expect(core.api.request("/x", { method: "POST" })).rejects.toMatchObject({ status });
    expect(isLogged(core.store.getState())).toBe(false);
  });

  it.each([
    ["a CMS page with single elements: to the portal's login, coming back here after", false, true],
    ["a page with the portal: its guard does it", true, false],
  ])("a lapsed session (401) on %s", async (_label, withPortal, leaves) => {
    // Earlier tests' pages may still be finishing their own redirects: let them, first.
    await new Promise((r) => setTimeout(r, 50));
    stubFetch((url) => (url.includes("/auth/refresh") ? problem(401) : problem(401)));
    page("?ref=7", { cookie: "true", stored: loggedState });
    const assign = vi.spyOn(location, "assign").mockImplementation(() => undefined);
    const core = getCore();
    core.portalGuards = withPortal;
    signIn(loggedState.auth.user);
    await expect(core.api.request("/me/invoices")).rejects.toMatchObject({ status: 401 });
    // Let every request of this page settle before looking (and before the next test).
    await new Promise((r) => setTimeout(r, 50));
    if (leaves) {
      // The stored page locale is nl-BE: the Dutch login path.
      expect(assign.mock.calls).toEqual([["/mijn-account/inloggen"]]);
      expect(core.store.getState().app.redirection).toBe(`${location.pathname}?ref=7`);
    } else {
      expect(assign).not.toHaveBeenCalled();
    }
    assign.mockRestore();
  });
});

describe("effectiveTheme", () => {
  const config = (theme: string | undefined) => readPageConfig({ theme }, "https://www.macc.fr");
  it.each<[Theme | null, Theme, ThemeSource, string | undefined, Theme]>([
    ["AGRI", "MACC", "account", "macc", "AGRI"],
    ["MACC", "AGRI", "site", "agri", "MACC"],
    [null, "AGRI", "account", "macc", "AGRI"],
    [null, "AGRI", "site", "macc", "AGRI"],
    [null, "MACC", "default", "agri", "AGRI"],
    [null, "MACC", "default", undefined, "MACC"],
  ])("attribute %j, store %s (%s), page %j → %s", (attribute, theme, source, pageTheme, expected) => {
    const store = createMaccStore({ storage: null });
    // The account's theme comes from its network; the site's is the brand the visitor came from.
    if (source === "account") store.getState().connectUser(user([company({ codeReseau: theme === "AGRI" ? "AGR" : "FRA" })]));
    if (source === "site") store.getState().setSiteTheme(theme);
    expect(effectiveTheme(attribute, store, config(pageTheme))).toBe(expected);
  });
});

describe("generic error message catalogue", () => {
  it.each([["en-GB"], ["fr-FR"], ["fr-BE"], ["de-BE"], ["es-ES"], ["it-IT"], ["nl-NL"]] as const)("%s has it", async (locale) => {
    const i18n = await loadI18n(locale);
    const text = i18n._({ ...GENERIC_ERROR, values: { brand: "MACC" } });
    expect(text).toMatch(/MACC/);
    if (locale === "en-GB") expect(text).toBe("An error has just occurred, please contact MACC");
    expect(await loadI18n(locale)).toBe(i18n);
  });
});
