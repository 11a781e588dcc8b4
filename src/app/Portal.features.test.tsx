import { beforeEach, describe, expect, it } from "vitest";
import "../../elements/macc-portal";
import { company, mount, problem, resetPage, sessionRoutes, signIn, stubApi, user, waitFor, type RouteHandler } from "../test/elements";

/** The portal's router and the server's feature flags: COORDONNEE_BANCAIRE exists only with its flag on, in fr-FR. */
const FEATURES = "GET /api/features";
const ON: RouteHandler = { body: { features: ["coordonnee-bancaire"] } };
const OFF: RouteHandler = { body: { features: [] } };

function api(features: RouteHandler) {
  // The screens' own data (GET /api/me/…) and the footer are left pending: this is about routing.
  return stubApi({ ...sessionRoutes(), [FEATURES]: features }, { unmatched: "pending" });
}

async function titleAt(path: string, html = "<macc-portal></macc-portal>") {
  history.replaceState(null, "", path);
  const view = await mount(html);
  return () => view.root.querySelector("main h1")?.textContent ?? null;
}

beforeEach(() => resetPage());

describe("<macc-portal>: the bank-details route and its flag", () => {
  it.each<[string, string, string, RouteHandler, string, number]>([
    ["flag on, fr-FR", "/portail/mon-compte/coordonnee-bancaire", "fr-FR", ON, "Coordonnées bancaires", 1],
    ["flag off, fr-FR", "/portail/mon-compte/coordonnee-bancaire", "fr-FR", OFF, "Page introuvable", 1],
    ["flags unreadable, fr-FR", "/portail/mon-compte/coordonnee-bancaire", "fr-FR", problem(500), "Page introuvable", 1],
    ["flag on, en-GB", "/portail/my-account/bank-details", "en-GB", ON, "Page not found", 0],
  ])("%s: %s (%s) → %s", async (_label, path, locale, features, expected, reads) => {
    const calls = api(features);
    signIn(user([company()]));
    const title = await titleAt(path, `<macc-portal locale="${locale}"></macc-portal>`);
    await waitFor(() => expect(title()).toBe(expected));
    // Not redirected: the address stays, the flags read once at most.
    expect(location.pathname).toBe(path);
    expect(calls.callsTo(FEATURES)).toHaveLength(reads);
  });

  it("the router does not ask for the flags on other routes", async () => {
    const calls = api(ON);
    signIn(user([company()]));
    const title = await titleAt("/portail/mon-compte/factures");
    await waitFor(() => expect(title()).toBe("Mes factures"));
    expect(calls.callsTo(FEATURES)).toHaveLength(0);
  });

  it("flag on, anonymous: to login, like every protected route", async () => {
    api(ON);
    const title = await titleAt("/portail/mon-compte/coordonnee-bancaire");
    await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
    await waitFor(() => expect(title()).toBe("Je me connecte à mon compte"));
  });
});
