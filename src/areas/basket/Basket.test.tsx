import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-basket";
import { getCore } from "../../core/index";
import {
  company,
  deferred,
  listen,
  mount,
  problem,
  resetPage,
  sessionRoutes,
  signIn,
  stubApi,
  user,
  waitFor,
  type ApiCall,
  type Mounted,
  type RouteHandler,
  type StubResponse,
  unbroken,
} from "../../test/elements";
import { offline, savedOfflineCases, savedShown } from "../../test/offline-forms";

const ITEMS = "GET /api/basket/items";
const SEND = "POST /api/basket/requests";
const PROFILE = "GET /api/me/profile";
const FOOTER = "GET /api/servicesMACC/reseau/FRA/type/gen";
const PHONE = "03 26 00 00 01";

const TEXT = {
  title: "Votre panier",
  items: (n: number) => (n === 1 ? "1 article" : `${n} articles`),
  unknown: "Cet article n'est plus disponible",
  remove: (name: string) => `Retirer ${name} du panier`,
  removeUnknown: (id: string) => `Retirer l'article ${id}, qui n'est plus disponible, du panier`,
  empty: "Votre panier est vide.",
  backToSite: "Retour au site",
  logInFirst: "Me connecter d'abord",
  send: "Valider et être contacté par un conseiller",
  registered: "Votre demande a bien été enregistrée.",
  smsSent: (mobile: string) => `Un message de confirmation a été envoyé au ${mobile}.`,
  callBack: "MACC vous rappellera dans les meilleurs délais.",
  failedWithPhone: `Votre panier n'a pas pu être envoyé. Veuillez réessayer dans un instant ou nous appeler au ${unbroken(PHONE)}.`,
  tooMany: (minutes: number) =>
    `Trop de paniers ont été envoyés depuis votre connexion. Veuillez patienter ${minutes} min avant de réessayer.`,
  botCheck: "La vérification de sécurité a échoué. Veuillez réessayer.",
  nothingSent: "Aucun panier n'a été envoyé depuis cette page récemment.",
  required: {
    nom: "Saisissez votre nom",
    societe: "Saisissez le nom de votre entreprise",
    mobile: "Saisissez votre numéro de mobile",
    immat: "Saisissez le numéro d'immatriculation de votre entreprise",
  },
  badMobile: "Saisissez un numéro de mobile valide pour ce pays, par exemple 06 12 34 56 78",
  badMobileBE: "Saisissez un numéro de mobile valide pour ce pays, par exemple 0470 12 34 56",
  badImmat: "Saisissez un numéro d'immatriculation valide pour ce pays, par exemple 552 100 554 00013",
  badImmatBE: "Saisissez un numéro d'immatriculation valide pour ce pays, par exemple 0403.170.701",
  tooLongNom: "Votre nom ne doit pas dépasser 100 caractères",
};

const SEMOIR = {
  id: "1001",
  nom: "Semoir Maxi-Graine 3000",
  description: "Semoir de précision, 6 rangs.",
  image: "/api/basket/items/1001/image",
};
const DISQUE = { id: "1002", nom: "Disque de rechange", description: "Pour semoirs Maxi-Graine.", image: "/api/basket/items/1002/image" };

/** What GET /basket/items answers for the ids it is asked: the catalogue's, the others unknown. */
function catalogue(known = [SEMOIR, DISQUE]): (call: ApiCall) => StubResponse {
  return (call: ApiCall) => {
    const ids = (call.query.get("ids") ?? "").split(",");
    return { body: { items: known.filter((item) => ids.includes(item.id)), unknown: ids.filter((id) => !known.some((i) => i.id === id)) } };
  };
}

const SENT = {
  id: "r-1",
  reference: "P-2026-000123",
  createdAt: "2026-11-24T19:30:00Z",
  items: [{ id: "1001", nom: SEMOIR.nom }],
  sms: true,
};

const FOOTER_BODY = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [{ nomSousService: "Service client", telephone1: PHONE, mail1: "client@macc.fr" }],
};

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({
    ...sessionRoutes(),
    [ITEMS]: catalogue(),
    [FOOTER]: { body: FOOTER_BODY },
    [SEND]: { status: 201, body: SENT },
    ...routes,
  });
}

const withBasket = (ids: string[]) => getCore().store.getState().updatePanier(ids);

type FieldName = "nom" | "societe" | "mobile" | "immat" | "pays" | "langue";
const control = (view: Mounted, name: FieldName) => view.root.getElementById(name) as HTMLInputElement | HTMLSelectElement;
const type = (view: Mounted, name: FieldName, value: string) => fireEvent.change(control(view, name), { target: { value } });
const fill = (view: Mounted, values: Partial<Record<FieldName, string>>) => {
  for (const [name, value] of Object.entries(values)) type(view, name as FieldName, value);
};
const sendButton = (view: Mounted) => view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!;
const VALID = { nom: "Jean Dupont", societe: "GAEC des Prés", mobile: "06 12 34 56 78", immat: "552100554" };

async function mountBasket(html = "<macc-basket></macc-basket>") {
  const view = await mount(html);
  await waitFor(() => expect(view.root.querySelector(".basket-item h3")).not.toBeNull());
  return view;
}
async function summaryItems(view: Mounted) {
  const summary = await waitFor(() => {
    const found = view.root.querySelector('.error-summary[role="alert"]');
    if (!found) throw new Error("no error summary");
    return found;
  });
  return [...summary.querySelectorAll("li")].map((li) => li.textContent);
}

beforeEach(() => resetPage(undefined, "/produits?panier=1001,9999"));

describe("<macc-basket> (PANIER)", () => {
  it("a visitor: the items with their pictures, an unknown id kept with its remove button, the choice to log in first", async () => {
    const calls = api();
    withBasket(["1001", "9999"]);
    const view = await mountBasket();
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByRole("heading", { level: 2, name: TEXT.items(2) })).toBeTruthy();
    expect(calls.callsTo(ITEMS)[0]!.query.get("ids")).toBe("1001,9999");
    expect(calls.callsTo(ITEMS)[0]!.headers.authorization).toBeUndefined();
    const picture = view.root.querySelector<HTMLImageElement>(".basket-item img")!;
    expect(picture.getAttribute("src")).toBe(`${location.origin}/api/basket/items/1001/image`);
    expect(picture.getAttribute("alt")).toBe(`Photo : ${SEMOIR.nom}`);
    expect([picture.getAttribute("width"), picture.getAttribute("height")]).toEqual(["96", "96"]);
    expect(view.screen.getByText(SEMOIR.description)).toBeTruthy();
    await waitFor(() => expect(view.screen.getByText(TEXT.unknown)).toBeTruthy());
    expect(view.screen.getByRole("button", { name: TEXT.removeUnknown("9999") })).toBeTruthy();
    expect(view.screen.getByRole("link", { name: TEXT.logInFirst }).getAttribute("href")).toBe("/portail/panier/connexion");
    // The page's country and language to start with; labels and autocomplete on the personal fields.
    expect([control(view, "pays").value, control(view, "langue").value]).toEqual(["FR", "fr-FR"]);
    // Each language named the same way, language then country (not "anglais britannique", "flamand").
    expect([...(control(view, "langue") as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      "français (France)",
      "français (Belgique)",
      "français (Luxembourg)",
      "allemand (Belgique)",
      "allemand (Luxembourg)",
      "anglais (Royaume-Uni)",
      "espagnol (Espagne)",
      "italien (Italie)",
      "néerlandais (Belgique)",
      "néerlandais (Pays-Bas)",
    ]);
    expect(control(view, "nom").getAttribute("autocomplete")).toBe("name");
    expect(control(view, "societe").getAttribute("autocomplete")).toBe("organization");
    expect(control(view, "mobile").getAttribute("autocomplete")).toBe("mobile tel");
    expect(view.screen.getByLabelText("Votre nom")).toBe(control(view, "nom"));
  });

  it("removing items: the store, the event and the address follow; the last one leaves the empty basket", async () => {
    api();
    withBasket(["1001", "9999"]);
    const events = listen<{ panier: string[] }>("macc-basket-change");
    const view = await mountBasket();
    fireEvent.click(await waitFor(() => view.screen.getByRole("button", { name: TEXT.removeUnknown("9999") })));
    await waitFor(() => expect(getCore().store.getState().app.panier).toEqual(["1001"]));
    expect(events.at(-1)!.detail.panier).toEqual(["1001"]);
    expect(location.search).toBe("?panier=1001");
    // The removed button's focus goes to the heading that gives the new count, then to the empty basket's message.
    const heading = await waitFor(() => view.screen.getByRole("heading", { level: 2, name: TEXT.items(1) }));
    expect(view.root.activeElement).toBe(heading);

    fireEvent.click(view.screen.getByRole("button", { name: TEXT.remove(SEMOIR.nom) }));
    await waitFor(() => expect(view.screen.getByText(TEXT.empty)).toBeTruthy());
    await waitFor(() => expect(view.root.activeElement).toBe(view.root.querySelector(".basket-empty")));
    expect(getCore().store.getState().app.panier).toEqual([]);
    expect(location.search).toBe("");
    expect(view.screen.getByRole("link", { name: TEXT.backToSite }).getAttribute("href")).toBe("/");
  });

  it("an address without ?panier= is left alone when an item goes", async () => {
    api();
    history.replaceState(null, "", "/produits?page=2");
    withBasket(["1001", "1002"]);
    const view = await mountBasket();
    fireEvent.click(view.screen.getByRole("button", { name: TEXT.remove(SEMOIR.nom) }));
    await waitFor(() => expect(getCore().store.getState().app.panier).toEqual(["1002"]));
    expect(location.search).toBe("?page=2");
  });

  it("the items cannot be had: a message and “try again”, the form still there", async () => {
    let attempts = 0;
    api({ [ITEMS]: (call) => (++attempts === 1 ? problem(500) : catalogue()(call)) });
    withBasket(["1001"]);
    const view = await mount("<macc-basket></macc-basket>");
    await view.screen.findByText("Les articles de votre panier ne peuvent pas être affichés pour le moment.");
    expect(control(view, "nom")).not.toBeNull();
    fireEvent.click(view.screen.getByRole("button", { name: "Réessayer" }));
    await view.screen.findByText(SEMOIR.nom);
  });

  it("an empty basket: no request, a way back to the site", async () => {
    resetPage(undefined, "/produits");
    const calls = api();
    const view = await mount("<macc-basket></macc-basket>");
    expect(view.screen.getByText(TEXT.empty)).toBeTruthy();
    expect(view.root.querySelector("form")).toBeNull();
    expect(calls.callsTo(ITEMS)).toHaveLength(0);
  });

  describe("validation before any request", () => {
    it("an empty submit: the focused summary, in the form's order", async () => {
      const calls = api();
      withBasket(["1001"]);
      const view = await mountBasket();
      fireEvent.click(sendButton(view));
      expect(await summaryItems(view)).toEqual([TEXT.required.nom, TEXT.required.societe, TEXT.required.immat, TEXT.required.mobile]);
      await waitFor(() => expect(view.root.activeElement).toBe(view.root.querySelector(".error-summary")));
      expect(calls.callsTo(SEND)).toHaveLength(0);
    });

    it.each<[string, Partial<Record<FieldName, string>>, string[]]>([
      ["a landline", { mobile: "01 23 45 67 89" }, [TEXT.badMobile]],
      ["a mobile with letters", { mobile: "06 12 AB 56 78" }, [TEXT.badMobile]],
      ["a SIREN with a wrong check digit", { immat: "552100555" }, [TEXT.badImmat]],
      ["a French mobile and SIREN for a Belgian company", { pays: "BE" }, [TEXT.badImmatBE, TEXT.badMobileBE]],
      ["a name of 101 characters", { nom: "n".repeat(101) }, [TEXT.tooLongNom]],
    ])("%s → its messages, nothing sent, what was typed kept", async (_label, values, messages) => {
      const calls = api();
      withBasket(["1001"]);
      const view = await mountBasket();
      fill(view, { ...VALID, ...values });
      fireEvent.click(sendButton(view));
      expect(await summaryItems(view)).toEqual(messages);
      expect(calls.callsTo(SEND)).toHaveLength(0);
      for (const [name, value] of Object.entries({ ...VALID, ...values })) expect(control(view, name as FieldName).value).toBe(value);
    });

    it.each<[string, Partial<Record<FieldName, string>>]>([
      ["an international Belgian mobile for a French company", { mobile: "+32 470 12 34 56" }],
      ["a SIRET", { immat: "552 100 554 00013" }],
      ["a Belgian company", { pays: "BE", mobile: "0470 12 34 56", immat: "0403.170.701" }],
    ])("%s is accepted", async (_label, values) => {
      const calls = api();
      withBasket(["1001"]);
      const view = await mountBasket();
      fill(view, { ...VALID, ...values });
      fireEvent.click(sendButton(view));
      await waitFor(() => expect(calls.callsTo(SEND)).toHaveLength(1));
    });
  });

  it("what the visitor types is kept in the store's userPanier and comes back with the element", async () => {
    api();
    withBasket(["1001"]);
    const view = await mountBasket();
    fill(view, { nom: "Jean Dupont", mobile: "06 12 34 56 78", pays: "BE" });
    expect(getCore().store.getState().app.userPanier).toEqual({ nom: "Jean Dupont", mobile: "06 12 34 56 78", pays: "BE" });
    view.el.remove();
    const again = await mountBasket();
    expect([control(again, "nom").value, control(again, "mobile").value, control(again, "pays").value]).toEqual([
      "Jean Dupont",
      "06 12 34 56 78",
      "BE",
    ]);
  });

  it("another language chosen on the page: the country and language not chosen yet follow it; what was typed stays", async () => {
    api({
      "GET /api/servicesMACC/reseau/GBR/type/gen": { body: FOOTER_BODY },
      "GET /api/servicesMACC/reseau/ITA/type/gen": { body: FOOTER_BODY },
    });
    withBasket(["1001"]);
    const view = await mountBasket();
    fill(view, { nom: "Jean Dupont" });
    getCore().store.getState().chooseLocale("en-GB");
    await waitFor(() => expect([control(view, "pays").value, control(view, "langue").value]).toEqual(["GB", "en-GB"]));
    expect(control(view, "nom").value).toBe("Jean Dupont");
    // A choice of the visitor's own stays.
    fill(view, { pays: "BE" });
    getCore().store.getState().chooseLocale("it-IT");
    await waitFor(() => expect(control(view, "langue").value).toBe("it-IT"));
    expect(control(view, "pays").value).toBe("BE");
  });

  describe("sending", () => {
    it("201: one POST with its idempotency key and bot check; the confirmation; basket, redirection and data cleared; the event; the address", async () => {
      const calls = api();
      withBasket(["1001"]);
      getCore().store.getState().addRedirection("/panier/validation");
      const events = listen<{ panier: string[] }>("macc-basket-change");
      history.replaceState(null, "", "/produits?panier=1001&x=1");
      const view = await mountBasket();
      fill(view, { ...VALID, langue: "nl-BE" });
      fireEvent.click(sendButton(view));
      await view.screen.findByText(TEXT.registered);
      const [call] = calls.callsTo(SEND);
      expect(call!.body).toEqual({ items: ["1001"], ...VALID, pays: "FR", langue: "nl-BE", theme: "MACC" });
      expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(call!.headers["x-bot-check"]).toBeTruthy();
      expect(call!.headers.authorization).toBeUndefined();
      expect(view.screen.getByText(TEXT.smsSent(VALID.mobile))).toBeTruthy();
      expect(view.screen.getByText(TEXT.callBack)).toBeTruthy();
      expect(view.screen.getByText(SENT.reference)).toBeTruthy();
      await waitFor(() => expect(view.root.activeElement).toBe(view.root.querySelector(".alert--success")!.parentElement));
      const { app } = getCore().store.getState();
      expect([app.panier, app.redirection, app.userPanier]).toEqual([[], null, null]);
      expect(events.at(-1)!.detail.panier).toEqual([]);
      expect(location.search).toBe("?x=1");
      expect(view.screen.getByRole("link", { name: TEXT.backToSite }).getAttribute("href")).toBe("/");
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });

    it("201 with sms: false (the SMS provider did not accept it in time): the confirmation says so", async () => {
      api({ [SEND]: { status: 201, body: { ...SENT, sms: false } } });
      withBasket(["1001"]);
      const view = await mountBasket();
      fill(view, VALID);
      fireEvent.click(sendButton(view));
      await view.screen.findByText(TEXT.registered);
      expect(
        view.screen.getByText(
          "Le message de confirmation au 06 12 34 56 78 n'a pas encore pu être envoyé : votre demande est bien enregistrée.",
        ),
      ).toBeTruthy();
      expect(view.screen.queryByText(TEXT.smsSent(VALID.mobile))).toBeNull();
    });

    it("a double submit while the first is pending sends one request", async () => {
      const answer = deferred();
      const calls = api({ [SEND]: answer.handler });
      withBasket(["1001"]);
      const view = await mountBasket();
      fill(view, VALID);
      fireEvent.click(sendButton(view));
      fireEvent.click(sendButton(view));
      await answer.started;
      fireEvent.click(sendButton(view));
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.callsTo(SEND)).toHaveLength(1);
      answer.resolve({ status: 201, body: SENT });
      await view.screen.findByText(TEXT.registered);
      expect(calls.callsTo(SEND)).toHaveLength(1);
    });

    it("a failure: the message with the phone; trying again reuses the key (even after a reload), a change of data makes a new one", async () => {
      const keys: string[] = [];
      const calls = api({
        [SEND]: (call) => {
          keys.push(call.headers["idempotency-key"]!);
          return keys.length < 4 ? problem(502) : { status: 201, body: SENT };
        },
      });
      withBasket(["1001"]);
      let view = await mountBasket();
      fill(view, VALID);
      fireEvent.click(sendButton(view));
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.failedWithPhone);
      for (const [name, value] of Object.entries(VALID)) expect(control(view, name as FieldName).value).toBe(value);
      await waitFor(() => expect(sendButton(view).getAttribute("aria-disabled")).toBeNull());

      // The element comes back (a reload): the same request, the same key.
      view.el.remove();
      view = await mountBasket();
      fireEvent.click(sendButton(view));
      await waitFor(() => expect(keys).toHaveLength(2));
      expect(keys[1]).toBe(keys[0]);
      await waitFor(() => expect(sendButton(view).getAttribute("aria-disabled")).toBeNull());

      type(view, "nom", "Jeanne Dupont");
      fireEvent.click(sendButton(view));
      await waitFor(() => expect(keys).toHaveLength(3));
      expect(keys[2]).not.toBe(keys[0]);
      await waitFor(() => expect(sendButton(view).getAttribute("aria-disabled")).toBeNull());
      fireEvent.click(sendButton(view));
      await view.screen.findByText(TEXT.registered);
      expect(keys[3]).toBe(keys[2]);
      expect(calls.callsTo(SEND)).toHaveLength(4);
    });

    it("409 (the first request with this key still running): asked again with the same key after Retry-After", async () => {
      let attempts = 0;
      const calls = api({
        [SEND]: () => (++attempts === 1 ? problem(409, "in progress", { "Retry-After": "0" }) : { status: 201, body: SENT }),
      });
      withBasket(["1001"]);
      const view = await mountBasket();
      fill(view, VALID);
      fireEvent.click(sendButton(view));
      await view.screen.findByText(TEXT.registered);
      const [first, second] = calls.callsTo(SEND);
      expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
    });

    it.each<[string, RouteHandler, string]>([
      ["429", problem(429, undefined, { "Retry-After": "150" }), TEXT.tooMany(3)],
      ["the bot check refused", { ...problem(403), body: { type: "https://macc.example/problems/bot-check", status: 403 } }, TEXT.botCheck],
    ])("%s: its message", async (_label, failure, message) => {
      api({ [SEND]: failure });
      withBasket(["1001"]);
      const view = await mountBasket();
      fill(view, VALID);
      fireEvent.click(sendButton(view));
      expect((await view.screen.findByRole("alert")).textContent).toBe(message);
    });

    it("422: the server's messages on their fields, in the form's order", async () => {
      api({
        [SEND]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: {
            status: 422,
            errors: [
              { path: "mobile", message: "Ce numéro ne reçoit pas de SMS." },
              { path: "immat", message: "Entreprise radiée." },
              { path: "items", message: "Un article n'existe plus." },
            ],
          },
        },
      });
      withBasket(["1001"]);
      const view = await mountBasket();
      fill(view, VALID);
      fireEvent.click(sendButton(view));
      // In the order of the form; the items' message leads to the list.
      expect(await summaryItems(view)).toEqual(["Entreprise radiée.", "Ce numéro ne reçoit pas de SMS.", "Un article n'existe plus."]);
      fireEvent.click(view.root.querySelector<HTMLAnchorElement>('.error-summary a[href="#items"]')!);
      expect(view.root.activeElement).toBe(view.root.getElementById("items"));
    });
  });

  describe("a logged-in customer", () => {
    it("the form prefilled from the company and the profile, editable; the request carries the token", async () => {
      const calls = api({ [PROFILE]: { body: { user: { nom: "Martin", prenom: "Claire", mobile: "06 98 76 54 32" } } } });
      signIn(user([company({ formeJuridique: "SARL", raisonSocial: "Ferme des Tilleuls", immatriculation: "552100554", pays: "FR" })]));
      withBasket(["1001"]);
      const view = await mountBasket();
      expect(view.screen.queryByRole("link", { name: TEXT.logInFirst })).toBeNull();
      await waitFor(() => expect(control(view, "nom").value).toBe("Claire Martin"));
      expect([
        control(view, "societe").value,
        control(view, "mobile").value,
        control(view, "immat").value,
        control(view, "pays").value,
      ]).toEqual(["SARL Ferme des Tilleuls", "06 98 76 54 32", "552100554", "FR"]);
      type(view, "mobile", "07 11 22 33 44");
      fireEvent.click(sendButton(view));
      await view.screen.findByText(TEXT.registered);
      const [call] = calls.callsTo(SEND);
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      expect(call!.body).toMatchObject({ nom: "Claire Martin", societe: "SARL Ferme des Tilleuls", mobile: "07 11 22 33 44" });
      expect(view.screen.getByRole("link", { name: "Retour à mon compte" }).getAttribute("href")).toBe("/portail/mon-compte");
    });

    it("another company chosen: its data in the fields not typed", async () => {
      api({ [PROFILE]: { body: { user: { nom: "Martin", prenom: "Claire", mobile: "06 98 76 54 32" } } } });
      signIn(
        user([
          company(),
          company({
            idTier: "T2",
            token: "company-token-2",
            formeJuridique: "BV",
            raisonSocial: "Hoeve De Linde",
            immatriculation: "33014286",
            pays: "NL",
          }),
        ]),
      );
      withBasket(["1001"]);
      const view = await mountBasket();
      await waitFor(() => expect(control(view, "nom").value).toBe("Claire Martin"));
      type(view, "nom", "Claire M.");
      getCore().store.getState().chooseCompany("T2");
      await waitFor(() => expect(control(view, "societe").value).toBe("Hoeve De Linde BV"));
      expect([control(view, "immat").value, control(view, "pays").value, control(view, "nom").value]).toEqual([
        "33014286",
        "NL",
        "Claire M.",
      ]);
    });

    it("the session refused (401): the customer is logged out and the basket goes as a visitor's, with the same key", async () => {
      let attempts = 0;
      const calls = api({
        [PROFILE]: { body: { user: { nom: "Martin", prenom: "Claire", mobile: "06 98 76 54 32" } } },
        [SEND]: () => (++attempts === 1 ? problem(401) : { status: 201, body: SENT }),
      });
      signIn(user([company()]));
      withBasket(["1001"]);
      const view = await mountBasket();
      await waitFor(() => expect(control(view, "mobile").value).toBe("06 98 76 54 32"));
      fireEvent.click(sendButton(view));
      await view.screen.findByText(TEXT.registered);
      const [first, second] = calls.callsTo(SEND);
      expect(first!.headers.authorization).toBe("Bearer company-token-1");
      expect(second!.headers.authorization).toBeUndefined();
      expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
      expect(getCore().store.getState().auth.user).toBeNull();
    });

    it("what the visitor typed before logging in wins over the company's data", async () => {
      api({ [PROFILE]: { body: { user: { nom: "Martin", prenom: "Claire", mobile: "06 98 76 54 32" } } } });
      getCore().store.getState().setUserPanier({ nom: "Jean Dupont", societe: "GAEC des Prés" });
      signIn(user([company()]));
      withBasket(["1001"]);
      const view = await mountBasket();
      await waitFor(() => expect(control(view, "mobile").value).toBe("06 98 76 54 32"));
      expect([control(view, "nom").value, control(view, "societe").value]).toEqual(["Jean Dupont", "GAEC des Prés"]);
    });
  });
});

describe('<macc-basket view="sent"> (PANIER_VALIDER)', () => {
  it("after a basket was sent from this tab: its confirmation, also after a reload", async () => {
    api();
    withBasket(["1001"]);
    const first = await mountBasket();
    fill(first, VALID);
    fireEvent.click(sendButton(first));
    await first.screen.findByText(TEXT.registered);
    const view = await mount('<macc-basket view="sent"></macc-basket>');
    expect(view.screen.getByText(TEXT.registered)).toBeTruthy();
    expect(view.screen.getByText(SENT.reference)).toBeTruthy();
    expect(view.screen.getByText(SEMOIR.nom)).toBeTruthy();
  });

  it("every 'Back to the site' leads to the page's own site, under its data-site-base (empty, nothing sent, sent)", async () => {
    api();
    resetPage({ locale: "fr-FR", portalBase: "/fr/portail", siteBase: "/fr" }, "/fr/produits");
    const links = async (html: string) => {
      const view = await mount(html);
      return waitFor(() => {
        const found = [...view.root.querySelectorAll<HTMLAnchorElement>("a.btn")].filter((a) => a.textContent === TEXT.backToSite);
        expect(found).not.toHaveLength(0);
        return found.map((a) => a.getAttribute("href"));
      });
    };
    expect(await links("<macc-basket></macc-basket>")).toEqual(["/fr/"]);
    expect(await links('<macc-basket view="sent"></macc-basket>')).toEqual(["/fr/"]);
    withBasket(["1001"]);
    const first = await mountBasket();
    fill(first, VALID);
    fireEvent.click(sendButton(first));
    await first.screen.findByText(TEXT.registered);
    expect(await links('<macc-basket view="sent"></macc-basket>')).toEqual(["/fr/"]);
  });

  it("opened directly, nothing sent: says so, with the basket and the site", async () => {
    api();
    withBasket(["1001"]);
    const view = await mount('<macc-basket view="sent"></macc-basket>');
    expect(view.screen.getByText(TEXT.nothingSent)).toBeTruthy();
    expect(view.screen.getByRole("link", { name: "Voir mon panier" }).getAttribute("href")).toBe("/portail/panier/validation");
    expect(view.screen.getByRole("link", { name: TEXT.backToSite }).getAttribute("href")).toBe("/");
  });
});

describe("<macc-basket>: sending that survives the network", () => {
  // A visitor's; the basket is the one: it waits whole until it goes (no other one meanwhile).
  savedOfflineCases({
    send: SEND,
    copy: "<macc-basket></macc-basket>",
    api: (send) => {
      const calls = api({ [SEND]: send });
      withBasket(["1001"]);
      return calls;
    },
    open: () => mountBasket(),
    fill: (view) => fill(view, VALID),
    submit: (view) => fireEvent.click(sendButton(view)),
    recorded: { status: 201, body: SENT },
    shownSent: async (view) => {
      await view.screen.findByText(TEXT.registered);
      expect(view.screen.getByText(SENT.reference)).toBeTruthy();
    },
    mark: (call) => call.headers["idempotency-key"],
    // The basket stays until it is recorded.
    afterSaved: () => expect(getCore().store.getState().app.panier).toEqual(["1001"]),
    afterSent: (sent) => {
      expect(sent.body).toEqual({ items: ["1001"], ...VALID, pays: "FR", langue: "fr-FR", theme: "MACC" });
      expect(sent.headers.authorization).toBeUndefined();
      expect(getCore().store.getState().app.panier).toEqual([]);
    },
  });

  it("a customer's basket saved offline is deleted at logout; a visitor's stays (it is the browser's)", async () => {
    api({ [SEND]: offline, [PROFILE]: { body: { user: { nom: "", prenom: "", mobile: "" } } } });
    signIn(user([company({ codeReseau: "FRA" })]));
    withBasket(["1001"]);
    const view = await mountBasket();
    fill(view, VALID);
    fireEvent.click(sendButton(view));
    await waitFor(() => expect(savedShown(view)).toBe(true));

    getCore().store.getState().disconnect("user");
    await waitFor(() => expect(savedShown(view)).toBe(false));

    // The visitor's own basket, saved offline, survives a login and a logout.
    await waitFor(() => expect(view.root.querySelector("form")).not.toBeNull());
    fill(view, VALID);
    fireEvent.click(sendButton(view));
    await waitFor(() => expect(savedShown(view)).toBe(true));
    signIn(user([company({ codeReseau: "FRA" })]));
    getCore().store.getState().disconnect("user");
    await new Promise((r) => setTimeout(r, 20));
    expect(savedShown(view)).toBe(true);
  });
});
