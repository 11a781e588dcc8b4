import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-contacts";
import { writeCachedFooter, type FooterContact } from "../../core/contacts";
import { getCore } from "../../core/index";
import {
  company,
  deferred,
  mount,
  problem,
  resetPage,
  sessionRoutes,
  stubApi,
  user,
  type Mounted,
  type RouteHandler,
  type StubResponse,
  waitFor,
  signIn,
} from "../../test/elements";
import { isLogged } from "../../core/store";

const footer = (network: string) => `GET /api/servicesMACC/reseau/${network}/type/gen`;
const ADVISER = "GET /api/me/adviser";

const TEXT = {
  title: "Contactez-nous",
  adviserHeading: "Votre conseiller MACC",
  servicesHeading: "Nos services",
  loading: "Chargement de nos coordonnées",
  failed: "Nos coordonnées ne peuvent pas être affichées pour le moment.",
  tryAgain: "Réessayer",
  phone: "Téléphone :",
  mobile: "Mobile :",
  email: "E-mail :",
  photo: (name: string) => `Photo de ${name}`,
  writeToUs: "Nous écrire",
  logInToWrite: "Connectez-vous pour nous écrire depuis votre compte.",
  logIn: "Connectez-vous",
};

const HREF = { login: "/portail/mon-compte/connexion", contactForm: "/portail/contact/formulaire-contact" };

const FRANCE: FooterContact = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  adresseLigne2: "BP 40",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [
    { nomSousService: "Service client", telephone1: "03 26 00 00 01", mail1: "client", mail2: "@macc.fr" },
    { nomSousService: "Service après-vente", telephone1: "03 26 00 00 02", mail1: "sav@macc.fr", mail2: null },
    { nomSousService: "Comptabilité", telephone1: null, mail1: "compta", mail2: null },
  ],
};

const ADVISER_BODY = {
  adviser: {
    id: "a1",
    civilite: "Mme",
    prenom: "Sophie",
    nom: "Garnier",
    fonction: "Conseillère Marne",
    telephone: "03 26 45 67 89",
    mobile: null,
    email: "sophie.garnier@macc.fr",
    photoUrl: "/api/advisers/a1/photo",
  },
  service: { nomSousService: "Service client", telephone1: "03 26 00 00 01", mail1: "client", mail2: "@macc.fr" },
};

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({ ...sessionRoutes(), [footer("FRA")]: { body: FRANCE }, [ADVISER]: { body: ADVISER_BODY }, ...routes });
}

const logIn = (codeReseau = "FRA") => signIn(user([company({ codeReseau })]));

const cards = (view: Mounted, section: string) =>
  [...view.root.querySelectorAll(`section[aria-labelledby="${section}"] .contact-card`)].map((card) => [
    card.querySelector("h3")!.textContent,
    ...[...card.querySelectorAll(".contact-card__lines a")].map((a) => `${a.textContent} → ${a.getAttribute("href")}`),
  ]);
const sectionHeadings = (view: Mounted) => [...view.root.querySelectorAll("section > h2")].map((h) => h.textContent);

async function mountLoaded(html = "<macc-contacts></macc-contacts>") {
  const view = await mount(html);
  await waitFor(() => expect(view.root.querySelector("address, .alert")).not.toBeNull());
  return view;
}

beforeEach(() => resetPage());

describe("<macc-contacts>", () => {
  it("anonymous: the network's address and services with tel:/mailto: links, an invitation to log in; no adviser request", async () => {
    const calls = api();
    const view = await mountLoaded();
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(sectionHeadings(view)).toEqual([TEXT.servicesHeading]);
    const address = view.root.querySelector("address")!;
    expect(address.textContent).toBe("MACC France12 route des MoissonsBP 4051100 Reims");
    expect(address.querySelectorAll("br")).toHaveLength(3);
    expect(cards(view, "our-services")).toEqual([
      ["Service client", `${TEXT.phone} 03 26 00 00 01 → tel:0326000001`, `${TEXT.email} client@macc.fr → mailto:client@macc.fr`],
      ["Service après-vente", `${TEXT.phone} 03 26 00 00 02 → tel:0326000002`, `${TEXT.email} sav@macc.fr → mailto:sav@macc.fr`],
      // "compta" is no e-mail address: no link.
      ["Comptabilité"],
    ]);
    const invitation = view.screen.getByText(
      (_content: string, el: Element | null) => el?.tagName === "P" && el.textContent === TEXT.logInToWrite,
    );
    expect(invitation.querySelector("a")!.textContent).toBe(TEXT.logIn);
    expect(invitation.querySelector("a")!.getAttribute("href")).toBe(HREF.login);
    expect(view.screen.queryByRole("link", { name: TEXT.writeToUs })).toBeNull();
    expect(calls.callsTo(ADVISER)).toHaveLength(0);
    expect(calls.callsTo(footer("FRA"))[0]!.headers.authorization).toBeUndefined();
  });

  it("an address without a second line has no empty line", async () => {
    api({ [footer("FRA")]: { body: { ...FRANCE, adresseLigne2: null } } });
    const view = await mountLoaded();
    expect(view.root.querySelector("address")!.querySelectorAll("br")).toHaveLength(2);
  });

  describe("the network asked for", () => {
    it.each<[string, string, string]>([
      ["fr-FR", "", "FRA"],
      ["fr-BE", "", "BLG"],
      ["nl-NL", "", "BLG"],
      ["en-GB", "", "GBR"],
      ["es-ES", "", "ESP"],
      ["it-IT", "", "ITA"],
      ["fr-FR", ' theme="agri"', "AGR"],
      ["en-GB", ' theme="agri"', "AGR"],
    ])("anonymous, locale %s%s → %s, in the element's language", async (locale, attribute, network) => {
      const calls = stubApi({ [footer(network)]: { body: FRANCE } });
      await mountLoaded(`<macc-contacts locale="${locale}"${attribute}></macc-contacts>`);
      const [call] = calls.callsTo(footer(network));
      expect(call!.query.get("langue")).toBe(locale);
      expect(calls.calls).toHaveLength(1);
    });

    it.each<[string]>([["BLG"], ["AGR"], ["GBR"]])("logged in with a %s company → that network, whatever the locale", async (network) => {
      const calls = api({ [footer(network)]: { body: FRANCE } });
      logIn(network);
      await mountLoaded();
      await waitFor(() => expect(calls.callsTo(footer(network))).toHaveLength(1));
      expect(calls.callsTo(footer("FRA"))).toHaveLength(0);
    });
  });

  describe("logged in", () => {
    it("the adviser first (photo, tel:, mailto:), then the services, and a button to the contact form", async () => {
      const calls = api();
      logIn();
      const view = await mountLoaded();
      await waitFor(() => expect(sectionHeadings(view)).toEqual([TEXT.adviserHeading, TEXT.servicesHeading]));
      expect(calls.callsTo(ADVISER)[0]!.headers.authorization).toBe("Bearer company-token-1");
      expect(cards(view, "your-adviser")).toEqual([
        [
          "Sophie Garnier",
          `${TEXT.phone} 03 26 45 67 89 → tel:0326456789`,
          `${TEXT.email} sophie.garnier@macc.fr → mailto:sophie.garnier@macc.fr`,
        ],
      ]);
      const photo = view.screen.getByRole("img", { name: TEXT.photo("Sophie Garnier") });
      expect(photo.getAttribute("src")).toBe(`${location.origin}/api/advisers/a1/photo`);
      expect(view.root.querySelector('section[aria-labelledby="your-adviser"] .contact-card__role')!.textContent).toBe("Conseillère Marne");
      expect(cards(view, "our-services")).toHaveLength(3);
      expect(view.screen.getByRole("link", { name: TEXT.writeToUs }).getAttribute("href")).toBe(HREF.contactForm);
      expect(view.screen.queryByText(TEXT.logInToWrite)).toBeNull();
      // The section is labelled by its heading.
      expect(view.screen.getByRole("region", { name: TEXT.adviserHeading })).toBeTruthy();
    });

    it.each([
      ["FRA", "Votre conseiller MACC"],
      ["AGR", "Votre conseiller AGRIMACC"], // an AGR company: the agri theme
    ])("a %s customer: the adviser heading names the brand of the theme", async (codeReseau, heading) => {
      api({ [footer(codeReseau)]: { body: FRANCE } });
      logIn(codeReseau);
      const view = await mountLoaded();
      await waitFor(() => expect(sectionHeadings(view)).toEqual([heading, TEXT.servicesHeading]));
    });

    it("no dedicated adviser: no adviser section", async () => {
      api({ [ADVISER]: { body: { ...ADVISER_BODY, adviser: null } } });
      logIn();
      const view = await mountLoaded();
      await new Promise((r) => setTimeout(r, 30));
      expect(sectionHeadings(view)).toEqual([TEXT.servicesHeading]);
    });

    it.each<[string, StubResponse]>([
      ["500", problem(500)],
      ["403", problem(403)],
      ["404", problem(404)],
      ["a malformed answer", { body: { adviser: { prenom: "X" } } }],
    ])("an adviser failure (%s) just leaves it out: services shown, no message, no toast, still logged in", async (_label, failure) => {
      const calls = api({ [ADVISER]: failure });
      logIn();
      const view = await mountLoaded();
      await waitFor(() => expect(calls.callsTo(ADVISER)).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 30));
      expect(sectionHeadings(view)).toEqual([TEXT.servicesHeading]);
      expect(cards(view, "our-services")).toHaveLength(3);
      expect(view.root.querySelector('[role="alert"]')).toBeNull();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      expect(view.screen.getByRole("link", { name: TEXT.writeToUs })).toBeTruthy();
    });

    it("401 on the adviser ends the session like any 401 (SPEC §4): the services stay, with the log-in invitation", async () => {
      api({ [ADVISER]: problem(401) });
      logIn();
      const view = await mountLoaded();
      await waitFor(() => expect(isLogged(getCore().store.getState())).toBe(false));
      await waitFor(() =>
        expect(
          view.screen.getByText((_c: string, el: Element | null) => el?.tagName === "P" && el.textContent === TEXT.logInToWrite),
        ).toBeTruthy(),
      );
      expect(sectionHeadings(view)).toEqual([TEXT.servicesHeading]);
      expect(cards(view, "our-services")).toHaveLength(3);
      expect(view.root.querySelector('[role="alert"]')).toBeNull();
    });

    it("while the adviser loads, one labelled placeholder: the page then comes whole, the services not pushed down by the card", async () => {
      const answer = deferred();
      api({ [ADVISER]: answer.handler });
      logIn();
      const view = await mount("<macc-contacts></macc-contacts>");
      await answer.started;
      expect(view.screen.getByRole("status", { name: TEXT.loading })).toBeTruthy();
      expect(sectionHeadings(view)).toEqual([]);
      answer.resolve({ body: ADVISER_BODY });
      await waitFor(() => expect(sectionHeadings(view)).toEqual([TEXT.adviserHeading, TEXT.servicesHeading]));
      expect(view.screen.queryByRole("status", { name: TEXT.loading })).toBeNull();
    });
  });

  it("while the services load: a labelled skeleton", async () => {
    const answer = deferred();
    stubApi({ [footer("FRA")]: answer.handler });
    const view = await mount("<macc-contacts></macc-contacts>");
    await answer.started;
    expect(view.screen.getByRole("status", { name: TEXT.loading })).toBeTruthy();
    expect(view.root.querySelector("address")).toBeNull();
    answer.resolve({ body: FRANCE });
    await waitFor(() => expect(view.root.querySelector("address")).not.toBeNull());
    expect(view.screen.queryByRole("status", { name: TEXT.loading })).toBeNull();
  });

  it("the footer's cached contact block shows at once", async () => {
    writeCachedFooter("FRA", "fr-FR", { ...FRANCE, adresseTitre: "MACC France (cache)" });
    const answer = deferred();
    stubApi({ [footer("FRA")]: answer.handler });
    const view = await mount("<macc-contacts></macc-contacts>");
    expect(view.root.querySelector("address strong")!.textContent).toBe("MACC France (cache)");
    expect(view.screen.queryByRole("status", { name: TEXT.loading })).toBeNull();
    answer.resolve({ body: FRANCE });
  });

  it.each<[string, StubResponse]>([
    ["500", problem(500)],
    ["a malformed answer", { body: { adresseTitre: "MACC" } }],
  ])("services failure (%s): a message and “try again”, which reloads", async (_label, failure) => {
    let attempts = 0;
    const calls = stubApi({ [footer("FRA")]: () => (++attempts === 1 ? failure : { body: FRANCE }) });
    const view = await mountLoaded();
    expect(view.screen.getByRole("alert").textContent).toBe(TEXT.failed);
    expect(view.root.querySelector("address")).toBeNull();
    fireEvent.click(view.screen.getByRole("button", { name: TEXT.tryAgain }));
    await waitFor(() => expect(view.root.querySelector("address")).not.toBeNull());
    expect(calls.callsTo(footer("FRA"))).toHaveLength(2);
    expect(view.screen.queryByText(TEXT.failed)).toBeNull();
  });

  it("a network without services: the address only", async () => {
    stubApi({ [footer("FRA")]: { body: { ...FRANCE, listSousServices: [] } } });
    const view = await mountLoaded();
    expect(cards(view, "our-services")).toEqual([]);
    expect(view.root.querySelector("address")).not.toBeNull();
  });
});
