import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-portal";
import { getCore } from "../../core/index";
import { company, currentTheme, mount, resetPage, sessionRoutes, signIn, stubApi, user, waitFor, type Mounted } from "../../test/elements";

const FOOTER = { adresseTitre: "AGRIMACC", adresseLigne1: "1 chemin des Blés", codePostal: "51100", ville: "Reims", listSousServices: [] };

/** The landing's own data is static: only the footer (of the theme's network) and the session ask the API. */
function api() {
  return stubApi(
    {
      ...sessionRoutes(),
      "GET /api/servicesMACC/reseau/AGR/type/gen": { body: FOOTER },
      "GET /api/servicesMACC/reseau/FRA/type/gen": { body: { ...FOOTER, adresseTitre: "MACC France" } },
      "GET /api/servicesMACC/reseau/BLG/type/gen": { body: { ...FOOTER, adresseTitre: "MACC Benelux" } },
    },
    { unmatched: "pending" },
  );
}

async function landing(path = "/portail/agrimacc"): Promise<Mounted> {
  history.replaceState(null, "", path);
  const view = await mount("<macc-portal></macc-portal>");
  await waitFor(() => expect(view.root.querySelector(".agrimacc")).not.toBeNull());
  return view;
}

const links = (view: Mounted) =>
  [...view.root.querySelectorAll<HTMLAnchorElement>("main a")].map((a) => [a.textContent, a.getAttribute("href"), a.className]);

beforeEach(() => resetPage());

describe("AGRIMACC, the agri brand's landing", () => {
  it("a visitor sees it in the AGRI theme, which stays for the pages they go on to (SPEC §4 site theme)", async () => {
    api();
    const view = await landing();
    const root = view.root.querySelector(".macc-root")!;
    expect(root.getAttribute("data-theme")).toBe("agri");
    expect(currentTheme()).toBe("AGRI");
    expect(getCore().store.getState().app.siteTheme).toBe("AGRI");
    // The header's brand, the title's leaf and the page's title name the agri brand.
    expect(view.root.querySelector("header .brand")!.textContent).toMatch(/^AGRIMACC/);
    expect(view.root.querySelector("main h1 svg")!.getAttribute("data-icon")).toBe("sprout");
    expect(view.screen.getByRole("heading", { level: 1, name: "Votre partenaire aux champs" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Votre partenaire aux champs — AGRIMACC"));
    expect(view.screen.getByRole("heading", { level: 2, name: "Ce qu'AGRIMACC apporte à votre exploitation" })).toBeTruthy();
    expect(view.root.querySelectorAll(".agrimacc__offers h3")).toHaveLength(4);
    // The footer is the agri network's (AGR).
    await waitFor(() => expect(view.root.querySelector("footer")!.textContent).toContain("1 chemin des Blés"));
  });

  it("links to log in, register and contact, navigating inside the portal", async () => {
    api();
    const view = await landing();
    expect(links(view)).toEqual([
      ["Me connecter à mon compte", "/portail/mon-compte/connexion", "btn"],
      ["Créer mon compte", "/portail/inscription", "btn btn--secondary"],
      ["Contactez-nous", "/portail/contact", ""],
    ]);
    fireEvent.click(view.screen.getByRole("link", { name: "Créer mon compte" }));
    await waitFor(() => expect(location.pathname).toBe("/portail/inscription"));
    // Still the agri brand on the next page.
    expect(view.root.querySelector(".macc-root")!.getAttribute("data-theme")).toBe("agri");
  });

  it("a page whose own theme is MACC still shows the landing in AGRI, and the site theme set back to MACC (what `?site=macc` does) switches it back", async () => {
    resetPage({ locale: "fr-FR", portalBase: "/portail", theme: "macc" });
    api();
    const view = await landing();
    expect(view.root.querySelector(".macc-root")!.getAttribute("data-theme")).toBe("agri");
    getCore().store.getState().setSiteTheme("MACC");
    await waitFor(() => expect(view.root.querySelector(".macc-root")!.getAttribute("data-theme")).toBe("macc"));
  });

  it("in the visitor's language: Dutch texts and addresses", async () => {
    resetPage({ locale: "nl-BE", portalBase: "/portail" });
    api();
    const view = await landing();
    expect(view.screen.getByRole("heading", { level: 1, name: "Uw partner op het veld" })).toBeTruthy();
    expect(links(view).map(([text, href]) => [text, href])).toEqual([
      ["Inloggen op mijn account", "/portail/mijn-account/inloggen"],
      ["Mijn account aanmaken", "/portail/registratie"],
      ["Neem contact met ons op", "/portail/contact"],
    ]);
  });

  it("a logged-in customer is offered their account instead, and keeps their company's theme (account wins)", async () => {
    api();
    signIn(user([company({ codeReseau: "FRA" })]));
    const view = await landing();
    expect(links(view).map(([text, href]) => [text, href])).toEqual([
      ["Accéder à mon compte", "/portail/mon-compte"],
      ["Contactez-nous", "/portail/contact"],
    ]);
    expect(currentTheme()).toBe("MACC");
    expect(getCore().store.getState().app.siteTheme).toBeNull();
  });
});
