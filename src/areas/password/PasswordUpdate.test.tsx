import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-password-update";
import { getCore } from "../../core/index";
import {
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
} from "../../test/elements";
import { isLogged } from "../../core/store";

const CHANGE = "POST /api/me/password";
const STATE = "GET /api/me/password";

const MESSAGES = {
  oldRequired: "Saisissez votre mot de passe actuel",
  newRequired: "Saisissez un nouveau mot de passe",
  confirmRequired: "Confirmez votre nouveau mot de passe",
  length: "Le mot de passe doit contenir au moins 8 caractères.",
  uppercase: "Le mot de passe doit contenir au moins une majuscule.",
  lowercase: "Le mot de passe doit contenir au moins une minuscule.",
  digit: "Le mot de passe doit contenir au moins un chiffre.",
  common: "Ce mot de passe est trop courant : choisissez-en un autre.",
  different: "Le mot de passe de confirmation est différent.",
  tooLong: "Ce champ ne doit pas dépasser 256 caractères",
  wrongOld: "Votre ancien mot de passe est invalide.",
  // French quotation marks, with no-break spaces so they never end or start a line alone.
  once: "Vous avez déjà modifié votre mot de passe une fois. Utilisez «\u00a0Mot de passe oublié\u00a0?\u00a0» pour le modifier à nouveau.",
  done: "Votre mot de passe a été mis à jour. Vos autres sessions ont été fermées.",
  failed: "Votre mot de passe n'a pas pu être mis à jour. Veuillez réessayer plus tard.",
  hint: "Au moins 8 caractères, dont une majuscule, une minuscule et un chiffre.",
};

const LABELS = {
  ancienMotDePasse: "Mot de passe actuel",
  nouveauMotDePasse: "Nouveau mot de passe",
  confirmerMotDePasse: "Confirmer le nouveau mot de passe",
} as const;
type Name = keyof typeof LABELS;

const TAG = "<macc-password-update></macc-password-update>";
const logIn = () => signIn(user());
const api = (extra: Record<string, RouteHandler> = {}) =>
  stubApi({ ...sessionRoutes(), [STATE]: { body: { modifiable: true } }, ...extra });

/** Mounted, once the password's state has come and the form shows. */
async function openForm(): Promise<Mounted> {
  const view = await mount(TAG);
  // The form is drawn inert while the password's state loads: usable once it is no longer.
  await waitFor(() => expect(view.root.querySelector("form:not([inert])")).not.toBeNull());
  return view;
}

const field = (view: Mounted, name: Name) => view.root.getElementById(name) as HTMLInputElement;
const submitButton = (view: Mounted) => view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!;

function fill(view: Mounted, values: Partial<Record<Name, string>>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(field(view, name as Name), { target: { value } });
}

const submit = (view: Mounted) => fireEvent.click(submitButton(view));
const summaryOf = (view: Mounted) => view.screen.findByRole("alert", { name: "Un problème a été détecté" });
const summaryItems = async (view: Mounted) => [...(await summaryOf(view)).querySelectorAll("li")].map((li) => li.textContent);
const inlineError = (view: Mounted, name: Name) =>
  view.root.querySelector(`#${name}`)!.closest(".field")!.querySelector(".field__error")?.textContent ?? null;

const VALID_NEW = { nouveauMotDePasse: "Nouveau456", confirmerMotDePasse: "Nouveau456" };
const VALID = { ancienMotDePasse: "Ancien123", ...VALID_NEW };

beforeEach(() => resetPage());

describe("<macc-password-update>", () => {
  it("anonymous: a prompt to log in, no form", async () => {
    const calls = stubApi({});
    const view = await mount(TAG);
    expect(view.screen.getByRole("heading", { level: 1, name: "Modifier mon mot de passe" })).toBeTruthy();
    expect(view.screen.getByText("Connectez-vous pour modifier votre mot de passe.")).toBeTruthy();
    expect(view.screen.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe("/portail/mon-compte/connexion");
    expect(view.root.querySelector("form")).toBeNull();
    expect(calls.calls).toHaveLength(0);
  });

  it("logged in: three password fields with labels, autocomplete and the rules' hint", async () => {
    const calls = api();
    logIn();
    const view = await openForm();
    expect(view.screen.getByRole("heading", { level: 1, name: "Modifier mon mot de passe" })).toBeTruthy();
    const rows = (Object.keys(LABELS) as Name[]).map((name) => {
      const input = view.screen.getByLabelText(LABELS[name]) as HTMLInputElement;
      return [input.id, input.type, input.getAttribute("autocomplete"), input.value];
    });
    expect(rows).toEqual([
      ["ancienMotDePasse", "password", "current-password", ""],
      ["nouveauMotDePasse", "password", "new-password", ""],
      ["confirmerMotDePasse", "password", "new-password", ""],
    ]);
    const fresh = field(view, "nouveauMotDePasse");
    expect(view.root.getElementById(fresh.getAttribute("aria-describedby")!)!.textContent).toBe(MESSAGES.hint);
    // The account's e-mail goes with them unseen: a password manager updates the right entry.
    const username = view.root.querySelector<HTMLInputElement>('input[autocomplete="username"]')!;
    expect([username.value, username.hidden, username.form]).toEqual(["jean@ferme.test", true, fresh.form]);
    expect(submitButton(view).textContent).toBe("Modifier mon mot de passe");
    expect(view.screen.getByRole("link", { name: "Retour à mes informations" }).getAttribute("href")).toBe(
      "/portail/mon-compte/mes-informations",
    );
    // Only the password's state was read (GET /api/me/password), with the session's token.
    expect(calls.calls.filter((c) => c.path.startsWith("/api/me")).map((c) => `${c.method} ${c.path}`)).toEqual([STATE]);
    expect(calls.callsTo(STATE)[0]!.headers.authorization).toBe("Bearer company-token-1");
  });

  describe("on arrival, the password's state (SPEC §4: once only)", () => {
    it("while it loads: the form stands inert in its place (its room at every width), announced as being checked", async () => {
      const answer = deferred();
      api({ [STATE]: answer.handler });
      logIn();
      const view = await mount(TAG);
      await answer.started;
      expect(view.screen.getByText("Vérification de la possibilité de modifier votre mot de passe").getAttribute("role")).toBe("status");
      const form = view.root.querySelector("form")!;
      expect(form.hasAttribute("inert")).toBe(true);
      expect(form.parentElement!.getAttribute("aria-busy")).toBe("true");
      answer.resolve({ body: { modifiable: true } });
      await waitFor(() => expect(form.hasAttribute("inert")).toBe(false));
      // The same form, now usable: nothing was replaced under the customer's eyes.
      expect(view.root.querySelector("form")).toBe(form);
      expect(form.parentElement!.getAttribute("aria-busy")).toBe("false");
      expect(view.screen.queryByText("Vérification de la possibilité de modifier votre mot de passe")).toBeNull();
    });

    it("already changed: says so with the forgotten-password link, in place of the form", async () => {
      const calls = api({ [STATE]: { body: { modifiable: false } } });
      logIn();
      const view = await mount(TAG);
      const link = await view.screen.findByRole("link", { name: "Mot de passe oublié ?" });
      const message = link.closest(".alert")!;
      expect(message.textContent).toBe(`${MESSAGES.once} Mot de passe oublié ?`);
      expect(message.getAttribute("role")).toBe("status");
      expect(link.getAttribute("href")).toBe("/portail/mot-de-passe-oublie");
      expect(view.root.querySelector("form")).toBeNull();
      expect(view.root.querySelectorAll('input[type="password"]')).toHaveLength(0);
      expect(view.screen.queryByRole("button", { name: "Modifier mon mot de passe" })).toBeNull();
      expect(view.screen.getByRole("link", { name: "Retour à mes informations" }).getAttribute("href")).toBe(
        "/portail/mon-compte/mes-informations",
      );
      expect(calls.callsTo(CHANGE)).toHaveLength(0);
    });

    it("not changed yet: the form", async () => {
      api({ [STATE]: { body: { modifiable: true } } });
      logIn();
      const view = await openForm();
      expect(view.root.querySelectorAll('input[type="password"]')).toHaveLength(3);
      expect(view.screen.queryByText(MESSAGES.once)).toBeNull();
      expect(view.root.querySelector("form")!.hasAttribute("inert")).toBe(false);
    });

    it("a state that cannot be read: the screen's error and Try again, which asks afresh", async () => {
      let answers = 0;
      const calls = api({ [STATE]: () => (++answers === 1 ? problem(500) : { body: { modifiable: true } }) });
      logIn();
      const view = await mount(TAG);
      expect((await view.screen.findByRole("alert")).textContent).toBe(
        "Le formulaire de modification du mot de passe ne peut pas être affiché pour le moment.",
      );
      expect(view.root.querySelector("form")).toBeNull();
      fireEvent.click(view.screen.getByRole("button", { name: "Réessayer" }));
      await waitFor(() => expect(view.root.querySelector("form:not([inert])")).not.toBeNull());
      expect(calls.callsTo(STATE)).toHaveLength(2);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });
  });

  describe("rules of SPEC §5 (no request while invalid)", () => {
    it.each<[string, Partial<Record<Name, string>>, Array<[Name, string]>]>([
      [
        "all empty",
        { ancienMotDePasse: "" },
        [
          ["ancienMotDePasse", MESSAGES.oldRequired],
          ["nouveauMotDePasse", MESSAGES.newRequired],
          ["confirmerMotDePasse", MESSAGES.confirmRequired],
        ],
      ],
      ["shorter than 8", { nouveauMotDePasse: "Court1A", confirmerMotDePasse: "Court1A" }, [["nouveauMotDePasse", MESSAGES.length]]],
      ["no uppercase", { nouveauMotDePasse: "nouveau456", confirmerMotDePasse: "nouveau456" }, [["nouveauMotDePasse", MESSAGES.uppercase]]],
      ["no lowercase", { nouveauMotDePasse: "NOUVEAU456", confirmerMotDePasse: "NOUVEAU456" }, [["nouveauMotDePasse", MESSAGES.lowercase]]],
      ["no digit", { nouveauMotDePasse: "NouveauMdp", confirmerMotDePasse: "NouveauMdp" }, [["nouveauMotDePasse", MESSAGES.digit]]],
      [
        "a common password",
        { nouveauMotDePasse: "Password2026!", confirmerMotDePasse: "Password2026!" },
        [["nouveauMotDePasse", MESSAGES.common]],
      ],
      [
        "several rules at once",
        { nouveauMotDePasse: "abc", confirmerMotDePasse: "abc" },
        // One sentence for every rule broken, not a sentence each.
        [["nouveauMotDePasse", "Le mot de passe doit contenir au moins 8 caractères, au moins une majuscule et au moins un chiffre."]],
      ],
      [
        "confirmation different",
        { nouveauMotDePasse: "Nouveau456", confirmerMotDePasse: "Nouveau457" },
        [["confirmerMotDePasse", MESSAGES.different]],
      ],
      ["confirmation empty", { nouveauMotDePasse: "Nouveau456" }, [["confirmerMotDePasse", MESSAGES.confirmRequired]]],
      ["new empty, confirmation typed", { confirmerMotDePasse: "Nouveau456" }, [["nouveauMotDePasse", MESSAGES.newRequired]]],
      // The contract's limit, as the API applies it.
      ["a current password too long", { ancienMotDePasse: "A".repeat(257), ...VALID_NEW }, [["ancienMotDePasse", MESSAGES.tooLong]]],
    ])("%s", async (_label, values, expected) => {
      const calls = api();
      logIn();
      const view = await openForm();
      fill(view, { ancienMotDePasse: "Ancien123", ...values });
      submit(view);
      expect(await summaryItems(view)).toEqual(expected.map(([, message]) => message));
      for (const [name, message] of expected) {
        expect(inlineError(view, name)).toBe(message);
        expect(field(view, name).getAttribute("aria-invalid")).toBe("true");
      }
      expect(calls.callsTo(CHANGE)).toHaveLength(0);
      // What was typed stays.
      for (const [name, value] of Object.entries(values)) expect(field(view, name as Name).value).toBe(value);
    });

    it("Unicode letters count: É is upper case, ß lower case", async () => {
      const calls = api({ [CHANGE]: { status: 204 } });
      logIn();
      const view = await openForm();
      fill(view, { ancienMotDePasse: "Ancien123", nouveauMotDePasse: "ÉTÉßÉTÉ1", confirmerMotDePasse: "ÉTÉßÉTÉ1" });
      submit(view);
      await waitFor(() => expect(calls.callsTo(CHANGE)).toHaveLength(1));
    });
  });

  describe("server answers", () => {
    it("204: posts the three fields, says so (other sessions closed) and clears the fields", async () => {
      const calls = api({ [CHANGE]: { status: 204 } });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      const status = await view.screen.findByRole("status");
      expect(status.textContent).toBe(MESSAGES.done);
      await waitFor(() => expect(view.root.activeElement).toBe(status.parentElement));
      const [call] = calls.callsTo(CHANGE);
      expect(call!.method).toBe("POST");
      expect(call!.body).toEqual(VALID);
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      expect((Object.keys(LABELS) as Name[]).map((name) => field(view, name).value)).toEqual(["", "", ""]);
      expect(view.screen.queryByRole("alert")).toBeNull();
      // The customer stays logged in.
      expect(isLogged(getCore().store.getState())).toBe(true);
    });

    it("422 on ancienMotDePasse: SPEC §8's message on the current-password field; values kept", async () => {
      api({
        [CHANGE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, title: "Invalid", errors: [{ path: "ancienMotDePasse", message: "Old password does not match" }] },
        },
      });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      expect(await summaryItems(view)).toEqual([MESSAGES.wrongOld]);
      expect(inlineError(view, "ancienMotDePasse")).toBe(MESSAGES.wrongOld);
      expect((Object.keys(LABELS) as Name[]).map((name) => field(view, name).value)).toEqual(Object.values(VALID));
      expect(view.screen.queryByText(MESSAGES.done)).toBeNull();
    });

    it("422 on other fields: the server's messages on those fields", async () => {
      api({
        [CHANGE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "body.nouveauMotDePasse", message: "Ce mot de passe est trop courant." }] },
        },
      });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      expect(await summaryItems(view)).toEqual(["Ce mot de passe est trop courant."]);
      expect(inlineError(view, "nouveauMotDePasse")).toBe("Ce mot de passe est trop courant.");
    });

    it("422 with several messages for the new password: joined on that field", async () => {
      api({
        [CHANGE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: {
            status: 422,
            errors: [
              { path: "nouveauMotDePasse", message: "Trop courant." },
              { path: "nouveauMotDePasse", message: "Identique à l'ancien." },
            ],
          },
        },
      });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      expect(await summaryItems(view)).toEqual(["Trop courant. Identique à l'ancien."]);
    });

    it("422 naming no field of the form: the failure message, not silence", async () => {
      api({
        [CHANGE]: {
          status: 422,
          headers: { "Content-Type": "application/problem+json" },
          body: { status: 422, errors: [{ path: "body.token", message: "Invalide" }] },
        },
      });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      expect((await view.screen.findByRole("alert")).textContent).toBe(MESSAGES.failed);
      expect(view.root.querySelector(".error-summary")).toBeNull();
    });

    it("409: already changed once, with a link to forgot password", async () => {
      api({ [CHANGE]: problem(409, "Password already changed") });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(`${MESSAGES.once} Mot de passe oublié ?`);
      expect(alert.querySelector("a")!.getAttribute("href")).toBe("/portail/mot-de-passe-oublie");
      expect(alert.querySelector("a")!.textContent).toBe("Mot de passe oublié ?");
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });

    it.each<[string, RouteHandler]>([
      ["500", problem(500)],
      ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
    ])("%s: a retry-later message; values kept; no toast", async (_label, handler) => {
      api({ [CHANGE]: handler });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(MESSAGES.failed);
      expect(field(view, "nouveauMotDePasse").value).toBe(VALID.nouveauMotDePasse);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      await waitFor(() => expect(submitButton(view).getAttribute("aria-disabled")).toBeNull());
    });

    it("a double submit while the first is pending sends one request", async () => {
      const answer = deferred();
      const calls = api({ [CHANGE]: answer.handler });
      logIn();
      const view = await openForm();
      fill(view, VALID);
      submit(view);
      submit(view);
      await answer.started;
      await waitFor(() => expect(submitButton(view).getAttribute("aria-disabled")).toBe("true"));
      fireEvent.submit(submitButton(view).closest("form")!);
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.callsTo(CHANGE)).toHaveLength(1);
      answer.resolve({ status: 204 });
      await view.screen.findByText(MESSAGES.done);
      expect(calls.callsTo(CHANGE)).toHaveLength(1);
    });
  });

  it.each(Object.keys(LABELS) as Name[])("paste into %s is not blocked", async (name) => {
    api();
    logIn();
    const view = await openForm();
    const input = field(view, name);
    expect(fireEvent.paste(input, { clipboardData: { getData: () => "Nouveau456" } })).toBe(true);
    expect(input.getAttribute("onpaste")).toBeNull();
  });

  it("each field has its own show/hide toggle", async () => {
    api();
    logIn();
    const view = await openForm();
    const toggle = view.root.querySelector<HTMLButtonElement>('button[aria-controls="nouveauMotDePasse"]')!;
    expect(toggle.textContent).toBe("Afficher le mot de passe");
    fireEvent.click(toggle);
    await waitFor(() => expect(field(view, "nouveauMotDePasse").type).toBe("text"));
    expect(field(view, "ancienMotDePasse").type).toBe("password");
    expect(view.screen.queryByRole("alert")).toBeNull();
  });
});
