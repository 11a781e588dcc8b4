import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-login-help";
import { getCore } from "../../core/index";
import {
  company,
  listen,
  mount,
  problem,
  resetPage,
  sessionRoutes,
  stubApi,
  user,
  type Mounted,
  type RouteHandler,
  waitFor,
  signIn,
  unbroken,
} from "../../test/elements";

const PHONE = "03 26 00 00 01";

const footer = (telephone1: string | null) => ({
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [{ nomSousService: "Service client", telephone1, mail1: "client@macc.fr" }],
});

const footerRoute = (network: string, answer: RouteHandler = { body: footer(PHONE) }) => ({
  [`GET /api/servicesMACC/reseau/${network}/type/gen`]: answer,
});

interface NavigateDetail {
  route: string;
  params: object;
  path: string;
}

const TAG = "<macc-login-help></macc-login-help>";
const blockedText = (view: Mounted) => view.root.querySelector('section[aria-labelledby="help-blocked"] p')!.textContent;
const BLOCKED =
  "Après plusieurs mots de passe erronés, la connexion est suspendue pendant quelques minutes. Si le problème persiste, notre service client vous aidera.";

beforeEach(() => resetPage());

describe("<macc-login-help>", () => {
  it("three sections, each with its heading, explanation and link", async () => {
    stubApi(footerRoute("FRA"));
    const view = await mount(TAG);
    expect(view.screen.getByRole("heading", { level: 1, name: "Aide à la connexion" })).toBeTruthy();
    const sections = [...view.root.querySelectorAll("section")].map((section) => {
      const heading = view.root.getElementById(section.getAttribute("aria-labelledby")!)!;
      const link = section.querySelector(":scope > a")!;
      return [heading.textContent, link.textContent, link.getAttribute("href")];
    });
    expect(sections).toEqual([
      ["Vous avez oublié votre mot de passe", "Mot de passe oublié ?", "/portail/mot-de-passe-oublie"],
      ["Vous n'avez pas encore de compte", "Créer mon compte", "/portail/inscription"],
      ["Votre compte est bloqué, ou rien ne fonctionne", "Contactez-nous", "/portail/contact"],
    ]);
    expect(
      view.screen.getByText(
        "Nous vous envoyons un lien pour en choisir un nouveau. Il est valable 30 minutes et ne fonctionne qu'une seule fois.",
      ),
    ).toBeTruthy();
    expect(
      view.screen.getByText(
        "Créez-le avec le numéro d'immatriculation de votre entreprise ou votre numéro client : nous vous envoyons un code pour vérifier votre identité.",
      ),
    ).toBeTruthy();
  });

  it.each<[string, string, NavigateDetail]>([
    ["Mot de passe oublié ?", "MOT_DE_PASSE_OUBLIE", { route: "MOT_DE_PASSE_OUBLIE", params: {}, path: "/portail/mot-de-passe-oublie" }],
    ["Créer mon compte", "INSCRIPTION", { route: "INSCRIPTION", params: {}, path: "/portail/inscription" }],
    ["Contactez-nous", "INTERLOCUTEURS", { route: "INTERLOCUTEURS", params: {}, path: "/portail/contact" }],
  ])("a click on %j emits a cancelable macc-navigate to %s", async (name, _route, detail) => {
    stubApi(footerRoute("FRA"));
    const navigations = listen<NavigateDetail>("macc-navigate", document, (event) => event.preventDefault());
    const view = await mount(TAG);
    const notCancelled = fireEvent.click(view.screen.getByRole("link", { name }));
    expect(notCancelled).toBe(false);
    expect(navigations.map((e) => [e.detail, e.cancelable, e.composed])).toEqual([[detail, true, true]]);
    expect(location.pathname).toBe("/");
  });

  it("in English the links use the English paths", async () => {
    stubApi(footerRoute("GBR"));
    const view = await mount('<macc-login-help locale="en-GB"></macc-login-help>');
    expect(view.screen.getByRole("heading", { level: 1, name: "Help logging in" })).toBeTruthy();
    expect([...view.root.querySelectorAll("section > a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Forgot password?", "/portail/forgotten-password"],
      ["Create my account", "/portail/registration"],
      ["Contact us", "/portail/contact"],
    ]);
  });

  it("the page's portal base prefixes every link", async () => {
    resetPage({ locale: "fr-FR", portalBase: "/extranet" });
    stubApi(footerRoute("FRA"));
    const view = await mount(TAG);
    expect([...view.root.querySelectorAll("section > a")].map((a) => a.getAttribute("href"))).toEqual([
      "/extranet/mot-de-passe-oublie",
      "/extranet/inscription",
      "/extranet/contact",
    ]);
  });

  describe("the customer service's phone", () => {
    it("anonymous: the phone of the locale's network", async () => {
      const calls = stubApi(footerRoute("FRA"));
      const view = await mount(TAG);
      await waitFor(() => expect(blockedText(view)).toBe(`${BLOCKED} Appelez-nous au ${unbroken(PHONE)}.`));
      // On one line, and a phone can call it.
      expect(view.screen.getByRole("link", { name: unbroken(PHONE) }).getAttribute("href")).toBe("tel:0326000001");
      expect(calls.calls[0]!.query.get("langue")).toBe("fr-FR");
    });

    it("logged in: the phone of the selected company's network", async () => {
      stubApi({ ...sessionRoutes(), ...footerRoute("AGR", { body: footer("03 26 99 99 99") }) });
      signIn(user([company({ codeReseau: "AGR" })]));
      const view = await mount(TAG);
      await waitFor(() => expect(blockedText(view)).toBe(`${BLOCKED} Appelez-nous au ${unbroken("03 26 99 99 99")}.`));
    });

    it.each<[string, RouteHandler]>([
      ["no phone in the contact data", { body: footer(null) }],
      ["the contact data cannot load", problem(500)],
    ])("%s: the text without a phone", async (_label, answer) => {
      const calls = stubApi(footerRoute("FRA", answer));
      const view = await mount(TAG);
      await waitFor(() => expect(calls.calls.length).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 20));
      expect(blockedText(view)).toBe(BLOCKED);
      // A missing phone is no error worth a toast.
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      // The help stays usable.
      expect(view.screen.getByRole("link", { name: "Contactez-nous" })).toBeTruthy();
    });
  });
});
