import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  APP_VERSION,
  DEFAULT_LOCALE,
  FRESHNESS_YEARS,
  INVOICE_NETWORKS,
  IS_LOGGED_COOKIE,
  LOCALES,
  NETWORK_CODES,
  PASSWORD_MIN_LENGTH,
  THEMES,
  TOAST_DURATION_MS,
} from "./constants";

describe("SPEC §9 business constants", () => {
  it.each<[string, unknown, unknown]>([
    ["default locale", DEFAULT_LOCALE, "fr-FR"],
    ["freshness years (anneeLimite)", FRESHNESS_YEARS, 3],
    ["minimum password length", PASSWORD_MIN_LENGTH, 8],
    ["info toast", TOAST_DURATION_MS.info, 5_000],
    ["success toast", TOAST_DURATION_MS.success, 5_000],
    ["error toast", TOAST_DURATION_MS.error, 15_000],
    ["logged-in cookie name", IS_LOGGED_COOKIE, "isLogged"],
  ])("%s", (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("shows the release declared in package.json (npm version copies it)", () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(APP_VERSION).toBe(version);
  });

  it("offers exactly the 10 locales of the spec", () => {
    expect([...LOCALES].sort()).toEqual(["fr-FR", "fr-BE", "fr-LU", "de-BE", "de-LU", "en-GB", "es-ES", "it-IT", "nl-BE", "nl-NL"].sort());
  });

  it("knows exactly the network codes of SPEC §3", () => {
    expect([...NETWORK_CODES].sort()).toEqual(["AGR", "BLG", "ESP", "EXP", "FIL", "FRA", "GBR", "ITA"]);
  });

  it("shows invoices for FRA, AGR, FIL, EXP", () => {
    expect([...INVOICE_NETWORKS].sort()).toEqual(["AGR", "EXP", "FIL", "FRA"]);
  });

  it("has the two themes MACC and AGRI", () => {
    expect([...THEMES].sort()).toEqual(["AGRI", "MACC"]);
  });
});
