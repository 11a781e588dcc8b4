import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-team";
import type { Role } from "../../contract/permissions";
import type { TeamAnswer } from "../../contract/team";
import {
  company,
  deferred,
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

const TEAM = "GET /api/me/team";
const INVITE = "POST /api/me/team/invitations";
const OWNER_ID = "11111111-1111-4111-8111-111111111111";
const MEMBER_ID = "22222222-2222-4222-8222-222222222222";
const INVITATION_ID = "33333333-3333-4333-8333-333333333333";

const BODY: TeamAnswer = {
  members: [
    { id: OWNER_ID, email: "multi@demo.macc.test", name: "Sophie Durand", role: "owner", status: "active", endsOn: null, you: true },
    {
      id: MEMBER_ID,
      email: "comptable@demo.macc.test",
      name: "",
      role: "accountant",
      status: "suspended",
      endsOn: "2027-04-30",
      you: false,
    },
  ],
  invitations: [
    {
      id: INVITATION_ID,
      email: "atelier@ferme.test",
      role: "workshop",
      status: "invited",
      endsOn: null,
      expiresAt: "2026-12-05T08:00:00.000Z",
    },
  ],
};

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({ ...sessionRoutes(), [TEAM]: { body: BODY }, ...routes });
}

async function open(role: Role = "owner") {
  signIn(user([company({ codeReseau: "FRA", role })]));
  return mount("<macc-team></macc-team>");
}

const items = (view: Mounted) => [...view.root.querySelectorAll(".team__item")].map((li) => li.textContent ?? "");

beforeEach(() => resetPage());

describe("<macc-team>", () => {
  it("shows a skeleton while the team loads, then the members and invitations with role, status and end date", async () => {
    const pending = deferred();
    api({ [TEAM]: pending.handler });
    const view = await open();
    await pending.started;
    await waitFor(() => expect(view.root.querySelector(".skeleton")).not.toBeNull());
    pending.resolve({ body: BODY });
    await waitFor(() => expect(items(view)).toHaveLength(3));
    expect(view.root.querySelector("h1")!.textContent).toBe("Mon équipe");
    expect(items(view)[0]).toContain("Sophie Durand");
    expect(items(view)[0]).toContain("Propriétaire");
    expect(items(view)[0]).toContain("Sans date de fin");
    expect(items(view)[1]).toContain("Comptable");
    expect(items(view)[1]).toContain("Suspendu");
    expect(items(view)[1]).toContain("30 avril 2027");
    expect(items(view)[2]).toContain("Invité");
    expect(view.screen.getByRole("button", { name: "Quitter multi@demo.macc.test" })).toBeTruthy();
  });

  it("says when the owner is alone", async () => {
    api({ [TEAM]: { body: { members: [BODY.members[0]], invitations: [] } } });
    const view = await open();
    await waitFor(() =>
      expect(view.root.textContent).toContain("Vous êtes pour l'instant le seul membre de l'équipe de cette entreprise."),
    );
  });

  it("says when the team cannot be loaded, and tries again on demand", async () => {
    let fail = true;
    api({ [TEAM]: () => (fail ? problem(500) : { body: BODY }) });
    const view = await open();
    await waitFor(() => expect(view.root.textContent).toContain("Votre équipe n'a pas pu être chargée."));
    fail = false;
    fireEvent.click([...view.root.querySelectorAll("button")].find((b) => b.textContent === "Réessayer")!);
    await waitFor(() => expect(items(view)).toHaveLength(3));
  });

  it("a full member reads the team without the invitation form or the actions", async () => {
    api();
    const view = await open("full");
    await waitFor(() => expect(items(view)).toHaveLength(3));
    expect(view.root.querySelector(".team__invite")).toBeNull();
    expect(view.root.querySelector(".team__actions")).toBeNull();
  });

  it("validates the invitation on submit with the spec's messages, keeps what was typed, then sends it", async () => {
    const calls = api({ [INVITE]: { status: 201, body: { id: INVITATION_ID, expiresAt: "2026-12-05T08:00:00.000Z" } } });
    const view = await open();
    await waitFor(() => expect(items(view)).toHaveLength(3));
    const send = view.screen.getByRole("button", { name: "Envoyer l'invitation" });
    fireEvent.click(send);
    await waitFor(() => expect(view.root.querySelector(".error-summary")).not.toBeNull());
    const errors = [...view.root.querySelectorAll(".field__error")].map((e) => e.textContent);
    expect(errors).toEqual(["Saisissez l'adresse e-mail de la personne à inviter", "Choisissez un rôle"]);
    const email = view.root.querySelector<HTMLInputElement>("#email")!;
    fireEvent.change(email, { target: { value: "pas-une-adresse" } });
    fireEvent.change(view.root.querySelector<HTMLInputElement>("#endsOn")!, { target: { value: "2001-01-01" } });
    fireEvent.click(send);
    await waitFor(() =>
      expect([...view.root.querySelectorAll(".field__error")].map((e) => e.textContent)).toEqual([
        "Saisissez une adresse e-mail au bon format, par exemple nom@example.com",
        "Choisissez un rôle",
        "La date de fin doit être aujourd'hui ou plus tard",
      ]),
    );
    expect(email.value).toBe("pas-une-adresse");
    expect(calls.callsTo(INVITE)).toHaveLength(0);
    fireEvent.change(email, { target: { value: "Compta@Ferme.test" } });
    fireEvent.change(view.root.querySelector<HTMLSelectElement>("#role")!, { target: { value: "accountant" } });
    fireEvent.change(view.root.querySelector<HTMLInputElement>("#endsOn")!, { target: { value: "" } });
    fireEvent.click(send);
    await waitFor(() => expect(calls.callsTo(INVITE)).toHaveLength(1));
    expect(calls.callsTo(INVITE)[0]!.body).toMatchObject({ email: "Compta@Ferme.test", role: "accountant", langue: "fr-FR" });
    await waitFor(() => expect(view.root.textContent).toContain("L'invitation a été envoyée à compta@ferme.test."));
  });

  it("changes a member's access in a dialog, and says the last owner's refusal there", async () => {
    const PATCH = `PATCH /api/me/team/members/${OWNER_ID}`;
    const calls = api({
      [PATCH]: problem(409, "L'entreprise doit garder au moins un propriétaire actif : nommez d'abord un autre propriétaire."),
    });
    const view = await open();
    await waitFor(() => expect(items(view)).toHaveLength(3));
    fireEvent.click(view.screen.getByRole("button", { name: "Modifier multi@demo.macc.test" }));
    const dialog = await waitFor(() => view.root.querySelector("dialog")!);
    fireEvent.change(dialog.querySelector<HTMLSelectElement>("#team-change-role")!, { target: { value: "full" } });
    fireEvent.click([...dialog.querySelectorAll("button")].find((b) => b.textContent === "Enregistrer")!);
    await waitFor(() => expect(dialog.textContent).toContain("au moins un propriétaire actif"));
    expect(calls.callsTo(PATCH)[0]!.body).toEqual({ role: "full", suspended: false, endsOn: null });
  });

  it("removes a member and withdraws an invitation after confirming", async () => {
    const REMOVE = `DELETE /api/me/team/members/${MEMBER_ID}`;
    const REVOKE = `DELETE /api/me/team/invitations/${INVITATION_ID}`;
    const calls = api({ [REMOVE]: { status: 204 }, [REVOKE]: { status: 204 } });
    const view = await open();
    await waitFor(() => expect(items(view)).toHaveLength(3));
    fireEvent.click(view.screen.getByRole("button", { name: "Retirer comptable@demo.macc.test" }));
    let dialog = await waitFor(() => view.root.querySelector("dialog")!);
    expect(dialog.querySelector("h2")!.textContent).toBe("Retirer comptable@demo.macc.test de l'équipe ?");
    fireEvent.click([...dialog.querySelectorAll("button")].find((b) => b.textContent === "Retirer")!);
    await waitFor(() => expect(calls.callsTo(REMOVE)).toHaveLength(1));
    await waitFor(() => expect(view.root.textContent).toContain("comptable@demo.macc.test n'a plus accès à l'entreprise."));
    fireEvent.click(view.screen.getByRole("button", { name: "Retirer l'invitation atelier@ferme.test" }));
    dialog = await waitFor(() => view.root.querySelector("dialog")!);
    fireEvent.click([...dialog.querySelectorAll("button")].find((b) => b.textContent === "Retirer l'invitation")!);
    await waitFor(() => expect(calls.callsTo(REVOKE)).toHaveLength(1));
  });
});
