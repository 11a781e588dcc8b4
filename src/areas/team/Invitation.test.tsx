import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-portal";
import { mount, problem, resetPage, sessionRoutes, stubApi, waitFor, type RouteHandler } from "../../test/elements";

const PAGE = "/portail/invitation";
const VIEW = "POST /api/invitations/view";
const ACCEPT = "POST /api/invitations/accept";
const INVITATION = {
  email: "compta@ferme.test",
  company: "SAS Établissements Durand et Fils",
  pays: "FR",
  codeReseau: "FRA",
  role: "accountant",
  endsOn: "2027-04-30",
  expiresAt: "2026-12-05T08:00:00.000Z",
};

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi(
    {
      ...sessionRoutes(),
      "GET /api/servicesMACC/reseau/FRA/type/gen": { body: { listSousServices: [] } },
      [VIEW]: { body: INVITATION },
      ...routes,
    },
    { unmatched: "pending" },
  );
}

async function open(search = "?token=secret-token") {
  history.replaceState(null, "", `${PAGE}${search}`);
  const view = await mount("<macc-portal></macc-portal>");
  await waitFor(() => expect(view.root.querySelector("main h1")).not.toBeNull(), { timeout: 10_000 });
  return view;
}

beforeEach(() => resetPage());

describe("the invitation page (INVITATION)", () => {
  it("reads the invitation by a POST, takes the token out of the address, and accepts nothing until asked", async () => {
    const calls = api();
    const view = await open();
    await waitFor(() => expect(view.root.querySelector(".invitation__lead")?.textContent).toContain("compta@ferme.test"));
    expect(view.root.querySelector(".invitation__lead")!.textContent).toContain("Comptable");
    expect(view.root.querySelector(".invitation__lead")!.textContent).toContain("30 avril 2027");
    expect(calls.callsTo(VIEW)[0]!.body).toEqual({ token: "secret-token" });
    expect(location.search).toBe("");
    expect(calls.callsTo(ACCEPT)).toHaveLength(0);
  });

  it("says when the link can no longer be used", async () => {
    api({
      [VIEW]: {
        status: 410,
        body: { type: "urn:macc:problem:invitation-link-invalid", title: "Gone", status: 410, detail: "x", reason: "expired" },
      },
    });
    const view = await open();
    await waitFor(() => expect(view.root.querySelector("main .alert")?.textContent).toContain("Ce lien d'invitation n'est plus valable."));
  });

  it("creates the account: validated on submit (mobile, password rules), then sent with the token and the company's country", async () => {
    const calls = api({ [ACCEPT]: { status: 201, body: { email: "compta@ferme.test", company: INVITATION.company, role: "accountant" } } });
    const view = await open();
    fireEvent.click(await waitFor(() => view.screen.getByRole("button", { name: "Accepter et créer mon compte" })));
    const send = await waitFor(() => view.screen.getByRole("button", { name: "Créer mon compte et rejoindre l'équipe" }));
    fireEvent.click(send);
    await waitFor(() => expect(view.root.querySelector(".error-summary")).not.toBeNull());
    expect(view.root.querySelector(".field__error")!.textContent).toBe("Saisissez votre numéro de mobile");
    expect(calls.callsTo(ACCEPT)).toHaveLength(0);
    fireEvent.change(view.root.querySelector<HTMLInputElement>("#mobile")!, { target: { value: "06 12 34 56 78" } });
    fireEvent.change(view.root.querySelector<HTMLInputElement>("#nouveauMotDePasse")!, { target: { value: "Tracteur2026" } });
    fireEvent.change(view.root.querySelector<HTMLInputElement>("#confirmerMotDePasse")!, { target: { value: "Tracteur2026" } });
    fireEvent.click(send);
    await waitFor(() => expect(calls.callsTo(ACCEPT)).toHaveLength(1));
    expect(calls.callsTo(ACCEPT)[0]!.body).toEqual({
      token: "secret-token",
      pays: "FR",
      mobile: "06 12 34 56 78",
      motDePasse: "Tracteur2026",
      confirmerMotDePasse: "Tracteur2026",
    });
    await waitFor(() => expect(view.root.textContent).toContain("Bienvenue dans l'équipe de SAS Établissements Durand et Fils"));
  });

  it("a refused answer keeps what was typed and says why", async () => {
    api({ [ACCEPT]: problem(409, "Un compte existe déjà pour cette adresse : connectez-vous pour ajouter l'entreprise à votre compte.") });
    const view = await open();
    fireEvent.click(await waitFor(() => view.screen.getByRole("button", { name: "Accepter et créer mon compte" })));
    const mobile = await waitFor(() => view.root.querySelector<HTMLInputElement>("#mobile")!);
    fireEvent.change(mobile, { target: { value: "06 12 34 56 78" } });
    fireEvent.change(view.root.querySelector<HTMLInputElement>("#nouveauMotDePasse")!, { target: { value: "Tracteur2026" } });
    fireEvent.change(view.root.querySelector<HTMLInputElement>("#confirmerMotDePasse")!, { target: { value: "Tracteur2026" } });
    fireEvent.click(view.screen.getByRole("button", { name: "Créer mon compte et rejoindre l'équipe" }));
    await waitFor(() => expect(view.root.textContent).toContain("Un compte existe déjà pour cette adresse"));
    expect(mobile.value).toBe("06 12 34 56 78");
  });
});
