import { describe, expect, it } from "vitest";
import { BankDetailsChange } from "./bank-details";
import { verdict, type RuleProblem } from "./rules";

const VALID = "FR76 3000 6000 0112 3456 7890 189";

describe("BankDetailsChange: the change form's verdict, the API's too", () => {
  it.each<[string, Record<string, unknown>, Array<Pick<RuleProblem, "path" | "rule">>]>([
    [
      "nothing",
      {},
      [
        { path: "iban", rule: "required" },
        { path: "intitule", rule: "required" },
      ],
    ],
    [
      "blanks",
      { iban: " . - ", intitule: "   " },
      [
        { path: "iban", rule: "required" },
        { path: "intitule", rule: "required" },
      ],
    ],
    ["a wrong check digit", { iban: "FR76 3000 6000 0112 3456 7890 188", intitule: "A" }, [{ path: "iban", rule: "format" }]],
    ["a French IBAN one digit short", { iban: "FR76 3000 6000 0112 3456 7890 18", intitule: "A" }, [{ path: "iban", rule: "format" }]],
    ["a country without IBANs", { iban: "US76 3000 6000 0112 3456 7890 18", intitule: "A" }, [{ path: "iban", rule: "format" }]],
    ["a stray character", { iban: `${VALID}*`, intitule: "A" }, [{ path: "iban", rule: "format" }]],
    ["a holder of 71 characters", { iban: VALID, intitule: "A".repeat(71) }, [{ path: "intitule", rule: "tooLong" }]],
    [
      "not text",
      { iban: 76, intitule: ["A"] },
      [
        { path: "iban", rule: "notText" },
        { path: "intitule", rule: "notText" },
      ],
    ],
  ])("%s → %j", (_label, input, expected) => {
    const result = verdict(BankDetailsChange, input);
    expect(result.valid ? [] : result.problems.map(({ path, rule }) => ({ path, rule }))).toEqual(expected);
  });

  it("a valid change is normalised as it is stored: the IBAN in one block of capitals, the holder trimmed", () => {
    expect(verdict(BankDetailsChange, { iban: "fr76-3000-6000-0112-3456-7890-189", intitule: " A ", rib: "ignored" })).toEqual({
      valid: true,
      value: { iban: "FR7630006000011234567890189", intitule: "A" },
    });
  });
});
