import { describe, expect, it } from "vitest";
import { panierFromQuery } from "./basket";

describe("panierFromQuery (SPEC §4: ?panier=comma list; empty clears)", () => {
  it.each<[string, string[] | null]>([
    ["", null],
    ["?lang=fr_FR", null],
    ["?panier=", []],
    ["?panier", []],
    ["?panier=,,", []],
    ["?panier=A1", ["A1"]],
    ["?panier=A1,B2,C3", ["A1", "B2", "C3"]],
    ["?panier=%20A1%20,%20B2", ["A1", "B2"]],
    ["?panier=A1,,B2,", ["A1", "B2"]],
    ["?panier=ref-12_x,42", ["ref-12_x", "42"]],
    ["?panier=A1,<script>,B2", ["A1", "B2"]],
    ["?panier=A1,..%2Fetc,B%20C", ["A1"]],
    [`?panier=${"x".repeat(65)},ok`, ["ok"]],
    [`?panier=${"x".repeat(64)}`, ["x".repeat(64)]],
    ["?site=macc&panier=P1,P2&lang=en", ["P1", "P2"]],
  ])("%j → %j", (search, expected) => {
    expect(panierFromQuery(search)).toEqual(expected);
  });
});
