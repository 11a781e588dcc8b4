import { fireEvent } from "@testing-library/dom";
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../elements/macc-registration";
import { getCore } from "../../core/index";
import { REGISTRATION_KEY } from "../../core/registration";
import type { Locale } from "../../contract/constants";
import {
  company,
  listen,
  mount,
  problem,
  resetPage,
  sessionBody,
  sessionRoutes,
  stubApi,
  user,
  waitFor,
  type ApiCall,
  type Mounted,
  type RouteHandler,
  type StubResponse,
  signIn,
} from "../../test/elements";
import { isLogged, selectCompany } from "../../core/store";

const PAGE = "/portail/inscription";
const TAG = "<macc-registration></macc-registration>";
const REG_ID = "reg-1";
const CHALLENGE = "GET /api/bot-check/challenge";
const IDENTIFY = "POST /api/registration";
const COMPANIES = `POST /api/registration/${REG_ID}/companies`;
const CODE = `POST /api/registration/${REG_ID}/code`;
const VERIFY = `POST /api/registration/${REG_ID}/verify`;
const COMPLETE = `POST /api/registration/${REG_ID}/complete`;
const PROTECTED = [IDENTIFY, COMPANIES, CODE, VERIFY, COMPLETE];

const MESSAGES = {
  oneOfTwo: "Un des deux champs est obligatoire",
  invalidNumber: (example: string) => `Saisissez un numéro d'immatriculation valide pour ce pays, par exemple ${example}`,
  emailRequired: "Saisissez votre adresse e-mail",
  emailFormat: "Saisissez une adresse e-mail au bon format, par exemple nom@example.com",
  mobileRequired: "Saisissez votre numéro de mobile",
  mobileFormat: "Saisissez un numéro de mobile valide, par exemple +33 6 12 34 56 78",
  noCompany: "Aucune entreprise ne correspond.",
  unknownCustomer: "Désolé, ce code client n'est pas reconnu.",
  selectCompany: "Sélectionnez au moins une entreprise",
  noContact:
    "Aucuns moyens de contacts disponibles pour finaliser la procédure. Merci de contacter la MACC pour réaliser votre inscription.",
  chooseMeans: "Choisissez comment recevoir votre code",
  codeFormat: "Saisissez le code à 6 chiffres que nous vous avons envoyé",
  wrongCode: (left: number) => `Code incorrect. Essais restants : ${left}.`,
  codeGone: "Ce code n'est plus utilisable (expiré ou trop d'essais). Demandez un nouveau code.",
  generic: "Une erreur est survenue. Impossible de continuer.",
  expired: "Cette inscription a expiré. Veuillez recommencer.",
  botCheck: "La vérification de sécurité a échoué. Veuillez réessayer.",
  tooMany: (minutes: number) => `Trop de tentatives. Veuillez patienter ${minutes} min avant de réessayer.`,
  accountExistsTitle: "Un compte existe déjà",
  accountExistsText: "Vous ne vous souvenez plus de votre mot de passe ? Souhaitez-vous le réinitialiser ?",
  emailHasAccount: "Un compte existe déjà pour cette adresse e-mail. Connectez-vous ou réinitialisez votre mot de passe.",
  newRequired: "Saisissez un nouveau mot de passe",
  confirmRequired: "Confirmez votre nouveau mot de passe",
  length: "Le mot de passe doit contenir au moins 8 caractères.",
  uppercase: "Le mot de passe doit contenir au moins une majuscule.",
  lowercase: "Le mot de passe doit contenir au moins une minuscule.",
  digit: "Le mot de passe doit contenir au moins un chiffre.",
  different: "Le mot de passe de confirmation est différent.",
};

const TITLES = {
  identify: "Identifiez votre entreprise",
  companies: "Choisissez vos entreprises",
  contact: "Recevoir un code de vérification",
  code: "Saisissez votre code",
  password: "Choisissez votre mot de passe",
};

// ---------------------------------------------------------------------------------------------
// The invisible bot check: every challenge is solved by n = 0 (one hash), each with its own salt.

function challenge(k: number) {
  const salt = `salt-${k}?expires=4102444800`;
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256").update(`${salt}0`).digest("hex"),
    maxnumber: 5,
    salt,
    signature: `sig-${k}`,
  };
}
function challenges(): RouteHandler {
  let served = 0;
  return () => ({ body: challenge(++served) });
}
const proofOf = (call: ApiCall) => JSON.parse(atob(call.headers["x-bot-check"]!)) as Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Fixtures

const FERME = {
  idTier: "T1",
  formeJuridique: "SARL",
  raisonSocial: "Ferme des Tilleuls",
  immatriculation: "552100554",
  numeroClient: "C-100100",
};
const BLES = {
  idTier: "T2",
  formeJuridique: "EARL",
  raisonSocial: "Les Blés d'Or",
  immatriculation: "813455020",
  numeroClient: "C-100200",
};
const EMAIL_MEANS = { id: "email-1", type: "email", masked: "j***@f***.test" };
const SMS_MEANS = { id: "sms-1", type: "sms", masked: "+33 6 ** ** ** 78" };

const found = (companies = [FERME]): StubResponse => ({ status: 201, body: { registrationId: REG_ID, entreprisesTrouvees: companies } });
const means = (list: unknown[] = [EMAIL_MEANS, SMS_MEANS]): StubResponse => ({ body: { moyensContacts: list } });
const codeSent = (resendAfter = 60): StubResponse => ({ status: 202, body: { resendAfter, expiresIn: 600 } });
const typed = (status: number, type: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): StubResponse => ({
  status,
  headers: { "Content-Type": "application/problem+json", ...headers },
  body: { type, title: `HTTP ${status}`, status, ...extra },
});
const BOT_CHECK_FAILED = typed(403, "urn:macc:problem:bot-check");

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({
    ...sessionRoutes(),
    [CHALLENGE]: challenges(),
    [IDENTIFY]: found(),
    [COMPANIES]: means(),
    [CODE]: codeSent(),
    [VERIFY]: { status: 200, body: { verified: true } },
    [COMPLETE]: { status: 201, body: sessionBody(user([company()])) },
    ...routes,
  });
}

// ---------------------------------------------------------------------------------------------
// Screen helpers

interface NavigateDetail {
  route: string;
  params: object;
  path: string;
}
const interceptNavigation = () => listen<NavigateDetail>("macc-navigate", document, (event) => event.preventDefault());

const stepTitle = (view: Mounted) => view.root.querySelector("form > h2")?.textContent ?? null;
const stepLine = (view: Mounted) => view.root.querySelector(".steps")?.textContent ?? null;
const byId = <E extends HTMLElement = HTMLInputElement>(view: Mounted, id: string) => view.root.getElementById(id) as E;
const button = (view: Mounted, name: string) => view.screen.getByRole("button", { name }) as HTMLButtonElement;
const submit = (view: Mounted) => fireEvent.click(view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
const summaryItems = async (view: Mounted) =>
  [...(await view.screen.findByRole("alert", { name: "Un problème a été détecté" })).querySelectorAll("li")].map((li) => li.textContent);
const inlineError = (view: Mounted, id: string) => byId(view, id).closest(".field")!.querySelector(".field__error")?.textContent ?? null;
const alertText = async (view: Mounted) =>
  (
    await waitFor(() => {
      const alert = view.root.querySelector(".alert--error");
      if (!alert) throw new Error("no error alert yet");
      return alert;
    })
  ).textContent;
const saved = () => JSON.parse(sessionStorage.getItem(REGISTRATION_KEY) ?? "null") as Record<string, unknown> | null;

async function onStep(view: Mounted, step: keyof typeof TITLES) {
  await waitFor(() => expect(stepTitle(view)).toBe(TITLES[step]));
}

interface Identity {
  pays?: string;
  immatriculation?: string;
  numeroClient?: string;
  email?: string;
  mobile?: string;
}
const VALID: Required<Identity> = {
  pays: "FR",
  immatriculation: "552100554",
  numeroClient: "",
  email: "jean@ferme.test",
  mobile: "+33 6 12 34 56 78",
};

function fillIdentity(view: Mounted, values: Identity) {
  for (const [id, value] of Object.entries(values)) fireEvent.change(byId(view, id), { target: { value } });
}

async function start(routes: Record<string, RouteHandler> = {}) {
  const calls = api(routes);
  const view = await mount(TAG);
  return { calls, view };
}

/** Step 1 → 2 with `values`. */
async function toCompanies(view: Mounted, values: Identity = VALID) {
  fillIdentity(view, values);
  submit(view);
  await onStep(view, "companies");
}
/** Step 2 → 3 (a single company found is already ticked). */
async function toContact(view: Mounted) {
  await toCompanies(view);
  submit(view);
  await onStep(view, "contact");
}
/** Step 3 → 4 by SMS. */
async function toCode(view: Mounted) {
  await toContact(view);
  fireEvent.click(view.screen.getByLabelText(`Par SMS au ${SMS_MEANS.masked}`));
  submit(view);
  await onStep(view, "code");
}
async function enterCode(view: Mounted, code: string) {
  fireEvent.change(byId(view, "code"), { target: { value: code } });
  fireEvent.click(button(view, "Vérifier le code"));
}
/** Step 4 → 5. */
async function toPassword(view: Mounted) {
  await toCode(view);
  await enterCode(view, "123456");
  await onStep(view, "password");
}
function choosePassword(view: Mounted, nouveau: string, confirmer = nouveau) {
  fireEvent.change(byId(view, "nouveauMotDePasse"), { target: { value: nouveau } });
  fireEvent.change(byId(view, "confirmerMotDePasse"), { target: { value: confirmer } });
  submit(view);
}

/** Polls with the real setTimeout (setInterval may be faked). */
async function until(check: () => void, timeoutMs = 3000) {
  const started = performance.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (performance.now() - started > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

beforeEach(() => resetPage(undefined, PAGE));

// The flow's store is one per page (module), and this test page is never reloaded: put every
// element left by a test back at step 1 with its own "Cancel and start again".
afterEach(() => {
  vi.useRealTimers();
  for (const el of document.querySelectorAll("*")) {
    if (!el.localName.startsWith("macc-registration")) continue;
    const cancel = [...(el.shadowRoot?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Annuler et recommencer");
    cancel?.click();
  }
});

describe("<macc-registration>", () => {
  describe("step 1: identify the company", () => {
    it("shows the form: all fields required, said once (no per-field marker); the mobile is for the account, the code goes to a contact of the company", async () => {
      const { calls, view } = await start();
      expect(view.root.querySelector("h1")?.textContent).toBe("Créer mon compte");
      expect(stepLine(view)).toBe("Étape 1 sur 5");
      expect(stepTitle(view)).toBe(TITLES.identify);
      const label = (id: string) => view.root.querySelector(`label[for="${id}"]`)?.textContent;
      expect([label("pays"), label("immatriculation"), label("numeroClient"), label("email"), label("mobile")]).toEqual([
        "Pays",
        "Numéro d'immatriculation de l'entreprise",
        "Numéro client",
        "Adresse e-mail",
        "Téléphone mobile",
      ]);
      const intro = view.root.querySelector("#registration-required")!;
      expect(intro.textContent).toBe(
        "Tous les champs sont obligatoires. Pour votre entreprise, son numéro d'immatriculation ou votre numéro client suffit.",
      );
      expect(view.root.querySelector("form")!.getAttribute("aria-describedby")).toBe("registration-required");
      expect(view.root.textContent).not.toMatch(/Champ obligatoire|SMS/);
      expect(
        view.screen.getByText(
          /^Pour votre compte\. Nous envoyons le code de vérification à une adresse e-mail ou un numéro de mobile déjà connus pour votre entreprise, que vous choisissez à l'étape 3\.$/,
        ),
      ).toBeTruthy();
      const pays = byId<HTMLSelectElement>(view, "pays");
      expect(pays.value).toBe("FR");
      expect([...pays.options].map((o) => o.value)).toEqual(["FR", "BE", "LU", "NL", "GB", "ES", "IT"]);
      expect([byId(view, "email").type, byId(view, "email").getAttribute("autocomplete")]).toEqual(["email", "email"]);
      expect([byId(view, "mobile").type, byId(view, "mobile").getAttribute("autocomplete")]).toEqual(["tel", "mobile tel"]);
      expect(view.screen.getByText("SIREN (9 chiffres) ou SIRET (14 chiffres)")).toBeTruthy();
      expect(button(view, "Rechercher mon entreprise").type).toBe("submit");
      // Nothing to cancel yet.
      expect(view.screen.queryByRole("button", { name: "Annuler et recommencer" })).toBeNull();
      // The bot check waits for the visitor: nothing is asked until the form is used.
      expect(calls.callsTo(CHALLENGE)).toHaveLength(0);
      fireEvent.focusIn(byId(view, "immatriculation"));
      await waitFor(() => expect(calls.callsTo(CHALLENGE)).toHaveLength(1));
      expect(calls.callsTo(CHALLENGE)[0]!.headers.authorization).toBeUndefined();
      expect(calls.callsTo(IDENTIFY)).toHaveLength(0);
    });

    it.each<[Locale, string, string]>([
      ["de-BE", "BE", "Unternehmens- oder Mehrwertsteuernummer, z. B. 0403.170.701"],
      ["fr-LU", "LU", "Numéro d'entreprise ou de TVA, par exemple LU15027442"],
      ["en-GB", "GB", "Company or VAT number, for example 00445790"],
    ])("on a %s page, the country offered first is %s, with its example", async (locale, country, hint) => {
      resetPage({ locale, portalBase: "/portail" }, PAGE);
      stubApi({});
      const view = await mount(TAG);
      expect(byId<HTMLSelectElement>(view, "pays").value).toBe(country);
      expect(view.screen.getByText(hint)).toBeTruthy();
    });

    it.each<[string, Identity, Array<[string, string]>]>([
      ["both numbers empty", { immatriculation: "", numeroClient: "" }, [["immatriculation", MESSAGES.oneOfTwo]]],
      ["both numbers blank", { immatriculation: "  ", numeroClient: " " }, [["immatriculation", MESSAGES.oneOfTwo]]],
      [
        "a French number failing its check digit",
        { immatriculation: "552100555" },
        [["immatriculation", MESSAGES.invalidNumber("552 100 554 00013")]],
      ],
      ["a French number of 8 digits", { immatriculation: "55210055" }, [["immatriculation", MESSAGES.invalidNumber("552 100 554 00013")]]],
      [
        "a Belgian number failing its check",
        { pays: "BE", immatriculation: "0403.170.702" },
        [["immatriculation", MESSAGES.invalidNumber("0403.170.701")]],
      ],
      [
        "a French SIREN for Belgium",
        { pays: "BE", immatriculation: "552100554" },
        [["immatriculation", MESSAGES.invalidNumber("0403.170.701")]],
      ],
      ["no e-mail", { email: "" }, [["email", MESSAGES.emailRequired]]],
      ["an e-mail without domain", { email: "jean@ferme" }, [["email", MESSAGES.emailFormat]]],
      ["an e-mail with a space", { email: "jean @ferme.test" }, [["email", MESSAGES.emailFormat]]],
      ["no mobile", { mobile: " " }, [["mobile", MESSAGES.mobileRequired]]],
      ["a mobile with letters", { mobile: "06 12 ab 56 78" }, [["mobile", MESSAGES.mobileFormat]]],
      ["a mobile too short", { mobile: "0612" }, [["mobile", MESSAGES.mobileFormat]]],
      // The API's rule: a mobile of the company's country, or an international one.
      ["a Belgian national mobile for a French company", { mobile: "0470 12 34 56" }, [["mobile", MESSAGES.mobileFormat]]],
      ["a French landline", { mobile: "01 23 45 67 89" }, [["mobile", MESSAGES.mobileFormat]]],
      [
        "a customer number over 40 characters",
        { immatriculation: "", numeroClient: "C".repeat(41) },
        [["numeroClient", MESSAGES.unknownCustomer]],
      ],
      [
        "everything empty",
        { immatriculation: "", email: "", mobile: "" },
        [
          ["immatriculation", MESSAGES.oneOfTwo],
          ["email", MESSAGES.emailRequired],
          ["mobile", MESSAGES.mobileRequired],
        ],
      ],
    ])("%s → its messages (summary focused, inline, aria-invalid), no request", async (_label, values, expected) => {
      const { calls, view } = await start();
      fillIdentity(view, { ...VALID, ...values });
      submit(view);
      expect(await summaryItems(view)).toEqual(expected.map(([, m]) => m));
      for (const [id, message] of expected) {
        expect(inlineError(view, id)).toBe(message);
        expect(byId(view, id).getAttribute("aria-invalid")).toBe("true");
      }
      const summary = view.root.querySelector(".error-summary");
      await waitFor(() => expect(view.root.activeElement).toBe(summary));
      expect(calls.callsTo(IDENTIFY)).toHaveLength(0);
      expect(stepTitle(view)).toBe(TITLES.identify);
    });

    it.each<[string, Identity, object]>([
      [
        "a SIREN",
        { immatriculation: " 552100554 " },
        { pays: "FR", immatriculation: "552100554", email: "jean@ferme.test", mobile: "+33 6 12 34 56 78" },
      ],
      [
        "a customer number only",
        { immatriculation: "", numeroClient: " C-100100 " },
        { pays: "FR", numeroClient: "C-100100", email: "jean@ferme.test", mobile: "+33 6 12 34 56 78" },
      ],
      [
        "a Belgian number",
        { pays: "BE", immatriculation: "0403.170.701" },
        { pays: "BE", immatriculation: "0403.170.701", email: "jean@ferme.test", mobile: "+33 6 12 34 56 78" },
      ],
      [
        "a mobile written with dots",
        { mobile: "06.12.34.56.78" },
        { pays: "FR", immatriculation: "552100554", email: "jean@ferme.test", mobile: "06.12.34.56.78" },
      ],
      [
        "a Belgian national mobile for a Belgian company",
        { pays: "BE", immatriculation: "0403.170.701", mobile: "0470 12 34 56" },
        { pays: "BE", immatriculation: "0403.170.701", email: "jean@ferme.test", mobile: "0470 12 34 56" },
      ],
    ])("%s: posts the trimmed body, with a solved bot check, and goes to step 2", async (_label, values, body) => {
      const { calls, view } = await start();
      await toCompanies(view, { ...VALID, ...values });
      const [call] = calls.callsTo(IDENTIFY);
      expect(call!.body).toEqual(body);
      expect(call!.headers.authorization).toBeUndefined();
      expect(proofOf(call!)).toEqual({
        algorithm: "SHA-256",
        challenge: challenge(1).challenge,
        number: 0,
        salt: challenge(1).salt,
        signature: "sig-1",
      });
      expect(stepLine(view)).toBe("Étape 2 sur 5");
    });

    it.each<[string, Identity, string, string]>([
      ["by registration number", { immatriculation: "552100554", numeroClient: "" }, "immatriculation", MESSAGES.noCompany],
      ["by registration and customer number", { immatriculation: "552100554", numeroClient: "C-9" }, "immatriculation", MESSAGES.noCompany],
      ["by customer number", { immatriculation: "", numeroClient: "C-999999" }, "numeroClient", MESSAGES.unknownCustomer],
    ])("404 %s → %s on its field; the values are kept", async (_label, values, field, message) => {
      const { view } = await start({ [IDENTIFY]: problem(404, "Not found") });
      const typedValues = { ...VALID, ...values };
      fillIdentity(view, typedValues);
      submit(view);
      expect(await summaryItems(view)).toEqual([message]);
      expect(inlineError(view, field)).toBe(message);
      for (const [id, value] of Object.entries(typedValues)) expect(byId(view, id).value).toBe(value);
      expect(stepTitle(view)).toBe(TITLES.identify);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      expect(saved()).toBeNull();
    });

    it("422: the server's messages on their fields", async () => {
      const { view } = await start({
        [IDENTIFY]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "mobile", message: "Ce numéro n'est pas un mobile." }] },
        },
      });
      fillIdentity(view, VALID);
      submit(view);
      expect(await summaryItems(view)).toEqual(["Ce numéro n'est pas un mobile."]);
      expect(inlineError(view, "mobile")).toBe("Ce numéro n'est pas un mobile.");
      expect(byId(view, "mobile").value).toBe(VALID.mobile);
    });

    it("a logged-in visitor gets the 'already logged in' message, no form", async () => {
      api();
      signIn(user());
      const view = await mount(TAG);
      expect(view.root.querySelector("h1")?.textContent).toBe("Créer mon compte");
      expect(view.root.textContent).toContain("Vous avez déjà un compte et vous êtes connecté.");
      expect(view.screen.getByRole("link", { name: "Accéder à mon compte" }).getAttribute("href")).toBe("/portail/mon-compte");
      expect(view.root.querySelector("form")).toBeNull();
      expect(stepLine(view)).toBeNull();
    });
  });

  describe("step 2: choose the companies", () => {
    it("lists the companies found; none ticked → 'Sélectionnez au moins une entreprise'; both → posts their ids", async () => {
      const { calls, view } = await start({ [IDENTIFY]: found([FERME, BLES]) });
      await toCompanies(view);
      expect(view.root.querySelector("legend")?.textContent).toBe("Les entreprises trouvées pour vous");
      const boxes = [byId(view, "company-0"), byId(view, "company-1")];
      expect(boxes.map((b) => [b.type, b.checked])).toEqual([
        ["checkbox", false],
        ["checkbox", false],
      ]);
      expect(boxes.map((b) => b.closest("label")!.textContent)).toEqual([
        "SARL Ferme des TilleulsNuméro d'immatriculation 552100554 · numéro client C-100100",
        "EARL Les Blés d'OrNuméro d'immatriculation 813455020 · numéro client C-100200",
      ]);

      submit(view);
      expect(await summaryItems(view)).toEqual([MESSAGES.selectCompany]);
      expect(view.root.querySelector("fieldset .field__error")?.textContent).toBe(MESSAGES.selectCompany);
      expect(calls.callsTo(COMPANIES)).toHaveLength(0);

      fireEvent.click(boxes[0]!);
      fireEvent.click(boxes[1]!);
      submit(view);
      await onStep(view, "contact");
      const [call] = calls.callsTo(COMPANIES);
      expect(call!.body).toEqual({ idTiers: ["T1", "T2"] });
      expect(proofOf(call!).number).toBe(0);
    });

    it("a single company found is already ticked", async () => {
      const { view } = await start();
      await toCompanies(view);
      expect(byId(view, "company-0").checked).toBe(true);
      expect(view.root.querySelector("#company-1")).toBeNull();
    });

    it("409 account exists: the modal; 'Réinitialiser mon mot de passe' clears the flow and navigates (cancelable macc-navigate)", async () => {
      const { view } = await start({ [COMPANIES]: typed(409, "urn:macc:problem:account-exists") });
      const navigations = interceptNavigation();
      await toCompanies(view);
      submit(view);
      const dialog = await waitFor(() => {
        const d = view.root.querySelector("dialog")!;
        expect(d.open).toBe(true);
        return d;
      });
      expect(dialog.querySelector("h2")?.textContent).toBe(MESSAGES.accountExistsTitle);
      expect(dialog.querySelector("p")?.textContent).toBe(MESSAGES.accountExistsText);
      expect(view.root.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe(MESSAGES.accountExistsTitle);
      expect(saved()).not.toBeNull();

      fireEvent.click(button(view, "Réinitialiser mon mot de passe"));
      await waitFor(() => expect(navigations).toHaveLength(1));
      const [navigate] = navigations;
      expect(navigate!.cancelable).toBe(true);
      expect(navigate!.detail).toEqual({ route: "MOT_DE_PASSE_OUBLIE", params: {}, path: "/portail/mot-de-passe-oublie" });
      expect(location.pathname).toBe(PAGE);
      expect(saved()).toBeNull();
      await onStep(view, "identify");
    });

    it("409 account exists: 'Annuler' closes the modal and stays on step 2", async () => {
      const { view } = await start({ [COMPANIES]: typed(409, "urn:macc:problem:account-exists") });
      const navigations = interceptNavigation();
      await toCompanies(view);
      submit(view);
      await waitFor(() => expect(view.root.querySelector("dialog")!.open).toBe(true));
      fireEvent.click(button(view, "Annuler"));
      await waitFor(() => expect(view.root.querySelector("dialog")!.open).toBe(false));
      expect(stepTitle(view)).toBe(TITLES.companies);
      expect(navigations).toHaveLength(0);
    });

    it.each<[string, StubResponse]>([
      ["422 no-contact-means", typed(422, "urn:macc:problem:no-contact-means", { errors: [] })],
      ["200 with no means", means([])],
    ])("%s → the no-contact-means message, still on step 2", async (_label, answer) => {
      const { view } = await start({ [COMPANIES]: answer });
      await toCompanies(view);
      submit(view);
      expect(await alertText(view)).toBe(MESSAGES.noContact);
      expect(stepTitle(view)).toBe(TITLES.companies);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });

    it("agri theme: the no-contact-means message names AGRIMACC", async () => {
      api({ [COMPANIES]: means([]) });
      const view = await mount('<macc-registration theme="agri"></macc-registration>');
      await toCompanies(view);
      submit(view);
      expect(await alertText(view)).toBe(MESSAGES.noContact.replace("contacter la MACC", "contacter AGRIMACC"));
    });
  });

  describe("step 3: the contact means", () => {
    it("shows the masked means; none chosen → its message; SMS → posts {moyenContact} and says where the code went", async () => {
      const { calls, view } = await start();
      await toContact(view);
      expect(stepLine(view)).toBe("Étape 3 sur 5");
      expect(view.root.querySelector("legend")?.textContent).toBe("Où souhaitez-vous recevoir votre code à 6 chiffres ?");
      const radios = [...view.root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
      expect(radios.map((r) => [r.value, r.checked, r.closest("label")!.textContent])).toEqual([
        ["email-1", false, "Par e-mail à j***@f***.test"],
        ["sms-1", false, "Par SMS au +33 6 ** ** ** 78"],
      ]);
      // Nothing in the page shows the full address or number.
      expect(view.root.textContent).not.toContain("jean@ferme.test");

      submit(view);
      expect(await summaryItems(view)).toEqual([MESSAGES.chooseMeans]);
      expect(calls.callsTo(CODE)).toHaveLength(0);

      fireEvent.click(view.screen.getByLabelText("Par SMS au +33 6 ** ** ** 78"));
      submit(view);
      await onStep(view, "code");
      expect(calls.callsTo(CODE)[0]!.body).toEqual({ moyenContact: "sms-1" });
      expect(proofOf(calls.callsTo(CODE)[0]!).number).toBe(0);
      expect(view.root.textContent).toContain(
        "Nous avons envoyé un code à 6 chiffres par SMS au +33 6 ** ** ** 78. Il est valable 10 minutes.",
      );
      expect(saved()).toMatchObject({ step: "code", moyenContactChoisi: "sms-1", resendAfterSeconds: 60 });
    });

    it("by e-mail: the e-mail wording", async () => {
      const { view } = await start();
      await toContact(view);
      fireEvent.click(view.screen.getByLabelText("Par e-mail à j***@f***.test"));
      submit(view);
      await onStep(view, "code");
      expect(view.root.textContent).toContain(
        "Nous avons envoyé un code à 6 chiffres par e-mail à j***@f***.test. Il est valable 10 minutes.",
      );
    });

    it("a single means is already chosen", async () => {
      const { view } = await start({ [COMPANIES]: means([EMAIL_MEANS]) });
      await toContact(view);
      expect(view.root.querySelector<HTMLInputElement>('input[value="email-1"]')!.checked).toBe(true);
    });

    it("429 with Retry-After 90 → wait 2 min", async () => {
      const { view } = await start({ [CODE]: problem(429, "Slow down", { "Retry-After": "90" }) });
      await toContact(view);
      fireEvent.click(view.screen.getByLabelText("Par SMS au +33 6 ** ** ** 78"));
      submit(view);
      expect(await alertText(view)).toBe(MESSAGES.tooMany(2));
      expect(stepTitle(view)).toBe(TITLES.contact);
    });
  });

  describe("step 4: the code", () => {
    it("the code input: numeric keyboard, one-time-code autocomplete, paste allowed", async () => {
      const { view } = await start();
      await toCode(view);
      expect(stepLine(view)).toBe("Étape 4 sur 5");
      const input = view.screen.getByLabelText("Code de vérification") as HTMLInputElement;
      expect(input.id).toBe("code");
      expect(input.getAttribute("inputmode")).toBe("numeric");
      expect(input.getAttribute("autocomplete")).toBe("one-time-code");
      expect(input.type).toBe("text");
      expect(input.readOnly).toBe(false);
      // Nothing cancels a paste (the code comes from an e-mail or an SMS).
      expect(fireEvent.paste(input, { clipboardData: { getData: () => "123456" } })).toBe(true);
      expect(input.onpaste).toBeNull();
    });

    it.each<[string, string]>([
      ["empty", ""],
      ["5 digits", "12345"],
      ["letters", "12a456"],
      ["7 digits", "1234567"],
    ])("%s → 'Saisissez le code à 6 chiffres…', no request", async (_label, code) => {
      const { calls, view } = await start();
      await toCode(view);
      await enterCode(view, code);
      expect(await summaryItems(view)).toEqual([MESSAGES.codeFormat]);
      expect(inlineError(view, "code")).toBe(MESSAGES.codeFormat);
      expect(calls.callsTo(VERIFY)).toHaveLength(0);
    });

    it("a pasted '123 456' is sent as {code: '123456'} with a solved bot check; step 5 follows", async () => {
      const { calls, view } = await start();
      await toCode(view);
      await enterCode(view, "123 456");
      await onStep(view, "password");
      expect(calls.callsTo(VERIFY)[0]!.body).toEqual({ code: "123456" });
      expect(proofOf(calls.callsTo(VERIFY)[0]!).number).toBe(0);
      expect(stepLine(view)).toBe("Étape 5 sur 5");
      expect(saved()).toMatchObject({ step: "password" });
      // The code itself is never kept.
      expect(sessionStorage.getItem(REGISTRATION_KEY)).not.toContain("123456");
    });

    it.each<[string, StubResponse, string]>([
      ["with remainingTries 2", typed(422, "urn:macc:problem:wrong-code", { remainingTries: 2 }), MESSAGES.wrongCode(2)],
      ["with remainingTries 0", typed(422, "urn:macc:problem:wrong-code", { remainingTries: 0 }), MESSAGES.wrongCode(0)],
      ["without remainingTries", typed(422, "urn:macc:problem:wrong-code"), "Code incorrect."],
    ])("wrong code (422 %s) → its message on the field", async (_label, answer, message) => {
      const { view } = await start({ [VERIFY]: answer });
      await toCode(view);
      await enterCode(view, "654321");
      expect(await summaryItems(view)).toEqual([message]);
      expect(inlineError(view, "code")).toBe(message);
      expect(byId(view, "code").value).toBe("654321");
      expect(stepTitle(view)).toBe(TITLES.code);
    });

    it("410 → ask for a new code: the check is disabled until a new one is sent", async () => {
      let verifies = 0;
      const { calls, view } = await start({
        [CODE]: codeSent(0),
        [VERIFY]: () => (++verifies === 1 ? typed(410, "urn:macc:problem:code-gone") : { status: 200, body: { verified: true } }),
      });
      await toCode(view);
      await enterCode(view, "123456");
      expect(await alertText(view)).toBe(MESSAGES.codeGone);
      await waitFor(() => expect(button(view, "Vérifier le code").disabled).toBe(true));
      expect(stepTitle(view)).toBe(TITLES.code);

      fireEvent.click(button(view, "Envoyer un nouveau code"));
      await waitFor(() => expect(calls.callsTo(CODE)).toHaveLength(2));
      await waitFor(() => expect(button(view, "Vérifier le code").disabled).toBe(false));
      expect(view.root.querySelector(".alert--error")).toBeNull();
      expect(byId(view, "code").value).toBe("");
      expect(calls.callsTo(CODE)[1]!.body).toEqual({ moyenContact: "sms-1" });
      await enterCode(view, "777777");
      await onStep(view, "password");
    });

    it("resend cool-down: counts down each second, then a new code is sent with its own bot check and the count restarts", async () => {
      const { calls, view } = await start({
        [CODE]: (() => {
          let sent = 0;
          return () => codeSent(++sent === 1 ? 60 : 30);
        })(),
      });
      await toContact(view);
      vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
      fireEvent.click(view.screen.getByLabelText("Par SMS au +33 6 ** ** ** 78"));
      submit(view);
      await until(() => expect(stepTitle(view)).toBe(TITLES.code));
      const resend = () => view.root.querySelector<HTMLButtonElement>(".actions .btn--secondary")!;
      expect([resend().textContent, resend().disabled]).toEqual(["Envoyer un nouveau code (dans 60 s)", true]);

      vi.advanceTimersByTime(1000);
      await until(() => expect(resend().textContent).toBe("Envoyer un nouveau code (dans 59 s)"));
      vi.advanceTimersByTime(58_000);
      await until(() => expect(resend().textContent).toBe("Envoyer un nouveau code (dans 1 s)"));
      expect(resend().disabled).toBe(true);
      fireEvent.click(resend());
      expect(calls.callsTo(CODE)).toHaveLength(1);

      vi.advanceTimersByTime(1000);
      await until(() => expect([resend().textContent, resend().disabled]).toEqual(["Envoyer un nouveau code", false]));
      fireEvent.click(resend());
      await until(() => expect(calls.callsTo(CODE)).toHaveLength(2));
      await until(() => expect([resend().textContent, resend().disabled]).toEqual(["Envoyer un nouveau code (dans 30 s)", true]));
      const [first, second] = calls.callsTo(CODE).map(proofOf);
      expect([first!.number, second!.number]).toEqual([0, 0]);
      expect(first!.salt).not.toBe(second!.salt);
    });

    it("'Utiliser un autre moyen de contact' goes back to step 3 with the means kept", async () => {
      const { view } = await start();
      await toCode(view);
      fireEvent.click(button(view, "Utiliser un autre moyen de contact"));
      await onStep(view, "contact");
      expect(view.root.querySelector<HTMLInputElement>('input[value="sms-1"]')!.checked).toBe(true);
    });
  });

  describe("focus between steps", () => {
    const focusedTitle = (view: Mounted) =>
      view.root.activeElement === view.root.querySelector("form > h2")
        ? stepTitle(view)
        : (view.root.activeElement?.outerHTML ?? "nothing focused");

    it("each step change (1→2, 2→3, 3→4, 4→5, back, cancel) focuses the new step's heading", async () => {
      const { view } = await start();
      // Not on first render: the page's own focus stays where it is.
      expect(view.root.activeElement).toBeNull();
      await toCompanies(view);
      await waitFor(() => expect(focusedTitle(view)).toBe(TITLES.companies));
      submit(view);
      await onStep(view, "contact");
      await waitFor(() => expect(focusedTitle(view)).toBe(TITLES.contact));
      fireEvent.click(view.screen.getByLabelText(`Par SMS au ${SMS_MEANS.masked}`));
      submit(view);
      await onStep(view, "code");
      await waitFor(() => expect(focusedTitle(view)).toBe(TITLES.code));
      fireEvent.click(button(view, "Utiliser un autre moyen de contact"));
      await onStep(view, "contact");
      await waitFor(() => expect(focusedTitle(view)).toBe(TITLES.contact));
      submit(view);
      await onStep(view, "code");
      await enterCode(view, "123456");
      await onStep(view, "password");
      await waitFor(() => expect(focusedTitle(view)).toBe(TITLES.password));
      fireEvent.click(button(view, "Annuler et recommencer"));
      await onStep(view, "identify");
      await waitFor(() => expect(focusedTitle(view)).toBe(TITLES.identify));
    });
  });

  describe("step 5: the password and the account", () => {
    it.each<[string, string, string, Array<[string, string]>]>([
      [
        "both empty",
        "",
        "",
        [
          ["nouveauMotDePasse", MESSAGES.newRequired],
          ["confirmerMotDePasse", MESSAGES.confirmRequired],
        ],
      ],
      ["too short", "Abc1", "Abc1", [["nouveauMotDePasse", MESSAGES.length]]],
      ["no uppercase", "moisson26", "moisson26", [["nouveauMotDePasse", MESSAGES.uppercase]]],
      ["no lowercase", "MOISSON26", "MOISSON26", [["nouveauMotDePasse", MESSAGES.lowercase]]],
      ["no digit", "MoissonBle", "MoissonBle", [["nouveauMotDePasse", MESSAGES.digit]]],
      ["different confirmation", "Moisson26", "Moisson62", [["confirmerMotDePasse", MESSAGES.different]]],
    ])("%s → its messages, no request", async (_label, nouveau, confirmer, expected) => {
      const { calls, view } = await start();
      await toPassword(view);
      choosePassword(view, nouveau, confirmer);
      expect(await summaryItems(view)).toEqual(expected.map(([, m]) => m));
      for (const [id, message] of expected) expect(inlineError(view, id)).toBe(message);
      expect(calls.callsTo(COMPLETE)).toHaveLength(0);
    });

    it("the password fields: new-password autocomplete and the rules as a hint", async () => {
      const { view } = await start();
      await toPassword(view);
      const fresh = view.screen.getByLabelText("Nouveau mot de passe") as HTMLInputElement;
      const confirm = view.screen.getByLabelText("Confirmer le nouveau mot de passe") as HTMLInputElement;
      expect([fresh.type, fresh.autocomplete, confirm.type, confirm.autocomplete]).toEqual([
        "password",
        "new-password",
        "password",
        "new-password",
      ]);
      expect(view.root.getElementById(fresh.getAttribute("aria-describedby")!)!.textContent).toBe(
        "Au moins 8 caractères, dont une majuscule, une minuscule et un chiffre.",
      );
      expect(button(view, "Créer mon compte").type).toBe("submit");
      // The account's e-mail goes with them unseen: a password manager saves the password for it.
      const username = view.root.querySelector<HTMLInputElement>('input[autocomplete="username"]')!;
      expect([username.value, username.hidden, username.form]).toEqual(["jean@ferme.test", true, fresh.form]);
    });

    it.each<[string, ReturnType<typeof company>[], string, string]>([
      ["one company → DASHBOARD", [company({ idTier: "T1" })], "DASHBOARD", "/portail/mon-compte"],
      [
        "several companies → CHOIX_ENTREPRISE",
        [company({ idTier: "T1" }), company({ idTier: "T2", token: "company-token-2" })],
        "CHOIX_ENTREPRISE",
        "/portail/mon-compte/choixEntreprise",
      ],
    ])("201 with %s: logged in with the companies, macc-login, navigation, the flow cleared", async (_label, companies, route, path) => {
      const account = user(companies, { uuidCompte: "uuid-new" });
      const { calls, view } = await start({ [COMPLETE]: { status: 201, body: sessionBody(account) } });
      const order: string[] = [];
      const logins = listen<{ uuidCompte: string; emailLogin: string; idTier: string | null }>("macc-login", document, () =>
        order.push("login"),
      );
      const navigations = listen<NavigateDetail>("macc-navigate", document, (event) => {
        order.push("navigate");
        event.preventDefault();
      });
      await toPassword(view);
      choosePassword(view, "Moisson2026");
      await waitFor(() => expect(navigations).toHaveLength(1));

      const [call] = calls.callsTo(COMPLETE);
      expect(call!.body).toEqual({ motDePasse: "Moisson2026", confirmerMotDePasse: "Moisson2026" });
      expect(call!.headers.authorization).toBeUndefined();
      expect(proofOf(call!).number).toBe(0);

      const state = getCore().store.getState();
      expect(isLogged(state)).toBe(true);
      expect(state.auth.user?.uuidCompte).toBe("uuid-new");
      expect(state.auth.user?.entreprises.map((e) => e.idTier)).toEqual(companies.map((c) => c.idTier));
      expect(selectCompany(state)?.idTier).toBe("T1");

      expect(order).toEqual(["login", "navigate"]);
      expect(logins[0]!.target).toBe(document); // a state event: the core emits it
      expect(logins[0]!.detail).toEqual({ uuidCompte: "uuid-new", emailLogin: "jean@ferme.test", idTier: "T1" });
      expect(navigations[0]!.cancelable).toBe(true);
      expect(navigations[0]!.detail).toEqual({ route, params: {}, path });
      expect(location.pathname).toBe(PAGE);

      expect(saved()).toBeNull();
      expect(
        getCore()
          .toasts.getState()
          .toasts.map((toast) => [toast.kind, toast.message]),
      ).toEqual([["success", "Votre compte est créé. Bienvenue !"]]);
      // Back at step 1 but logged in: the element says so.
      await waitFor(() => expect(view.root.textContent).toContain("Vous avez déjà un compte et vous êtes connecté."));
    });

    it("422 rule errors: on the password field (motDePasse → nouveauMotDePasse)", async () => {
      const { view } = await start({
        [COMPLETE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "motDePasse", message: "Ce mot de passe est trop courant." }] },
        },
      });
      await toPassword(view);
      choosePassword(view, "Tournesol77");
      expect(await summaryItems(view)).toEqual(["Ce mot de passe est trop courant."]);
      expect(inlineError(view, "nouveauMotDePasse")).toBe("Ce mot de passe est trop courant.");
      expect(isLogged(getCore().store.getState())).toBe(false);
    });

    it("409: the e-mail already has an account", async () => {
      const { view } = await start({ [COMPLETE]: problem(409, "Conflict") });
      await toPassword(view);
      choosePassword(view, "Moisson2026");
      expect(await alertText(view)).toBe(MESSAGES.emailHasAccount);
      expect(isLogged(getCore().store.getState())).toBe(false);
      expect(saved()).toMatchObject({ step: "password" });
    });
  });

  describe("every step", () => {
    type Driver = (view: Mounted) => Promise<void>;
    const STEPS: Array<[string, string, Driver, Driver]> = [
      [
        "identify",
        IDENTIFY,
        async () => undefined,
        async (view) => {
          fillIdentity(view, VALID);
          submit(view);
        },
      ],
      [
        "companies",
        COMPANIES,
        toCompanies,
        async (view) => {
          submit(view);
        },
      ],
      [
        "contact",
        CODE,
        toContact,
        async (view) => {
          fireEvent.click(view.screen.getByLabelText("Par SMS au +33 6 ** ** ** 78"));
          submit(view);
        },
      ],
      ["code", VERIFY, toCode, (view) => enterCode(view, "123456")],
      ["password", COMPLETE, toPassword, async (view) => choosePassword(view, "Moisson2026")],
    ];
    const FAILURES: Array<[string, RouteHandler, string]> = [
      ["500", problem(500), MESSAGES.generic],
      ["502", problem(502), MESSAGES.generic],
      ["504", problem(504), MESSAGES.generic],
      ["a network failure", () => Promise.reject(new TypeError("Failed to fetch")), MESSAGES.generic],
      ["403 bot check", BOT_CHECK_FAILED, MESSAGES.botCheck],
      ["an answer the contract does not describe", { status: 200, body: { unexpected: true } }, MESSAGES.generic],
    ];
    const rows = STEPS.flatMap(([step, route, reach, act]) =>
      FAILURES.map(([label, answer, message]) => [step, label, route, reach, act, answer, message] as const),
    );

    it.each(rows)("%s: %s → the message, no toast, still on the step", async (step, _label, route, reach, act, answer, message) => {
      const { view } = await start({ [route]: answer });
      await reach(view);
      await act(view);
      expect(await alertText(view)).toBe(message);
      expect(stepTitle(view)).toBe(TITLES[step as keyof typeof TITLES]);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });

    it.each(STEPS.slice(1))("%s: 404 (the registration expired) → 'Cette inscription a expiré'", async (_step, route, reach, act) => {
      const { view } = await start({ [route]: problem(404, "Not found") });
      await reach(view);
      await act(view);
      expect(await alertText(view)).toBe(MESSAGES.expired);
    });

    it("503 is not one of them: the whole element shows the maintenance screen (core/api.ts reports 503 before `expected`)", async () => {
      const { view } = await start({ [IDENTIFY]: problem(503) });
      fillIdentity(view, VALID);
      submit(view);
      await waitFor(() => expect(view.root.textContent).toContain("Nous sommes actuellement en maintenance."));
      expect(view.root.querySelector("form")).toBeNull();
      expect(getCore().store.getState().maintenance).toBe(true);
    });

    it("the bot check cannot be had (challenge 500): the generic message, nothing sent", async () => {
      const { calls, view } = await start({ [CHALLENGE]: problem(500) });
      fillIdentity(view, VALID);
      submit(view);
      expect(await alertText(view)).toBe(MESSAGES.generic);
      expect(calls.callsTo(IDENTIFY)).toHaveLength(0);
    });

    it("a 403 bot-check failure can be retried: the second attempt carries a fresh proof", async () => {
      let attempts = 0;
      const { calls, view } = await start({ [IDENTIFY]: () => (++attempts === 1 ? BOT_CHECK_FAILED : found()) });
      fillIdentity(view, VALID);
      submit(view);
      expect(await alertText(view)).toBe(MESSAGES.botCheck);
      await waitFor(() => expect(view.root.querySelector('form button[type="submit"]')!.getAttribute("aria-disabled")).toBeNull());
      submit(view);
      await onStep(view, "companies");
      const [first, second] = calls.callsTo(IDENTIFY).map(proofOf);
      expect(first!.salt).not.toBe(second!.salt);
    });

    it("the whole flow: each protected request carries its own solved X-Bot-Check (base64 JSON, number 0)", async () => {
      const { calls, view } = await start();
      interceptNavigation();
      await toPassword(view);
      choosePassword(view, "Moisson2026");
      await waitFor(() => expect(isLogged(getCore().store.getState())).toBe(true));
      const served = new Set(calls.callsTo(CHALLENGE).map((_, i) => challenge(i + 1).salt));
      const protectedCalls = calls.calls.filter((c) => c.method === "POST" && c.path.startsWith("/api/registration"));
      expect(protectedCalls.map((c) => `${c.method} ${c.path}`)).toEqual(PROTECTED);
      const proofs = protectedCalls.map(proofOf);
      for (const proof of proofs) {
        expect(Object.keys(proof).sort()).toEqual(["algorithm", "challenge", "number", "salt", "signature"]);
        expect(proof.number).toBe(0);
        expect(proof.algorithm).toBe("SHA-256");
        expect(served.has(proof.salt as string)).toBe(true);
        expect(proof.challenge).toBe(
          createHash("sha256")
            .update(`${proof.salt as string}0`)
            .digest("hex"),
        );
      }
      expect(new Set(proofs.map((p) => p.salt)).size).toBe(PROTECTED.length);
      for (const call of protectedCalls) expect(call.headers.authorization).toBeUndefined();
    });
  });

  describe("the flow's state", () => {
    it("is kept in sessionStorage under macc:registration, without the code", async () => {
      const { view } = await start();
      expect(saved()).toBeNull();
      await toCompanies(view);
      expect(saved()).toMatchObject({
        step: "companies",
        token: REG_ID,
        pays: "FR",
        immatriculation: "552100554",
        email: "jean@ferme.test",
        mobile: "+33 6 12 34 56 78",
        entreprisesTrouvees: [FERME],
      });
    });

    it("cancel at any step clears it and starts again at step 1 with empty fields", async () => {
      const { view } = await start();
      await toCode(view);
      expect(saved()).not.toBeNull();
      fireEvent.click(button(view, "Annuler et recommencer"));
      await onStep(view, "identify");
      expect(saved()).toBeNull();
      expect(stepLine(view)).toBe("Étape 1 sur 5");
      expect(["immatriculation", "numeroClient", "email", "mobile"].map((id) => byId(view, id).value)).toEqual(["", "", "", ""]);
    });

    it("a reload mid-flow (fresh page, same tab) restores the step from sessionStorage and the flow goes on", async () => {
      const first = await start();
      await toCode(first.view);
      const kept = sessionStorage.getItem(REGISTRATION_KEY)!;
      expect(kept).toBeTruthy();
      // Leave this page's flow clean (it stays loaded in this test process), then "reload".
      fireEvent.click(button(first.view, "Annuler et recommencer"));
      resetPage(undefined, PAGE);
      sessionStorage.setItem(REGISTRATION_KEY, kept);

      vi.resetModules();
      const [{ defineElement }, { Registration }, { registrationCatalog }] = await Promise.all([
        import("../../../elements/define"),
        import("./Registration"),
        import("./catalog"),
      ]);
      defineElement("macc-registration-reloaded", Registration, { catalogs: [registrationCatalog] });
      const calls = api();
      const view = await mount("<macc-registration-reloaded></macc-registration-reloaded>");
      expect(stepTitle(view)).toBe(TITLES.code);
      expect(stepLine(view)).toBe("Étape 4 sur 5");
      expect(view.root.textContent).toContain("Nous avons envoyé un code à 6 chiffres par SMS au +33 6 ** ** ** 78.");
      // The cool-down runs from when the code was sent, not from the reload.
      expect(view.root.querySelector(".actions .btn--secondary")!.textContent).toMatch(/^Envoyer un nouveau code \(dans (5\d|60) s\)$/);
      await enterCode(view, "123456");
      await onStep(view, "password");
      expect(calls.callsTo(VERIFY)[0]!.path).toBe(`/api/registration/${REG_ID}/verify`);
    });
  });
});
