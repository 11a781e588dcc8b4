import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-adviser";
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

const ADVISER = "GET /api/me/adviser";

const TEXT = {
  title: "Votre conseiller MACC",
  anonymous: "Connectez-vous pour voir les coordonnées de votre conseiller.",
  logIn: "Se connecter",
  loading: "Chargement de votre conseiller",
  failed: "Les coordonnées de votre conseiller ne peuvent pas être affichées pour le moment.",
  tryAgain: "Réessayer",
  photo: (name: string) => `Photo de ${name}`,
  phone: "Téléphone :",
  mobile: "Mobile :",
  email: "E-mail :",
  writeToUs: "Nous écrire",
  noAdviser: (service: string) => `Vous n'avez pas encore de conseiller dédié. Notre ${service} répondra à toutes vos questions.`,
};

const HREF = { login: "/portail/mon-compte/connexion", contactForm: "/portail/contact/formulaire-contact" };

const SERVICE = { nomSousService: "Service client", telephone1: "03 26 00 00 01", mail1: "client", mail2: "@macc.fr" };

type AdviserBody = {
  id: string;
  civilite?: string | null;
  prenom: string;
  nom: string;
  fonction?: string | null;
  telephone?: string | null;
  mobile?: string | null;
  email?: string | null;
  photoUrl?: string | null;
};

const adviser = (overrides: Partial<AdviserBody> = {}): AdviserBody => ({
  id: "a1",
  civilite: "M.",
  prenom: "Julien",
  nom: "Moreau",
  fonction: "Technico-commercial Marne",
  telephone: "03 26 45 67 89",
  mobile: "+33 6 45 67 89 01",
  email: "julien.moreau@macc.fr",
  photoUrl: "/api/advisers/a1/photo",
  ...overrides,
});

function api(handler: RouteHandler = { body: { adviser: adviser(), service: SERVICE } }) {
  return stubApi({ ...sessionRoutes(), [ADVISER]: handler });
}

const logIn = () => signIn(user([company()]));

/** The card's contact lines as [visible text, href]. */
const lines = (view: Mounted) =>
  [...view.root.querySelectorAll<HTMLAnchorElement>(".contact-card__lines a")].map((a) => [a.textContent, a.getAttribute("href")]);

async function mountCard(html = "<macc-adviser></macc-adviser>") {
  const view = await mount(html);
  await waitFor(() => expect(view.root.querySelector(".contact-card, .alert")).not.toBeNull());
  return view;
}

beforeEach(() => resetPage());

describe("<macc-adviser>", () => {
  it("anonymous: a prompt to log in, no request", async () => {
    const calls = stubApi({});
    const view = await mount("<macc-adviser></macc-adviser>");
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByText(TEXT.anonymous)).toBeTruthy();
    expect(view.screen.getByRole("link", { name: TEXT.logIn }).getAttribute("href")).toBe(HREF.login);
    expect(view.root.querySelector(".contact-card, .skeleton")).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.calls).toHaveLength(0);
  });

  it.each([
    ["macc", "Votre conseiller MACC"],
    ["agri", "Votre conseiller AGRIMACC"],
  ])("the title names the brand of the theme (%s)", async (theme, title) => {
    stubApi({});
    const view = await mount(`<macc-adviser theme="${theme}"></macc-adviser>`);
    expect(view.screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
  });

  it("the adviser: name, role, photo with a text alternative, tel: and mailto: links, the contact form", async () => {
    const calls = api();
    logIn();
    const view = await mountCard();
    expect(calls.callsTo(ADVISER)[0]!.headers.authorization).toBe("Bearer company-token-1");
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByRole("heading", { level: 2, name: "Julien Moreau" })).toBeTruthy();
    expect(view.root.querySelector(".contact-card__role")!.textContent).toBe("Technico-commercial Marne");

    const photo = view.screen.getByRole("img", { name: TEXT.photo("Julien Moreau") }) as HTMLImageElement;
    // The API's photo address is relative to the API's origin.
    expect(photo.getAttribute("src")).toBe(`${location.origin}/api/advisers/a1/photo`);

    expect(lines(view)).toEqual([
      [`${TEXT.phone} 03 26 45 67 89`, "tel:0326456789"],
      [`${TEXT.mobile} +33 6 45 67 89 01`, "tel:+33645678901"],
      [`${TEXT.email} julien.moreau@macc.fr`, "mailto:julien.moreau@macc.fr"],
    ]);
    expect(view.screen.getByRole("link", { name: `${TEXT.phone} 03 26 45 67 89` })).toBeTruthy();
    expect(view.screen.getByRole("link", { name: TEXT.writeToUs }).getAttribute("href")).toBe(HREF.contactForm);
    expect(view.root.querySelector(".alert")).toBeNull();
  });

  it("an element's api-base on another origin: the photo comes from that origin", async () => {
    const calls = stubApi({
      "GET /v2/me/adviser": { body: { adviser: adviser(), service: SERVICE } },
      "POST /v2/auth/refresh": sessionRoutes()["POST /api/auth/refresh"]!,
    });
    logIn();
    const view = await mountCard('<macc-adviser api-base="https://api.macc.test/v2/"></macc-adviser>');
    expect(calls.callsTo("GET /v2/me/adviser")[0]!.url).toBe("https://api.macc.test/v2/me/adviser");
    expect(view.root.querySelector("img")!.getAttribute("src")).toBe("https://api.macc.test/api/advisers/a1/photo");
  });

  it.each<[string, Partial<AdviserBody>, Array<[string, string]>, boolean, boolean]>([
    [
      "no photo",
      { photoUrl: null },
      [
        [`${TEXT.phone} 03 26 45 67 89`, "tel:0326456789"],
        [`${TEXT.mobile} +33 6 45 67 89 01`, "tel:+33645678901"],
        [`${TEXT.email} julien.moreau@macc.fr`, "mailto:julien.moreau@macc.fr"],
      ],
      false,
      true,
    ],
    [
      "no mobile, no role",
      { mobile: null, fonction: null },
      [
        [`${TEXT.phone} 03 26 45 67 89`, "tel:0326456789"],
        [`${TEXT.email} julien.moreau@macc.fr`, "mailto:julien.moreau@macc.fr"],
      ],
      true,
      false,
    ],
    // What the reference API sends for details it does not have: empty strings.
    ["empty strings", { fonction: "", telephone: "", mobile: "", email: "" }, [], true, false],
    ["only a mobile", { telephone: null, email: null }, [[`${TEXT.mobile} +33 6 45 67 89 01`, "tel:+33645678901"]], true, true],
  ])("%s: only the details there are", async (_label, overrides, expectedLines, hasPhoto, hasRole) => {
    api({ body: { adviser: adviser(overrides), service: SERVICE } });
    logIn();
    const view = await mountCard();
    expect(lines(view)).toEqual(expectedLines);
    expect(view.root.querySelector("img") !== null).toBe(hasPhoto);
    expect(view.root.querySelector(".contact-card__role") !== null).toBe(hasRole);
    expect(view.screen.getByRole("heading", { level: 2, name: "Julien Moreau" })).toBeTruthy();
  });

  it("no dedicated adviser: the service to contact instead, with its phone and e-mail (mail1 + mail2)", async () => {
    api({ body: { adviser: null, service: SERVICE } });
    logIn();
    const view = await mountCard();
    expect(view.root.querySelector(".alert")!.textContent).toBe(TEXT.noAdviser("Service client"));
    expect(view.root.querySelector(".alert")!.getAttribute("role")).toBe("status");
    expect(view.screen.getByRole("heading", { level: 2, name: "Service client" })).toBeTruthy();
    expect(lines(view)).toEqual([
      [`${TEXT.phone} 03 26 00 00 01`, "tel:0326000001"],
      [`${TEXT.email} client@macc.fr`, "mailto:client@macc.fr"],
    ]);
    expect(view.root.querySelector("img")).toBeNull();
  });

  it("no adviser, a service without phone nor valid e-mail: the card with its name only", async () => {
    api({ body: { adviser: null, service: { nomSousService: "Service commercial", telephone1: null, mail1: "commercial", mail2: null } } });
    logIn();
    const view = await mountCard();
    expect(view.root.querySelector(".alert")!.textContent).toBe(TEXT.noAdviser("Service commercial"));
    expect(lines(view)).toEqual([]);
  });

  it("while loading: a labelled skeleton", async () => {
    const answer = deferred();
    api(answer.handler);
    logIn();
    const view = await mount("<macc-adviser></macc-adviser>");
    await answer.started;
    expect(view.screen.getByRole("status", { name: TEXT.loading })).toBeTruthy();
    answer.resolve({ body: { adviser: adviser(), service: SERVICE } });
    await view.screen.findByRole("heading", { level: 2, name: "Julien Moreau" });
    expect(view.screen.queryByRole("status", { name: TEXT.loading })).toBeNull();
  });

  it.each<[string, StubResponse]>([
    ["500", problem(500)],
    ["404", problem(404)],
    ["an answer without the service", { body: { adviser: null } }],
  ])("failure (%s): a message and “try again”, which reloads; no toast", async (_label, failure) => {
    let attempts = 0;
    const calls = api(() => (++attempts === 1 ? failure : { body: { adviser: adviser(), service: SERVICE } }));
    logIn();
    const view = await mount("<macc-adviser></macc-adviser>");
    expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.failed);
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
    fireEvent.click(view.screen.getByRole("button", { name: TEXT.tryAgain }));
    await view.screen.findByRole("heading", { level: 2, name: "Julien Moreau" });
    expect(calls.callsTo(ADVISER)).toHaveLength(2);
    expect(view.screen.queryByText(TEXT.failed)).toBeNull();
  });

  it("asks in the element's language (job title and service name), and again when it changes", async () => {
    const calls = api((call) => ({
      body: {
        adviser: adviser({ fonction: call.headers["x-langue"] === "en-GB" ? "Sales adviser" : "Vertriebsberater" }),
        service: SERVICE,
      },
    }));
    logIn();
    const view = await mountCard('<macc-adviser locale="de-BE"></macc-adviser>');
    expect(calls.callsTo(ADVISER)[0]!.headers["x-langue"]).toBe("de-BE");
    await waitFor(() => expect(view.root.querySelector(".contact-card__role")!.textContent).toBe("Vertriebsberater"));
    view.el.setAttribute("locale", "en-GB");
    await waitFor(() => expect(view.root.querySelector(".contact-card__role")!.textContent).toBe("Sales adviser"));
    expect(calls.callsTo(ADVISER).map((c) => c.headers["x-langue"])).toEqual(["de-BE", "en-GB"]);
  });

  it("another company chosen: its adviser", async () => {
    const calls = api((call) => ({
      body: {
        adviser: call.headers.authorization === "Bearer company-token-2" ? adviser({ prenom: "Sophie", nom: "Garnier" }) : adviser(),
        service: SERVICE,
      },
    }));
    signIn(user([company({ idTier: "T1" }), company({ idTier: "T2", token: "company-token-2" })]));
    const view = await mountCard();
    await view.screen.findByRole("heading", { level: 2, name: "Julien Moreau" });
    getCore().store.getState().chooseCompany("T2");
    await view.screen.findByRole("heading", { level: 2, name: "Sophie Garnier" });
    expect(calls.callsTo(ADVISER)).toHaveLength(2);
  });
});
