import { describe, expect, it } from "vitest";
import { BankDetailsChange, repeatsDetailsInForce, type BankDetailsVersion } from "./bank-details";
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

describe("repeatsDetailsInForce: a change that only repeats the details in force", () => {
  const inForce: BankDetailsVersion = {
    id: "1",
    iban: "FR7630006000011234567890189",
    intitule: "Établissements Durand et Fils",
    submittedAt: "2026-01-02T10:00:00Z",
    validatedAt: "2026-01-03T10:00:00Z",
    document: { name: "rib.pdf", type: "pdf", size: 1000 },
  };
  it.each<[string, { iban: string; intitule: string }, BankDetailsVersion | null, boolean]>([
    [
      "the same, as typed with spaces and small letters",
      { iban: "fr76 3000 6000 0112 3456 7890 189", intitule: " établissements  durand et fils " },
      inForce,
      true,
    ],
    ["another IBAN", { iban: "FR1420041010050500013M02606", intitule: inForce.intitule }, inForce, false],
    ["another holder", { iban: inForce.iban, intitule: "Durand et Fils SARL" }, inForce, false],
    ["no details in force yet", { iban: inForce.iban, intitule: inForce.intitule }, null, false],
    [
      "the same, with no RIB on file: sends the missing document",
      { iban: inForce.iban, intitule: inForce.intitule },
      { ...inForce, document: null },
      false,
    ],
  ])("%s → %s", (_label, change, current, repeats) => {
    expect(repeatsDetailsInForce(change, current)).toBe(repeats);
  });
});
