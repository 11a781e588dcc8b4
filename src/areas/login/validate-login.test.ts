import { describe, expect, it } from "vitest";
import { validateLogin, type LoginRule } from "./validate-login";

describe("validateLogin", () => {
  it.each<[string, string, LoginRule[]]>([
    ["jean@example.test", "Secret123", []],
    ["  jean@example.test  ", "x", []],
    ["jean.dupont+macc@ferme.co.uk", "a", []],
    ["", "Secret123", [{ field: "email", rule: "required" }]],
    ["   ", "Secret123", [{ field: "email", rule: "required" }]],
    ["jean", "Secret123", [{ field: "email", rule: "format" }]],
    ["jean@example", "Secret123", [{ field: "email", rule: "format" }]],
    ["@example.test", "Secret123", [{ field: "email", rule: "format" }]],
    ["jean @example.test", "Secret123", [{ field: "email", rule: "format" }]],
    ["jean@@example.test", "Secret123", [{ field: "email", rule: "format" }]],
    ["jean@example.test", "", [{ field: "password", rule: "required" }]],
    [
      "",
      "",
      [
        { field: "email", rule: "required" },
        { field: "password", rule: "required" },
      ],
    ],
    [
      "nope",
      "",
      [
        { field: "email", rule: "format" },
        { field: "password", rule: "required" },
      ],
    ],
  ])("email %j, password %j → %j", (email, password, problems) => {
    expect(validateLogin({ email, password })).toEqual(problems);
  });

  it("a password of spaces is not empty (the server decides)", () => {
    expect(validateLogin({ email: "a@b.co", password: "   " })).toEqual([]);
  });
});
