import { describe, expect, it } from "vitest";
import { createAccessTokens, withoutTokens } from "./tokens";
import type { Entreprise, User } from "./types";

const company = (idTier: string, token?: string): Entreprise => ({
  idTier,
  ...(token ? { token } : {}),
  codeReseau: "FRA",
  formeJuridique: "SARL",
  raisonSocial: "Ferme",
  immatriculation: "FR1",
  numeroClient: "C1",
  derniereMiseAJour: null,
});
const user = (entreprises: Entreprise[], token?: string): User => ({
  uuidCompte: "u",
  infosConnexion: { emailLogin: "a@b.c" },
  codeReseau: "FRA",
  entreprises,
  ...(token ? { token } : {}),
});

describe("access tokens (memory only)", () => {
  it.each<[string, User, string | null, string | null]>([
    ["the chosen company's own token", user([company("1", "t1"), company("2", "t2")], "tu"), "2", "t2"],
    ["a company without its own token → the account's", user([company("1")], "tu"), "1", "tu"],
    ["no company chosen → the account's", user([company("1", "t1")], "tu"), null, "tu"],
    ["a company of another account → the account's", user([company("1", "t1")], "tu"), "9", "tu"],
    ["no token at all", user([company("1")]), "1", null],
  ])("%s", (_label, account, idTier, expected) => {
    const tokens = createAccessTokens();
    tokens.remember(account);
    expect(tokens.forCompany(idTier)).toBe(expected);
  });

  it("a refresh replaces every token; forget drops them", () => {
    const tokens = createAccessTokens();
    tokens.remember(user([company("1", "old-1"), company("2", "old-2")], "old-u"));
    tokens.remember(user([company("1", "new-1"), company("2")], "new-u"));
    expect([tokens.forCompany("1"), tokens.forCompany("2")]).toEqual(["new-1", "new-u"]);
    tokens.forget();
    expect([tokens.forCompany("1"), tokens.forCompany(null)]).toEqual([null, null]);
  });

  it("the store's copy of an account holds no token", () => {
    const stripped = withoutTokens(user([company("1", "secret-1")], "secret-u"));
    expect(JSON.stringify(stripped)).not.toContain("secret");
    expect(stripped.entreprises[0]?.idTier).toBe("1");
  });
});
