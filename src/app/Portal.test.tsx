import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import "../../elements/macc-portal";
import { getCore } from "../core/index";
import type { Entreprise } from "../core/types";
import {
  company,
  listen,
  mount,
  resetPage,
  sessionRoutes,
  stubApi,
  user,
  type Mounted,
  type RouteHandler,
  waitFor,
  signIn,
} from "../test/elements";

const FOOTER_BODY = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [],
};

/**
 * The portal always shows the footer: its call is part of every page. These tests are about
 * routing: the screens' own data requests (GET /api/me/…) are left pending.
 */
function api(extra: Record<string, RouteHandler> = {}) {
  return stubApi(
    { ...sessionRoutes(), "GET /api/servicesMACC/reseau/FRA/type/gen": { body: FOOTER_BODY }, ...extra },
    { unmatched: "pending" },
  );
}

function at(path: string) {
  history.replaceState(null, "", path);
}

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d.toISOString().slice(0, 10);
};

const logIn = (entreprise: Partial<Entreprise> = {}) => signIn(user([company(entreprise)]));

const title = (view: Mounted) => view.root.querySelector("main h1")?.textContent ?? null;

async function mountPortal(html = "<macc-portal></macc-portal>") {
  const view = await mount(html);
  await waitFor(() => expect(view.root.querySelector("main")).not.toBeNull());
  return view;
}

beforeEach(() => resetPage());

describe("<macc-portal> routes and guards (SPEC §2)", () => {
  it("anonymous on a protected route → login, and the requested path is kept for after login", async () => {
    api();
    at("/portail/mon-compte/factures");
    const view = await mountPortal();
    await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
    expect(getCore().store.getState().app.redirection).toBe("/mon-compte/factures");
    await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
    expect(view.root.querySelector('input[name="email"]')).not.toBeNull();
  });

  it.each<[string, string]>([
    ["/portail/mon-compte", "/mon-compte"],
    ["/portail/mon-compte/parc-produits/TRACT-01/sav", "/mon-compte/parc-produits/TRACT-01/sav"],
    ["/portail/contact/conseiller", "/contact/conseiller"],
  ])("anonymous on %s → login, redirection %s", async (path, redirection) => {
    api();
    at(path);
    await mountPortal();
    await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
    expect(getCore().store.getState().app.redirection).toBe(redirection);
  });

  it("while it is on the page, a session that lapses is left to its guards (the core does not leave the page)", async () => {
    api();
    at("/portail/mon-compte/connexion");
    const view = await mountPortal();
    await waitFor(() => expect(getCore().portalGuards).toBe(true));
    view.el.remove();
    await waitFor(() => expect(getCore().portalGuards).toBe(false));
  });

  it("the redirect replaces the history entry (Back does not loop)", async () => {
    api();
    at("/portail/mon-compte/factures");
    const length = history.length;
    await mountPortal();
    await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
    expect(history.length).toBe(length);
  });

  describe("freshness redirect", () => {
    it.each<[string, string | null, string, string]>([
      ["no last-update date", null, "/portail/mon-compte/factures", "/portail/mon-compte/confirmation-information"],
      ["no last-update date, dashboard", null, "/portail/mon-compte", "/portail/mon-compte/confirmation-information"],
      ["data older than 3 years", yearsAgo(4), "/portail/mon-compte/factures", "/portail/mon-compte/confirmation-information"],
      ["fresh data", yearsAgo(1), "/portail/mon-compte/factures", "/portail/mon-compte/factures"],
      ["no date, company choice is exempt", null, "/portail/mon-compte/choixEntreprise", "/portail/mon-compte/choixEntreprise"],
      ["no date, public page", null, "/portail/contact", "/portail/contact"],
    ])("%s: %s → %s", async (_label, derniereMiseAJour, from, to) => {
      api();
      logIn({ derniereMiseAJour });
      at(from);
      const view = await mountPortal();
      await waitFor(() => expect(location.pathname).toBe(to));
      // The screen's code arrives with its route; the address must not move meanwhile.
      await waitFor(() => expect(title(view)).not.toBeNull());
      expect(location.pathname).toBe(to);
      // Sent to the confirmation, the customer will be taken on to where they were going.
      const kept = to.endsWith("confirmation-information") ? from.replace("/portail", "") : null;
      expect(getCore().store.getState().app.redirection).toBe(kept);
    });

    it.each<[string, string | null, string]>([
      ["confirmed over 3 years ago", "2020-01-15", "Confirmez vos informations — MACC"],
      ["never confirmed: the migration welcome", null, "Bienvenue dans votre nouvel espace client — MACC"],
    ])("shows the confirmation page after the redirect, titled as its heading (%s)", async (_label, derniereMiseAJour, title) => {
      api();
      logIn({ derniereMiseAJour });
      at("/portail/mon-compte/factures");
      const view = await mountPortal();
      await waitFor(() => expect(document.title).toBe(title));
      expect(view.root.querySelector("main")!.getAttribute("aria-label")).toBe(title.replace(" — MACC", ""));
      expect(view.root.querySelector('input[name="email"]')).toBeNull();
    });
  });

  it.each<[string, string, string]>([
    ["/portail/mon-compte/connexion", "/portail/mon-compte", "Mon compte"],
    ["/portail/inscription", "/portail/mon-compte", "Mon compte"],
    // The basket's login leads back to the basket.
    ["/portail/panier/connexion", "/portail/panier/validation", "Votre panier"],
  ])("logged in on the restricted route %s → %s", async (path, to, heading) => {
    api();
    logIn();
    at(path);
    const view = await mountPortal();
    await waitFor(() => expect(location.pathname).toBe(to));
    await waitFor(() => expect(title(view)).toBe(heading));
  });

  it.each<[string]>([["/portail/"], ["/portail"]])("the root %s shows login", async (path) => {
    api();
    at(path);
    const view = await mountPortal();
    await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
    expect(document.title).toBe("Je me connecte à mon compte — MACC");
  });

  it.each([
    ["FRA", "Votre conseiller MACC — MACC"],
    ["AGR", "Votre conseiller AGRIMACC — AGRIMACC"], // an AGR company: the agri theme
  ])("the document title names the brand of the theme (%s customer on the adviser route)", async (codeReseau, documentTitle) => {
    api({ [`GET /api/servicesMACC/reseau/${codeReseau}/type/gen`]: { body: FOOTER_BODY } });
    logIn({ codeReseau });
    at("/portail/contact/conseiller");
    await mountPortal();
    await waitFor(() => expect(document.title).toBe(documentTitle));
  });

  it.each<[string]>([["/portail/"], ["/portail"]])(
    "the root %s is replaced by LOGIN's address, without a history entry (SPEC §2)",
    async (path) => {
      api();
      at(`${path}?lang=x#top`);
      const length = history.length;
      await mountPortal();
      await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
      expect(location.search + location.hash).toBe("?lang=x#top");
      expect(history.length).toBe(length);
    },
  );

  it("an address in another language becomes the route's address in the page's language", async () => {
    api();
    at("/portail/my-account/login");
    await mountPortal();
    await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
  });

  it("a change of language moves the address to the same route in the new language, sets <html lang> and leaves focus alone", async () => {
    api({ "GET /api/servicesMACC/reseau/GBR/type/gen": { body: FOOTER_BODY } });
    at("/portail/mon-compte/connexion");
    const view = await mountPortal();
    await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
    expect(document.documentElement.lang).toBe("fr-FR");
    const length = history.length;
    const select = view.root.querySelector<HTMLSelectElement>("#locale-select")!;
    select.focus();
    fireEvent.change(select, { target: { value: "en-GB" } });
    await waitFor(() => expect(title(view)).toBe("I log in to my account"));
    await waitFor(() => expect(location.pathname).toBe("/portail/my-account/login"));
    expect(history.length).toBe(length);
    expect(document.documentElement.lang).toBe("en-GB");
    expect(view.el.lang).toBe("en-GB");
    expect(view.root.activeElement).toBe(view.root.querySelector("#locale-select"));
  });

  it("the basket login route shows the basket prompt, and its region and tab are named as its heading", async () => {
    api();
    at("/portail/panier/connexion");
    const view = await mountPortal();
    await waitFor(() => expect(view.screen.getByText("Connectez-vous pour continuer", { selector: "p" })).toBeTruthy());
    const heading = view.root.querySelector("main h1")!.textContent;
    expect(heading).toBe("Je me connecte à mon compte");
    expect(view.root.querySelector("main")!.getAttribute("aria-label")).toBe(heading);
    expect(document.title).toBe(`${heading} — MACC`);
  });

  it("a screen's step names the tab and the main region as its heading: the password reset's new-password step", async () => {
    api({ "POST /api/auth/reset/check": { status: 204 } });
    at("/portail/mot-de-passe-oublie?token=abc");
    const view = await mountPortal();
    await waitFor(() => expect(title(view)).toBe("Choisissez un nouveau mot de passe"));
    await waitFor(() => expect(document.title).toBe("Choisissez un nouveau mot de passe — MACC"));
    expect(view.root.querySelector("main")!.getAttribute("aria-label")).toBe("Choisissez un nouveau mot de passe");
  });

  it("an unknown path → the not-found page", async () => {
    api();
    at("/portail/nulle-part/ici");
    const view = await mountPortal();
    await waitFor(() => expect(title(view)).toBe("Page introuvable"));
    expect(view.screen.getByText("L'adresse est peut-être mal saisie, ou la page a peut-être été déplacée.")).toBeTruthy();
    expect(view.screen.getByRole("link", { name: "Accéder à mon compte" }).getAttribute("href")).toBe("/portail/mon-compte");
    expect(location.pathname).toBe("/portail/nulle-part/ici");
    expect(document.title).toBe("Page introuvable — MACC");
    // Header and footer stay.
    expect(view.root.querySelector("header")).not.toBeNull();
    expect(view.root.querySelector("footer")).not.toBeNull();
  });

  it("a path of another language still resolves", async () => {
    api();
    at("/portail/my-account/login");
    const view = await mountPortal();
    await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
  });

  it("the base attribute overrides the page's portal base", async () => {
    api();
    at("/extranet/mon-compte/factures");
    await mountPortal('<macc-portal base="/extranet/"></macc-portal>');
    await waitFor(() => expect(location.pathname).toBe("/extranet/mon-compte/connexion"));
  });

  describe("in-place navigation", () => {
    it("a click on a header link navigates with pushState, without a page load", async () => {
      api();
      at("/portail/mon-compte/connexion");
      const pushState = vi.spyOn(history, "pushState");
      onTestFinished(() => pushState.mockRestore());
      const navigations = listen<{ route: string; path: string }>("macc-navigate");
      const view = await mountPortal();
      await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
      const length = history.length;

      const contact = view.root.querySelector<HTMLAnchorElement>('header a[href="/portail/contact"]')!;
      expect(contact.textContent).toBe("Contact");
      const notCancelled = fireEvent.click(contact);

      expect(notCancelled).toBe(false); // the browser's own navigation is cancelled
      expect(pushState).toHaveBeenCalledTimes(1);
      expect(pushState.mock.calls[0]![2]).toBe("/portail/contact");
      expect(location.pathname).toBe("/portail/contact");
      expect(history.length).toBe(length + 1);
      await waitFor(() => expect(title(view)).toBe("Contactez-nous"));
      expect(document.title).toBe("Contactez-nous — MACC");
      expect(navigations.map((e) => e.detail)).toEqual([{ route: "INTERLOCUTEURS", params: {}, path: "/portail/contact" }]);
      // Same element, same shadow root: nothing was reloaded.
      expect(view.el.isConnected).toBe(true);
      expect(view.el.shadowRoot).toBe(view.root);
      // Focus moves to the new page's heading, not the whole region.
      await waitFor(() => expect(view.root.activeElement).toBe(view.root.querySelector("main h1")));
    });

    it("a host page can cancel the navigation (preventDefault on macc-navigate)", async () => {
      api();
      at("/portail/mon-compte/connexion");
      listen("macc-navigate", document, (e) => e.preventDefault());
      const view = await mountPortal();
      await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
      fireEvent.click(view.root.querySelector('header a[href="/portail/contact"]')!);
      await new Promise((r) => setTimeout(r, 20));
      expect(location.pathname).toBe("/portail/mon-compte/connexion");
      expect(title(view)).toBe("Je me connecte à mon compte");
    });

    it("a modified click (ctrl/meta) is left to the browser", async () => {
      api();
      at("/portail/mon-compte/connexion");
      const view = await mountPortal();
      await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
      const contact = view.root.querySelector('header a[href="/portail/contact"]')!;
      contact.addEventListener("click", (e) => e.preventDefault()); // keep happy-dom from following it
      fireEvent.click(contact, { ctrlKey: true });
      await new Promise((r) => setTimeout(r, 20));
      expect(location.pathname).toBe("/portail/mon-compte/connexion");
    });

    it("Back (popstate) shows the previous route", async () => {
      api();
      at("/portail/mon-compte/connexion");
      const view = await mountPortal();
      await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
      fireEvent.click(view.root.querySelector('header a[href="/portail/contact"]')!);
      await waitFor(() => expect(title(view)).toBe("Contactez-nous"));
      history.replaceState(null, "", "/portail/mon-compte/connexion");
      window.dispatchEvent(new PopStateEvent("popstate"));
      await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
    });

    it("logging out on a protected page lands on login", async () => {
      api({ "POST /api/auth/logout": { status: 204 } });
      logIn();
      at("/portail/mon-compte");
      const view = await mountPortal();
      await waitFor(() => expect(title(view)).toBe("Mon compte"));
      fireEvent.click(view.screen.getByRole("button", { name: "Se déconnecter" }));
      await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
      await waitFor(() => expect(title(view)).toBe("Je me connecte à mon compte"));
    });

    it("a successful login on the portal goes to the stored redirection in place", async () => {
      api({
        "POST /api/auth/login": {
          body: { accessToken: "a", expiresIn: 900, user: user([company({ derniereMiseAJour: yearsAgo(1) })]) },
        },
      });
      at("/portail/mon-compte/factures");
      const view = await mountPortal();
      await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/connexion"));
      await waitFor(() => expect(view.root.querySelector('input[name="email"]')).not.toBeNull());
      fireEvent.change(view.screen.getByLabelText("Adresse e-mail"), { target: { value: "jean@ferme.test" } });
      fireEvent.change(view.screen.getByLabelText("Mot de passe"), { target: { value: "Secret123" } });
      fireEvent.click(view.screen.getByRole("button", { name: "Se connecter" }));
      await waitFor(() => expect(location.pathname).toBe("/portail/mon-compte/factures"));
      await waitFor(() => expect(title(view)).toBe("Mes factures"));
      expect(getCore().store.getState().app.redirection).toBeNull();
    });
  });
});
