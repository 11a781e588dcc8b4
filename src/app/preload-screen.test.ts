import { afterEach, describe, expect, it, vi } from "vitest";
import { company, resetPage, signIn, user } from "../test/elements";
import type { RouteName } from "../core/routes";
import { preloadScreenAt, SCREENS } from "./screens";

/*
 * The portal asks for the screen its address shows as it connects (elements/macc-portal.ts), not at
 * its first render: the screen the guards lead to, once the language's path table is in.
 */

afterEach(() => vi.restoreAllMocks());

/** The lazy screens whose preload `preloadScreenAt` called for `pathname`. */
async function preloaded(pathname: string, base: string | null, logged: boolean): Promise<RouteName[]> {
  resetPage({ portalBase: "/portail" });
  if (logged) signIn(user([company({ derniereMiseAJour: new Date().toISOString().slice(0, 10) })]));
  const asked: RouteName[] = [];
  for (const [name, { View }] of Object.entries(SCREENS) as [RouteName, (typeof SCREENS)[RouteName]][])
    if (View.preload) vi.spyOn(View, "preload").mockImplementation(() => void asked.push(name));
  await preloadScreenAt(pathname, base);
  return asked;
}

describe("preloadScreenAt", () => {
  it.each<[string, string, string | null, boolean, RouteName[]]>([
    ["a logged-in customer's dashboard", "/portail/mon-compte", null, true, ["DASHBOARD"]],
    ["the invoices, under the element's own base", "/extranet/mon-compte/factures", "/extranet/", true, ["FACTURES"]],
    ["a product family's after-sales view", "/portail/mon-compte/parc-produits/MACH/sav", null, true, ["PARC_PRODUITS_DETAIL_SAV"]],
    ["a visitor on an account page: the login, which comes with the portal", "/portail/mon-compte/factures", null, false, []],
    ["an address that is no page of ours", "/portail/nulle-part", null, true, []],
  ])("%s: %j", async (_, pathname, base, logged, expected) => {
    expect(await preloaded(pathname, base, logged)).toEqual(expected);
  });
});
