import { describe, expect, it } from "vitest";
import { formatIban, ibanLength, ibanProblem, isValidIban, normaliseIban, type IbanProblem } from "./iban";

describe("ibanProblem", () => {
  it.each<[string, string, IbanProblem | null]>([
    ["France", "FR76 3000 6000 0112 3456 7890 189", null],
    ["France, as one block", "FR7630006000011234567890189", null],
    ["France, lower case with dashes", "fr76-3000-6000-0112-3456-7890-189", null],
    ["France, pasted with its label", "IBAN FR76 3000 6000 0112 3456 7890 189", null],
    ["France, no-break spaces", "FR76\u00a03000\u202f6000 0112 3456 7890 189", null],
    ["Belgium", "BE68 5390 0754 7034", null],
    ["Germany", "DE89 3704 0044 0532 0130 00", null],
    ["United Kingdom", "GB29 NWBK 6016 1331 9268 19", null],
    ["Netherlands", "NL91 ABNA 0417 1643 00", null],
    ["Luxembourg", "LU28 0019 4006 4475 0000", null],
    ["Spain", "ES91 2100 0418 4502 0005 1332", null],
    ["Italy", "IT60 X054 2811 1010 0000 0123 456", null],
    ["Norway, the shortest", "NO93 8601 1117 947", null],
    ["empty", "", "required"],
    ["only spaces", "   ", "required"],
    ["a letter in the check digits", "FR7A 3000 6000 0112 3456 7890 189", "characters"],
    ["a stray character", "FR76 3000 6000 0112 3456 7890 18*", "characters"],
    ["no country", "7630006000011234567890189", "characters"],
    ["a country without IBANs", "US12 3456 7890 1234 5678 90", "country"],
    ["France, one digit missing", "FR76 3000 6000 0112 3456 7890 18", "length"],
    ["France, one digit too many", "FR76 3000 6000 0112 3456 7890 1890", "length"],
    ["France, one digit changed", "FR76 3000 6000 0112 3456 7890 188", "checksum"],
    ["France, two digits swapped", "FR76 3000 6000 0112 3456 7890 198", "checksum"],
    ["Belgium, wrong check digits", "BE69 5390 0754 7034", "checksum"],
  ])("%s: %s → %s", (_label, input, expected) => {
    expect(ibanProblem(input)).toBe(expected);
    expect(isValidIban(input)).toBe(expected === null);
  });
});

describe("normaliseIban and formatIban", () => {
  it.each<[string, string, string]>([
    [" fr76 3000 6000 0112 3456 7890 189 ", "FR7630006000011234567890189", "FR76 3000 6000 0112 3456 7890 189"],
    ["IBAN: BE68-5390-0754-7034", "BE68539007547034", "BE68 5390 0754 7034"],
    ["NO9386011117947", "NO9386011117947", "NO93 8601 1117 947"],
    ["", "", ""],
  ])("%j → %s → %s", (input, normalised, formatted) => {
    expect(normaliseIban(input)).toBe(normalised);
    expect(formatIban(input)).toBe(formatted);
  });
});

describe("ibanLength", () => {
  it.each<[string, number | null]>([
    ["FR", 27],
    ["fr", 27],
    ["BE", 16],
    ["GB", 22],
    ["US", null],
  ])("%s → %s", (country, length) => expect(ibanLength(country)).toBe(length));
});
