import { describe, expect, it } from "vitest";
import { emitStateEvents, type MaccEventName } from "./events";
import { createMaccStore, type MaccStore } from "./store";
import type { Entreprise, User } from "./types";

const company = (idTier: string, codeReseau: string): Entreprise => ({
  idTier,
  codeReseau,
  formeJuridique: "SARL",
  raisonSocial: `Société ${idTier}`,
  immatriculation: `FR${idTier}`,
  numeroClient: `C-${idTier}`,
  derniereMiseAJour: "2025-01-01",
});
const account: User = {
  uuidCompte: "u-1",
  infosConnexion: { emailLogin: "jean@example.test" },
  codeReseau: "FRA",
  entreprises: [company("1", "FRA"), company("2", "AGR")],
};

/** A store whose state events land on their own target, recorded as [name, detail]. */
function watched(loggedIn: boolean) {
  const store = createMaccStore({ storage: null });
  if (loggedIn) store.getState().connectUser(account);
  const target = new EventTarget();
  const seen: Array<[MaccEventName, unknown]> = [];
  for (const name of ["macc-login", "macc-logout", "macc-company-change", "macc-basket-change"] as const) {
    target.addEventListener(name, (event) => seen.push([name, (event as CustomEvent).detail]));
  }
  emitStateEvents(store, target);
  return { store, seen };
}

describe("state events: one per transition, whatever caused it", () => {
  it.each<[string, boolean, (store: MaccStore) => void, Array<[MaccEventName, unknown]>]>([
    [
      "a login (form or registration)",
      false,
      (s) => s.getState().connectUser(account),
      [["macc-login", { uuidCompte: "u-1", emailLogin: "jean@example.test", idTier: "1" }]],
    ],
    [
      "a login without a company",
      false,
      (s) => s.getState().connectUser({ ...account, entreprises: [] }),
      [["macc-login", { uuidCompte: "u-1", emailLogin: "jean@example.test", idTier: null }]],
    ],
    ["the logout button", true, (s) => s.getState().disconnect("user"), [["macc-logout", { reason: "user" }]]],
    ["the inactivity timer", true, (s) => s.getState().disconnect("idle"), [["macc-logout", { reason: "idle" }]]],
    ["a refresh the API refused", true, (s) => s.getState().disconnect("expired"), [["macc-logout", { reason: "expired" }]]],
    ["a call the API refused (401, 413, 429)", true, (s) => s.getState().disconnect("forced"), [["macc-logout", { reason: "forced" }]]],
    ["a disconnect without a reason", true, (s) => s.getState().disconnect(), [["macc-logout", { reason: "expired" }]]],
    ["a logout of a visitor", false, (s) => s.getState().disconnect("user"), []],
    ["another company chosen", true, (s) => s.getState().chooseCompany("2"), [["macc-company-change", { idTier: "2", codeReseau: "AGR" }]]],
    ["the current company chosen again", true, (s) => s.getState().chooseCompany("1"), []],
    ["an unknown company", true, (s) => s.getState().chooseCompany("9"), []],
    ["a refresh keeping the company", true, (s) => s.getState().refreshUser(account), []],
    [
      "the basket changes",
      false,
      (s) => s.getState().updatePanier(["1001", "1002"]),
      [["macc-basket-change", { panier: ["1001", "1002"] }]],
    ],
    ["the same basket again", false, (s) => (s.getState().updatePanier([]), undefined), []],
    [
      "the basket is emptied",
      false,
      (s) => (s.getState().updatePanier(["1001"]), s.getState().clearPanier()),
      [
        ["macc-basket-change", { panier: ["1001"] }],
        ["macc-basket-change", { panier: [] }],
      ],
    ],
    ["a language change", true, (s) => s.getState().setLocale("de-BE"), []],
  ])("%s", (_label, loggedIn, act, expected) => {
    const { store, seen } = watched(loggedIn);
    act(store);
    expect(seen).toEqual(expected);
  });

  it("events bubble out of shadow roots (composed) and cannot be cancelled", () => {
    const store = createMaccStore({ storage: null });
    const events: CustomEvent[] = [];
    const target = new EventTarget();
    target.addEventListener("macc-login", (e) => events.push(e as CustomEvent));
    emitStateEvents(store, target);
    store.getState().connectUser(account);
    expect(events.map((e) => [e.bubbles, e.composed, e.cancelable])).toEqual([[true, true, false]]);
  });
});
