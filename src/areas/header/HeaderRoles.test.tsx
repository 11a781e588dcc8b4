/** The header's account menu shows what the customer's role in the chosen company allows (issue 29). */
import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-header";
import type { Role } from "../../contract/permissions";
import { getCore } from "../../core/index";
import { company, mount, resetPage, signIn, user, waitFor } from "../../test/elements";

beforeEach(() => resetPage());

const ENTRIES = ["Tableau de bord", "Mes factures", "Mes informations", "Mon parc produits"];
/** The team: its owner manages it, full reads it (src/contract/permissions.ts). */
const WITH_TEAM = [...ENTRIES, "Mon équipe"];

async function menuOf(role: Role | undefined) {
  signIn(user([company({ codeReseau: "FRA", ...(role ? { role } : {}) })]));
  const { screen } = await mount("<macc-header></macc-header>");
  fireEvent.click(screen.getByRole("button", { name: /Mon compte/ }));
  await screen.findByRole("link", { name: "Tableau de bord" });
  return { screen, entries: () => WITH_TEAM.filter((name) => screen.queryByRole("link", { name })) };
}

describe("<macc-header>'s account menu per role", () => {
  it.each<[Role | undefined, string[]]>([
    [undefined, WITH_TEAM], // an API without roles: owner
    ["owner", WITH_TEAM],
    ["full", WITH_TEAM],
    ["read-only", ENTRIES],
    ["accountant", ["Tableau de bord", "Mes factures", "Mes informations"]],
    ["workshop", ["Tableau de bord", "Mes informations", "Mon parc produits"]],
  ])("%s → %j", async (role, shown) => {
    const { entries } = await menuOf(role);
    expect(entries()).toEqual(shown);
  });

  it("the accountant's menu hides the product fleet, and follows the company chosen", async () => {
    signIn(user([company({ idTier: "A", role: "accountant" }), company({ idTier: "B", role: "owner" })]));
    const { screen } = await mount("<macc-header></macc-header>");
    fireEvent.click(screen.getByRole("button", { name: /Mon compte/ }));
    await screen.findByRole("link", { name: "Mes factures" });
    expect(screen.queryByRole("link", { name: "Mon parc produits" })).toBeNull();
    getCore().store.getState().chooseCompany("B");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Mon parc produits" })).toBeTruthy());
  });
});
