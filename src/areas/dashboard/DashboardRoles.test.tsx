/** The dashboard's tiles and basket requests show what the customer's role in the company allows (issue 29). */
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-dashboard";
import type { Role } from "../../contract/permissions";
import { company, mount, resetPage, sessionRoutes, signIn, stubApi, user, waitFor, type Mounted } from "../../test/elements";

beforeEach(() => resetPage());

const SUMMARY = { invoices: { unpaid: 0, total: 3 }, products: 2, adviser: true };
const REQUEST = { id: "r1", reference: "PAN-1", createdAt: "2026-01-02T10:00:00Z", status: "sent", items: [{ id: "1007", nom: "Semoir" }] };

const titles = (view: Mounted) => [...view.root.querySelectorAll(".tiles .tile__title")].map((title) => title.textContent);

async function dashboardOf(role: Role) {
  stubApi({
    ...sessionRoutes(),
    "GET /api/me/summary": { body: { ...SUMMARY, basketRequests: [REQUEST] } },
    "GET /api/features": { body: { features: ["coordonnee-bancaire"] } },
  });
  signIn(user([company({ codeReseau: "FRA", role })]));
  const view = await mount("<macc-dashboard></macc-dashboard>");
  await waitFor(() => expect(view.root.querySelector(".tiles")).toBeTruthy());
  await waitFor(() => expect(view.root.querySelector(".tile__detail [aria-busy], .skeleton")).toBeNull());
  return view;
}

describe("<macc-dashboard> per role", () => {
  it.each<[Role, string[], boolean]>([
    [
      "owner",
      ["Mes factures", "Mes informations", "Mon parc produits", "Mes demandes d'intervention", "Mon équipe", "Coordonnées bancaires"],
      true,
    ],
    [
      "full",
      ["Mes factures", "Mes informations", "Mon parc produits", "Mes demandes d'intervention", "Mon équipe", "Coordonnées bancaires"],
      true,
    ],
    ["accountant", ["Mes factures", "Mes informations", "Coordonnées bancaires"], false],
    ["workshop", ["Mes informations", "Mon parc produits", "Mes demandes d'intervention"], false],
    ["read-only", ["Mes factures", "Mes informations", "Mon parc produits", "Mes demandes d'intervention", "Coordonnées bancaires"], true],
  ])("%s: the tiles %j, basket requests shown: %s", async (role, tiles, basket) => {
    const view = await dashboardOf(role);
    await waitFor(() => expect(titles(view)).toEqual(tiles));
    expect(Boolean(view.root.querySelector(".basket-requests"))).toBe(basket);
  });
});
