import { describe, expect, it } from "vitest";
import { withPanier } from "./address";

describe("withPanier: ?panier= follows the basket", () => {
  it.each<[string, string[], string | null]>([
    ["panier=1001,1002", ["1001"], "panier=1001"],
    ["panier=1001%2C1002&lang=fr", ["1002"], "panier=1002&lang=fr"],
    ["site=agrimacc&panier=1001,1002,1003", ["1001", "1003"], "site=agrimacc&panier=1001,1003"],
    ["panier=1001&x=1", [], "x=1"],
    ["panier=1001", [], ""],
    ["panier=", [], ""],
    ["", ["1001"], null],
    ["page=2", [], null],
  ])("%j with %j → %j", (search, ids, expected) => {
    expect(withPanier(search, ids)).toBe(expected);
  });
});
