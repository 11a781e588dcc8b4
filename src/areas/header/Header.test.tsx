import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-header";
import "../../../elements/macc-login";
import { readCookie } from "../../core/cookies";
import { getCore } from "../../core/index";
import type { Entreprise } from "../../core/types";
import {
  company,
  deferred,
  listen,
  mount,
  problem,
  renderedRoot,
  resetPage,
  sessionRoutes,
  stubApi,
  user,
  type Screen,
  waitFor,
  signIn,
} from "../../test/elements";
import { isLogged } from "../../core/store";

beforeEach(() => resetPage());

const logIn = (...companies: Entreprise[]) => signIn(user(companies.length ? companies : [company()]));

const accountButton = (screen: Screen) => screen.getByRole("button", { name: /Mon compte/ });

describe("<macc-header>", () => {
  describe("anonymous visitor", () => {
    it("my-account links to the login page; no company block, no logout", async () => {
      const { root, screen } = await mount("<macc-header></macc-header>");
      const link = screen.getByRole("link", { name: "Mon compte" });
      expect(link.getAttribute("href")).toBe("/portail/mon-compte/connexion");
      expect(screen.queryByRole("button", { name: /Mon compte/ })).toBeNull();
      expect(root.querySelector('[part="company"]')).toBeNull();
      expect(screen.queryByRole("button", { name: "Se déconnecter" })).toBeNull();
      expect(screen.queryByText(/Entreprise :/)).toBeNull();
    });

    it("shows the main menu of SPEC §1 in French", async () => {
      const { screen } = await mount("<macc-header></macc-header>");
      const menu = screen.getByRole("navigation", { name: "Menu principal" });
      const names = [...menu.querySelectorAll("a")].map((a) => a.textContent);
      expect(names).toEqual([
        "Produits",
        "Qui sommes-nous ?",
        "Innovons ensemble",
        "Nous rejoindre",
        "Mon compte",
        "Contact",
        "Actualités",
        "FAQ",
      ]);
      expect(screen.getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("/portail/contact");
      expect(screen.getByRole("searchbox", { name: "Rechercher sur le site" })).toBeTruthy();
      expect(screen.getByRole("search").getAttribute("action")).toBe("/recherche");
    });

    it.each<[string, Record<string, string>, string, string, string]>([
      ["a site at its origin's root", { locale: "it-IT", portalBase: "/portale" }, "/", "/prodotti", "/cerca"],
      [
        "a country site under a path (data-site-base)",
        { locale: "it-IT", portalBase: "/it/portale", siteBase: "/it/" },
        "/it/",
        "/it/prodotti",
        "/it/cerca",
      ],
    ])("the site's own pages, %s: home, menu and search", async (_label, page, home, products, search) => {
      resetPage(page);
      const { screen } = await mount("<macc-header></macc-header>");
      expect(screen.getByRole("link", { name: "MACC — pagina iniziale" }).getAttribute("href")).toBe(home);
      expect(screen.getByRole("link", { name: "Prodotti" }).getAttribute("href")).toBe(products);
      expect(screen.getByRole("search").getAttribute("action")).toBe(search);
      // The portal's own links keep the portal's base.
      expect(screen.getByRole("link", { name: "Contatti" }).getAttribute("href")).toBe(`${page.portalBase}/contatti`);
    });

    it("the brand follows the theme", async () => {
      const macc = await mount("<macc-header></macc-header>");
      expect(macc.screen.getByRole("link", { name: /page d'accueil/ }).textContent).toMatch(/^MACC/);
      const agri = await mount('<macc-header theme="agri"></macc-header>');
      expect(agri.screen.getByRole("link", { name: /page d'accueil/ }).textContent).toMatch(/^AGRIMACC/);
    });
  });

  describe("logged-in customer", () => {
    it("shows the company's legal form, name and registration number, and a logout button", async () => {
      logIn(company({ formeJuridique: "EARL", raisonSocial: "Les Prés Verts", immatriculation: "81234567800019" }));
      const { root, screen } = await mount("<macc-header></macc-header>");
      const block = root.querySelector('[part="company"]')!;
      expect(block).not.toBeNull();
      expect(block.querySelector(".company__name")!.textContent).toBe("EARL Les Prés Verts");
      expect(block.querySelector(".company__number")!.textContent).toBe("81234567800019");
      expect(block.textContent).toContain("Entreprise :");
      expect(screen.getByRole("button", { name: "Se déconnecter" })).toBeTruthy();
      // My account is now a disclosure button, not the login link.
      expect(screen.queryByRole("link", { name: "Mon compte" })).toBeNull();
      expect(accountButton(screen).getAttribute("aria-expanded")).toBe("false");
    });

    it.each<[string, string, string, string]>([
      ["GB", "Ltd", "Greenfield Farm Supplies", "Greenfield Farm Supplies Ltd"],
      ["NL", "B.V.", "Boerderij De Vries", "Boerderij De Vries B.V."],
      ["FR", "GAEC", "du Bocage Vendéen", "GAEC du Bocage Vendéen"],
      ["FR", "GAEC", "GAEC du Bocage Vendéen", "GAEC du Bocage Vendéen"],
    ])("a %s company with %j %j shows %j", async (pays, formeJuridique, raisonSocial, expected) => {
      logIn(company({ pays, formeJuridique, raisonSocial }));
      const { root } = await mount("<macc-header></macc-header>");
      expect(root.querySelector(".company__name")!.textContent).toBe(expected);
    });

    it("the block follows a company change", async () => {
      logIn(company({ idTier: "A", raisonSocial: "Alpha" }), company({ idTier: "B", raisonSocial: "Beta", immatriculation: "BE0999" }));
      const { root } = await mount("<macc-header></macc-header>");
      expect(root.querySelector(".company__name")!.textContent).toContain("Alpha");
      getCore().store.getState().chooseCompany("B");
      await waitFor(() => expect(root.querySelector(".company__name")!.textContent).toContain("Beta"));
      expect(root.querySelector(".company__number")!.textContent).toBe("BE0999");
    });

    it("the my-account submenu is a native button (Enter/Space activate it) that opens on click and closes on Escape", async () => {
      logIn();
      const { screen } = await mount("<macc-header></macc-header>");
      const button = accountButton(screen);
      expect(button.tagName).toBe("BUTTON");
      expect(button.getAttribute("type")).toBe("button");
      expect(screen.queryByRole("link", { name: "Mon parc produits" })).toBeNull();

      fireEvent.click(button);
      await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("true"));
      const submenu = (button.getRootNode() as ShadowRoot).getElementById(button.getAttribute("aria-controls")!);
      expect(submenu?.tagName).toBe("UL");
      expect(screen.getByRole("link", { name: "Tableau de bord" }).getAttribute("href")).toBe("/portail/mon-compte");
      expect(screen.getByRole("link", { name: "Mon parc produits" }).getAttribute("href")).toBe("/portail/mon-compte/parc-produits");
      expect(screen.getByRole("link", { name: "Mes informations" }).getAttribute("href")).toBe("/portail/mon-compte/mes-informations");
      // The dashboard's tiles, in their order, then the notification centre and the account's security.
      const links = [...submenu!.querySelectorAll("a")];
      expect(links.at(-2)!.getAttribute("href")).toBe("/portail/mon-compte/notifications");
      expect(links.slice(0, -2).map((a) => a.textContent)).toEqual([
        "Tableau de bord",
        "Mes factures",
        "Mes informations",
        "Mon parc produits",
        "Mon équipe",
      ]);
      expect(links.at(-1)!.getAttribute("href")).toBe("/portail/mon-compte/securite");

      fireEvent.keyDown(button, { key: "Escape" });
      await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("false"));
      expect(screen.queryByRole("link", { name: "Mon parc produits" })).toBeNull();
      expect((button.getRootNode() as ShadowRoot).activeElement).toBe(button);
    });

    it("focus leaving it closes it (tabbing past its last link); focus moving inside keeps it open", async () => {
      logIn();
      const { screen } = await mount("<macc-header></macc-header>");
      const button = accountButton(screen);
      button.focus();
      fireEvent.click(button);
      const last = await screen.findByRole("link", { name: "Mon parc produits" });
      last.focus();
      expect(button.getAttribute("aria-expanded")).toBe("true");
      const next = screen.getByRole("link", { name: "Contact" });
      next.focus();
      await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("false"));
      expect(screen.queryByRole("link", { name: "Mon parc produits" })).toBeNull();
    });

    it("Escape pressed anywhere on the page closes it; other keys do not", async () => {
      logIn();
      const { screen } = await mount("<macc-header></macc-header>");
      fireEvent.click(accountButton(screen));
      await screen.findByRole("link", { name: "Mon parc produits" });
      fireEvent.keyDown(document.body, { key: "Tab" });
      await new Promise((r) => setTimeout(r, 10));
      expect(screen.getByRole("link", { name: "Mon parc produits" })).toBeTruthy();
      fireEvent.keyDown(document.body, { key: "Escape" });
      await waitFor(() => expect(screen.queryByRole("link", { name: "Mon parc produits" })).toBeNull());
    });

    it("a second click, or a pointer down outside, closes it; a pointer down inside does not", async () => {
      logIn();
      const { screen } = await mount("<macc-header></macc-header>");
      const button = accountButton(screen);
      fireEvent.click(button);
      await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("true"));
      fireEvent.click(button);
      await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("false"));

      fireEvent.click(button);
      const inside = await screen.findByRole("link", { name: "Mes informations" });
      fireEvent.pointerDown(inside);
      await new Promise((r) => setTimeout(r, 10));
      expect(button.getAttribute("aria-expanded")).toBe("true");
      fireEvent.pointerDown(document.body);
      await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("false"));
    });

    describe("the invoices entry (SPEC §1: FRA, AGR, FIL, EXP, or the agri theme)", () => {
      it.each<[string, string, boolean]>([
        ["FRA", "", true],
        ["AGR", "", true],
        ["FIL", "", true],
        ["EXP", "", true],
        ["BLG", "", false],
        ["GBR", "", false],
        ["ESP", "", false],
        ["ITA", "", false],
        ["BLG", 'theme="agri"', true],
        ["GBR", 'theme="agri"', true],
        ["ITA", 'theme="macc"', false],
      ])("network %s %s → %s", async (codeReseau, themeAttr, shown) => {
        logIn(company({ codeReseau }));
        const { screen } = await mount(`<macc-header ${themeAttr}></macc-header>`);
        fireEvent.click(accountButton(screen));
        await screen.findByRole("link", { name: "Mon parc produits" });
        expect(screen.getByRole("link", { name: "Mes informations" })).toBeTruthy();
        const invoices = screen.queryByRole("link", { name: "Mes factures" });
        expect(Boolean(invoices)).toBe(shown);
        if (invoices) expect(invoices.getAttribute("href")).toBe("/portail/mon-compte/factures");
      });

      it("follows the selected company", async () => {
        logIn(company({ idTier: "A", codeReseau: "FRA" }), company({ idTier: "B", codeReseau: "BLG" }));
        const { screen } = await mount("<macc-header></macc-header>");
        fireEvent.click(accountButton(screen));
        await screen.findByRole("link", { name: "Mes factures" });
        getCore().store.getState().chooseCompany("B");
        await waitFor(() => expect(screen.queryByRole("link", { name: "Mes factures" })).toBeNull());
      });
    });

    it.each<[number, boolean]>([
      [1, false],
      [2, true],
      [3, true],
    ])("%i companies → change-company link shown: %s", async (count, shown) => {
      logIn(...Array.from({ length: count }, (_, i) => company({ idTier: `T${i}` })));
      const { screen } = await mount("<macc-header></macc-header>");
      const link = screen.queryByRole("link", { name: "Changer d'entreprise" });
      expect(Boolean(link)).toBe(shown);
      if (link) expect(link.getAttribute("href")).toBe("/portail/mon-compte/choixEntreprise");
    });
  });

  describe("join-us entry (hidden for the UK site)", () => {
    it.each<[string, string, string | null, boolean]>([
      ["fr-FR visitor", "fr-FR", null, true],
      ["nl-BE visitor", "nl-BE", null, true],
      ["es-ES visitor", "es-ES", null, true],
      ["en-GB visitor", "en-GB", null, false],
      ["en-GB, FRA customer", "en-GB", "FRA", false],
      ["fr-FR, GBR customer", "fr-FR", "GBR", false],
      ["fr-FR, FRA customer", "fr-FR", "FRA", true],
    ])("%s → %s", async (_label, locale, codeReseau, shown) => {
      if (codeReseau) logIn(company({ codeReseau }));
      const { root } = await mount(`<macc-header locale="${locale}"></macc-header>`);
      const joinUs = root.querySelector('a[href="/nous-rejoindre"], a[href="/join-us"], a[href="/kom-bij-ons"], a[href="/unete"]');
      expect(Boolean(joinUs)).toBe(shown);
      const menuLinks = root.querySelectorAll("nav.main > .container > ul > li");
      expect(menuLinks).toHaveLength(shown ? 8 : 7);
    });
  });

  describe("basket count", () => {
    // Each language's plural rule: French says "0 article", English "0 items".
    it.each<[string, string[], string, string]>([
      ["fr-FR", [], "0", "Panier, 0 article"],
      ["fr-FR", ["P1"], "1", "Panier, 1 article"],
      ["fr-FR", ["P1", "P2", "P3"], "3", "Panier, 3 articles"],
      ["fr-FR", ["P1", "P1", "P2"], "2", "Panier, 2 articles"],
      ["en-GB", [], "0", "Basket, 0 items"],
      ["en-GB", ["P1"], "1", "Basket, 1 item"],
      ["de-LU", ["P1", "P2"], "2", "Warenkorb, 2 Artikel"],
      ["nl-BE", ["P1"], "1", "Winkelmandje, 1 artikel"],
    ])("%s: updatePanier(%j) → %s", async (locale, ids, count, spoken) => {
      const { root, screen } = await mount(`<macc-header locale="${locale}"></macc-header>`);
      getCore().store.getState().updatePanier(ids);
      const basket = root.querySelector('[part="basket"]')!;
      await waitFor(() => expect(basket.querySelector(".basket__count")!.textContent).toBe(count));
      expect(screen.getByRole("link", { name: spoken })).toBe(basket);
    });

    it("leads to PANIER", async () => {
      const { root } = await mount("<macc-header></macc-header>");
      expect(root.querySelector('[part="basket"]')!.getAttribute("href")).toBe("/portail/panier/validation");
    });

    it("follows later basket changes and a cleared basket", async () => {
      getCore().store.getState().updatePanier(["A", "B"]);
      const { root } = await mount("<macc-header></macc-header>");
      const count = () => root.querySelector(".basket__count")!.textContent;
      expect(count()).toBe("2");
      getCore().store.getState().updatePanier(["A", "B", "C", "D"]);
      await waitFor(() => expect(count()).toBe("4"));
      getCore().store.getState().clearPanier();
      await waitFor(() => expect(count()).toBe("0"));
    });
  });

  describe("locale selector", () => {
    it("offers the 10 locales, the current one selected", async () => {
      const { screen } = await mount("<macc-header></macc-header>");
      const select = screen.getByRole("combobox", { name: "Pays et langue" }) as HTMLSelectElement;
      expect(select.value).toBe("fr-FR");
      expect([...select.options].map((o) => o.value)).toEqual([
        "fr-FR",
        "fr-BE",
        "fr-LU",
        "de-BE",
        "de-LU",
        "en-GB",
        "es-ES",
        "it-IT",
        "nl-BE",
        "nl-NL",
      ]);
    });

    it("changing it sets the store's locale and re-renders every element of the page in that language", async () => {
      stubApi({}); // the login form's bot-check challenge
      const header = await mount("<macc-header></macc-header>");
      const login = await mount("<macc-login></macc-login>");
      const select = header.screen.getByRole("combobox", { name: "Pays et langue" }) as HTMLSelectElement;
      fireEvent.change(select, { target: { value: "en-GB" } });
      expect(getCore().store.getState().app.locale).toBe("en-GB");

      await waitFor(() => expect(renderedRoot(header.el)?.lang).toBe("en-GB"));
      expect(await header.screen.findByRole("link", { name: "My account" })).toBeTruthy();
      expect(header.screen.getByRole("link", { name: "My account" }).getAttribute("href")).toBe("/portail/my-account/login");
      expect(header.screen.getByRole("link", { name: "Products" }).getAttribute("href")).toBe("/products");
      expect(header.screen.queryByText("Produits")).toBeNull();
      // en-GB is the UK site: no join-us entry.
      expect(header.screen.queryByRole("link", { name: "Join us" })).toBeNull();
      expect((header.screen.getByRole("combobox", { name: "Country and language" }) as HTMLSelectElement).value).toBe("en-GB");

      expect(await login.screen.findByRole("heading", { name: "I log in to my account", level: 1 })).toBeTruthy();

      // The selector may be a new node after the switch: query it again.
      fireEvent.change(header.screen.getByRole("combobox", { name: "Country and language" }), { target: { value: "nl-BE" } });
      await waitFor(() => expect(renderedRoot(header.el)?.lang).toBe("nl-BE"));
      expect(getCore().store.getState().app.locale).toBe("nl-BE");
    });

    it("arrow keys browse the options without switching the language; Enter commits it and focus stays (WCAG 3.2.2)", async () => {
      const { screen } = await mount("<macc-header></macc-header>");
      const select = screen.getByRole("combobox", { name: "Pays et langue" }) as HTMLSelectElement;
      select.focus();
      fireEvent.keyDown(select, { key: "ArrowDown" });
      fireEvent.change(select, { target: { value: "fr-BE" } });
      fireEvent.keyDown(select, { key: "ArrowDown" });
      fireEvent.change(select, { target: { value: "fr-LU" } });
      await new Promise((r) => setTimeout(r, 20));
      expect(getCore().store.getState().app).toMatchObject({ locale: "fr-FR", localeChoice: null });
      expect(select.value).toBe("fr-LU");

      fireEvent.keyDown(select, { key: "Enter" });
      expect(getCore().store.getState().app).toMatchObject({ locale: "fr-LU", localeChoice: "fr-LU" });
      expect((select.getRootNode() as ShadowRoot).activeElement).toBe(select);
    });

    it("leaving the list commits what the arrow keys chose", async () => {
      const { screen } = await mount("<macc-header></macc-header>");
      const select = screen.getByRole("combobox", { name: "Pays et langue" }) as HTMLSelectElement;
      fireEvent.keyDown(select, { key: "ArrowUp" });
      fireEvent.change(select, { target: { value: "nl-BE" } });
      expect(getCore().store.getState().app.locale).toBe("fr-FR");
      fireEvent.focusOut(select);
      expect(getCore().store.getState().app).toMatchObject({ locale: "nl-BE", localeChoice: "nl-BE" });
    });

    it("an element with its own locale attribute keeps it", async () => {
      const { el } = await mount('<macc-header locale="it-IT"></macc-header>');
      getCore().store.getState().setLocale("de-BE");
      await new Promise((r) => setTimeout(r, 20));
      expect(renderedRoot(el)?.lang).toBe("it-IT");
    });
  });

  describe("skip link", () => {
    it("is the header's first focusable element and moves focus to the page's main content", async () => {
      document.body.insertAdjacentHTML("beforeend", "<main><h1>Page</h1></main>");
      const { root, screen } = await mount("<macc-header></macc-header>");
      const skip = screen.getByRole("link", { name: "Aller au contenu" });
      expect(root.querySelector("header a, header button, header select, header input")).toBe(skip);
      fireEvent.click(skip);
      expect(document.activeElement).toBe(document.querySelector("main"));
    });
  });

  describe("logout", () => {
    it("confirms it with a status toast", async () => {
      stubApi({ ...sessionRoutes(), "POST /api/auth/logout": { status: 204 } });
      logIn();
      const { screen } = await mount("<macc-header></macc-header>");
      fireEvent.click(screen.getByRole("button", { name: "Se déconnecter" }));
      await waitFor(() =>
        expect(getCore().toasts.getState().toasts).toEqual([
          expect.objectContaining({ kind: "success", message: "Vous êtes déconnecté." }),
        ]),
      );
    });

    it("calls POST /api/auth/logout, disconnects, and emits a bubbling, composed macc-logout", async () => {
      const api = stubApi({ ...sessionRoutes(), "POST /api/auth/logout": { status: 204 } });
      logIn();
      const events = listen<{ reason: string }>("macc-logout");
      const { root, screen } = await mount("<macc-header></macc-header>");

      fireEvent.click(screen.getByRole("button", { name: "Se déconnecter" }));
      await waitFor(() => expect(events).toHaveLength(1));

      expect(api.callsTo("POST /api/auth/logout")).toHaveLength(1);
      expect(api.callsTo("POST /api/auth/logout")[0]!.headers.authorization).toBe("Bearer company-token-1");
      expect(getCore().store.getState().auth).toEqual({ user: null, companyId: null });
      expect(readCookie("isLogged")).toBe("false");

      const [event] = events;
      expect(event!.bubbles).toBe(true);
      expect(event!.composed).toBe(true);
      expect(event!.target).toBe(document); // a state event: the core emits it, whatever ended the session
      expect(event!.detail).toEqual({ reason: "user" });

      await waitFor(() => expect(root.querySelector('[part="company"]')).toBeNull());
      expect(screen.getByRole("link", { name: "Mon compte" })).toBeTruthy();
    });

    it("the button is busy while the call is pending and a second click sends nothing more", async () => {
      const answer = deferred();
      const api = stubApi({ ...sessionRoutes(), "POST /api/auth/logout": answer.handler });
      logIn();
      const events = listen("macc-logout");
      const { screen } = await mount("<macc-header></macc-header>");
      const button = screen.getByRole("button", { name: "Se déconnecter" });
      fireEvent.click(button);
      await answer.started;
      await waitFor(() => expect(button.getAttribute("aria-disabled")).toBe("true"));
      fireEvent.click(button);
      await new Promise((r) => setTimeout(r, 10));
      expect(api.callsTo("POST /api/auth/logout")).toHaveLength(1);
      expect(isLogged(getCore().store.getState())).toBe(true);
      answer.resolve({ status: 204 });
      await waitFor(() => expect(events).toHaveLength(1));
      expect(isLogged(getCore().store.getState())).toBe(false);
    });

    it("a server failure still leaves the page logged out (no unhandled rejection)", async () => {
      stubApi({ ...sessionRoutes(), "POST /api/auth/logout": problem(500) });
      logIn();
      const events = listen("macc-logout");
      const { screen } = await mount("<macc-header></macc-header>");
      fireEvent.click(screen.getByRole("button", { name: "Se déconnecter" }));
      await waitFor(() => expect(events).toHaveLength(1));
      expect(isLogged(getCore().store.getState())).toBe(false);
    });
  });
});
