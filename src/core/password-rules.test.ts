import { describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH as FROM_CONSTANTS } from "./constants";
import { PASSWORD_MIN_LENGTH, passwordProblems, type PasswordProblem } from "./password-rules";

describe("passwordProblems", () => {
  it("re-exports the minimum length of the constants", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(FROM_CONSTANTS);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it.each<[string, PasswordProblem[]]>([
    ["Macc2026!", []],
    ["Abcdefg1", []],
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
});
