import { fireEvent } from "@testing-library/dom";
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-login";
import { readCookie } from "../../core/cookies";
import { getCore } from "../../core/index";
import {
  company,
  deferred,
  listen,
  mount,
  problem,
  renderedRoot,
  resetPage,
  sessionBody,
  stubApi as stubApiWith,
  user,
  type Mounted,
  waitFor,
  type ApiCall,
  currentToken,
  currentTheme,
  signIn,
} from "../../test/elements";
import { isLogged, selectCompany } from "../../core/store";

const MESSAGES = {
  emailRequired: "Saisissez votre adresse e-mail",
  passwordRequired: "Saisissez votre mot de passe",
  emailFormat: "Saisissez une adresse e-mail au bon format, par exemple nom@example.com",
  invalid: "Nom d'utilisateur ou mot de passe invalide. Vous pouvez cliquer sur 'Mot de passe oublié ?' ci-dessous.",
  tooMany: (minutes: number) => `Trop de tentatives de connexion. Veuillez patienter ${minutes} min avant de réessayer.`,
  failed: "Nous n'avons pas pu vous connecter. Veuillez réessayer dans quelques instants.",
};

const LOGIN = "POST /api/auth/login";

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

interface NavigateDetail {
  route: string;
  params: object;
  path: string;
}

/** Listens to macc-navigate on the document and cancels it, so the test page never loads another one. */
function interceptNavigation() {
  return listen<NavigateDetail>("macc-navigate", document, (event) => event.preventDefault());
}

function fields({ screen }: Mounted) {
  return {
    email: screen.getByLabelText("Adresse e-mail") as HTMLInputElement,
    password: screen.getByLabelText("Mot de passe") as HTMLInputElement,
    submit: screen.getByRole("button", { name: "Se connecter" }),
  };
}

function fill(view: Mounted, email: string, password: string) {
  const f = fields(view);
  fireEvent.change(f.email, { target: { value: email } });
  fireEvent.change(f.password, { target: { value: password } });
  return f;
}

const summaryOf = (view: Mounted) => view.screen.findByRole("alert", { name: "Un problème a été détecté" });

beforeEach(() => {
  resetPage();
  // The form fetches its bot-check challenge as it shows; tests that expect requests stub their own.
  stubApi({});
});

describe("<macc-login>", () => {
  it.each([
    ["macc", "fr-FR", "J'ai un compte MACC"],
    ["agri", "fr-FR", "J'ai un compte AGRIMACC"],
    // English chooses its article by the brand's sound.
    ["macc", "en-GB", "I have a MACC account"],
    ["agri", "en-GB", "I have an AGRIMACC account"],
  ])("the account heading names the brand of the theme (%s, %s)", async (theme, locale, heading) => {
    const { screen } = await mount(`<macc-login theme="${theme}" locale="${locale}"></macc-login>`);
    expect(screen.getByRole("heading", { level: 2, name: heading })).toBeTruthy();
  });

  it("shows the login screen of SPEC §2 in French", async () => {
    const view = await mount("<macc-login></macc-login>");
    const { screen } = view;
    expect(screen.getByRole("heading", { level: 1, name: "Je me connecte à mon compte" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "J'ai un compte MACC" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Je n'en ai pas encore" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mot de passe oublié ?" }).getAttribute("href")).toBe("/portail/mot-de-passe-oublie");
    expect(screen.getByRole("link", { name: "Créer mon compte" }).getAttribute("href")).toBe("/portail/inscription");
    expect(screen.getByRole("link", { name: "Problème de connexion ?" }).getAttribute("href")).toBe("/portail/mon-compte/mot-de-passe");
    const { email, password } = fields(view);
    expect(email.type).toBe("email");
    expect(email.autocomplete).toBe("username");
    expect(password.type).toBe("password");
    expect(password.autocomplete).toBe("current-password");
    expect(screen.queryByText("Connectez-vous pour continuer")).toBeNull();
  });

  describe("validation before any request", () => {
    it("an empty submit focuses the error summary with both messages and sends nothing", async () => {
      const api = stubApi({});
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fields(view).submit);

      const summary = await summaryOf(view);
      await waitFor(() => expect(view.root.activeElement).toBe(summary));
      const items = [...summary.querySelectorAll("li a")];
      expect(items.map((a) => a.textContent)).toEqual([MESSAGES.emailRequired, MESSAGES.passwordRequired]);
      expect(items.map((a) => a.getAttribute("href"))).toEqual(["#email", "#password"]);

      const { email, password } = fields(view);
      expect(email.getAttribute("aria-invalid")).toBe("true");
      expect(password.getAttribute("aria-invalid")).toBe("true");
      // Inline messages match the summary and describe their field.
      expect(view.root.getElementById(email.getAttribute("aria-describedby")!)!.textContent).toBe(MESSAGES.emailRequired);
      expect(view.root.getElementById(password.getAttribute("aria-describedby")!)!.textContent).toBe(MESSAGES.passwordRequired);
      expect(own(api.calls)).toHaveLength(0);
    });

    it("a summary entry moves focus to its field", async () => {
      stubApi({});
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fields(view).submit);
      const summary = await summaryOf(view);
      fireEvent.click(summary.querySelector('a[href="#password"]')!);
      expect(view.root.activeElement).toBe(fields(view).password);
    });

    it.each<[string, string, string[]]>([
      ["jean", "secret", [MESSAGES.emailFormat]],
      ["jean@ferme", "secret", [MESSAGES.emailFormat]],
      ["jean @ferme.test", "secret", [MESSAGES.emailFormat]],
      ["jean@ferme.test", "", [MESSAGES.passwordRequired]],
      ["   ", "secret", [MESSAGES.emailRequired]],
      ["nope", "", [MESSAGES.emailFormat, MESSAGES.passwordRequired]],
      ["jean@ferme.test", "x".repeat(1025), ["Ce champ ne doit pas dépasser 1024 caractères"]],
    ])("%j / %j → %j, no request", async (email, password, messages) => {
      const api = stubApi({});
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, email, password).submit);
      const summary = await summaryOf(view);
      expect([...summary.querySelectorAll("li")].map((li) => li.textContent)).toEqual(messages);
      expect(own(api.calls)).toHaveLength(0);
      // What was typed stays (an e-mail input trims surrounding spaces by itself).
      expect(fields(view).email.value).toBe(email.trim());
    });

    it("the summary takes focus again on every failed attempt", async () => {
      stubApi({});
      const view = await mount("<macc-login></macc-login>");
      const { submit, email } = fields(view);
      fireEvent.click(submit);
      const summary = await summaryOf(view);
      email.focus();
      expect(view.root.activeElement).toBe(email);
      fireEvent.click(submit);
      await waitFor(() => expect(view.root.activeElement).toBe(summary));
    });
  });

  describe("server answers", () => {
    it("401 → the spec's message (SPEC §8), typed values kept, summary focused", async () => {
      const api = stubApi({ [LOGIN]: problem(401, "Bad credentials") });
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, "jean@ferme.test", "Mauvais1").submit);

      const summary = await summaryOf(view);
      expect(summary.querySelector("li")!.textContent).toBe(MESSAGES.invalid);
      await waitFor(() => expect(view.root.activeElement).toBe(summary));
      const { email, password } = fields(view);
      expect(email.value).toBe("jean@ferme.test");
      expect(password.value).toBe("Mauvais1");
      expect(email.getAttribute("aria-invalid")).toBe("true");
      expect(own(api.calls)).toHaveLength(1);
      expect(isLogged(getCore().store.getState())).toBe(false);
      // The form shows it itself: no generic toast on top.
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });

    it.each<[string, number]>([
      ["600", 10],
      ["60", 1],
      ["90", 2],
      ["5", 1],
    ])("429 with Retry-After: %s → wait %i min", async (retryAfter, minutes) => {
      stubApi({ [LOGIN]: problem(429, "Slow down", { "Retry-After": retryAfter }) });
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, "jean@ferme.test", "Secret123").submit);
      const summary = await summaryOf(view);
      expect(summary.querySelector("li")!.textContent).toBe(MESSAGES.tooMany(minutes));
      expect(fields(view).password.value).toBe("Secret123");
    });

    it("a 500 → a generic retry message", async () => {
      stubApi({ [LOGIN]: problem(500) });
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, "jean@ferme.test", "Secret123").submit);
      const summary = await summaryOf(view);
      expect(summary.querySelector("li")!.textContent).toBe(MESSAGES.failed);
    });

    it("a double submit while the first is pending sends one request", async () => {
      const answer = deferred();
      const api = stubApi({ [LOGIN]: answer.handler });
      const navigations = interceptNavigation();
      const view = await mount("<macc-login></macc-login>");
      const { submit, email } = fill(view, "jean@ferme.test", "Secret123");
      fireEvent.click(submit);
      fireEvent.click(submit);
      fireEvent.submit(email.form!);
      await answer.started;
      await waitFor(() => expect(submit.getAttribute("aria-disabled")).toBe("true"));
      fireEvent.click(submit);
      await new Promise((r) => setTimeout(r, 20));
      expect(api.callsTo(LOGIN)).toHaveLength(1);

      answer.resolve({ body: sessionBody() });
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(api.callsTo(LOGIN)).toHaveLength(1);
      expect(await view.screen.findByText(/Vous êtes connecté en tant que jean@ferme\.test/)).toBeTruthy();
    });

    it("after a failed attempt the button is usable again", async () => {
      const answer = deferred();
      stubApi({ [LOGIN]: answer.handler });
      const view = await mount("<macc-login></macc-login>");
      const { submit } = fill(view, "jean@ferme.test", "Secret123");
      fireEvent.click(submit);
      await answer.started;
      await waitFor(() => expect(submit.getAttribute("aria-disabled")).toBe("true"));
      answer.resolve(problem(401));
      await summaryOf(view);
      await waitFor(() => expect(submit.getAttribute("aria-disabled")).toBeNull());
    });
  });

  describe("success", () => {
    it("posts {email, password}, logs in, emits macc-login then a cancelable macc-navigate to DASHBOARD", async () => {
      const only = company({ idTier: "T-A", raisonSocial: "Alpha", codeReseau: "FRA" });
      const api = stubApi({ [LOGIN]: { body: sessionBody(user([only])) } });
      const order: string[] = [];
      const logins = listen<{ uuidCompte: string; emailLogin: string; idTier: string | null }>("macc-login", document, () =>
        order.push("login"),
      );
      const navigations = listen<NavigateDetail>("macc-navigate", document, (event) => {
        order.push("navigate");
        event.preventDefault();
      });
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, "  jean@ferme.test ", "Secret123").submit);

      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(own(api.calls)).toHaveLength(1);
      const [call] = own(api.calls);
      expect(call!.method).toBe("POST");
      // The invisible bot check's solved challenge travels with the credentials.
      expect(JSON.parse(atob(call!.headers["x-bot-check"]!))).toEqual(proof(1));
      expect(call!.body).toEqual({ email: "jean@ferme.test", password: "Secret123" });
      expect(call!.headers["content-type"]).toBe("application/json");
      expect(call!.headers.authorization).toBeUndefined();

      const state = getCore().store.getState();
      expect(isLogged(state)).toBe(true);
      expect(state.auth.user?.uuidCompte).toBe("uuid-1");
      expect(selectCompany(state)?.idTier).toBe("T-A");
      expect(currentToken()).toBe("company-token-1");
      expect(currentTheme()).toBe("MACC");
      expect(readCookie("isLogged")).toBe("true");

      expect(order).toEqual(["login", "navigate"]);
      const [login] = logins;
      expect(login!.bubbles).toBe(true);
      expect(login!.composed).toBe(true);
      expect(login!.target).toBe(document); // a state event: the core emits it, whatever logged the customer in
      expect(login!.detail).toEqual({ uuidCompte: "uuid-1", emailLogin: "jean@ferme.test", idTier: "T-A" });

      const [navigate] = navigations;
      expect(navigate!.cancelable).toBe(true);
      expect(navigate!.bubbles).toBe(true);
      expect(navigate!.composed).toBe(true);
      expect(navigate!.defaultPrevented).toBe(true);
      expect(navigate!.detail).toEqual({ route: "DASHBOARD", params: {}, path: "/portail/mon-compte" });
      expect(location.pathname).toBe("/");
    });

    it("several companies: the first is selected (SPEC §4) and the customer is sent to the company choice", async () => {
      const first = company({ idTier: "T-A", raisonSocial: "Alpha", codeReseau: "FRA" });
      const second = company({ idTier: "T-B", raisonSocial: "Beta", codeReseau: "AGR", token: "company-token-2" });
      stubApi({ [LOGIN]: { body: sessionBody(user([first, second])) } });
      const logins = listen<{ idTier: string | null }>("macc-login");
      const navigations = interceptNavigation();
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, "jean@ferme.test", "Secret123").submit);
      await waitFor(() => expect(navigations).toHaveLength(1));
      const state = getCore().store.getState();
      expect(selectCompany(state)?.idTier).toBe("T-A");
      expect(currentToken()).toBe("company-token-1");
      expect(currentTheme()).toBe("MACC");
      expect(logins[0]!.detail.idTier).toBe("T-A");
      expect(navigations[0]!.detail).toEqual({ route: "CHOIX_ENTREPRISE", params: {}, path: "/portail/mon-compte/choixEntreprise" });
    });

    it("the first company's network sets the theme (AGR → AGRI)", async () => {
      stubApi({ [LOGIN]: { body: sessionBody(user([company({ codeReseau: "AGR" })])) } });
      const navigations = interceptNavigation();
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, "jean@ferme.test", "Secret123").submit);
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(currentTheme()).toBe("AGRI");
    });

    it("a stored redirection wins over DASHBOARD and is removed", async () => {
      stubApi({ [LOGIN]: { body: sessionBody() } });
      getCore().store.getState().addRedirection("/mon-compte/factures");
      const navigations = interceptNavigation();
      const view = await mount("<macc-login></macc-login>");
      fireEvent.click(fill(view, "jean@ferme.test", "Secret123").submit);
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(navigations[0]!.detail).toEqual({ route: "FACTURES", params: {}, path: "/portail/mon-compte/factures" });
      expect(getCore().store.getState().app.redirection).toBeNull();
    });

    it('variant="basket" prompts "Connectez-vous pour continuer" and navigates to PANIER', async () => {
      stubApi({ [LOGIN]: { body: sessionBody() } });
      const navigations = interceptNavigation();
      const view = await mount('<macc-login variant="basket"></macc-login>');
      expect(view.screen.getByText("Connectez-vous pour continuer")).toBeTruthy();
      fireEvent.click(fill(view, "jean@ferme.test", "Secret123").submit);
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(navigations[0]!.detail).toEqual({ route: "PANIER", params: {}, path: "/portail/panier/validation" });
    });

    it('variant="basket": back to the basket even when an earlier visit left another redirection', async () => {
      stubApi({ [LOGIN]: { body: sessionBody() } });
      getCore().store.getState().addRedirection("/mon-compte/factures");
      const navigations = interceptNavigation();
      const view = await mount('<macc-login variant="basket"></macc-login>');
      fireEvent.click(fill(view, "jean@ferme.test", "Secret123").submit);
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(navigations[0]!.detail.route).toBe("PANIER");
      expect(getCore().store.getState().app.redirection).toBeNull();
    });

    it("in English the navigation uses the English path", async () => {
      stubApi({ [LOGIN]: { body: sessionBody() } });
      const navigations = interceptNavigation();
      const view = await mount('<macc-login locale="en-GB"></macc-login>');
      fireEvent.change(view.screen.getByLabelText("E-mail address"), { target: { value: "jean@ferme.test" } });
      fireEvent.change(view.screen.getByLabelText("Password"), { target: { value: "Secret123" } });
      fireEvent.click(view.screen.getByRole("button", { name: "Log in" }));
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(navigations[0]!.detail.path).toBe("/portail/my-account");
    });
  });

  it("already logged in → the logged-in panel, no form", async () => {
    signIn(user());
    const view = await mount("<macc-login></macc-login>");
    const { screen } = view;
    const panel = screen.getByRole("status");
    expect(panel.textContent).toContain("Vous êtes connecté en tant que jean@ferme.test.");
    expect(screen.getByRole("link", { name: "Accéder à mon compte" }).getAttribute("href")).toBe("/portail/mon-compte");
    expect(screen.queryByLabelText("Mot de passe")).toBeNull();
    expect(screen.queryByRole("button", { name: "Se connecter" })).toBeNull();
  });

  it("already logged in on the basket login → on to the basket", async () => {
    signIn(user());
    const { screen } = await mount('<macc-login variant="basket"></macc-login>');
    expect(screen.getByRole("link", { name: "Continuer avec mon panier" }).getAttribute("href")).toBe("/portail/panier/validation");
    expect(screen.queryByRole("link", { name: "Accéder à mon compte" })).toBeNull();
  });

  it("switches to the logged-in panel when another element logs the user in", async () => {
    const view = await mount("<macc-login></macc-login>");
    signIn(user());
    expect(await view.screen.findByText(/Vous êtes connecté en tant que/)).toBeTruthy();
  });

  it("typed values survive a change of the page language", async () => {
    const view = await mount("<macc-login></macc-login>");
    fill(view, "jean@ferme.test", "Secret123");
    getCore().store.getState().setLocale("it-IT"); // a locale no other test of this file loads
    await waitFor(() => expect(renderedRoot(view.el)?.lang).toBe("it-IT"));
    expect((view.root.querySelector('input[name="email"]') as HTMLInputElement).value).toBe("jean@ferme.test");
    expect((view.root.querySelector('input[name="password"]') as HTMLInputElement).value).toBe("Secret123");
  });

  describe("password field", () => {
    it("the Show/Hide button toggles the input type and its pressed state", async () => {
      const view = await mount("<macc-login></macc-login>");
      const { password } = fields(view);
      const toggle = view.screen.getByRole("button", { name: "Afficher le mot de passe" });
      expect(toggle.getAttribute("type")).toBe("button");
      expect(toggle.getAttribute("aria-pressed")).toBe("false");
      expect(toggle.getAttribute("aria-controls")).toBe("password");

      fireEvent.click(toggle);
      await waitFor(() => expect(fields(view).password.type).toBe("text"));
      expect(view.screen.getByRole("button", { name: "Masquer le mot de passe" }).getAttribute("aria-pressed")).toBe("true");

      fireEvent.click(view.screen.getByRole("button", { name: "Masquer le mot de passe" }));
      await waitFor(() => expect(fields(view).password.type).toBe("password"));
      // Toggling never submits the form.
      expect(view.screen.queryByRole("alert")).toBeNull();
      expect(password.isConnected).toBe(true);
    });

    it.each(["email", "password"] as const)("paste into the %s field is not blocked", async (name) => {
      const view = await mount("<macc-login></macc-login>");
      const input = fields(view)[name];
      const notCancelled = fireEvent.paste(input, { clipboardData: { getData: () => "Secret123" } });
      expect(notCancelled).toBe(true);
      expect(input.getAttribute("onpaste")).toBeNull();
    });
  });
});
