import { describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH as FROM_CONSTANTS } from "./constants";
import { isCommonPassword, PASSWORD_MIN_LENGTH, passwordProblems, type PasswordProblem } from "./password-rules";

describe("passwordProblems", () => {
  it("re-exports the minimum length of the constants", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(FROM_CONSTANTS);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it.each<[string, PasswordProblem[]]>([
    ["Macc2026!", []],
    ["Abcdefg1", ["common"]],
    ["Tournesol77", []],
    ["Password1", ["common"]],
    ["PASSWORD2026!", ["lowercase"]],
    ["Passw0rd2026!", ["common"]],
    ["Azerty123?", ["common"]],
    ["Bonjour2026", ["common"]],
    ["Wachtwoord1", ["common"]],
    ["1Q2w3e4r", ["common"]],
    ["Azerty123x", []],
    ["MonAzerty123", []],
    ["ÉtéChaud9", []],
    ["Straße12X", []],
    ["Ab1", ["length"]],
    ["Abcdef1", ["length"]],
    ["abcdefg1", ["uppercase"]],
    ["ABCDEFG1", ["lowercase"]],
    ["Abcdefgh", ["digit"]],
    ["", ["length", "uppercase", "lowercase", "digit"]],
    ["12345678", ["uppercase", "lowercase"]],
    ["éééééééé1", ["uppercase"]],
    ["ÉÉÉÉÉÉÉÉ1", ["lowercase"]],
    ["        ", ["uppercase", "lowercase", "digit"]],
    ["Aé1😀😀😀😀😀", []],
    ["Aé1😀😀😀😀", ["length"]],
  ])("%j → %j", (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it.each<[string, boolean]>([
    ["Password1", true],
    ["pAsSwOrD99", true],
    ["Contraseña2024", true],
    ["Soleil2025…", true],
    ["Soleil-2025", false],
    ["Macc2026!", false],
    ["Password", false],
  ])("isCommonPassword(%j) → %s", (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});
