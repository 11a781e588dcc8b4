/** My information per role (issue 29): the company's data changed by owner and full, read by the accountant, not shown to the workshop. */
import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-personal-info";
import type { Role } from "../../contract/permissions";
import { company, mount, resetPage, sessionRoutes, signIn, stubApi, user, waitFor, type ApiCall } from "../../test/elements";

beforeEach(() => resetPage());

const PROFILE = {
  user: {
    civilite: "Mme",
    nom: "Roux",
    prenom: "Nathalie",
    fonction: "Expert-comptable",
    email: "comptable@ferme.test",
    mobile: "",
    telephone: "",
    adresse: "",
    adresse_complement: "",
    code_postal: "",
    ville: "",
    pays: "FR",
  },
  entreprise: {
    idTier: "T1",
    raison_sociale: "Ferme des Tilleuls",
    formeJuridique: "SARL",
    // Not a valid number: only a role that changes the company's data is told so.
    immatriculation: "123",
    numeroClient: "C-100100",
    pays: "FR",
    derniereMiseAJour: "2026-06-01",
  },
};

async function formOf(role: Role) {
  const saved: ApiCall[] = [];
  stubApi({
    ...sessionRoutes(),
    "GET /api/servicesMACC/reseau/FRA/type/gen": { body: { listSousServices: [] } },
    "GET /api/me/profile": { body: PROFILE },
    "PUT /api/me/profile": (call) => (saved.push(call), { body: PROFILE }),
  });
  signIn(user([company({ role, derniereMiseAJour: "2026-06-01" })], { infosConnexion: { emailLogin: "comptable@ferme.test" } }));
  const view = await mount("<macc-personal-info></macc-personal-info>");
  await waitFor(() => expect(view.root.querySelector('form button[type="submit"]')).not.toBeNull());
  return { view, saved };
}

describe("<macc-personal-info> per role", () => {
  it.each<[Role, "fields" | "read" | "none"]>([
    ["owner", "fields"],
    ["full", "fields"],
    ["accountant", "read"],
    ["read-only", "read"],
    ["workshop", "none"],
  ])("%s: the company's data as %s", async (role, shown) => {
    const { view } = await formOf(role);
    const fields = view.root.getElementById("raison_sociale");
    const section = view.root.getElementById("your-company");
    expect(Boolean(fields)).toBe(shown === "fields");
    expect(Boolean(section)).toBe(shown !== "none");
    if (shown === "read") expect(section!.closest("section")!.textContent).toContain("Ferme des Tilleuls");
  });

  it("the accountant saves their personal data though the company's number is not one the form accepts", async () => {
    const { view, saved } = await formOf("accountant");
    fireEvent.click(view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
    await waitFor(() => expect(saved).toHaveLength(1));
  });

  it("a role that does not confirm the company's data is told its owner does, and that it is due when it is", async () => {
    stubApi({
      ...sessionRoutes(),
      "GET /api/servicesMACC/reseau/FRA/type/gen": { body: { listSousServices: [] } },
      "GET /api/me/profile": { body: PROFILE },
    });
    signIn(user([company({ role: "accountant", derniereMiseAJour: "2019-01-10" })]));
    // In the source language: the text stays the same once the catalogs are translated.
    const view = await mount('<macc-personal-info locale="en-GB"></macc-personal-info>');
    await waitFor(() => expect(view.root.getElementById("your-company")).not.toBeNull());
    expect(view.root.getElementById("your-company")!.closest("section")!.textContent).toContain(
      "The company's details are due for their 3-year confirmation: its owner must confirm them.",
    );
  });
});
