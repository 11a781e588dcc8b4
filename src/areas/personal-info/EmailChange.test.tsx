import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-portal";
import { getCore } from "../../core/index";
import {
  company,
  mount,
  problem,
  resetPage,
  sessionRoutes,
  signIn,
  stubApi,
  user,
  waitFor,
  type Mounted,
  type RouteHandler,
} from "../../test/elements";

/*
 * CHANGEMENT_EMAIL, where the e-mail change's links land in the portal: each link is used once,
 * anonymously, and the screen says what happened.
 */

const PAGE = "/portail/mon-compte/changement-email";
const CONFIRM = "POST /api/email-change/confirm";
const CANCEL = "POST /api/email-change/cancel";

function api(extra: Record<string, RouteHandler>) {
  return stubApi({ "GET /api/servicesMACC/reseau/FRA/type/gen": { body: { listSousServices: [] } }, ...extra }, { unmatched: "pending" });
}

const gone = (reason: string): RouteHandler => ({
  status: 410,
  headers: { "Content-Type": "application/problem+json" },
  body: { type: "urn:macc:problem:email-change-link-invalid", status: 410, detail: "…", reason },
});

async function open(search: string) {
  history.replaceState(null, "", `${PAGE}${search}`);
  const view = await mount("<macc-portal></macc-portal>");
  // The screen's code and texts load with its route.
  await waitFor(() => expect(view.root.querySelector("main h1")).not.toBeNull(), { timeout: 10_000 });
  return view;
}

const heading = (view: Mounted) => view.root.querySelector("main h1")!.textContent;
const message = async (view: Mounted) => (await waitFor(() => view.root.querySelector("main .alert")!)).textContent;

beforeEach(() => resetPage());

describe("the e-mail change's landing (CHANGEMENT_EMAIL)", () => {
  it("?token=: applied once, the new login said, the token out of the address", async () => {
    const calls = api({ [CONFIRM]: { body: { email: "claire.martin@ferme.test" } } });
    const view = await open("?token=abc_DEF-123");
    await waitFor(() => expect(heading(view)).toBe("Adresse e-mail modifiée"));
    expect(await message(view)).toBe("Votre adresse e-mail de connexion est désormais claire.martin@ferme.test.");
    expect(calls.callsTo(CONFIRM).map((c) => c.body)).toEqual([{ token: "abc_DEF-123" }]);
    expect(calls.callsTo(CONFIRM)[0]!.headers.authorization).toBeUndefined();
    expect(location.pathname + location.search).toBe(PAGE);
    expect(view.root.querySelector("main a[href='/portail/mon-compte/connexion']")!.textContent).toBe("Se connecter");
  });

  it("?token= in a page logged in: the account is read again, so the page shows the new login without a reload", async () => {
    signIn(user([company()], { infosConnexion: { emailLogin: "claire@ferme.test" } }));
    getCore().store.getState().chooseCompany("T1");
    const profile = {
      user: { civilite: "Mme", nom: "Martin", prenom: "Claire", email: "claire.martin@ferme.test", mobile: "06 12 34 56 78" },
      entreprise: {
        idTier: "T1",
        raison_sociale: "Ferme des Tilleuls",
        formeJuridique: "SARL",
        immatriculation: "552100554",
        derniereMiseAJour: "2025-06-01",
      },
    };
    const calls = api({
      ...sessionRoutes(),
      [CONFIRM]: { body: { email: "claire.martin@ferme.test" } },
      "GET /api/me/profile": { body: profile },
    });
    const view = await open("?token=abc");
    await waitFor(() => expect(heading(view)).toBe("Adresse e-mail modifiée"));
    await waitFor(() => expect(getCore().store.getState().auth.user?.infosConnexion.emailLogin).toBe("claire.martin@ferme.test"));
    expect(calls.callsTo("GET /api/me/profile")).toHaveLength(1);
  });

  it("?cancel=: the change cancelled", async () => {
    const calls = api({ [CANCEL]: { status: 204 } });
    const view = await open("?cancel=xyz");
    await waitFor(() => expect(heading(view)).toBe("Changement annulé"));
    expect(await message(view)).toBe("Le changement a été annulé. Votre adresse e-mail de connexion n'a pas changé.");
    expect(calls.callsTo(CANCEL).map((c) => c.body)).toEqual([{ token: "xyz" }]);
    expect(calls.callsTo(CONFIRM)).toHaveLength(0);
  });

  it.each<[string, string, RouteHandler, string]>([
    ["?token=t", "already used", gone("applied"), "Ce lien a déjà servi : votre adresse e-mail de connexion a bien été modifiée."],
    ["?token=t", "cancelled", gone("cancelled"), "Ce changement a été annulé. Votre adresse e-mail de connexion n'a pas changé."],
    [
      "?token=t",
      "superseded",
      gone("superseded"),
      "Une modification plus récente a été demandée depuis. Utilisez le lien du dernier e-mail reçu.",
    ],
    [
      "?token=t",
      "expired",
      gone("expired"),
      "Ce lien a expiré (il était valable 24 heures). Votre adresse e-mail de connexion n'a pas changé.",
    ],
    [
      "?token=t",
      "taken meanwhile (409)",
      problem(409, "Cette adresse e-mail est déjà utilisée."),
      "Cette adresse est désormais utilisée par un autre compte : votre adresse e-mail de connexion n'a pas changé.",
    ],
    [
      "?cancel=t",
      "already applied",
      gone("applied"),
      "Trop tard : le changement a déjà été fait avec le lien envoyé à la nouvelle adresse. Si vous ne l'avez pas demandé, choisissez un nouveau mot de passe et contactez-nous.",
    ],
    [
      "?cancel=t",
      "expired",
      gone("expired"),
      "Ce lien a expiré (il était valable 24 heures). Votre adresse e-mail de connexion n'a pas changé.",
    ],
    [
      "?token=t",
      "a reason it does not know",
      gone("lost"),
      "Ce lien n'est pas valide. Vérifiez que vous avez ouvert le lien de l'e-mail en entier.",
    ],
  ])("%s %s: says so", async (search, label, handler, text) => {
    api({ [CONFIRM]: handler, [CANCEL]: handler });
    // A link is used once per page: each case has its own token.
    const view = await open(`${search}-${label.replace(/\W/g, "")}`);
    await waitFor(() => expect(heading(view)).toBe("Lien invalide"));
    expect(await message(view)).toBe(text);
    expect(view.root.querySelector("main .alert")!.getAttribute("role")).toBe("alert");
  });

  it("a failure to reach the API offers Try again, which uses the link again", async () => {
    let attempts = 0;
    const calls = api({ [CONFIRM]: () => (++attempts === 1 ? problem(500) : { body: { email: "n@ferme.test" } }) });
    const view = await open("?token=retry");
    await waitFor(() => expect(view.root.querySelector("main .alert button")).not.toBeNull());
    expect(await message(view)).toBe("Nous n'avons pas pu vérifier votre lien. Veuillez réessayer. Réessayer");
    view.root.querySelector<HTMLButtonElement>("main .alert button")!.click();
    await waitFor(() => expect(heading(view)).toBe("Adresse e-mail modifiée"));
    expect(calls.callsTo(CONFIRM)).toHaveLength(2);
  });

  it("without a link in the address: says where it comes from, and asks nothing", async () => {
    const calls = api({});
    const view = await open("");
    await waitFor(() => expect(heading(view)).toBe("Changement d'adresse e-mail"));
    expect(await message(view)).toBe("Ouvrez cette page depuis le lien de notre e-mail.");
    expect(calls.callsTo(CONFIRM)).toHaveLength(0);
    expect(calls.callsTo(CANCEL)).toHaveLength(0);
  });
});
