import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-personal-info";
import { checkCompanyNumber, type CompanyCountry } from "../../contract/company-numbers";
import { formatDateTime } from "../../core/format";
import { getCore } from "../../core/index";
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
  type ApiCall,
  type Mounted,
  type RouteHandler,
  type StubResponse,
  waitFor,
  signIn,
  currentToken,
  unbroken,
  asWritten,
} from "../../test/elements";
import { selectCompany } from "../../core/store";
import { DEFAULT_CHANNELS } from "../../contract/notifications";

const PROFILE = "GET /api/me/profile";
const SAVE = "PUT /api/me/profile";
const FOOTER = "GET /api/servicesMACC/reseau/FRA/type/gen";
const PHONE = "03 26 00 00 01";

const FOOTER_BODY = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [{ nomSousService: "Service client", telephone1: PHONE, mail1: "client@macc.fr" }],
};

type ProfileBody = ReturnType<typeof profileBody>;

function profileBody({ companyCountry = "FR", immatriculation = "552100554" } = {}) {
  return {
    user: {
      civilite: "Mme",
      nom: "Martin",
      prenom: "Claire",
      fonction: "Gérante",
      email: "claire@ferme.test",
      mobile: "06 12 34 56 78",
      telephone: "03 26 11 22 33",
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
      immatriculation,
      numeroClient: "C-100100",
      pays: companyCountry,
      derniereMiseAJour: "2025-06-01",
    },
  };
}

const EXPIRES_AT = "2026-11-22T09:30:00.000Z";

/**
 * What the server answers to a PUT: what it was sent, plus what only it knows; another e-mail is not
 * the login yet, but a change waiting for its link.
 */
function echo(original: ProfileBody = profileBody(), derniereMiseAJour = "2026-11-21"): (call: ApiCall) => StubResponse {
  return (call) => {
    const sent = call.body as { user: ProfileBody["user"]; entreprise: Partial<ProfileBody["entreprise"]> };
    const asked = sent.user.email !== original.user.email;
    return {
      body: {
        user: { ...sent.user, email: original.user.email },
        entreprise: { ...original.entreprise, ...sent.entreprise, derniereMiseAJour },
        emailChange: asked ? { email: sent.user.email, expiresAt: EXPIRES_AT } : null,
      },
    };
  };
}

const MESSAGES = {
  required: {
    nom: "Saisissez votre nom",
    prenom: "Saisissez votre prénom",
    email: "Saisissez votre adresse e-mail",
    raison_sociale: "Saisissez la raison sociale",
    immatriculation: "Saisissez le numéro d'immatriculation de l'entreprise",
  },
  password: "Saisissez votre mot de passe actuel pour modifier votre adresse e-mail",
  email: "Saisissez une adresse e-mail au bon format, par exemple nom@example.com",
  phone: "Saisissez un numéro de téléphone au bon format, par exemple +33 6 12 34 56 78",
  postcode: "Saisissez un code postal valide pour le pays choisi",
  tooLong: (limit: number) => `Ce champ ne doit pas dépasser ${limit} caractères`,
  siren: "Saisissez un SIREN (9 chiffres) ou un SIRET (14 chiffres) valide",
  otherNumber: (example: string) => `Saisissez un numéro d'entreprise ou de TVA valide pour ce pays, par exemple ${example}`,
  saved: "Vos informations ont été mises à jour.",
  failed: `Vos informations n'ont pas pu être mises à jour. Veuillez réessayer plus tard ou nous appeler au ${unbroken(PHONE)}.`,
  linkSent: (email: string) =>
    `Nous avons envoyé un lien à ${email} : votre adresse e-mail de connexion changera quand vous l'ouvrirez (valable 24 heures).`,
  pending: (email: string) =>
    `En attente de confirmation : ${email} deviendra votre adresse e-mail de connexion quand le lien que nous lui avons envoyé sera ouvert, avant le ${formatDateTime("fr-FR", EXPIRES_AT)}. D'ici là, connectez-vous avec claire@ferme.test.`,
  cancelled: "Le changement de votre adresse e-mail de connexion a été annulé.",
  cancelFailed: "Le changement n'a pas pu être annulé. Veuillez réessayer plus tard.",
  loadFailed: "Vos informations ne peuvent pas être affichées pour le moment.",
};

const LABELS = {
  nom: "Nom",
  prenom: "Prénom",
  fonction: "Fonction (facultatif)",
  email: "Adresse e-mail",
  mobile: "Téléphone mobile (facultatif)",
  telephone: "Téléphone fixe (facultatif)",
  adresse: "Adresse (facultatif)",
  adresse_complement: "Complément d'adresse (facultatif)",
  code_postal: "Code postal (facultatif)",
  ville: "Ville (facultatif)",
  pays: "Pays",
  raison_sociale: "Raison sociale",
  formeJuridique: "Forme juridique (facultatif)",
  immatriculation: "Numéro d'immatriculation",
  motDePasse: "Mot de passe actuel",
} as const;
type FieldName = keyof typeof LABELS;

function api(extra: Record<string, RouteHandler> = {}, body: ProfileBody = profileBody()) {
  return stubApi({ ...sessionRoutes(), [FOOTER]: { body: FOOTER_BODY }, [PROFILE]: { body }, [SAVE]: echo(body), ...extra });
}

const logIn = () =>
  signIn(
    user(
      [
        company({
          raisonSocial: "Ferme des Tilleuls",
          formeJuridique: "SARL",
          immatriculation: "552100554",
          derniereMiseAJour: "2025-06-01",
        }),
      ],
      {
        infosConnexion: { emailLogin: "claire@ferme.test" },
      },
    ),
  );

const TAG = "<macc-personal-info></macc-personal-info>";

async function mountForm() {
  const view = await mount(TAG);
  await waitFor(() => expect(saveButton(view)).not.toBeNull());
  return view;
}

// Role and label queries compute accessible names over the whole form: slow in happy-dom, so the
// steps repeated in every test find their nodes directly (the label tests use the real queries).
const saveButton = (view: Mounted) => view.root.querySelector<HTMLButtonElement>('form button[type="submit"]');

/** A field by its id (the label association is checked once, in "the form"). */
const input = (view: Mounted, name: FieldName) => {
  const found = view.root.getElementById(name) as HTMLInputElement | null;
  if (!found) throw new Error(`no field #${name}`);
  return found;
};
const type = (view: Mounted, name: FieldName, value: string) => fireEvent.change(input(view, name), { target: { value } });
const submit = (view: Mounted) => {
  const button = saveButton(view)!;
  expect(button.textContent).toBe("Enregistrer mes informations");
  fireEvent.click(button);
};
async function summaryOf(view: Mounted) {
  const summary = await waitFor(() => {
    const found = view.root.querySelector<HTMLElement>('.error-summary[role="alert"]');
    if (!found) throw new Error("no error summary");
    return found;
  });
  expect(view.root.getElementById(summary.getAttribute("aria-labelledby")!)!.textContent).toBe("Un problème a été détecté");
  return summary;
}
const summaryItems = async (view: Mounted) => [...(await summaryOf(view)).querySelectorAll("li")].map((li) => li.textContent);
const inlineError = (view: Mounted, name: FieldName) => {
  const ids = input(view, name).getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => view.root.getElementById(id)).find((el) => el?.classList.contains("field__error"))?.textContent ?? null;
};

/** Submits and waits until the form has either shown its summary or sent its request. */
async function submitInvalid(view: Mounted) {
  submit(view);
  return summaryItems(view);
}

beforeEach(() => resetPage());

describe("<macc-personal-info>", () => {
  it("anonymous: a prompt to log in, no form, no request for the profile", async () => {
    const calls = stubApi({});
    const view = await mount(TAG);
    expect(view.screen.getByRole("heading", { level: 1, name: "Mes informations" })).toBeTruthy();
    expect(view.screen.getByText("Connectez-vous pour consulter et mettre à jour vos informations.")).toBeTruthy();
    expect(view.screen.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe("/portail/mon-compte/connexion");
    expect(view.root.querySelector("form")).toBeNull();
    expect(view.screen.queryByRole("link", { name: "Modifier mon mot de passe" })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.calls).toHaveLength(0);
  });

  describe("loading", () => {
    it("a skeleton (role=status) while the profile loads, then the form; the password link is there at once", async () => {
      const answer = deferred();
      const calls = api({ [PROFILE]: answer.handler });
      logIn();
      const view = await mount(TAG);
      expect(await view.screen.findByRole("status", { name: "Chargement de vos informations" })).toBeTruthy();
      expect(view.root.querySelector("form")).toBeNull();
      expect(view.screen.getByRole("link", { name: "Modifier mon mot de passe" }).getAttribute("href")).toBe(
        "/portail/mon-compte/mes-informations/update-mot-de-passe",
      );
      expect(view.screen.getByText(/Tenez vos coordonnées à jour/).textContent).toBe(
        "Tenez vos coordonnées à jour pour que nos équipes puissent vous joindre. Tous les champs sont obligatoires, sauf ceux indiqués comme facultatifs.",
      );
      const [call] = await answer.started.then(() => calls.callsTo(PROFILE));
      expect(call!.headers.authorization).toBe("Bearer company-token-1");

      answer.resolve({ body: profileBody() });
      await waitFor(() => expect(saveButton(view)?.textContent).toBe("Enregistrer mes informations"));
      expect(view.screen.queryByRole("status", { name: "Chargement de vos informations" })).toBeNull();
    });

    it("a load error offers to try again, which reloads", async () => {
      let attempts = 0;
      const calls = api({ [PROFILE]: () => (++attempts === 1 ? problem(500) : { body: profileBody() }) });
      logIn();
      const view = await mount(TAG);
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.loadFailed);
      expect(view.root.querySelector("form")).toBeNull();
      // The screen says it itself: no toast on top.
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(view.screen.getByRole("button", { name: "Réessayer" }));
      await waitFor(() => expect(saveButton(view)?.textContent).toBe("Enregistrer mes informations"));
      expect(calls.callsTo(PROFILE)).toHaveLength(2);
      expect(view.screen.queryByText(MESSAGES.loadFailed)).toBeNull();
    });

    it("reloads when the customer switches company", async () => {
      const calls = api();
      signIn(user([company({ idTier: "T1" }), company({ idTier: "T2", token: "company-token-2" })]));
      const view = await mountForm();
      getCore().store.getState().chooseCompany("T2");
      await waitFor(() => expect(calls.callsTo(PROFILE)).toHaveLength(2));
      expect(calls.callsTo(PROFILE)[1]!.headers.authorization).toBe("Bearer company-token-2");
      await waitFor(() => expect(saveButton(view)?.textContent).toBe("Enregistrer mes informations"));
    });
  });

  describe("the form", () => {
    it("every field is labelled, prefilled, and has the right autocomplete", async () => {
      api();
      logIn();
      const view = await mountForm();
      const expected: Array<[FieldName, string, string, string]> = [
        ["nom", "Martin", "family-name", "text"],
        ["prenom", "Claire", "given-name", "text"],
        ["fonction", "Gérante", "organization-title", "text"],
        ["email", "claire@ferme.test", "email", "email"],
        ["mobile", "06 12 34 56 78", "mobile tel", "tel"],
        ["telephone", "03 26 11 22 33", "work tel", "tel"],
        ["adresse", "12 rue des Lilas", "address-line1", "text"],
        ["adresse_complement", "Bât. B", "address-line2", "text"],
        ["code_postal", "51100", "postal-code", "text"],
        ["ville", "Reims", "address-level2", "text"],
        ["raison_sociale", "Ferme des Tilleuls", "organization", "text"],
        ["formeJuridique", "SARL", "off", "text"],
        ["immatriculation", "552100554", "off", "text"],
      ];
      const actual = expected.map(([name]) => {
        const field = view.screen.getByLabelText(LABELS[name]) as HTMLInputElement;
        return [field.name, field.value, field.getAttribute("autocomplete"), field.tagName === "INPUT" ? field.type : field.tagName];
      });
      expect(actual).toEqual(expected);
      expect(view.screen.queryByLabelText(LABELS.motDePasse)).toBeNull();
    });

    it("the country is a select of the served countries, prefilled, autocomplete=country", async () => {
      api();
      logIn();
      const view = await mountForm();
      const select = view.screen.getByLabelText(LABELS.pays) as HTMLSelectElement;
      expect(select.tagName).toBe("SELECT");
      expect(select.value).toBe("FR");
      expect(select.getAttribute("autocomplete")).toBe("country");
      expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
        ["FR", "France"],
        ["BE", "Belgique"],
        ["LU", "Luxembourg"],
        ["NL", "Pays-Bas"],
        ["DE", "Allemagne"],
        ["GB", "Royaume-Uni"],
        ["ES", "Espagne"],
        ["IT", "Italie"],
      ]);
    });

    it("the title is a radio group, prefilled, autocomplete=honorific-prefix", async () => {
      api();
      logIn();
      const view = await mountForm();
      const group = view.screen.getByRole("group", { name: "Civilité (facultatif)" }) as HTMLElement;
      const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
      expect(radios.map((r) => [r.value, r.checked, r.getAttribute("autocomplete")])).toEqual([
        ["M.", false, "honorific-prefix"],
        ["Mme", true, "honorific-prefix"],
      ]);
      expect((view.screen.getByLabelText("M.") as HTMLInputElement).checked).toBe(false);
      expect((view.screen.getByLabelText("Mme") as HTMLInputElement).checked).toBe(true);
    });

    it("the customer number is shown read-only, not as a form control", async () => {
      api();
      logIn();
      const view = await mountForm();
      expect(view.screen.getByText("C-100100").tagName).toBe("P");
      expect(view.screen.getByText("Numéro client").tagName).toBe("SPAN");
      expect(view.screen.queryByLabelText("Numéro client")).toBeNull();
      const controls = [...view.root.querySelectorAll<HTMLInputElement>("input, select, textarea")];
      expect(controls.some((c) => c.value === "C-100100" || c.name === "numeroClient")).toBe(false);
    });

    it("no current-password field while the e-mail is unchanged (case does not count)", async () => {
      api();
      logIn();
      const view = await mountForm();
      expect(view.screen.queryByLabelText(LABELS.motDePasse)).toBeNull();
      type(view, "email", "Claire@Ferme.TEST");
      await new Promise((r) => setTimeout(r, 10));
      expect(view.screen.queryByLabelText(LABELS.motDePasse)).toBeNull();
    });
  });

  describe("validation on submit (no request while invalid)", () => {
    it("every required field emptied → its message, in the form's order, linked to its field", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      for (const name of ["nom", "prenom", "email", "raison_sociale", "immatriculation"] as const) type(view, name, "  ");
      const items = await submitInvalid(view);
      // The e-mail changed (emptied): the current password, asked right under it, comes next.
      const { nom, prenom, email, raison_sociale, immatriculation } = MESSAGES.required;
      expect(items).toEqual([nom, prenom, email, MESSAGES.password, raison_sociale, immatriculation]);
      const summary = await summaryOf(view);
      expect([...summary.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
        "#nom",
        "#prenom",
        "#email",
        "#motDePasse",
        "#raison_sociale",
        "#immatriculation",
      ]);
      await waitFor(() => expect(view.root.activeElement).toBe(summary));
      expect(calls.callsTo(SAVE)).toHaveLength(0);
    });

    it.each<[FieldName, string]>(Object.entries(MESSAGES.required) as Array<[FieldName, string]>)(
      "%s emptied → %j inline and in the summary",
      async (name, message) => {
        const calls = api();
        logIn();
        const view = await mountForm();
        type(view, name, "");
        const items = await submitInvalid(view);
        expect(items[0]).toBe(message);
        expect(inlineError(view, name)).toBe(message);
        expect(input(view, name).getAttribute("aria-invalid")).toBe("true");
        expect(calls.callsTo(SAVE)).toHaveLength(0);
      },
    );

    it.each<[string]>([["claire"], ["claire@ferme"], ["claire @ferme.test"], ["claire@@ferme.test"]])(
      "e-mail %j → the format message",
      async (email) => {
        const calls = api();
        logIn();
        const view = await mountForm();
        type(view, "email", email);
        type(view, "motDePasse", "Secret123");
        expect(await submitInvalid(view)).toEqual([MESSAGES.email]);
        expect(inlineError(view, "email")).toBe(MESSAGES.email);
        expect(calls.callsTo(SAVE)).toHaveLength(0);
      },
    );

    it.each<[FieldName, string, boolean]>([
      ["mobile", "+33 6 12 34 56 78", true],
      ["mobile", "06.12.34.56.78", true],
      ["mobile", "(03) 26-00-00-01", true],
      ["mobile", "06 12 34 56 7A", false],
      ["mobile", "12345", false],
      ["mobile", "+33 6123 4567 8901 2345 678", false],
      ["telephone", "tel: 0326000001", false],
      ["telephone", "", true],
    ])("%s %j → valid: %s", async (name, value, valid) => {
      const calls = api();
      logIn();
      const view = await mountForm();
      type(view, name, value);
      submit(view);
      if (valid) {
        await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
        expect((calls.callsTo(SAVE)[0]!.body as ProfileBody).user[name as "mobile"]).toBe(value);
      } else {
        expect(await summaryItems(view)).toEqual([MESSAGES.phone]);
        expect(inlineError(view, name)).toBe(MESSAGES.phone);
        expect(calls.callsTo(SAVE)).toHaveLength(0);
      }
    });

    it.each<[FieldName, number]>([
      ["nom", 100],
      ["mobile", 30],
      ["adresse", 200],
      ["formeJuridique", 50],
    ])("%s longer than the API takes (%i) → the length message", async (name, limit) => {
      const calls = api();
      logIn();
      const view = await mountForm();
      type(view, name, "1".repeat(limit + 1));
      expect(await submitInvalid(view)).toEqual([MESSAGES.tooLong(limit)]);
      expect(inlineError(view, name)).toBe(MESSAGES.tooLong(limit));
      expect(calls.callsTo(SAVE)).toHaveLength(0);
    });

    it.each<[string, string, boolean]>([
      ["FR", "51100", true],
      ["FR", "5110", false],
      ["FR", "51 100", false],
      ["BE", "1000", true],
      ["BE", "51100", false],
      ["LU", "L-1234", true],
      ["NL", "1234 AB", true],
      ["NL", "1234", false],
      ["GB", "SW1A 1AA", true],
      ["GB", "51100", false],
      ["DE", "10115", true],
      ["ES", "2800", false],
      ["IT", "00184", true],
    ])("country %s, postcode %j → valid: %s", async (pays, code, valid) => {
      const calls = api();
      logIn();
      const view = await mountForm();
      fireEvent.change(input(view, "pays"), { target: { value: pays } });
      type(view, "code_postal", code);
      submit(view);
      if (valid) {
        await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
        const sent = (calls.callsTo(SAVE)[0]!.body as ProfileBody).user;
        expect([sent.pays, sent.code_postal]).toEqual([pays, code]);
      } else {
        expect(await summaryItems(view)).toEqual([MESSAGES.postcode]);
        expect(inlineError(view, "code_postal")).toBe(MESSAGES.postcode);
        expect(calls.callsTo(SAVE)).toHaveLength(0);
      }
    });

    describe("registration number, by the company's country (checkCompanyNumber)", () => {
      it.each<[CompanyCountry, string, string, string | null]>([
        ["FR", "SIREN", "552100554", null],
        ["FR", "SIRET with spaces", "552 100 554 00013", null],
        ["FR", "SIREN with a wrong check digit", "552100555", MESSAGES.siren],
        ["FR", "8 digits", "55210055", MESSAGES.siren],
        ["FR", "a Belgian number", "0403.170.701", MESSAGES.siren],
        ["BE", "enterprise number", "0403.170.701", null],
        ["BE", "VAT number", "BE0403170701", null],
        ["BE", "enterprise number with a wrong check", "0403.170.702", MESSAGES.otherNumber("0403.170.701")],
        ["BE", "a French SIREN", "552100554", MESSAGES.otherNumber("0403.170.701")],
      ])("%s company, %s (%j) → %j", async (country, _label, value, message) => {
        // The table agrees with the shared rules the API applies too.
        expect(checkCompanyNumber(country, value).valid).toBe(message === null);
        const body = profileBody({ companyCountry: country, immatriculation: country === "FR" ? "552100554" : "0403.170.701" });
        const calls = api({}, body);
        logIn();
        const view = await mountForm();
        type(view, "immatriculation", ` ${value} `);
        submit(view);
        if (message === null) {
          await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
          expect((calls.callsTo(SAVE)[0]!.body as ProfileBody).entreprise.immatriculation).toBe(value);
        } else {
          expect(await summaryItems(view)).toEqual([message]);
          expect(inlineError(view, "immatriculation")).toBe(message);
          expect(calls.callsTo(SAVE)).toHaveLength(0);
        }
      });

      it.each<[string, string]>([
        ["FR", "SIREN (9 chiffres) ou SIRET (14 chiffres)"],
        ["BE", "Numéro d'entreprise ou de TVA, par exemple 0403.170.701"],
        ["LU", "Numéro d'entreprise ou de TVA, par exemple LU15027442"],
      ])("%s company: the hint %j", async (country, hint) => {
        api({}, profileBody({ companyCountry: country }));
        logIn();
        const view = await mountForm();
        const describedBy = input(view, "immatriculation").getAttribute("aria-describedby")!;
        expect(view.root.getElementById(describedBy)!.textContent).toBe(hint);
      });
    });
  });

  describe("changing the e-mail address", () => {
    it("shows the current-password field, which is then required", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      type(view, "email", "claire.martin@ferme.test");
      const password = (await view.screen.findByLabelText(LABELS.motDePasse)) as HTMLInputElement;
      expect(password.type).toBe("password");
      expect(password.getAttribute("autocomplete")).toBe("current-password");
      expect(view.root.getElementById(password.getAttribute("aria-describedby")!)!.textContent).toBe(
        "Pour votre sécurité, la modification de votre adresse e-mail nécessite votre mot de passe actuel.",
      );

      expect(await submitInvalid(view)).toEqual([MESSAGES.password]);
      expect(inlineError(view, "motDePasse")).toBe(MESSAGES.password);
      expect(calls.callsTo(SAVE)).toHaveLength(0);

      type(view, "motDePasse", "Secret123");
      submit(view);
      await view.screen.findByText(MESSAGES.saved, { exact: false });
      const [call] = calls.callsTo(SAVE);
      expect((call!.body as { motDePasse?: string }).motDePasse).toBe("Secret123");
      expect((call!.body as ProfileBody).user.email).toBe("claire.martin@ferme.test");
    });

    it("going back to the original address hides the field again", async () => {
      api();
      logIn();
      const view = await mountForm();
      type(view, "email", "autre@ferme.test");
      await view.screen.findByLabelText(LABELS.motDePasse);
      type(view, "email", "claire@ferme.test");
      await waitFor(() => expect(view.screen.queryByLabelText(LABELS.motDePasse)).toBeNull());
    });

    it("a new address waits for its link: where the link went, the field back to the login, the change pending; the header keeps the login", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      type(view, "email", "claire.martin@ferme.test");
      type(view, "motDePasse", "Secret123");
      submit(view);
      const status = await view.screen.findByRole("status");
      expect(status.textContent).toBe(`${MESSAGES.saved} ${MESSAGES.linkSent("claire.martin@ferme.test")}`);
      await waitFor(() => expect(view.root.activeElement).toBe(status.parentElement));
      // The links lead to the portal's landing page, in the page's language.
      expect(calls.callsTo(SAVE)[0]!.body).toMatchObject({
        motDePasse: "Secret123",
        emailChangePath: "/portail/mon-compte/changement-email",
      });
      expect(input(view, "email").value).toBe("claire@ferme.test");
      await waitFor(() => expect(view.screen.queryByLabelText(LABELS.motDePasse)).toBeNull());
      const pending = view.root.querySelector<HTMLElement>(".pending-email")!;
      expect(pending.querySelector("p")!.textContent).toBe(MESSAGES.pending("claire.martin@ferme.test"));
      expect(pending.querySelector("button")!.textContent).toBe("Annuler ce changement");
      expect(getCore().store.getState().auth.user?.infosConnexion.emailLogin).toBe("claire@ferme.test");
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      // The error summary stays the form's: an invalid field still reads there.
      type(view, "nom", " ");
      expect(await submitInvalid(view)).toEqual([MESSAGES.required.nom]);
    });

    it("after asking for a new address, saving again asks no password and sends no new change", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      type(view, "email", "claire.martin@ferme.test");
      type(view, "motDePasse", "Secret123");
      submit(view);
      await view.screen.findByText(MESSAGES.linkSent("claire.martin@ferme.test"), { exact: false });
      type(view, "prenom", "Clara");
      submit(view);
      await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(2));
      expect(calls.callsTo(SAVE)[1]!.body).not.toHaveProperty("motDePasse");
      expect(calls.callsTo(SAVE)[1]!.body).not.toHaveProperty("emailChangePath");
    });

    it("a change pending on arrival shows under the e-mail; cancelling it: DELETE, gone, said, focus on the message", async () => {
      const calls = api({ "DELETE /api/me/email-change": { status: 204 } }, {
        ...profileBody(),
        emailChange: { email: "nouvelle@ferme.test", expiresAt: EXPIRES_AT },
      } as ProfileBody);
      logIn();
      const view = await mountForm();
      const pending = view.root.querySelector<HTMLElement>(".pending-email")!;
      expect(pending.textContent).toContain(MESSAGES.pending("nouvelle@ferme.test"));
      fireEvent.click(pending.querySelector("button")!);
      const status = await view.screen.findByText(MESSAGES.cancelled);
      await waitFor(() => expect(view.root.activeElement).toBe(status.parentElement));
      expect(calls.callsTo("DELETE /api/me/email-change")).toHaveLength(1);
      expect(view.root.querySelector(".pending-email")).toBeNull();
    });

    it("a cancellation that fails says so, and the change stays", async () => {
      api({ "DELETE /api/me/email-change": problem(500) }, {
        ...profileBody(),
        emailChange: { email: "nouvelle@ferme.test", expiresAt: EXPIRES_AT },
      } as ProfileBody);
      logIn();
      const view = await mountForm();
      fireEvent.click(view.root.querySelector<HTMLElement>(".pending-email button")!);
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.cancelFailed);
      expect(view.root.querySelector(".pending-email")).not.toBeNull();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });
  });

  describe("saving", () => {
    it("PUTs {user, entreprise, no password}, says so, and updates what the header shows (company, e-mail)", async () => {
      const calls = api();
      logIn();
      const events = listen("macc-navigate");
      const view = await mountForm();
      type(view, "prenom", "  Clara ");
      type(view, "raison_sociale", "Ferme des Érables");
      type(view, "formeJuridique", "EARL");
      type(view, "immatriculation", "55210055400013");
      fireEvent.click(view.screen.getByLabelText("M."));
      submit(view);

      const status = await view.screen.findByRole("status");
      expect(status.textContent).toBe(MESSAGES.saved);
      await waitFor(() => expect(view.root.activeElement).toBe(status.parentElement));

      const [call] = calls.callsTo(SAVE);
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      expect(call!.body).toEqual({
        user: {
          civilite: "M.",
          nom: "Martin",
          prenom: "  Clara ",
          fonction: "Gérante",
          email: "claire@ferme.test",
          mobile: "06 12 34 56 78",
          telephone: "03 26 11 22 33",
          adresse: "12 rue des Lilas",
          adresse_complement: "Bât. B",
          code_postal: "51100",
          ville: "Reims",
          pays: "FR",
        },
        entreprise: { raison_sociale: "Ferme des Érables", formeJuridique: "EARL", immatriculation: "55210055400013" },
      });

      const state = getCore().store.getState();
      expect(selectCompany(state)).toMatchObject({
        idTier: "T1",
        raisonSocial: "Ferme des Érables",
        formeJuridique: "EARL",
        immatriculation: "55210055400013",
        derniereMiseAJour: "2026-11-21",
      });
      expect(state.auth.user?.entreprises[0]).toMatchObject({ raisonSocial: "Ferme des Érables", formeJuridique: "EARL" });
      // The company's token is kept.
      expect(currentToken()).toBe("company-token-1");
      // "My information" stays where it is.
      expect(events).toHaveLength(0);
    });

    it("a new e-mail is sent trimmed, and is not the login shown in the header before its link is opened", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      type(view, "email", "  claire.martin@ferme.test ");
      type(view, "motDePasse", "Secret123");
      submit(view);
      await view.screen.findByText(MESSAGES.saved, { exact: false });
      expect((calls.callsTo(SAVE)[0]!.body as ProfileBody).user.email).toBe("claire.martin@ferme.test");
      expect(getCore().store.getState().auth.user?.infosConnexion.emailLogin).toBe("claire@ferme.test");
    });

    it("no title chosen → civilite null", async () => {
      const body = profileBody();
      (body.user as { civilite: string | null }).civilite = null;
      const calls = api({}, body);
      logIn();
      const view = await mountForm();
      // The title's two radios (the notification preferences below load their own, at their pace).
      const titles = [...view.root.querySelectorAll<HTMLInputElement>('input[type="radio"][name="civilite"]')];
      expect(titles.map((r) => r.checked)).toEqual([false, false]);
      submit(view);
      await view.screen.findByText(MESSAGES.saved);
      expect((calls.callsTo(SAVE)[0]!.body as ProfileBody).user.civilite).toBeNull();
    });

    it("422: the server's messages on their fields (unknown paths dropped); values kept", async () => {
      api({
        [SAVE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: {
            status: 422,
            title: "Unprocessable",
            errors: [
              { path: "user.nom", message: "Le nom est trop long." },
              { path: "entreprise.immatriculation", message: "Ce numéro est inconnu du registre." },
              { path: "user.inconnu", message: "Ignoré" },
            ],
          },
        },
      });
      logIn();
      const view = await mountForm();
      type(view, "nom", "Martin-Dubois-de-la-Grange");
      submit(view);
      expect(await summaryItems(view)).toEqual(["Le nom est trop long.", "Ce numéro est inconnu du registre."]);
      expect(inlineError(view, "nom")).toBe("Le nom est trop long.");
      expect(inlineError(view, "immatriculation")).toBe("Ce numéro est inconnu du registre.");
      expect(input(view, "nom").value).toBe("Martin-Dubois-de-la-Grange");
      expect(view.screen.queryByText(MESSAGES.saved)).toBeNull();
      expect(selectCompany(getCore().store.getState())?.derniereMiseAJour).toBe("2025-06-01");
    });

    it("422 with several messages for one field: joined on that field", async () => {
      api({
        [SAVE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: {
            status: 422,
            errors: [
              { path: "user.email", message: "Domaine refusé." },
              { path: "user.email", message: "Adresse jetable." },
            ],
          },
        },
      });
      logIn();
      const view = await mountForm();
      type(view, "email", "claire@jetable.test");
      type(view, "motDePasse", "Secret123");
      submit(view);
      expect(await summaryItems(view)).toEqual(["Domaine refusé. Adresse jetable."]);
      expect(inlineError(view, "email")).toBe("Domaine refusé. Adresse jetable.");
    });

    it("422 naming no field of the form: the failure message, not silence", async () => {
      api({
        [SAVE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "entreprise.numeroClient", message: "Non modifiable." }] },
        },
      });
      logIn();
      const view = await mountForm();
      submit(view);
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.failed);
      expect(view.root.querySelector(".error-summary")).toBeNull();
    });

    it.each<[string, RouteHandler]>([
      ["500", problem(500)],
      ["403", problem(403)],
      ["an answer that is not a profile", { body: { ok: true } }],
    ])("failure (%s): the message with the company's phone; values kept; nothing stored; no toast", async (_label, handler) => {
      const calls = api({ [SAVE]: handler });
      logIn();
      const view = await mountForm();
      await waitFor(() => expect(calls.callsTo(FOOTER)).toHaveLength(1));
      type(view, "raison_sociale", "Ferme des Érables");
      type(view, "ville", "Épernay");
      submit(view);
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(MESSAGES.failed);
      await waitFor(() => expect(view.root.activeElement).toBe(alert.parentElement));
      expect(input(view, "raison_sociale").value).toBe("Ferme des Érables");
      expect(input(view, "ville").value).toBe("Épernay");
      expect(view.screen.queryByText(MESSAGES.saved)).toBeNull();
      expect(selectCompany(getCore().store.getState())?.raisonSocial).toBe("Ferme des Tilleuls");
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      // The button is usable again.
      await waitFor(() => expect(saveButton(view)!.getAttribute("aria-disabled")).toBeNull());
    });

    it("a new attempt after a failure replaces the failure message with the success one", async () => {
      let attempts = 0;
      const original = echo();
      api({ [SAVE]: (call) => (++attempts === 1 ? problem(500) : original(call)) });
      logIn();
      const view = await mountForm();
      submit(view);
      await view.screen.findByText(MESSAGES.failed, asWritten);
      await waitFor(() => expect(saveButton(view)!.getAttribute("aria-disabled")).toBeNull());
      submit(view);
      await view.screen.findByText(MESSAGES.saved);
      expect(view.screen.queryByText(MESSAGES.failed, asWritten)).toBeNull();
    });

    it("a double submit while the first is pending sends one request", async () => {
      const answer = deferred();
      const calls = api({ [SAVE]: answer.handler });
      logIn();
      const view = await mountForm();
      const button = saveButton(view)!;
      submit(view);
      submit(view);
      await answer.started;
      await waitFor(() => expect(button.getAttribute("aria-disabled")).toBe("true"));
      fireEvent.submit(button.closest("form")!);
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.callsTo(SAVE)).toHaveLength(1);
      answer.resolve({ body: profileBody() });
      await view.screen.findByText(MESSAGES.saved);
      expect(calls.callsTo(SAVE)).toHaveLength(1);
    });
  });
});

/* Notification preferences (issue 30), below the profile: one group per kind of message with the channels it offers (SMS for service requests and security only; security cannot be none), saved as chosen, the choices kept and the server's refusal said. */
const DEFAULTS = DEFAULT_CHANNELS;

describe("notification preferences in <macc-personal-info>", () => {
  it("offers each kind its channels, saves the choice and says so; a refusal is said with the choice kept", async () => {
    let saves = 0;
    const calls = api({
      "GET /api/me/notification-preferences": { body: DEFAULTS },
      "PUT /api/me/notification-preferences": (call) =>
        ++saves === 1
          ? { body: { ...DEFAULTS, ...(call.body as object) } }
          : problem(422, "Les alertes de sécurité ne peuvent pas être désactivées."),
    });
    logIn();
    const view = await mount("<macc-personal-info></macc-personal-info>");
    const section: HTMLElement = await waitFor(() => view.screen.getByRole("region", { name: "Préférences de notification" }));
    const groups = await waitFor(() => {
      const found = [...section.querySelectorAll("fieldset")];
      expect(found).toHaveLength(7);
      return found;
    });
    expect(groups.map((g) => [...g.querySelectorAll("input")].map((i) => i.value))).toEqual([
      ["email", "none"],
      ["email", "none"],
      ["email-and-sms", "email", "sms", "none"],
      ["email", "none"],
      ["email", "none"],
      ["email", "none"],
      ["email", "sms"],
    ]);
    (groups[2]!.querySelector('input[value="sms"]') as HTMLInputElement).click();
    (groups[0]!.querySelector('input[value="none"]') as HTMLInputElement).click();
    section.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => expect(section.textContent).toContain("Vos préférences de notification sont enregistrées."));
    expect(calls.callsTo("PUT /api/me/notification-preferences")[0]!.body).toMatchObject({ invoices: "none", "service-requests": "sms" });

    section.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => expect(section.textContent).toContain("Les alertes de sécurité ne peuvent pas être désactivées."));
    expect((groups[2]!.querySelector('input[value="sms"]') as HTMLInputElement).checked).toBe(true);
  });
});
