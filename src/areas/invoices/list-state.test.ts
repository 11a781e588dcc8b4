import { describe, expect, it } from "vitest";
import { DEFAULT_LIST, readListState, writeListState, type ListState } from "./list-state";

describe("invoice list state in the address", () => {
  it.each<[string, Partial<ListState>]>([
    ["", {}],
    [
      "q=F2024&annee=2023&statut=unpaid&tri=amount-asc&page=3",
      { q: "F2024", year: 2023, status: "unpaid", sort: "amount", order: "asc", page: 3 },
    ],
    ["statut=paid", { status: "paid" }],
    ["tri=number-desc", { sort: "number", order: "desc" }],
    ["q=+CDE-7+", { q: "CDE-7" }],
    ["q=caf%C3%A9", { q: "café" }],
    ["lang=en&page=2", { page: 2 }],
    ["page=999999", { page: 999_999 }],
    ["page=1000000", { page: 1_000_000 }],
    ["annee=1900", { year: 1900 }],
  ])("%s → the chosen values", (search, expected) => {
    expect(readListState(search)).toEqual({ ...DEFAULT_LIST, ...expected });
  });

  it.each<[string, string]>([
    ["page=0", "page 0"],
    ["page=-2", "negative page"],
    ["page=2.5", "fractional page"],
    ["page=abc", "page not a number"],
    ["page=1000001", "page over the API's limit (1,000,000)"],
    ["page=02", "leading zero"],
    ["annee=24", "2-digit year"],
    ["annee=1899", "year before 1900"],
    ["annee=20245", "5-digit year"],
    ["annee=2O24", "letter in the year"],
    ["statut=open", "unknown status"],
    ["statut=PAID", "status in capitals"],
    ["tri=price-asc", "unknown sort key"],
    ["tri=amount", "sort without order"],
    ["tri=amount-up", "unknown order"],
    ["tri=amount-asc-x", "extra part"],
    [`q=${"x".repeat(51)}`, "search over 50 characters"],
    ["q=a%00b", "NUL in the search"],
    ["q=a%0Ab", "line feed in the search"],
  ])("%s (%s) → ignored, the default kept", (search) => {
    const state = readListState(search);
    expect(() => writeListState(state, search)).not.toThrow();
    expect(state).toEqual(DEFAULT_LIST);
  });

  it("one bad value does not discard the good ones", () => {
    expect(readListState("statut=unpaid&page=zero&annee=2022")).toEqual({ ...DEFAULT_LIST, status: "unpaid", year: 2022 });
  });

  it.each<[Partial<ListState>, string, string]>([
    [{}, "", ""],
    [{ page: 1, sort: "date", order: "desc" }, "q=old&tri=amount-asc", ""],
    [
      { q: "F 2024", year: 2021, status: "paid", sort: "amount", order: "asc", page: 4 },
      "",
      "q=F+2024&annee=2021&statut=paid&tri=amount-asc&page=4",
    ],
    [{ page: 2 }, "lang=en&page=7&statut=paid", "lang=en&page=2"],
  ])("%o over “%s” → “%s”", (patch, search, expected) => {
    expect(writeListState({ ...DEFAULT_LIST, ...patch }, search)).toBe(expected);
  });

  it("round trip: what is written reads back the same", () => {
    const state: ListState = { q: "CDE-7 & co", year: 2020, status: "unpaid", sort: "number", order: "asc", page: 12 };
    expect(readListState(writeListState(state, "lang=nl"))).toEqual(state);
  });
});
