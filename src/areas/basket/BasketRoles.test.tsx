/** The basket per role (issue 29): a role without basket W is told who sends it instead of a form it could not send. */
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-basket";
import type { Role } from "../../contract/permissions";
import { company, mount, resetPage, sessionRoutes, signIn, stubApi, user, waitFor } from "../../test/elements";

const ITEM = { id: "1001", nom: "Semoir Maxi-Graine 3000", description: "Semoir de précision.", image: "/api/basket/items/1001/image" };

beforeEach(() => resetPage(undefined, "/produits?panier=1001"));

async function basketAs(role: Role) {
  stubApi(
    { ...sessionRoutes(), "GET /api/basket/items": { body: { items: [ITEM], unknown: [] } } },
    // The form's own reads (profile, footer) are not this test's subject.
    { unmatched: "pending" },
  );
  signIn(user([company({ role })]));
  // In the source language: the text stays the same once the catalogs are translated.
  const view = await mount('<macc-basket locale="en-GB"></macc-basket>');
  await waitFor(() => expect(view.root.querySelector(".basket-item h3")).not.toBeNull());
  return view;
}

describe("<macc-basket> per role", () => {
  it.each<[Role, boolean]>([
    ["owner", true],
    ["full", true],
    ["accountant", false],
    ["workshop", false],
    ["read-only", false],
  ])("%s: the form to send it: %s", async (role, sends) => {
    const view = await basketAs(role);
    await waitFor(() => expect(Boolean(view.root.querySelector("form"))).toBe(sends));
    if (!sends) expect(view.root.textContent).toContain("its owner or a member with full access can send this basket");
  });
});
