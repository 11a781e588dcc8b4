import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ChangePasswordRequest, PasswordStateAnswer } from "./password";
import { verdict, type RuleProblem } from "./rules";

describe("ChangePasswordRequest", () => {
  const body = { ancienMotDePasse: "Macc2026!", nouveauMotDePasse: "Nouveau2026", confirmerMotDePasse: "Nouveau2026" };

  it.each<[string, unknown, RuleProblem[]]>([
    ["a whole body", body, []],
    // SPEC §5's rules and the confirmation are the API's and the form's own checks after the schema
    ["a weak new password", { ...body, nouveauMotDePasse: "abc", confirmerMotDePasse: "x" }, []],
    ["passwords are not trimmed", { ...body, ancienMotDePasse: "  " }, []],
    ["an empty current password", { ...body, ancienMotDePasse: "" }, [{ path: "ancienMotDePasse", rule: "required" }]],
    ["a password too long", { ...body, nouveauMotDePasse: "A1".repeat(129) }, [{ path: "nouveauMotDePasse", rule: "tooLong", limit: 256 }]],
    [
      "missing fields, in form order",
      {},
      [
        { path: "ancienMotDePasse", rule: "required" },
        { path: "nouveauMotDePasse", rule: "required" },
        { path: "confirmerMotDePasse", rule: "required" },
      ],
    ],
    [
      "wrong types",
      { ancienMotDePasse: 1, nouveauMotDePasse: true, confirmerMotDePasse: null },
      [
        { path: "ancienMotDePasse", rule: "notText" },
        { path: "nouveauMotDePasse", rule: "notText" },
        { path: "confirmerMotDePasse", rule: "required" },
      ],
    ],
    ["not an object", "x", [{ path: "", rule: "format", message: "Le corps de la requête doit être un objet JSON." }]],
  ])("%s", (_label, input, problems) => {
    const result = verdict(ChangePasswordRequest, input);
    expect(result.valid ? [] : result.problems).toEqual(problems);
  });
});

describe("PasswordStateAnswer", () => {
  it.each<[unknown, boolean]>([
    [{ modifiable: true }, true],
    [{ modifiable: false }, true],
    [{}, false],
    [{ modifiable: "false" }, false],
  ])("%j → %s", (answer, valid) => {
    expect(v.safeParse(PasswordStateAnswer, answer).success).toBe(valid);
  });
});
