import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import "../../../elements/macc-company-choice";
import { getCore } from "../../core/index";
import {
  company,
  listen,
  mount,
  resetPage,
  stubApi,
  user,
  type Mounted,
  waitFor,
  currentToken,
  currentTheme,
  signIn,
} from "../../test/elements";
import { selectAccountTheme, selectCompany, selectNetwork } from "../../core/store";

interface NavigateDetail {
  route: string;
  params: object;
  path: string;
}

const ALPHA = company({
  idTier: "T-A",
  token: "token-a",
  codeReseau: "FRA",
  formeJuridique: "SARL",
  raisonSocial: "Alpha",
  immatriculation: "552100554",
  numeroClient: "C-1",
});
const BETA = company({
  idTier: "T-B",
  token: "token-b",
  codeReseau: "AGR",
  formeJuridique: "EARL",
  raisonSocial: "Beta",
  immatriculation: "81234567800019",
  numeroClient: "C-2",
});
const GAMMA = company({
  idTier: "T-G",
  token: "token-g",
  codeReseau: "BLG",
  formeJuridique: "",
  raisonSocial: "Gamma",
  immatriculation: "0403.170.701",
  numeroClient: "C-3",
});

const logIn = (companies = [ALPHA, BETA, GAMMA], overrides = {}) => signIn(user(companies, overrides));

/** Listens to macc-navigate on the document and cancels it, so the test page never loads another one. */
const interceptNavigation = () => listen<NavigateDetail>("macc-navigate", document, (event) => event.preventDefault());

const cards = ({ root }: Mounted) => [...root.querySelectorAll<HTMLLIElement>("li.company-card")];

function cardText(card: HTMLLIElement) {
  const values = Object.fromEntries(
    [...card.querySelectorAll("dl > div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
  );
  return { name: card.querySelector("h2")!.textContent, values };
}

beforeEach(() => resetPage());

describe("<macc-company-choice>", () => {
  it("anonymous: a prompt to log in with a link to LOGIN, no list", async () => {
    const api = stubApi({});
    const view = await mount("<macc-company-choice></macc-company-choice>");
    const { screen } = view;
    expect(screen.getByRole("heading", { level: 1, name: "Choisir une entreprise" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Connectez-vous pour choisir l'entreprise pour laquelle vous agissez.");
    expect(screen.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe("/portail/mon-compte/connexion");
    expect(cards(view)).toHaveLength(0);
    expect(screen.queryByRole("button")).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("lists every company with legal form, name, registration and customer numbers", async () => {
    const api = stubApi({});
    logIn();
    const view = await mount("<macc-company-choice></macc-company-choice>");
    expect(view.screen.getByRole("heading", { level: 1, name: "Choisir une entreprise" })).toBeTruthy();
    expect(
      view.screen.getByText(
        "Votre compte est rattaché à plusieurs entreprises. Choisissez celle pour laquelle vous agissez ; vous pourrez en changer à tout moment depuis l'en-tête.",
      ),
    ).toBeTruthy();
    expect(cards(view).map(cardText)).toEqual([
      {
        name: "SARL Alphaactuelle",
        values: { "Numéro d'immatriculation :": "552100554", "Numéro client :": "C-1", "Votre rôle :": "Propriétaire" },
      },
      {
        name: "EARL Beta",
        values: { "Numéro d'immatriculation :": "81234567800019", "Numéro client :": "C-2", "Votre rôle :": "Propriétaire" },
      },
      // No legal form: no stray space before the name.
      { name: "Gamma", values: { "Numéro d'immatriculation :": "0403.170.701", "Numéro client :": "C-3", "Votre rôle :": "Propriétaire" } },
    ]);
    // One "Choose" button per company, named after it for screen readers.
    expect((view.screen.getAllByRole("button") as HTMLElement[]).map((b) => b.textContent)).toEqual([
      "Choisir SARL Alpha",
      "Choisir EARL Beta",
      "Choisir Gamma",
    ]);
    expect(view.screen.getByRole("button", { name: "Choisir EARL Beta" })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("the current company is marked (badge, data-current, secondary button), and the mark follows the store", async () => {
    stubApi({});
    logIn();
    const view = await mount("<macc-company-choice></macc-company-choice>");
    const marks = () =>
      cards(view).map((card) => [
        card.getAttribute("data-current"),
        card.querySelector(".badge")?.textContent ?? null,
        card.querySelector("button")!.classList.contains("btn--secondary"),
      ]);
    expect(marks()).toEqual([
      ["true", "actuelle", true],
      ["false", null, false],
      ["false", null, false],
    ]);
    getCore().store.getState().chooseCompany("T-G");
    await waitFor(() =>
      expect(marks()).toEqual([
        ["false", null, false],
        ["false", null, false],
        ["true", "actuelle", true],
      ]),
    );
  });

  describe("last connection date", () => {
    it.each<[string, string, RegExp]>([
      ["fr-FR", "Votre dernière connexion : ", /^Votre dernière connexion : 14 mars 2026 à \d{2}:\d{2}$/],
      ["en-GB", "Your last connection: ", /^Your last connection: 14 March 2026 at \d{2}:\d{2}$/],
    ])("%s: formatted in the element's locale", async (locale, prefix, expected) => {
      stubApi({});
      logIn([ALPHA, BETA], { derniereConnexion: "2026-03-14T12:00:00Z" });
      const view = await mount(`<macc-company-choice locale="${locale}"></macc-company-choice>`);
      const line = view.root.querySelector(".last-connection");
      expect(line?.textContent).toMatch(expected);
      const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date("2026-03-14T12:00:00Z"));
      expect(line!.textContent!.startsWith(prefix)).toBe(true);
      expect(line!.textContent!.endsWith(time)).toBe(true);
    });

    it.each<[string, string | null | undefined]>([
      ["null", null],
      ["absent", undefined],
    ])("%s date: no line", async (_label, derniereConnexion) => {
      stubApi({});
      logIn([ALPHA, BETA], { derniereConnexion });
      const view = await mount("<macc-company-choice></macc-company-choice>");
      expect(view.root.querySelector(".last-connection")).toBeNull();
      expect(view.screen.queryByText(/dernière connexion/)).toBeNull();
    });
  });

  it("a single company: listed, without the 'several companies' explanation", async () => {
    stubApi({});
    logIn([ALPHA]);
    const view = await mount("<macc-company-choice></macc-company-choice>");
    expect(cards(view).map((card) => cardText(card).name)).toEqual(["SARL Alphaactuelle"]);
    expect(view.screen.queryByText(/plusieurs entreprises/)).toBeNull();
  });

  it("no company linked, agri theme: the message names AGRIMACC", async () => {
    stubApi({});
    logIn([]);
    const view = await mount('<macc-company-choice theme="agri"></macc-company-choice>');
    expect(view.screen.getByRole("status").textContent).toBe(
      "Aucune entreprise n'est encore rattachée à votre compte. Merci de contacter AGRIMACC.",
    );
  });

  it("no company linked: a message to contact MACC, no button", async () => {
    stubApi({});
    logIn([]);
    const view = await mount("<macc-company-choice></macc-company-choice>");
    expect(view.screen.getByRole("status").textContent).toBe(
      "Aucune entreprise n'est encore rattachée à votre compte. Merci de contacter la MACC.",
    );
    expect(cards(view)).toHaveLength(0);
    expect(view.screen.queryByRole("button")).toBeNull();
  });

  describe("choosing (SPEC §4)", () => {
    it("selects the company: token, network and theme change; macc-company-change then a cancelable macc-navigate to DASHBOARD", async () => {
      const api = stubApi({});
      logIn();
      const order: string[] = [];
      const changes = listen<{ idTier: string; codeReseau: string }>("macc-company-change", document, () => order.push("change"));
      const navigations = listen<NavigateDetail>("macc-navigate", document, (event) => {
        order.push("navigate");
        event.preventDefault();
      });
      const view = await mount("<macc-company-choice></macc-company-choice>");
      expect(currentTheme()).toBe("MACC");

      fireEvent.click(view.screen.getByRole("button", { name: "Choisir EARL Beta" }));

      const state = getCore().store.getState();
      expect(selectCompany(state)?.idTier).toBe("T-B");
      expect(currentToken()).toBe("token-b");
      expect(selectNetwork(state)).toBe("AGR");
      expect(currentTheme()).toBe("AGRI");
      expect(selectAccountTheme(state)).toBe(currentTheme());

      expect(order).toEqual(["change", "navigate"]);
      const [change] = changes;
      expect(change!.detail).toEqual({ idTier: "T-B", codeReseau: "AGR" });
      expect(change!.bubbles).toBe(true);
      expect(change!.composed).toBe(true);
      expect(change!.target).toBe(document); // a state event: the core emits it, whatever chose the company

      const [navigate] = navigations;
      expect(navigate!.cancelable).toBe(true);
      expect(navigate!.bubbles).toBe(true);
      expect(navigate!.composed).toBe(true);
      expect(navigate!.detail).toEqual({ route: "DASHBOARD", params: {}, path: "/portail/mon-compte" });
      expect(location.pathname).toBe("/");
      expect(api.calls).toHaveLength(0);

      // The list follows: Beta is now the current one.
      await waitFor(() => expect(cards(view)[1]!.getAttribute("data-current")).toBe("true"));
      expect(view.root.querySelector(".badge")!.closest("li")).toBe(cards(view)[1]);
    });

    it("choosing the current company again still navigates on (no company change to announce)", async () => {
      stubApi({});
      logIn();
      const changes = listen("macc-company-change");
      const navigations = interceptNavigation();
      const view = await mount("<macc-company-choice></macc-company-choice>");
      fireEvent.click(view.screen.getByRole("button", { name: "Choisir SARL Alpha" }));
      expect(selectCompany(getCore().store.getState())?.idTier).toBe("T-A");
      expect(changes).toHaveLength(0);
      expect(navigations.map((e) => e.detail.route)).toEqual(["DASHBOARD"]);
    });

    it("the theme follows the chosen network back to MACC", async () => {
      stubApi({});
      logIn([BETA, ALPHA]);
      interceptNavigation();
      expect(currentTheme()).toBe("AGRI");
      const view = await mount("<macc-company-choice></macc-company-choice>");
      fireEvent.click(view.screen.getByRole("button", { name: "Choisir SARL Alpha" }));
      expect(currentTheme()).toBe("MACC");
      expect(currentToken()).toBe("token-a");
    });

    it.each<[string, string, NavigateDetail]>([
      ["a stored page", "/mon-compte/factures", { route: "FACTURES", params: {}, path: "/portail/mon-compte/factures" }],
      [
        "a page with a parameter",
        "/mon-compte/parc-produits/TRACT-01",
        { route: "PARC_PRODUITS_DETAIL", params: { codeFamille: "TRACT-01" }, path: "/portail/mon-compte/parc-produits/TRACT-01" },
      ],
      ["the choice itself (would loop)", "/mon-compte/choixEntreprise", { route: "DASHBOARD", params: {}, path: "/portail/mon-compte" }],
      [
        "another site's address (never followed)",
        "//ailleurs.example/page",
        { route: "DASHBOARD", params: {}, path: "/portail/mon-compte" },
      ],
    ])("a redirection to %s → %j, and the redirection is removed", async (_label, redirection, expected) => {
      stubApi({});
      logIn();
      getCore().store.getState().addRedirection(redirection);
      const navigations = interceptNavigation();
      const view = await mount("<macc-company-choice></macc-company-choice>");
      fireEvent.click(view.screen.getByRole("button", { name: "Choisir Gamma" }));
      expect(navigations.map((e) => e.detail)).toEqual([expected]);
      expect(getCore().store.getState().app.redirection).toBeNull();
    });

    it("a redirection to a page of the CMS site (not a portal route) goes back to that page", async () => {
      stubApi({});
      logIn();
      getCore().store.getState().addRedirection("/fr/nos-produits?gamme=semences");
      const navigations = interceptNavigation();
      const assign = vi.spyOn(location, "assign").mockImplementation(() => undefined);
      const view = await mount("<macc-company-choice></macc-company-choice>");
      fireEvent.click(view.screen.getByRole("button", { name: "Choisir Gamma" }));
      expect(navigations).toEqual([]);
      expect(assign).toHaveBeenCalledWith("/fr/nos-produits?gamme=semences");
      assign.mockRestore();
    });

    it("in English the navigation uses the English path", async () => {
      stubApi({});
      logIn();
      const navigations = interceptNavigation();
      const view = await mount('<macc-company-choice locale="en-GB"></macc-company-choice>');
      fireEvent.click(view.screen.getByRole("button", { name: "Choose EARL Beta" }));
      expect(navigations[0]!.detail).toEqual({ route: "DASHBOARD", params: {}, path: "/portail/my-account" });
    });
  });
});
