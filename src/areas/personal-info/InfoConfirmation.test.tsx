import { fireEvent } from "@testing-library/dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-info-confirmation";
import { getCore } from "../../core/index";
import type { Entreprise } from "../../core/types";
import {
  company,
  deferred,
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
import { selectCompany } from "../../core/store";

interface NavigateDetail {
  route: string;
  params: object;
  path: string;
}

const PROFILE = "GET /api/me/profile";
const SAVE = "PUT /api/me/profile";
const CONFIRM = "POST /api/me/confirmation";
const FOOTER = "GET /api/servicesMACC/reseau/FRA/type/gen";
const PHONE = "03 26 00 00 01";

const footer = (telephone1: string | null = PHONE) => ({
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [
    { nomSousService: "Comptabilité", telephone1: null, mail1: "compta@macc.fr" },
    { nomSousService: "Service client", telephone1 },
  ],
});

function profileBody(derniereMiseAJour: string | null = "2020-03-14") {
  return {
    user: {
      civilite: "M.",
      nom: "Dupont",
      prenom: "Jean",
      fonction: "Gérant",
      email: "jean@ferme.test",
      mobile: "06 12 34 56 78",
      telephone: "",
      adresse: "12 rue des Lilas",
      adresse_complement: "Bât. B",
      code_postal: "51100",
      ville: "Reims",
      pays: "FR",
    },
    entreprise: {
      idTier: "T1",
      raison_sociale: "Ferme des Tilleuls",
      formeJuridique: "SARL",
      immatriculation: "552100554",
      numeroClient: "C-100100",
      pays: "FR",
      derniereMiseAJour,
    },
  };
}

/** POST /me/confirmation's answer: the company as the login answer has it, confirmed on 21 November 2026. */
const CONFIRMED = {
  body: {
    entreprise: {
      idTier: "T1",
      codeReseau: "FRA",
      formeJuridique: "SARL",
      raisonSocial: "Ferme des Tilleuls",
      immatriculation: "552100554",
      numeroClient: "C-100100",
      pays: "FR",
      derniereMiseAJour: "2026-11-21",
    },
  },
};

const MESSAGES = {
  welcomeTitle: "Bienvenue dans votre nouvel espace client",
  welcomeIntro:
    "Votre espace client a migré vers un nouveau service. Avant de commencer, veuillez vérifier les informations dont nous disposons sur vous et votre entreprise, puis les confirmer ou les corriger.",
  confirmTitle: "Confirmez vos informations",
  stale: (date: string) =>
    `Vos informations ont été confirmées pour la dernière fois le ${date}. Veuillez vérifier qu'elles sont toujours exactes.`,
  fresh: "Veuillez vérifier que vos informations sont toujours exactes.",
  loadFailed: "Vos informations ne peuvent pas être affichées pour le moment.",
  confirmFailedPhone: `Nous n'avons pas pu enregistrer votre confirmation. Veuillez réessayer plus tard ou nous appeler au ${unbroken(PHONE)}.`,
  confirmFailed: "Nous n'avons pas pu enregistrer votre confirmation. Veuillez réessayer plus tard.",
};

const logIn = (entreprise: Partial<Entreprise> = {}) => signIn(user([company({ derniereMiseAJour: "2020-03-14", ...entreprise })]));

function api(extra: Record<string, RouteHandler> = {}) {
  return stubApi({ ...sessionRoutes(), [FOOTER]: { body: footer() }, [PROFILE]: { body: profileBody() }, ...extra });
}

const interceptNavigation = () => listen<NavigateDetail>("macc-navigate", document, (event) => event.preventDefault());

const TAG = "<macc-info-confirmation></macc-info-confirmation>";

/** The "yes, correct" button (found directly: role queries are slow in happy-dom; its name is checked). */
function confirmButton(view: Mounted): HTMLButtonElement {
  const button = view.root.querySelector<HTMLButtonElement>(".actions button:first-child");
  if (button?.textContent !== "Oui, mes informations sont exactes") throw new Error("no confirm button");
  return button;
}

async function mountReady(html = TAG) {
  const view = await mount(html);
  await waitFor(() => confirmButton(view));
  return view;
}
const intro = (view: Mounted) => view.root.querySelector(".intro")?.textContent;
const h1 = (view: Mounted) => view.root.querySelector("h1")?.textContent;

function summary(view: Mounted): Record<string, string> {
  return Object.fromEntries(
    [...view.root.querySelectorAll(".summary-list > div")].map((row) => [
      row.querySelector("dt")!.textContent,
      row.querySelector("dd")!.textContent,
    ]),
  );
}

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

const originalTZ = process.env.TZ;
beforeEach(() => resetPage());
afterEach(() => {
  if (process.env.TZ !== originalTZ) {
    if (originalTZ === undefined) delete process.env.TZ;
    else process.env.TZ = originalTZ;
  }
});

describe("<macc-info-confirmation>", () => {
  it("anonymous (no selected company): a prompt to log in; no profile requested", async () => {
    // Only the footer's contact data (the phone of failure messages) may be asked for.
    const calls = stubApi({ [FOOTER]: { body: footer() } });
    const view = await mount(TAG);
    expect(h1(view)).toBe(MESSAGES.confirmTitle);
    expect(view.screen.getByText("Connectez-vous pour consulter et mettre à jour vos informations.")).toBeTruthy();
    expect(view.screen.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe("/portail/mon-compte/connexion");
    expect(view.root.querySelector(".summary-list")).toBeNull();
    expect(view.root.querySelector("button")).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.callsTo(PROFILE)).toHaveLength(0);
    expect(calls.callsTo(CONFIRM)).toHaveLength(0);
  });

  describe("variants", () => {
    it("no last-update date (migrated account): the welcome variant", async () => {
      api({ [PROFILE]: { body: profileBody(null) } });
      logIn({ derniereMiseAJour: null });
      const view = await mountReady();
      expect(h1(view)).toBe(MESSAGES.welcomeTitle);
      expect(intro(view)).toBe(MESSAGES.welcomeIntro);
      expect(view.screen.queryByText(/dernière fois/)).toBeNull();
    });

    it("older than 3 years: the stale variant with the date in long form", async () => {
      api();
      logIn({ derniereMiseAJour: "2020-03-14" });
      const view = await mountReady();
      expect(h1(view)).toBe(MESSAGES.confirmTitle);
      expect(intro(view)).toBe(MESSAGES.stale("14 mars 2020"));
    });

    it("older than 3 years, in English", async () => {
      api();
      logIn({ derniereMiseAJour: "2020-03-14" });
      const view = await mount('<macc-info-confirmation locale="en-GB"></macc-info-confirmation>');
      await view.screen.findByRole("button", { name: "Yes, my information is correct" });
      expect(intro(view)).toBe("Your information was last confirmed on 14 March 2020. Please check that it is still correct.");
    });

    it.each<[string, string, string]>([
      ["3 years and a day ago: stale", yearsAgo(3, 1), "stale"],
      ["exactly 3 years ago: still fresh", yearsAgo(3), "fresh"],
      ["last year: fresh", yearsAgo(1), "fresh"],
    ])("%s", async (_label, date, expected) => {
      api();
      logIn({ derniereMiseAJour: date });
      const view = await mountReady();
      expect(h1(view)).toBe(MESSAGES.confirmTitle);
      if (expected === "fresh") expect(intro(view)).toBe(MESSAGES.fresh);
      else expect(intro(view)).toMatch(/^Vos informations ont été confirmées pour la dernière fois le \d{1,2} \S+ \d{4}\./);
    });

    // The API sends a calendar date (YYYY-MM-DD); French customers overseas (Guadeloupe, UTC−4) must see that same day.
    it("the stale date is the calendar day the API sent, whatever the time zone", async () => {
      process.env.TZ = "America/Guadeloupe";
      api();
      logIn({ derniereMiseAJour: "2020-03-14" });
      const view = await mountReady();
      expect(intro(view)).toBe(MESSAGES.stale("14 mars 2020"));
    });
  });

  describe("loading", () => {
    it("a skeleton (role=status) while the profile loads, then the summary", async () => {
      const answer = deferred();
      api({ [PROFILE]: answer.handler });
      logIn();
      const view = await mount(TAG);
      const skeleton = await view.screen.findByRole("status", { name: "Chargement de vos informations" });
      expect(skeleton).toBeTruthy();
      expect(view.screen.queryByRole("button", { name: "Oui, mes informations sont exactes" })).toBeNull();
      // The title is already there.
      expect(h1(view)).toBe(MESSAGES.confirmTitle);

      answer.resolve({ body: profileBody() });
      await waitFor(() => confirmButton(view));
      expect(view.screen.queryByRole("status", { name: "Chargement de vos informations" })).toBeNull();
    });

    it("shows what is on record: name, contact, address, company, numbers; empty values as a dash", async () => {
      api();
      logIn();
      const view = await mountReady();
      expect(summary(view)).toEqual({
        "Nom et prénom": "M. Jean Dupont",
        Fonction: "Gérant",
        "Adresse e-mail": "jean@ferme.test",
        "Téléphone mobile": "06 12 34 56 78",
        "Téléphone fixe": "—",
        Adresse: "12 rue des Lilas, Bât. B, 51100 Reims, France",
        "Raison sociale": "SARL Ferme des Tilleuls",
        "Numéro d'immatriculation": "552100554",
        "Numéro client": "C-100100",
      });
      expect(view.screen.getByRole("button", { name: "Non, je souhaite les corriger" })).toBeTruthy();
    });

    it.each<[string, string | null, string]>([
      ["en-GB", "M.", "Mr Jean Dupont"],
      ["en-GB", "Mme", "Ms Jean Dupont"],
      ["de-BE", "M.", "Herr Jean Dupont"],
      ["nl-BE", "Mme", "Mevr. Jean Dupont"],
      ["en-GB", null, "Jean Dupont"],
    ])("%s, title %j: the name row says %j (the title in the reader's language, not the stored code)", async (locale, civilite, name) => {
      const body = profileBody();
      api({ [PROFILE]: { body: { ...body, user: { ...body.user, civilite } } } });
      logIn();
      const view = await mount(`<macc-info-confirmation locale="${locale}"></macc-info-confirmation>`);
      await waitFor(() => expect(view.root.querySelectorAll(".summary-list dd").length).toBeGreaterThan(0));
      expect(view.root.querySelector(".summary-list dd")!.textContent).toBe(name);
    });

    it("a load error offers to try again, which reloads", async () => {
      let attempts = 0;
      const calls = api({ [PROFILE]: () => (++attempts === 1 ? problem(500) : { body: profileBody() }) });
      logIn();
      const view = await mount(TAG);
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(MESSAGES.loadFailed);
      expect(view.screen.queryByRole("button", { name: "Oui, mes informations sont exactes" })).toBeNull();
      // The screen says it itself: no toast on top.
      expect(getCore().toasts.getState().toasts).toHaveLength(0);

      fireEvent.click(view.screen.getByRole("button", { name: "Réessayer" }));
      await view.screen.findByRole("button", { name: "Oui, mes informations sont exactes" });
      expect(calls.callsTo(PROFILE)).toHaveLength(2);
      expect(view.screen.queryByText(MESSAGES.loadFailed)).toBeNull();
      expect(view.screen.queryByRole("button", { name: "Réessayer" })).toBeNull();
    });
  });

  describe("confirm as is", () => {
    it("POSTs the confirmation, stores the new date (header and guards see it) and goes to DASHBOARD", async () => {
      const calls = api({ [CONFIRM]: CONFIRMED });
      logIn({ derniereMiseAJour: null });
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(confirmButton(view));
      await waitFor(() => expect(navigations).toHaveLength(1));

      const [call] = calls.callsTo(CONFIRM);
      expect(call!.method).toBe("POST");
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      const state = getCore().store.getState();
      expect(selectCompany(state)?.derniereMiseAJour).toBe("2026-11-21");
      expect(state.auth.user?.entreprises[0]?.derniereMiseAJour).toBe("2026-11-21");
      expect(navigations[0]!.cancelable).toBe(true);
      expect(navigations[0]!.detail).toEqual({ route: "DASHBOARD", params: {}, path: "/portail/mon-compte" });
      expect(calls.callsTo(SAVE)).toHaveLength(0);
    });

    it.each<[string, string, NavigateDetail]>([
      [
        "the page the customer was going to",
        "/mon-compte/factures",
        { route: "FACTURES", params: {}, path: "/portail/mon-compte/factures" },
      ],
      [
        "the confirmation itself (would loop)",
        "/mon-compte/confirmation-information",
        { route: "DASHBOARD", params: {}, path: "/portail/mon-compte" },
      ],
    ])("with a stored redirection to %s → %j; the redirection is removed", async (_label, redirection, expected) => {
      api({ [CONFIRM]: CONFIRMED });
      logIn();
      getCore().store.getState().addRedirection(redirection);
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(confirmButton(view));
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(navigations[0]!.detail).toEqual(expected);
      expect(getCore().store.getState().app.redirection).toBeNull();
    });

    it("a double click sends one request", async () => {
      const answer = deferred();
      const calls = api({ [CONFIRM]: answer.handler });
      logIn();
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(confirmButton(view));
      fireEvent.click(confirmButton(view));
      await answer.started;
      await waitFor(() => expect(confirmButton(view).getAttribute("aria-disabled")).toBe("true"));
      fireEvent.click(confirmButton(view));
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.callsTo(CONFIRM)).toHaveLength(1);

      answer.resolve(CONFIRMED);
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(calls.callsTo(CONFIRM)).toHaveLength(1);
    });

    it.each<[string, RouteHandler]>([
      ["500", problem(500)],
      ["409", problem(409)],
      ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
      ["an answer without the company", { body: { entreprise: { idTier: "T1" } } }],
    ])(
      "failure (%s): the message with the company's phone, nothing stored, no navigation, button usable again",
      async (_label, handler) => {
        const calls = api({ [CONFIRM]: handler });
        logIn({ derniereMiseAJour: "2020-03-14" });
        const navigations = interceptNavigation();
        const view = await mountReady();
        // The phone comes from the footer's contact data.
        await waitFor(() => expect(calls.callsTo(FOOTER)).toHaveLength(1));
        fireEvent.click(confirmButton(view));
        const alert = await view.screen.findByRole("alert");
        expect(alert.textContent).toBe(MESSAGES.confirmFailedPhone);
        expect(selectCompany(getCore().store.getState())?.derniereMiseAJour).toBe("2020-03-14");
        expect(navigations).toHaveLength(0);
        // The form shows it: no generic toast on top.
        expect(getCore().toasts.getState().toasts).toHaveLength(0);
        await waitFor(() => expect(confirmButton(view).getAttribute("aria-disabled")).toBeNull());
        // The failure region takes focus, for screen readers.
        await waitFor(() => expect(view.root.activeElement).toBe(alert.parentElement));
      },
    );

    it("failure without a known phone: the message without it", async () => {
      api({ [FOOTER]: { body: footer(null) }, [CONFIRM]: problem(500) });
      logIn();
      const view = await mountReady();
      fireEvent.click(confirmButton(view));
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.confirmFailed);
    });

    it("a retry after a failure clears the message and goes on", async () => {
      let attempts = 0;
      const calls = api({
        [CONFIRM]: () => (++attempts === 1 ? problem(500) : CONFIRMED),
      });
      logIn();
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(confirmButton(view));
      await view.screen.findByRole("alert");
      await waitFor(() => expect(confirmButton(view).getAttribute("aria-disabled")).toBeNull());
      fireEvent.click(confirmButton(view));
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(view.screen.queryByRole("alert")).toBeNull();
      expect(calls.callsTo(CONFIRM)).toHaveLength(2);
    });
  });

  describe("correct", () => {
    it("opens the prefilled form; Cancel returns to the summary without a request", async () => {
      const calls = api();
      logIn();
      const view = await mountReady();
      fireEvent.click(view.screen.getByRole("button", { name: "Non, je souhaite les corriger" }));
      const save = await view.screen.findByRole("button", { name: "Enregistrer et continuer" });
      expect(save.getAttribute("type")).toBe("submit");
      expect((view.screen.getByLabelText("Nom") as HTMLInputElement).value).toBe("Dupont");
      expect(view.screen.queryByRole("button", { name: "Oui, mes informations sont exactes" })).toBeNull();
      // The keyboard goes on at the top of the form, not lost on the page.
      await waitFor(() => expect(view.root.activeElement?.textContent).toBe("À propos de vous"));

      fireEvent.click(view.screen.getByRole("button", { name: "Annuler" }));
      await view.screen.findByRole("button", { name: "Oui, mes informations sont exactes" });
      expect(view.screen.queryByLabelText("Nom")).toBeNull();
      // … and back on the button that opened it.
      await waitFor(() => expect(view.root.activeElement?.textContent).toBe("Non, je souhaite les corriger"));
      expect(calls.callsTo(SAVE)).toHaveLength(0);
      expect(calls.callsTo(CONFIRM)).toHaveLength(0);
    });

    it("save → PUT, the store takes the saved company and date, then navigation", async () => {
      const saved = profileBody("2026-11-21");
      saved.entreprise.raison_sociale = "Ferme des Érables";
      const calls = api({ [SAVE]: { body: saved } });
      logIn({ derniereMiseAJour: null });
      getCore().store.getState().addRedirection("/mon-compte/factures");
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(view.screen.getByRole("button", { name: "Non, je souhaite les corriger" }));
      const save = await view.screen.findByRole("button", { name: "Enregistrer et continuer" });
      fireEvent.change(view.screen.getByLabelText("Raison sociale"), { target: { value: "Ferme des Érables" } });
      fireEvent.click(save);

      await waitFor(() => expect(navigations).toHaveLength(1));
      const [call] = calls.callsTo(SAVE);
      expect((call!.body as { entreprise: object }).entreprise).toEqual({
        raison_sociale: "Ferme des Érables",
        formeJuridique: "SARL",
        immatriculation: "552100554",
      });
      const state = getCore().store.getState();
      expect(selectCompany(state)?.raisonSocial).toBe("Ferme des Érables");
      expect(selectCompany(state)?.derniereMiseAJour).toBe("2026-11-21");
      expect(navigations[0]!.detail).toEqual({ route: "FACTURES", params: {}, path: "/portail/mon-compte/factures" });
      expect(state.app.redirection).toBeNull();
      // Saving the corrections is the confirmation: no second request.
      expect(calls.callsTo(CONFIRM)).toHaveLength(0);
    });

    it("a new e-mail among the corrections: the link sent is said on the way (a toast), the login unchanged", async () => {
      const saved = { ...profileBody("2026-11-21"), emailChange: { email: "nouvelle@ferme.test", expiresAt: "2026-11-22T09:30:00.000Z" } };
      const calls = api({ [SAVE]: { body: saved } });
      logIn();
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(view.screen.getByRole("button", { name: "Non, je souhaite les corriger" }));
      const save = await view.screen.findByRole("button", { name: "Enregistrer et continuer" });
      fireEvent.change(view.screen.getByLabelText("Adresse e-mail"), { target: { value: "nouvelle@ferme.test" } });
      fireEvent.change(await view.screen.findByLabelText("Mot de passe actuel"), { target: { value: "Secret123" } });
      fireEvent.click(save);
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(calls.callsTo(SAVE)[0]!.body).toMatchObject({ emailChangePath: "/portail/mon-compte/changement-email" });
      expect(
        getCore()
          .toasts.getState()
          .toasts.map((toast) => toast.message),
      ).toEqual([
        "Nous avons envoyé un lien à nouvelle@ferme.test : votre adresse e-mail de connexion changera quand vous l'ouvrirez (valable 24 heures).",
      ]);
      expect(getCore().store.getState().auth.user?.infosConnexion.emailLogin).not.toBe("nouvelle@ferme.test");
    });

    it("a double submit of the corrections sends one request", async () => {
      const answer = deferred();
      const calls = api({ [SAVE]: answer.handler });
      logIn();
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(view.screen.getByRole("button", { name: "Non, je souhaite les corriger" }));
      const save = await view.screen.findByRole("button", { name: "Enregistrer et continuer" });
      fireEvent.click(save);
      fireEvent.click(save);
      await answer.started;
      await waitFor(() => expect(save.getAttribute("aria-disabled")).toBe("true"));
      fireEvent.submit(save.closest("form")!);
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.callsTo(SAVE)).toHaveLength(1);
      answer.resolve({ body: profileBody("2026-11-21") });
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(calls.callsTo(SAVE)).toHaveLength(1);
    });

    it("a failed save stays on the form with the failure message and no navigation", async () => {
      api({ [SAVE]: problem(500) });
      logIn();
      const navigations = interceptNavigation();
      const view = await mountReady();
      fireEvent.click(view.screen.getByRole("button", { name: "Non, je souhaite les corriger" }));
      fireEvent.change(await view.screen.findByLabelText("Prénom"), { target: { value: "Jeanne" } });
      fireEvent.click(view.screen.getByRole("button", { name: "Enregistrer et continuer" }));
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(
        `Vos informations n'ont pas pu être mises à jour. Veuillez réessayer plus tard ou nous appeler au ${unbroken(PHONE)}.`,
      );
      expect((view.screen.getByLabelText("Prénom") as HTMLInputElement).value).toBe("Jeanne");
      expect(navigations).toHaveLength(0);
      expect(selectCompany(getCore().store.getState())?.derniereMiseAJour).toBe("2020-03-14");
    });
  });
});
