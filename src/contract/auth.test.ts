import { describe, expect, it } from "vitest";
import { LoginRequest } from "./auth";
import { verdict, type RuleProblem } from "./rules";

describe("LoginRequest", () => {
  const problems = (email: string, password: string) => {
    const result = verdict(LoginRequest, { email, password });
    return result.valid ? [] : result.problems;
  };

  it.each<[string, string, RuleProblem[]]>([
    ["jean@example.test", "Secret123", []],
    ["  jean@example.test  ", "x", []],
    ["jean.dupont+macc@ferme.co.uk", "a", []],
    ["", "Secret123", [{ path: "email", rule: "required" }]],
    ["   ", "Secret123", [{ path: "email", rule: "required" }]],
    ["jean", "Secret123", [{ path: "email", rule: "email" }]],
    ["jean@example", "Secret123", [{ path: "email", rule: "email" }]],
    ["@example.test", "Secret123", [{ path: "email", rule: "email" }]],
    ["jean @example.test", "Secret123", [{ path: "email", rule: "email" }]],
    ["jean@@example.test", "Secret123", [{ path: "email", rule: "email" }]],
    [`${"j".repeat(250)}@example.test`, "Secret123", [{ path: "email", rule: "tooLong", limit: 254 }]],
    ["jean@example.test", "", [{ path: "password", rule: "required" }]],
    ["jean@example.test", "x".repeat(1025), [{ path: "password", rule: "tooLong", limit: 1024 }]],
    [
      "",
      "",
      [
        { path: "email", rule: "required" },
        { path: "password", rule: "required" },
      ],
    ],
    [
      "nope",
      "",
      [
        { path: "email", rule: "email" },
        { path: "password", rule: "required" },
      ],
    ],
  ])("email %j, password %j → %j", (email, password, expected) => {
    expect(problems(email, password)).toEqual(expected);
  });

  it("trims and lower-cases the e-mail; a password of spaces is not empty (the server decides)", () => {
    expect(verdict(LoginRequest, { email: " Jean@Example.TEST ", password: "   " })).toEqual({
      valid: true,
      value: { email: "jean@example.test", password: "   " },
    });
  });
});
