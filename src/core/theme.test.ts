import { describe, expect, it } from "vitest";
import { NETWORK_CODES, type Theme } from "../contract/constants";
import { parseThemeAttribute, showsInvoices, themeFromQuery, themeOfNetwork } from "./theme";

describe("themeOfNetwork", () => {
  it.each<[string | null | undefined, Theme]>([
    ["AGR", "AGRI"],
    ["FRA", "MACC"],
    ["FIL", "MACC"],
    ["EXP", "MACC"],
    ["BLG", "MACC"],
    ["GBR", "MACC"],
    ["ESP", "MACC"],
    ["ITA", "MACC"],
    ["agr", "MACC"],
    ["", "MACC"],
    [null, "MACC"],
    [undefined, "MACC"],
  ])("%j → %s", (code, theme) => {
    expect(themeOfNetwork(code)).toBe(theme);
  });
});

describe("themeFromQuery (?site=agrimacc|macc)", () => {
  it.each<[string, Theme | null]>([
    ["?site=agrimacc", "AGRI"],
    ["?site=AGRIMACC", "AGRI"],
    ["?lang=fr_FR&site=agrimacc", "AGRI"],
    ["?site=macc", "MACC"],
    ["?site=MACC", "MACC"],
    ["?site=agri", null],
    ["?site=other", null],
    ["?site=", null],
    ["?theme=agrimacc", null],
    ["", null],
  ])("%j → %j", (search, theme) => {
    expect(themeFromQuery(search)).toBe(theme);
  });
});

describe("parseThemeAttribute", () => {
  it.each<[string | null | undefined, Theme | null]>([
    ["agri", "AGRI"],
    ["AGRI", "AGRI"],
    [" agrimacc ", "AGRI"],
    ["macc", "MACC"],
    ["MACC", "MACC"],
    ["", null],
    ["dark", null],
    [null, null],
    [undefined, null],
  ])("%j → %j", (value, theme) => {
    expect(parseThemeAttribute(value)).toBe(theme);
  });
});

describe("showsInvoices (FRA, AGR, FIL, EXP; always in AGRI)", () => {
  const expected: Record<(typeof NETWORK_CODES)[number], boolean> = {
    FRA: true,
    AGR: true,
    FIL: true,
    EXP: true,
    BLG: false,
    GBR: false,
    ESP: false,
    ITA: false,
  };

  it.each(NETWORK_CODES.map((code) => [code, expected[code]] as const))("MACC theme, %s → %s", (code, shown) => {
    expect(showsInvoices(code, "MACC")).toBe(shown);
  });

  it.each([...NETWORK_CODES, null, undefined, "XYZ"].map((code) => [code]))("AGRI theme, %j → true", (code) => {
    expect(showsInvoices(code, "AGRI")).toBe(true);
  });

  it.each([[null], [undefined], [""], ["fra"]])("MACC theme, %j → false", (code) => {
    expect(showsInvoices(code, "MACC")).toBe(false);
  });
});
