import { fireEvent } from "@testing-library/dom";
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-forgot-password";
import { getCore } from "../../core/index";
import {
  deferred,
  listen,
  mount,
  problem,
  resetPage,
  stubApi as stubApiWith,
  user,
  type Mounted,
  type RouteHandler,
  waitFor,
  type ApiCall,
  signIn,
} from "../../test/elements";

const FORGOT = "POST /api/auth/forgot";
const RESET = "POST /api/auth/reset";
const CHECK = "POST /api/auth/reset/check";
/** The link's check as the page opens: the link can still be used. */
const LINK_VALID = { [CHECK]: { status: 204 } };
const PAGE = "/portail/mot-de-passe-oublie";

// The invisible bot check: every challenge is solved by n = 0; challenge k has its own salt.
const CHALLENGE = "GET /api/bot-check/challenge";
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
/** The stub of these tests, which also serves the bot check's challenges (1, 2, 3…). */
function stubApi(routes: Parameters<typeof stubApiWith>[0], options?: Parameters<typeof stubApiWith>[1]) {
  let served = 0;
  return stubApiWith({ [CHALLENGE]: () => ({ body: challenge(++served) }), ...routes }, options);
}
/** The calls of the form itself, without the bot check's challenges. */
const own = (calls: ApiCall[]) => calls.filter((c) => !(c.method === "GET" && c.path === "/api/bot-check/challenge"));

const MESSAGES = {
  emailRequired: "Saisissez votre adresse e-mail",
  emailFormat: "Saisissez une adresse e-mail au bon format, par exemple nom@example.com",
  sent: (email: string) =>
    `Si un compte existe pour ${email}, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Ce lien est valable 30 minutes.`,
  tooMany: (minutes: number) => `Trop de demandes. Veuillez patienter ${minutes} min avant de réessayer.`,
  sendFailed: "Nous n'avons pas pu envoyer l'e-mail. Veuillez réessayer plus tard.",
  newRequired: "Saisissez un nouveau mot de passe",
  confirmRequired: "Confirmez votre nouveau mot de passe",
  length: "Le mot de passe doit contenir au moins 8 caractères.",
  uppercase: "Le mot de passe doit contenir au moins une majuscule.",
  lowercase: "Le mot de passe doit contenir au moins une minuscule.",
  digit: "Le mot de passe doit contenir au moins un chiffre.",
  different: "Le mot de passe de confirmation est différent.",
  expired: "Ce lien n'est plus valable : il a déjà été utilisé ou date de plus de 30 minutes.",
  resetFailed: "Votre mot de passe n'a pas pu être modifié. Veuillez réessayer plus tard.",
  changed: "Votre mot de passe a été modifié. Vous pouvez désormais vous connecter avec celui-ci.",
};

const TAG = "<macc-forgot-password></macc-forgot-password>";
const h1 = (view: Mounted) => view.root.querySelector("h1")?.textContent ?? null;
const byId = (view: Mounted, id: string) => view.root.getElementById(id) as HTMLInputElement;
const submitButton = (view: Mounted) => view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!;
const summaryItems = async (view: Mounted) =>
  [...(await view.screen.findByRole("alert", { name: "Un problème a été détecté" })).querySelectorAll("li")].map((li) => li.textContent);
const inlineError = (view: Mounted, id: string) => byId(view, id).closest(".field")!.querySelector(".field__error")?.textContent ?? null;

function ask(view: Mounted, email: string) {
  fireEvent.change(byId(view, "email"), { target: { value: email } });
  fireEvent.click(submitButton(view));
}

function choose(view: Mounted, nouveau: string, confirmer: string) {
  fireEvent.change(byId(view, "nouveauMotDePasse"), { target: { value: nouveau } });
  fireEvent.change(byId(view, "confirmerMotDePasse"), { target: { value: confirmer } });
  fireEvent.click(submitButton(view));
}

beforeEach(() => resetPage(undefined, PAGE));

describe("<macc-forgot-password>", () => {
  describe("asking for a link", () => {
    it("shows the request form", async () => {
      const calls = stubApi({});
      const view = await mount(TAG);
      expect(h1(view)).toBe("Mot de passe oublié");
      expect(view.screen.getByText(/^Saisissez l'adresse e-mail de votre compte/).textContent).toBe(
        "Saisissez l'adresse e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.",
      );
      const email = view.screen.getByLabelText("Adresse e-mail") as HTMLInputElement;
      expect(email.type).toBe("email");
      expect(email.getAttribute("autocomplete")).toBe("username");
      expect(submitButton(view).textContent).toBe("M'envoyer un lien");
      expect(view.screen.getByRole("link", { name: "Retour à la connexion" }).getAttribute("href")).toBe("/portail/mon-compte/connexion");
      expect(own(calls.calls)).toHaveLength(0);
    });

    it.each<[string, string]>([
      ["", MESSAGES.emailRequired],
      ["   ", MESSAGES.emailRequired],
      ["jean", MESSAGES.emailFormat],
      ["jean@ferme", MESSAGES.emailFormat],
      ["jean @ferme.test", MESSAGES.emailFormat],
    ])("%j → %j, no request", async (email, message) => {
      const calls = stubApi({});
      const view = await mount(TAG);
      ask(view, email);
      expect(await summaryItems(view)).toEqual([message]);
      expect(inlineError(view, "email")).toBe(message);
      expect(byId(view, "email").getAttribute("aria-invalid")).toBe("true");
      expect(own(calls.calls)).toHaveLength(0);
    });

    it.each<[string, string]>([
      ["an existing account", "jean@ferme.test"],
      ["an unknown address", "personne@nulle-part.test"],
    ])("%s: the same confirmation (no user enumeration)", async (_label, email) => {
      stubApi({ [FORGOT]: { status: 202, body: {} } });
      const view = await mount(TAG);
      ask(view, `  ${email} `);
      const status = await view.screen.findByRole("status");
      expect(status.textContent).toBe(MESSAGES.sent(email));
      expect(h1(view)).toBe("Consultez vos e-mails");
      expect(view.root.querySelector("form")).toBeNull();
    });

    it("posts {email, resetPath = the current path}, anonymously", async () => {
      const calls = stubApi({ [FORGOT]: { status: 202, body: {} } });
      signIn(user());
      const view = await mount(TAG);
      ask(view, " jean@ferme.test ");
      await view.screen.findByRole("status");
      const [call] = calls.callsTo(FORGOT);
      expect(call!.body).toEqual({ email: "jean@ferme.test", resetPath: PAGE });
      expect(call!.headers.authorization).toBeUndefined();
      // The invisible bot check's solved challenge travels with the request.
      expect(JSON.parse(atob(call!.headers["x-bot-check"]!))).toEqual(proof(1));
      expect(own(calls.calls)).toHaveLength(1);
    });

    it("on another page the resetPath follows it", async () => {
      history.replaceState(null, "", "/fr/aide/mot-de-passe?x=1");
      const calls = stubApi({ [FORGOT]: { status: 202, body: {} } });
      const view = await mount(TAG);
      ask(view, "jean@ferme.test");
      await view.screen.findByRole("status");
      expect((calls.callsTo(FORGOT)[0]!.body as { resetPath: string }).resetPath).toBe("/fr/aide/mot-de-passe");
    });

    it("'ask for a new link' returns to the form, and a second request sends again", async () => {
      const calls = stubApi({ [FORGOT]: { status: 202, body: {} } });
      const view = await mount(TAG);
      ask(view, "jean@ferme.test");
      await view.screen.findByRole("status");
      expect(
        view.screen.getByText(
          "Vous ne trouvez pas l'e-mail ? Vérifiez votre dossier de courriers indésirables ou demandez un nouveau lien.",
        ),
      ).toBeTruthy();
      expect(view.screen.getByRole("link", { name: "Retour à la connexion" }).getAttribute("href")).toBe("/portail/mon-compte/connexion");
      fireEvent.click(view.screen.getByRole("button", { name: "Demander un nouveau lien" }));
      await waitFor(() => expect(h1(view)).toBe("Mot de passe oublié"));
      // The button is gone with the confirmation: focus goes to the e-mail field, not the page's body.
      expect(view.root.activeElement).toBe(view.root.getElementById("email"));
      ask(view, "jean@ferme.test");
      await view.screen.findByRole("status");
      expect(calls.callsTo(FORGOT)).toHaveLength(2);
    });

    it.each<[string | null, number]>([
      ["600", 10],
      ["90", 2],
      ["30", 1],
      [null, 1],
    ])("429 with Retry-After %j → wait %i min; the address is kept", async (retryAfter, minutes) => {
      stubApi({ [FORGOT]: problem(429, "Too many", retryAfter === null ? {} : { "Retry-After": retryAfter }) });
      const view = await mount(TAG);
      ask(view, "jean@ferme.test");
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(MESSAGES.tooMany(minutes));
      expect(byId(view, "email").value).toBe("jean@ferme.test");
      expect(h1(view)).toBe("Mot de passe oublié");
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });

    it.each<[string, RouteHandler]>([
      ["500", problem(500)],
      ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
    ])("%s → could not send; a retry works", async (_label, failure) => {
      let attempts = 0;
      stubApi({
        [FORGOT]: (call) => (++attempts === 1 ? (typeof failure === "function" ? failure(call) : failure) : { status: 202, body: {} }),
      });
      const view = await mount(TAG);
      ask(view, "jean@ferme.test");
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.sendFailed);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      await waitFor(() => expect(submitButton(view).getAttribute("aria-disabled")).toBeNull());
      fireEvent.click(submitButton(view));
      expect((await view.screen.findByRole("status")).textContent).toBe(MESSAGES.sent("jean@ferme.test"));
    });

    it("a double submit sends one request", async () => {
      const answer = deferred();
      const calls = stubApi({ [FORGOT]: answer.handler });
      const view = await mount(TAG);
      ask(view, "jean@ferme.test");
      fireEvent.click(submitButton(view));
      await answer.started;
      await waitFor(() => expect(submitButton(view).getAttribute("aria-disabled")).toBe("true"));
      fireEvent.submit(submitButton(view).closest("form")!);
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.callsTo(FORGOT)).toHaveLength(1);
      answer.resolve({ status: 202, body: {} });
      await view.screen.findByRole("status");
      expect(calls.callsTo(FORGOT)).toHaveLength(1);
    });
  });

  describe("choosing a new password from the link (?token=)", () => {
    const at = (search: string) => history.replaceState(null, "", `${PAGE}${search}`);
    /** The element, once the link's check has answered and the form is there. */
    const mountReset = async () => {
      const view = await mount(TAG);
      await view.screen.findByRole("button", { name: "Modifier mon mot de passe" });
      return view;
    };

    it("shows the reset form, not the request form", async () => {
      stubApi(LINK_VALID);
      at("?token=tok-123");
      const view = await mountReset();
      expect(h1(view)).toBe("Choisissez un nouveau mot de passe");
      const fresh = view.screen.getByLabelText("Nouveau mot de passe") as HTMLInputElement;
      const confirm = view.screen.getByLabelText("Confirmer le nouveau mot de passe") as HTMLInputElement;
      expect([fresh.type, fresh.getAttribute("autocomplete"), confirm.type, confirm.getAttribute("autocomplete")]).toEqual([
        "password",
        "new-password",
        "password",
        "new-password",
      ]);
      expect(view.root.getElementById(fresh.getAttribute("aria-describedby")!)!.textContent).toBe(
        "Au moins 8 caractères, dont une majuscule, une minuscule et un chiffre.",
      );
      expect(view.root.querySelector("#email")).toBeNull();
      expect(submitButton(view).textContent).toBe("Modifier mon mot de passe");
    });

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
      ["no uppercase", "nouveau456", "nouveau456", [["nouveauMotDePasse", MESSAGES.uppercase]]],
      ["no lowercase", "NOUVEAU456", "NOUVEAU456", [["nouveauMotDePasse", MESSAGES.lowercase]]],
      ["no digit", "NouveauMdp", "NouveauMdp", [["nouveauMotDePasse", MESSAGES.digit]]],
      ["different confirmation", "Nouveau456", "Nouveau465", [["confirmerMotDePasse", MESSAGES.different]]],
    ])("%s → its messages, no request", async (_label, nouveau, confirmer, expected) => {
      const calls = stubApi(LINK_VALID);
      at("?token=tok-123");
      const view = await mountReset();
      choose(view, nouveau, confirmer);
      expect(await summaryItems(view)).toEqual(expected.map(([, m]) => m));
      for (const [id, message] of expected) expect(inlineError(view, id)).toBe(message);
      expect(calls.callsTo(RESET)).toHaveLength(0);
    });

    it("204: posts {token, nouveauMotDePasse, confirmerMotDePasse}; success with a link to log in", async () => {
      const calls = stubApi({ ...LINK_VALID, [RESET]: { status: 204 } });
      at("?token=tok-123");
      const view = await mountReset();
      choose(view, "Nouveau456", "Nouveau456");
      const status = await view.screen.findByRole("status");
      expect(status.textContent).toBe(MESSAGES.changed);
      expect(h1(view)).toBe("Mot de passe modifié");
      expect(view.screen.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe("/portail/mon-compte/connexion");
      expect(view.root.querySelector("form")).toBeNull();
      const [call] = calls.callsTo(RESET);
      expect(call!.body).toEqual({ token: "tok-123", nouveauMotDePasse: "Nouveau456", confirmerMotDePasse: "Nouveau456" });
      expect(call!.headers.authorization).toBeUndefined();
    });

    it.each<[number]>([[410], [400]])(
      "%i → the expired-link message; its button returns to the request form and drops token from the address",
      async (statusCode) => {
        const calls = stubApi({ ...LINK_VALID, [RESET]: problem(statusCode, "Gone"), [FORGOT]: { status: 202, body: {} } });
        at("?token=tok-123&utm_source=mail");
        const navigations = listen("macc-navigate");
        const view = await mountReset();
        choose(view, "Nouveau456", "Nouveau456");
        const alert = await view.screen.findByRole("alert");
        expect(alert.textContent).toBe(`${MESSAGES.expired} Demander un nouveau lien`);
        expect(getCore().toasts.getState().toasts).toHaveLength(0);
        // Nothing left to type into: the page says what happened, and focus is on it.
        expect(h1(view)).toBe("Lien invalide");
        expect(view.root.querySelector("form")).toBeNull();
        await waitFor(() => expect(view.root.activeElement?.contains(alert)).toBe(true));

        const length = history.length;
        fireEvent.click(view.screen.getByRole("button", { name: "Demander un nouveau lien" }));
        await waitFor(() => expect(h1(view)).toBe("Mot de passe oublié"));
        // Focus goes on in the form that replaced the page, not lost on the page's body.
        await waitFor(() => expect(view.root.activeElement?.id).toBe("email"));
        expect(location.pathname).toBe(PAGE);
        // The token left the address as soon as the page opened; other parameters stay.
        expect(location.search).toBe("?utm_source=mail");
        expect(history.length).toBe(length);
        expect(navigations).toHaveLength(0);
        // The request form works from there.
        ask(view, "jean@ferme.test");
        await view.screen.findByRole("status");
        expect(calls.callsTo(FORGOT)[0]!.body).toEqual({ email: "jean@ferme.test", resetPath: PAGE });
      },
    );

    it("a used, expired or superseded link says so as the page opens: no form to fill in vain", async () => {
      const calls = stubApi({ [CHECK]: problem(410, "Gone"), [FORGOT]: { status: 202, body: {} } });
      at("?token=tok-used");
      const view = await mount(TAG);
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(`${MESSAGES.expired} Demander un nouveau lien`);
      expect(h1(view)).toBe("Lien invalide");
      expect(view.root.querySelector("form")).toBeNull();
      expect(calls.callsTo(CHECK)[0]!.body).toEqual({ token: "tok-used" });
      expect(calls.callsTo(CHECK)[0]!.headers.authorization).toBeUndefined();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(view.screen.getByRole("button", { name: "Demander un nouveau lien" }));
      await waitFor(() => expect(h1(view)).toBe("Mot de passe oublié"));
    });

    it("while the link is checked: a placeholder where the form goes, announced; then the form", async () => {
      const answer = deferred();
      stubApi({ [CHECK]: answer.handler });
      at("?token=tok-123");
      const view = await mount(TAG);
      expect(h1(view)).toBe("Choisissez un nouveau mot de passe");
      expect(view.screen.getByRole("status", { name: "Vérification de votre lien" })).toBeTruthy();
      expect(view.root.querySelector("form")).toBeNull();
      answer.resolve({ status: 204 });
      await view.screen.findByRole("button", { name: "Modifier mon mot de passe" });
      expect(view.screen.queryByRole("status", { name: "Vérification de votre lien" })).toBeNull();
    });

    it.each<[string, RouteHandler]>([
      ["the server fails (500)", problem(500)],
      ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    ])("a check that cannot answer (%s): the form, and the submission decides", async (_label, failure) => {
      const calls = stubApi({ [CHECK]: failure, [RESET]: { status: 204 } });
      at("?token=tok-123");
      const view = await mountReset();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      choose(view, "Nouveau456", "Nouveau456");
      await view.screen.findByRole("status");
      expect(calls.callsTo(RESET)).toHaveLength(1);
    });

    it("422: the server's messages on their fields", async () => {
      stubApi({
        ...LINK_VALID,
        [RESET]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "nouveauMotDePasse", message: "Ce mot de passe est trop courant." }] },
        },
      });
      at("?token=tok-123");
      const view = await mountReset();
      choose(view, "Tournesol77", "Tournesol77");
      expect(await summaryItems(view)).toEqual(["Ce mot de passe est trop courant."]);
      expect(inlineError(view, "nouveauMotDePasse")).toBe("Ce mot de passe est trop courant.");
      expect(byId(view, "nouveauMotDePasse").value).toBe("Tournesol77");
    });

    it("422 naming no field of the form: the failure message, not silence", async () => {
      stubApi({
        ...LINK_VALID,
        [RESET]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "token", message: "Malformed" }] },
        },
      });
      at("?token=tok-123");
      const view = await mountReset();
      choose(view, "Nouveau456", "Nouveau456");
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.resetFailed);
      expect(view.root.querySelector(".error-summary")).toBeNull();
    });

    it("500 → could not change; values kept", async () => {
      stubApi({ ...LINK_VALID, [RESET]: problem(500) });
      at("?token=tok-123");
      const view = await mountReset();
      choose(view, "Nouveau456", "Nouveau456");
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.resetFailed);
      expect(h1(view)).toBe("Choisissez un nouveau mot de passe");
      expect(byId(view, "confirmerMotDePasse").value).toBe("Nouveau456");
      // The token left the address when the page opened (history, analytics, error reports) …
      expect(location.search).toBe("");
      // … and a retry still sends it.
      stubApi({ ...LINK_VALID, [RESET]: { status: 204 } });
      fireEvent.click(view.screen.getByRole("button", { name: "Modifier mon mot de passe" }));
      await waitFor(() => expect(view.screen.getByRole("status").textContent).toContain("Vous pouvez désormais vous connecter"));
    });
  });
});
