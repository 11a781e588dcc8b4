import { fireEvent } from "@testing-library/dom";
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-contact-form";
import type { FooterContact } from "../../core/contacts";
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
  waitFor,
  signIn,
  unbroken,
  asWritten,
} from "../../test/elements";
import { offline, savedOfflineCases, savedShown } from "../../test/offline-forms";

const SEND = "POST /api/me/contact";
const BOT_CHECK = "GET /api/bot-check/challenge";
const footer = (network: string) => `GET /api/servicesMACC/reseau/${network}/type/gen`;
const PHONE = "03 26 00 00 01";

/** Numbers as fr-FR writes them (a narrow no-break space between thousands). */
const fmt = (n: number) => new Intl.NumberFormat("fr-FR").format(n);

const TEXT = {
  title: "Nous écrire",
  intro: "Tous les champs sont obligatoires. Nous vous répondons par e-mail, généralement sous deux jours ouvrés.",
  anonymous: "Connectez-vous pour nous écrire depuis votre compte.",
  logIn: "Se connecter",
  service: "Service concerné",
  chooseService: "Choisir un service",
  subject: "Objet",
  message: "Votre message",
  count: (n: number) => `${fmt(n)} sur ${fmt(5000)} caractères`,
  send: "Envoyer mon message",
  loadingServices: "Chargement de nos services",
  summaryTitle: "Un problème a été détecté",
  required: {
    service: "Choisissez le service auquel s'adresse votre message",
    subject: "Saisissez l'objet de votre message",
    message: "Saisissez votre message",
  },
  subjectTooLong: "L'objet ne doit pas dépasser 150 caractères",
  messageTooShort: "Votre message doit contenir au moins 10 caractères",
  messageTooLong: `Votre message ne doit pas dépasser ${fmt(5000)} caractères`,
  sent: "Votre message a été envoyé. Nous vous en avons adressé une copie par e-mail et vous répondrons dans les meilleurs délais.",
  failedWithPhone: (phone: string) =>
    `Votre message n'a pas pu être envoyé. Veuillez réessayer plus tard ou nous appeler au ${unbroken(phone)}.`,
  failed: "Votre message n'a pas pu être envoyé. Veuillez réessayer plus tard.",
  another: "Écrire un autre message",
  back: "Retour à mon compte",
};

const HREF = { login: "/portail/mon-compte/connexion", dashboard: "/portail/mon-compte" };

const FRANCE: FooterContact = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [
    { nomSousService: "Service client", telephone1: PHONE, mail1: "client@macc.fr" },
    { nomSousService: "Service après-vente", telephone1: "03 26 00 00 02", mail1: "sav@macc.fr" },
    { nomSousService: "Comptabilité", telephone1: null, mail1: "compta@macc.fr" },
  ],
};

/** The invisible bot check's proof of work: challenge number `n` (small, so solved at once). */
function challenge(n: number) {
  const salt = `salt-${n}?expires=4102444800`;
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256").update(`${salt}${n}`).digest("hex"),
    maxnumber: 50,
    salt,
    signature: `sig-${n}`,
  };
}
/** What the X-Bot-Check header carries (base64 JSON) once challenge `n` is solved. */
const proof = (n: number) => ({
  algorithm: "SHA-256",
  challenge: challenge(n).challenge,
  number: n,
  salt: challenge(n).salt,
  signature: `sig-${n}`,
});

/** Every challenge asked for is a new one (1, 2, 3…), as the API gives one per request. */
function challenges(): RouteHandler {
  let served = 0;
  return () => ({ body: challenge(++served) });
}

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({
    ...sessionRoutes(),
    [BOT_CHECK]: challenges(),
    [footer("FRA")]: { body: FRANCE },
    [SEND]: { status: 201, body: { id: "m-1" } },
    ...routes,
  });
}

const logIn = (codeReseau = "FRA") => signIn(user([company({ codeReseau })]));

type FieldName = "service" | "subject" | "message";
const control = (view: Mounted, name: FieldName) => {
  const found = view.root.getElementById(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
  if (!found) throw new Error(`no field #${name}`);
  return found;
};
const type = (view: Mounted, name: FieldName, value: string) => fireEvent.change(control(view, name), { target: { value } });
const sendButton = (view: Mounted) => view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!;
const submit = (view: Mounted) => fireEvent.click(sendButton(view));
const fill = (view: Mounted, values: Partial<Record<FieldName, string>>) => {
  for (const [name, value] of Object.entries(values)) type(view, name as FieldName, value);
};
const VALID = { service: "Service après-vente", subject: "Pièce pour mon semoir", message: "Il me faudrait un disque de rechange, merci." };

async function summaryOf(view: Mounted) {
  const summary = await waitFor(() => {
    const found = view.root.querySelector<HTMLElement>('.error-summary[role="alert"]');
    if (!found) throw new Error("no error summary");
    return found;
  });
  expect(view.root.getElementById(summary.getAttribute("aria-labelledby")!)!.textContent).toBe(TEXT.summaryTitle);
  return summary;
}
const summaryItems = async (view: Mounted) => [...(await summaryOf(view)).querySelectorAll("li")].map((li) => li.textContent);
const inlineError = (view: Mounted, name: FieldName) => {
  const ids = control(view, name).getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => view.root.getElementById(id)).find((el) => el?.classList.contains("field__error"))?.textContent ?? null;
};

/** Mounts the form once its services are there. */
async function mountForm(html = "<macc-contact-form></macc-contact-form>") {
  const view = await mount(html);
  await waitFor(() => expect((control(view, "service") as HTMLSelectElement).options.length).toBeGreaterThan(1));
  return view;
}

beforeEach(() => resetPage());

describe("<macc-contact-form>", () => {
  it("anonymous: a prompt to log in, no form, nothing sent", async () => {
    const calls = api();
    const view = await mount("<macc-contact-form></macc-contact-form>");
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByText(TEXT.anonymous)).toBeTruthy();
    expect(view.screen.getByRole("link", { name: TEXT.logIn }).getAttribute("href")).toBe(HREF.login);
    expect(view.root.querySelector("form")).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.callsTo(SEND)).toHaveLength(0);
  });

  describe("the form", () => {
    it("labelled fields; the services of the company's network to choose from; the character count", async () => {
      api();
      logIn();
      const view = await mountForm();
      expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
      expect(view.screen.getByText(TEXT.intro)).toBeTruthy();
      const service = view.screen.getByLabelText(TEXT.service) as HTMLSelectElement;
      expect(service.tagName).toBe("SELECT");
      expect([...service.options].map((o) => [o.value, o.textContent])).toEqual([
        ["", TEXT.chooseService],
        ["Service client", "Service client"],
        ["Service après-vente", "Service après-vente"],
        ["Comptabilité", "Comptabilité"],
      ]);
      expect(service.value).toBe("");
      expect((view.screen.getByLabelText(TEXT.subject) as HTMLInputElement).tagName).toBe("INPUT");
      expect((view.screen.getByLabelText(TEXT.message) as HTMLTextAreaElement).tagName).toBe("TEXTAREA");
      expect(sendButton(view).textContent).toBe(TEXT.send);

      const count = () => view.root.querySelector(".field__count")!.textContent;
      expect(count()).toBe(TEXT.count(0));
      type(view, "message", "  Bonjour  ");
      // The count is of what will be sent: without the surrounding spaces.
      await waitFor(() => expect(count()).toBe(TEXT.count(7)));
      type(view, "message", "x".repeat(1234));
      await waitFor(() => expect(count()).toBe(TEXT.count(1234)));
    });

    it("a BLG company: the services of its network", async () => {
      const calls = api({
        [footer("BLG")]: { body: { ...FRANCE, listSousServices: [{ nomSousService: "Klantenservice", telephone1: "+32 81 00 00 00" }] } },
      });
      logIn("BLG");
      const view = await mountForm();
      expect([...(control(view, "service") as HTMLSelectElement).options].map((o) => o.value)).toEqual(["", "Klantenservice"]);
      expect(calls.callsTo(footer("FRA"))).toHaveLength(0);
    });

    it("while the services load: a labelled skeleton in place of the list", async () => {
      const answer = deferred();
      api({ [footer("FRA")]: answer.handler });
      logIn();
      const view = await mount("<macc-contact-form></macc-contact-form>");
      await answer.started;
      expect(view.screen.getByRole("status", { name: TEXT.loadingServices })).toBeTruthy();
      expect(view.root.getElementById("service")).toBeNull();
      answer.resolve({ body: FRANCE });
      await waitFor(() => expect(view.root.getElementById("service")).not.toBeNull());
      expect(view.screen.queryByRole("status", { name: TEXT.loadingServices })).toBeNull();
    });
  });

  describe("validation before any request", () => {
    it("an empty submit: the summary, focused, with the three messages linked to their fields; inline messages", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      submit(view);
      const summary = await summaryOf(view);
      await waitFor(() => expect(view.root.activeElement).toBe(summary));
      expect([...summary.querySelectorAll("li a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
        [TEXT.required.service, "#service"],
        [TEXT.required.subject, "#subject"],
        [TEXT.required.message, "#message"],
      ]);
      for (const name of ["service", "subject", "message"] as const) {
        expect(inlineError(view, name)).toBe(TEXT.required[name]);
        expect(control(view, name).getAttribute("aria-invalid")).toBe("true");
      }
      fireEvent.click(summary.querySelector('a[href="#message"]')!);
      expect(view.root.activeElement).toBe(control(view, "message"));
      expect(calls.callsTo(SEND)).toHaveLength(0);
    });

    it.each<[string, Partial<Record<FieldName, string>>, Array<[FieldName, string]>]>([
      [
        "blank subject and message",
        { subject: "   ", message: " \n " },
        [
          ["subject", TEXT.required.subject],
          ["message", TEXT.required.message],
        ],
      ],
      ["no service", { service: "" }, [["service", TEXT.required.service]]],
      ["a subject of 151 characters", { subject: "s".repeat(151) }, [["subject", TEXT.subjectTooLong]]],
      ["a message of 9 characters", { message: "123456789" }, [["message", TEXT.messageTooShort]]],
      ["a message of 9 characters once trimmed", { message: "   123456789   " }, [["message", TEXT.messageTooShort]]],
      ["a message of 5,001 characters", { message: "m".repeat(5001) }, [["message", TEXT.messageTooLong]]],
      [
        "both too long",
        { subject: "s".repeat(200), message: "m".repeat(6000) },
        [
          ["subject", TEXT.subjectTooLong],
          ["message", TEXT.messageTooLong],
        ],
      ],
    ])("%s → its messages, no request, what was typed kept", async (_label, values, expected) => {
      const calls = api();
      logIn();
      const view = await mountForm();
      fill(view, { ...VALID, ...values });
      submit(view);
      expect(await summaryItems(view)).toEqual(expected.map(([, message]) => message));
      for (const [name, message] of expected) expect(inlineError(view, name)).toBe(message);
      expect(calls.callsTo(SEND)).toHaveLength(0);
      for (const [name, value] of Object.entries({ ...VALID, ...values })) expect(control(view, name as FieldName).value).toBe(value);
    });

    it.each<[string, Partial<Record<FieldName, string>>, { subject: string; message: string }]>([
      ["a subject of 150 characters", { subject: "s".repeat(150) }, { subject: "s".repeat(150), message: VALID.message }],
      [
        "a subject of 150 characters between spaces",
        { subject: `  ${"s".repeat(150)}  ` },
        { subject: "s".repeat(150), message: VALID.message },
      ],
      ["a message of 10 characters", { message: "1234567890" }, { subject: VALID.subject, message: "1234567890" }],
      ["a message of 5,000 characters", { message: "m".repeat(5000) }, { subject: VALID.subject, message: "m".repeat(5000) }],
      [
        "spaces around",
        { subject: "  Objet  ", message: "\n  Mon message assez long.  \n" },
        { subject: "Objet", message: "Mon message assez long." },
      ],
    ])("%s is accepted and sent trimmed", async (_label, values, sent) => {
      const calls = api();
      logIn();
      const view = await mountForm();
      fill(view, { ...VALID, ...values });
      submit(view);
      await waitFor(() => expect(calls.callsTo(SEND)).toHaveLength(1));
      expect(calls.callsTo(SEND)[0]!.body).toEqual({ service: VALID.service, ...sent });
      expect(view.root.querySelector(".error-summary")).toBeNull();
    });
  });

  describe("sending", () => {
    it("201: POST /me/contact with the token; the success message; “write another message” keeps the service", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      const status = await view.screen.findByRole("status");
      expect(status.textContent).toBe(TEXT.sent);
      const [call] = calls.callsTo(SEND);
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      expect(call!.headers["content-type"]).toBe("application/json");
      expect(call!.body).toEqual(VALID);
      // The invisible bot check: the solved challenge travels with the message.
      expect(JSON.parse(atob(call!.headers["x-bot-check"]!))).toEqual(proof(1));
      expect(calls.callsTo(BOT_CHECK)[0]!.headers.authorization).toBeUndefined();
      expect(view.root.querySelector("form")).toBeNull();
      expect(view.screen.getByRole("link", { name: TEXT.back }).getAttribute("href")).toBe(HREF.dashboard);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);

      fireEvent.click(view.screen.getByRole("button", { name: TEXT.another }));
      await waitFor(() => expect(view.root.querySelector("form")).not.toBeNull());
      expect([control(view, "service").value, control(view, "subject").value, control(view, "message").value]).toEqual([
        VALID.service,
        "",
        "",
      ]);
      expect(view.screen.queryByText(TEXT.sent)).toBeNull();
      // The button is gone with the confirmation: focus goes to the form's first field, not the page's body.
      expect(view.root.activeElement).toBe(control(view, "service"));
    });

    it("201: the success message takes focus", async () => {
      api();
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      const status = await view.screen.findByRole("status");
      expect(status.textContent).toBe(TEXT.sent);
      await waitFor(() => expect(view.root.activeElement).toBe(status.parentElement));
    });

    it.each<[string, RouteHandler]>([
      ["500", problem(500)],
      ["502", problem(502)],
      ["403", problem(403)],
      // No answer at all: saved on the device instead (below, "sending that survives the network").
    ])(
      "failure (%s): the message with the company's phone, focused; what was typed kept; no toast; one request",
      async (_label, failure) => {
        const calls = api({ [SEND]: failure });
        logIn();
        const view = await mountForm();
        fill(view, VALID);
        submit(view);
        const alert = await view.screen.findByRole("alert");
        expect(alert.textContent).toBe(TEXT.failedWithPhone(PHONE));
        await waitFor(() => expect(view.root.activeElement).toBe(alert.parentElement));
        for (const [name, value] of Object.entries(VALID)) expect(control(view, name as FieldName).value).toBe(value);
        expect(view.root.querySelector(".error-summary")).toBeNull();
        expect(getCore().toasts.getState().toasts).toHaveLength(0);
        // A message is not sent twice behind the customer's back.
        expect(calls.callsTo(SEND)).toHaveLength(1);
        await waitFor(() => expect(sendButton(view).getAttribute("aria-disabled")).toBeNull());
      },
    );

    it.each<[string, FooterContact["listSousServices"], string]>([
      [
        "the first service with a phone",
        [
          { nomSousService: "Comptabilité", telephone1: null },
          { nomSousService: "Service client", telephone1: "+33 3 26 99 99 99" },
        ],
        TEXT.failedWithPhone("+33 3 26 99 99 99"),
      ],
      ["no service with a phone", [{ nomSousService: "Comptabilité", telephone1: null, mail1: "compta@macc.fr" }], TEXT.failed],
    ])("the failure message: %s", async (_label, services, message) => {
      api({ [footer("FRA")]: { body: { ...FRANCE, listSousServices: services } }, [SEND]: problem(500) });
      logIn();
      const view = await mountForm();
      fill(view, { ...VALID, service: services[0]!.nomSousService });
      submit(view);
      expect((await view.screen.findByRole("alert")).textContent).toBe(message);
    });

    it("a new attempt after a failure replaces the failure message with the success one", async () => {
      let attempts = 0;
      const calls = api({ [SEND]: () => (++attempts === 1 ? problem(500) : { status: 201, body: { id: "m-2" } }) });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      await view.screen.findByText(TEXT.failedWithPhone(PHONE), asWritten);
      await waitFor(() => expect(sendButton(view).getAttribute("aria-disabled")).toBeNull());
      submit(view);
      await view.screen.findByText(TEXT.sent);
      expect(view.screen.queryByText(TEXT.failedWithPhone(PHONE), asWritten)).toBeNull();
      expect(calls.callsTo(SEND)).toHaveLength(2);
      // The same message keeps its idempotency key: had the first one been recorded after all, the API would not record it twice.
      const [first, second] = calls.callsTo(SEND).map((call) => call.headers["idempotency-key"]);
      expect(first).toMatch(/^[0-9a-f-]{36}$/);
      expect(second).toBe(first);
    });

    it("409 (the first request with its key still being recorded): sent again after Retry-After, with the same key; the success", async () => {
      let attempts = 0;
      const calls = api({
        [SEND]: () =>
          ++attempts === 1
            ? {
                status: 409,
                headers: { "Content-Type": "application/problem+json", "Retry-After": "0" },
                body: { status: 409, title: "Conflict", type: "urn:macc:problem:request-in-progress" },
              }
            : { status: 201, body: { id: "m-3" } },
      });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      await view.screen.findByText(TEXT.sent);
      const keys = calls.callsTo(SEND).map((call) => call.headers["idempotency-key"]);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      // Each attempt carries its own solution of the bot check (a solution is spent by the request it goes with).
      const solutions = calls.callsTo(SEND).map((call) => call.headers["x-bot-check"]);
      expect(solutions[1]).not.toBe(solutions[0]);
    });

    it("once a message is recorded, the next one gets a new key, even with the same text", async () => {
      const calls = api();
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      await view.screen.findByText(TEXT.sent);
      fireEvent.click(view.screen.getByRole("button", { name: TEXT.another }));
      await waitFor(() => expect(view.root.querySelector("form")).not.toBeNull());
      fill(view, VALID);
      submit(view);
      await waitFor(() => expect(calls.callsTo(SEND)).toHaveLength(2));
      const [first, second] = calls.callsTo(SEND).map((call) => call.headers["idempotency-key"]);
      expect(second).not.toBe(first);
    });

    it("422: the server's messages on their fields (paths of the body), what was typed kept", async () => {
      api({
        [SEND]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: {
            status: 422,
            title: "Unprocessable",
            errors: [
              { path: "subject", message: "L'objet contient des caractères non autorisés." },
              { path: "message", message: "Le message contient un lien non autorisé." },
              { path: "message", message: "Le message est en double." },
              { path: "attachment", message: "Ignoré" },
            ],
          },
        },
      });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      expect(await summaryItems(view)).toEqual([
        "L'objet contient des caractères non autorisés.",
        "Le message contient un lien non autorisé. Le message est en double.",
      ]);
      expect(inlineError(view, "subject")).toBe("L'objet contient des caractères non autorisés.");
      expect(inlineError(view, "message")).toBe("Le message contient un lien non autorisé. Le message est en double.");
      await waitFor(() => expect(view.root.activeElement).toBe(view.root.querySelector(".error-summary")));
      for (const [name, value] of Object.entries(VALID)) expect(control(view, name as FieldName).value).toBe(value);
      expect(view.screen.queryByRole("alert", { name: "" })).toBeNull();
      expect(view.screen.queryByText(TEXT.failedWithPhone(PHONE), asWritten)).toBeNull();
    });

    it("422 naming no field of the form: the failure message, not silence", async () => {
      api({
        [SEND]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "attachment", message: "Trop lourd." }] },
        },
      });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.failedWithPhone(PHONE));
      expect(view.root.querySelector(".error-summary")).toBeNull();
    });

    it("each attempt sends a fresh proof of work", async () => {
      let attempts = 0;
      const calls = api({ [SEND]: () => (++attempts === 1 ? problem(500) : { status: 201, body: { id: "m-2" } }) });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      await view.screen.findByText(TEXT.failedWithPhone(PHONE), asWritten);
      await waitFor(() => expect(sendButton(view).getAttribute("aria-disabled")).toBeNull());
      submit(view);
      await view.screen.findByText(TEXT.sent);
      expect(calls.callsTo(SEND).map((c) => JSON.parse(atob(c.headers["x-bot-check"]!)))).toEqual([proof(1), proof(2)]);
    });

    it("the bot check cannot be had (challenge 500): the failure message, nothing sent", async () => {
      const calls = api({ [BOT_CHECK]: problem(500) });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.failedWithPhone(PHONE));
      expect(calls.callsTo(SEND)).toHaveLength(0);
      for (const [name, value] of Object.entries(VALID)) expect(control(view, name as FieldName).value).toBe(value);
    });

    it("a double submit while the first is pending sends one request", async () => {
      const answer = deferred();
      const calls = api({ [SEND]: answer.handler });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      const button = sendButton(view);
      submit(view);
      submit(view);
      await answer.started;
      await waitFor(() => expect(button.getAttribute("aria-disabled")).toBe("true"));
      fireEvent.submit(button.closest("form")!);
      fireEvent.click(button);
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.callsTo(SEND)).toHaveLength(1);
      answer.resolve({ status: 201, body: { id: "m-1" } });
      await view.screen.findByText(TEXT.sent);
      expect(calls.callsTo(SEND)).toHaveLength(1);
    });
  });

  describe("sending that survives the network", () => {
    savedOfflineCases({
      send: SEND,
      copy: "<macc-contact-form></macc-contact-form>",
      api: (send) => {
        const calls = api({ [SEND]: send });
        logIn();
        return calls;
      },
      open: () => mountForm(),
      fill: (view, n) => fill(view, { ...VALID, subject: `${VALID.subject} ${n}` }),
      submit,
      recorded: { status: 201, body: { id: "m-1" } },
      shownSent: (view) => view.screen.findByText(TEXT.sent),
      mark: (call) => (call.body as { subject: string }).subject,
      afterSent: (sent) => {
        expect(sent.body).toEqual({ ...VALID, subject: `${VALID.subject} 1` });
        expect(sent.headers["x-bot-check"]).toBeTruthy();
      },
      another: (view) => view.screen.getByRole("button", { name: "Écrire un autre message" }),
    });

    it("a saved message the API refuses (422): back in the form with the field's error", async () => {
      let online = false;
      const refusal = {
        status: 422,
        body: {
          type: "https://macc.example/problems/validation",
          title: "Unprocessable",
          status: 422,
          errors: [{ path: "subject", message: "Objet refusé par le serveur." }],
        },
        headers: { "Content-Type": "application/problem+json" },
      };
      api({ [SEND]: () => (online ? refusal : offline()) });
      logIn();
      const view = await mountForm();
      fill(view, VALID);
      submit(view);
      await waitFor(() => expect(savedShown(view)).toBe(true));
      online = true;
      window.dispatchEvent(new Event("online"));
      expect(await summaryItems(view)).toEqual(["Objet refusé par le serveur."]);
      expect(control(view, "subject").value).toBe(VALID.subject);
      expect(control(view, "message").value).toBe(VALID.message);
    });
  });
});
