import { describe, expect, it } from "vitest";
import { isValidPhone, isValidPostcode } from "./address-rules";

describe("postcodes", () => {
  it.each<[string, string, boolean]>([
    ["FR", "49070", true],
    ["FR", "4907", false],
    ["BE", "5000", true],
    ["LU", "L-1234", true],
    ["LU", "1234", true],
    ["NL", "1234 AB", true],
    ["NL", "1234ab", true],
    ["NL", "1234 A", false],
    ["GB", "CV37 7NQ", true],
    ["GB", "GIR 0AA", true],
    ["GB", "CV37", false],
    ["ES", "28001", true],
    ["IT", "0018", false],
    ["DE", "10115", true],
    ["CH", "8001", true],
    ["CH", "1234567890123", false],
  ])("%s %s → %s", (country, value, valid) => {
    expect(isValidPostcode(country, value)).toBe(valid);
  });
});

describe("phone numbers", () => {
  it.each<[string, boolean]>([
    ["+33 6 12 34 56 78", true],
    ["02.41.22.10.00", true],
    ["+33 (0)2 41 22 10 00", true],
    ["(0)2 41", false],
    ["12345", false],
    ["+33 6 12 34 56 78 90 12 34 56 78", false],
    ["06 12 AB 56 78", false],
  ])("%s → %s", (value, valid) => {
    expect(isValidPhone(value)).toBe(valid);
  });
});
