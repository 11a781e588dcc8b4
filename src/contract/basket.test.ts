import { describe, expect, it } from "vitest";
import { BASKET_MESSAGES as M, BasketItemsQuery, BasketRequest } from "./basket";
import { NOT_AN_OBJECT, verdict } from "./rules";

const VALID = {
  nom: "Jean Dupont",
  societe: "GAEC des Prés",
  pays: "FR",
  immat: "552 100 554",
  mobile: "06 12 34 56 78",
  langue: "fr-FR",
  items: ["1001", "1002"],
};
const fifty = Array.from({ length: 51 }, (_, i) => String(5000 + i));

describe("BasketRequest", () => {
  it("trims, upper-cases the country, counts each item once and themes MACC by default", () => {
    expect(verdict(BasketRequest, { ...VALID, nom: "  J ", pays: "fr", items: ["1002", "1001", "1002"], theme: null })).toEqual({
      valid: true,
      value: { ...VALID, nom: "J", items: ["1002", "1001"], theme: "MACC" },
    });
  });

  it.each([
    ["a mobile of another country in its international form", { mobile: "+32 470 12 34 56" }],
    ["a one-letter name (issue 26 item 7: unchanged for now)", { nom: "J" }],
    ["50 items once duplicates are counted once", { items: [...fifty.slice(1), "5001"] }],
    ["the AGRI theme", { theme: "AGRI" }],
  ])("accepts %s", (_name, change) => {
    expect(verdict(BasketRequest, { ...VALID, ...change }).valid).toBe(true);
  });

  it.each<[string, unknown, { path: string; rule: string; limit?: number; message?: string }[]]>([
    [
      "an empty body: every field, in form order",
      {},
      [
        { path: "nom", rule: "required" },
        { path: "societe", rule: "required" },
        { path: "pays", rule: "required" },
        { path: "immat", rule: "required" },
        { path: "mobile", rule: "required" },
        { path: "langue", rule: "required" },
        { path: "items", rule: "required", message: M.emptyBasket },
      ],
    ],
    ["not an object", "basket", [{ path: "", rule: "format", message: NOT_AN_OBJECT }]],
    ["a blank name", { ...VALID, nom: "  " }, [{ path: "nom", rule: "required" }]],
    ["a name not text", { ...VALID, nom: 42 }, [{ path: "nom", rule: "notText" }]],
    ["a name over 100", { ...VALID, nom: "n".repeat(101) }, [{ path: "nom", rule: "tooLong", limit: 100 }]],
    ["a company over 150", { ...VALID, societe: "s".repeat(151) }, [{ path: "societe", rule: "tooLong", limit: 150 }]],
    ["a fixed line", { ...VALID, mobile: "02 41 22 10 00" }, [{ path: "mobile", rule: "mobile" }]],
    ["a French national mobile for BE", { ...VALID, pays: "BE", immat: "0403.170.701" }, [{ path: "mobile", rule: "mobile" }]],
    ["a mobile over 40", { ...VALID, mobile: "0".repeat(41) }, [{ path: "mobile", rule: "tooLong", limit: 40 }]],
    ["a wrong check digit", { ...VALID, immat: "552100555" }, [{ path: "immat", rule: "companyNumber" }]],
    ["a number over 40", { ...VALID, immat: "5".repeat(41) }, [{ path: "immat", rule: "tooLong", limit: 40 }]],
    [
      "a country not served: the numbers are not checked",
      { ...VALID, pays: "DE", mobile: "x", immat: "x" },
      [{ path: "pays", rule: "country" }],
    ],
    ["a country not text", { ...VALID, pays: ["FR"] }, [{ path: "pays", rule: "notText" }]],
    ["a language not a locale", { ...VALID, langue: "fr_FR" }, [{ path: "langue", rule: "locale" }]],
    ["no items", { ...VALID, items: [] }, [{ path: "items", rule: "format", message: M.emptyBasket }]],
    ["items null", { ...VALID, items: null }, [{ path: "items", rule: "required", message: M.emptyBasket }]],
    ["items not a list", { ...VALID, items: "1001,1002" }, [{ path: "items", rule: "format", message: M.badItems }]],
    ["an item id not text", { ...VALID, items: [1001] }, [{ path: "items", rule: "format", message: M.badItems }]],
    ["an item id with a space", { ...VALID, items: ["10 01"] }, [{ path: "items", rule: "format", message: M.badItems }]],
    ["51 items", { ...VALID, items: fifty }, [{ path: "items", rule: "format", message: M.tooManyItems }]],
    ["an unknown theme", { ...VALID, theme: "agri" }, [{ path: "theme", rule: "format", message: M.badTheme }]],
  ])("refuses %s", (_name, input, problems) => {
    expect(verdict(BasketRequest, input)).toEqual({ valid: false, problems });
  });
});

describe("BasketItemsQuery", () => {
  it("splits the list, keeping duplicates", () => {
    expect(verdict(BasketItemsQuery, { ids: "1007, 1001,1007" })).toEqual({ valid: true, value: { ids: ["1007", "1001", "1007"] } });
  });

  it.each([
    ["no ids", {}],
    ["an empty list", { ids: "" }],
    ["an empty id", { ids: "1001,,1002" }],
    ["an id with a dot", { ids: "1001.5" }],
    ["an id over 64 characters", { ids: "9".repeat(65) }],
    ["51 ids", { ids: fifty.join(",") }],
  ])("refuses %s", (_name, query) => {
    expect(verdict(BasketItemsQuery, query)).toMatchObject({ valid: false, problems: [{ message: M.badIds }] });
  });
});
