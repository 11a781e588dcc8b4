/**
 * The invisible bot check (useBotCheck + core/bot-check) as the public forms use it: the login,
 * the forgot-password request and the contact form. The registration has its own tests
 * (src/areas/registration/Registration.test.tsx).
 */
import { fireEvent } from "@testing-library/dom";
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import "../../elements/macc-contact-form";
import "../../elements/macc-forgot-password";
import "../../elements/macc-login";
import type { FooterContact } from "../core/contacts";
import { getCore } from "../core/index";
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
} from "../test/elements";
import { isLogged } from "../core/store";

const CHALLENGE = "GET /api/bot-check/challenge";
const SECURITY_CHECK_FAILED = "La vérification de sécurité a échoué. Veuillez réessayer.";
const PHONE = "03 26 00 00 01";

/** Challenge `k`: solved by n = 0 (one hash), each with its own salt and signature. */
function challenge(k: number) {
  const salt = `salt-${k}?expires=4102444800`;
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256").update(`${salt}0`).digest("hex"),
    maxnumber: 3,
    salt,
    signature: `sig-${k}`,
  };
}
/** What X-Bot-Check carries once challenge `k` is solved. */
const proof = (k: number) => ({
  algorithm: "SHA-256",
  challenge: challenge(k).challenge,
  number: 0,
  salt: challenge(k).salt,
  signature: `sig-${k}`,
});
const proofOf = (call: ApiCall) => JSON.parse(atob(call.headers["x-bot-check"]!)) as unknown;

function challenges(): RouteHandler {
  let served = 0;
  return () => ({ body: challenge(++served) });
}

const BOT_CHECK_FAILED: StubResponse = {
  status: 403,
  headers: { "Content-Type": "application/problem+json" },
  body: { type: "urn:macc:problem:bot-check", title: "Forbidden", status: 403, detail: "Bot check failed." },
};

const FRANCE: FooterContact = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [{ nomSousService: "Service client", telephone1: PHONE, mail1: "client@macc.fr" }],
};

interface FormCase {
  /** The protected request. */
  route: string;
  success: StubResponse;
  routes?: Record<string, RouteHandler>;
  page?: string;
  /** Before mounting (a contact form needs a logged-in customer). */
  setup?(): void;
  tag: string;
  /** Once the form can be filled. */
  ready?(view: Mounted): Promise<void>;
  send(view: Mounted): void;
  /** The success is on screen. */
  succeeded(view: Mounted): Promise<void>;
  /** What a 403 bot-check failure shows today. */
  shownOn403: string;
}

const input = (view: Mounted, id: string) => view.root.getElementById(id) as HTMLInputElement;
const submit = (view: Mounted) => fireEvent.click(view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
const textShown = (view: Mounted, text: string) => waitFor(() => expect(view.root.textContent).toContain(text));

const FORMS: Record<string, FormCase> = {
  "<macc-login>": {
    route: "POST /api/auth/login",
    success: { body: sessionBody(user([company()])) },
    tag: "<macc-login></macc-login>",
    send(view) {
      fireEvent.change(view.screen.getByLabelText("Adresse e-mail"), { target: { value: "jean@ferme.test" } });
      fireEvent.change(view.screen.getByLabelText("Mot de passe"), { target: { value: "Secret123" } });
      fireEvent.click(view.screen.getByRole("button", { name: "Se connecter" }));
    },
    succeeded: () => waitFor(() => expect(isLogged(getCore().store.getState())).toBe(true)),
    shownOn403: SECURITY_CHECK_FAILED,
  },
  "<macc-forgot-password>": {
    route: "POST /api/auth/forgot",
    success: { status: 202, body: {} },
    page: "/portail/mot-de-passe-oublie",
    tag: "<macc-forgot-password></macc-forgot-password>",
    send(view) {
      fireEvent.change(input(view, "email"), { target: { value: "jean@ferme.test" } });
      submit(view);
    },
    succeeded: async (view) => void (await view.screen.findByRole("status")),
    shownOn403: SECURITY_CHECK_FAILED,
  },
  "<macc-contact-form>": {
    route: "POST /api/me/contact",
    success: { status: 201, body: { id: "m-1" } },
    routes: { "GET /api/servicesMACC/reseau/FRA/type/gen": { body: FRANCE } },
    setup: () => signIn(user([company({ codeReseau: "FRA" })])),
    tag: "<macc-contact-form></macc-contact-form>",
    ready: (view) => waitFor(() => expect((input(view, "service") as unknown as HTMLSelectElement).options.length).toBeGreaterThan(1)),
    send(view) {
      fireEvent.change(input(view, "service"), { target: { value: "Service client" } });
      fireEvent.change(input(view, "subject"), { target: { value: "Pièce pour mon semoir" } });
      fireEvent.change(input(view, "message"), { target: { value: "Il me faudrait un disque de rechange, merci." } });
      submit(view);
    },
    succeeded: (view) => textShown(view, "Votre message a été envoyé."),
    shownOn403: SECURITY_CHECK_FAILED,
  },
};
const CASES = Object.entries(FORMS);

async function open(form: FormCase, routes: Record<string, RouteHandler> = {}) {
  resetPage(undefined, form.page ?? "/");
  const calls = stubApi({ ...sessionRoutes(), [CHALLENGE]: challenges(), [form.route]: form.success, ...form.routes, ...routes });
  listen("macc-navigate", document, (event) => event.preventDefault());
  form.setup?.();
  const view = await mount(form.tag);
  await form.ready?.(view);
  return { calls, view };
}

beforeEach(() => resetPage());

describe("the invisible bot check of the public forms", () => {
  it.each(CASES)("%s: no work while the form only shows; its first focus fetches a challenge (anonymously)", async (_name, form) => {
    const { calls, view } = await open(form);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.callsTo(CHALLENGE)).toHaveLength(0);
    fireEvent.focusIn(view.root.querySelector("form input, form select")!);
    fireEvent.focusIn(view.root.querySelector("form input, form select")!);
    await waitFor(() => expect(calls.callsTo(CHALLENGE)).toHaveLength(1));
    const [fetched] = calls.callsTo(CHALLENGE);
    expect(fetched!.headers.authorization).toBeUndefined();
    expect(calls.callsTo(form.route)).toHaveLength(0);
  });

  it.each(CASES)("%s: typing without a focus event (autofill) starts it too", async (_name, form) => {
    const { calls, view } = await open(form);
    const field = view.root.querySelector<HTMLInputElement>("form input")!;
    fireEvent.input(field, { target: { value: "jean@ferme.test" } });
    await waitFor(() => expect(calls.callsTo(CHALLENGE)).toHaveLength(1));
  });

  it.each(CASES)("%s: the submission carries X-Bot-Check, the base64 JSON of the solved challenge (number 0)", async (_name, form) => {
    const { calls, view } = await open(form);
    form.send(view);
    await form.succeeded(view);
    const [call] = calls.callsTo(form.route);
    expect(call!.headers["x-bot-check"]).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(proofOf(call!)).toEqual(proof(1));
    // The next proof is already on its way for a further submission.
    await waitFor(() => expect(calls.callsTo(CHALLENGE)).toHaveLength(2));
  });

  it.each(CASES)("%s: a 403 bot-check failure is shown, no toast; a retry sends a fresh proof and succeeds", async (_name, form) => {
    let attempts = 0;
    const { calls, view } = await open(form, { [form.route]: () => (++attempts === 1 ? BOT_CHECK_FAILED : form.success) });
    form.send(view);
    await textShown(view, form.shownOn403);
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
    await waitFor(() => expect(view.root.querySelector('form button[type="submit"]')!.getAttribute("aria-disabled")).toBeNull());
    submit(view);
    await form.succeeded(view);
    expect(calls.callsTo(form.route).map(proofOf)).toEqual([proof(1), proof(2)]);
  });

  it("<macc-login>: the 403 message is the security check's, on the form (summary and field)", async () => {
    const { view } = await open(FORMS["<macc-login>"]!, { "POST /api/auth/login": BOT_CHECK_FAILED });
    FORMS["<macc-login>"]!.send(view);
    const summary = await view.screen.findByRole("alert", { name: "Un problème a été détecté" });
    expect([...summary.querySelectorAll("li")].map((li) => li.textContent)).toEqual([SECURITY_CHECK_FAILED]);
    expect(isLogged(getCore().store.getState())).toBe(false);
  });

  it("<macc-forgot-password>: a 403 bot-check failure says the security check failed", async () => {
    const form = FORMS["<macc-forgot-password>"]!;
    const { view } = await open(form, { [form.route]: BOT_CHECK_FAILED });
    form.send(view);
    await textShown(view, SECURITY_CHECK_FAILED);
  });

  it("<macc-contact-form>: a 403 bot-check failure says the security check failed", async () => {
    const form = FORMS["<macc-contact-form>"]!;
    const { view } = await open(form, { [form.route]: BOT_CHECK_FAILED });
    form.send(view);
    await textShown(view, SECURITY_CHECK_FAILED);
  });

  it("<macc-login>: when the API asks more work (failed logins to the account), a harder challenge is solved and the login sent again, saying why it takes longer", async () => {
    const form = FORMS["<macc-login>"]!;
    const HARDER: StubResponse = {
      status: 403,
      headers: { "Content-Type": "application/problem+json" },
      body: { type: "urn:macc:problem:bot-check-cost", title: "Forbidden", status: 403, detail: "Plus de travail.", maxnumber: 400_000 },
    };
    let shownWhileWorking = "";
    let mounted: Mounted | undefined;
    let attempts = 0;
    const { calls, view } = await open(form, {
      [form.route]: () => {
        if (++attempts === 1) return HARDER;
        shownWhileWorking = mounted!.screen.getByRole("status").textContent ?? "";
        return form.success;
      },
    });
    mounted = view;
    form.send(view);
    await form.succeeded(view);
    const asked = calls.callsTo(CHALLENGE).map((c) => c.query.get("maxnumber"));
    expect(asked).toContain("400000");
    const logins = calls.callsTo(form.route);
    expect(logins).toHaveLength(2);
    expect(proofOf(logins[1]!)).not.toEqual(proofOf(logins[0]!));
    expect(shownWhileWorking).toBe(
      "Vérification de sécurité renforcée après plusieurs tentatives échouées sur ce compte. Cela peut prendre quelques secondes…",
    );
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
  });

  it("<macc-login>: no challenge to be had (404) → the login failure message, no login request", async () => {
    const { calls, view } = await open(FORMS["<macc-login>"]!, { [CHALLENGE]: problem(404) });
    FORMS["<macc-login>"]!.send(view);
    await textShown(view, "Nous n'avons pas pu vous connecter. Veuillez réessayer dans quelques instants.");
    expect(calls.callsTo("POST /api/auth/login")).toHaveLength(0);
  });
});
