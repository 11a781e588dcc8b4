import { describe, expect, it } from "vitest";
import { checkMobile, MOBILE_EXAMPLE } from "./phone-rules";

describe("checkMobile", () => {
  it.each([
    // national forms
    ["FR", "06 12 34 56 78", "+33612345678"],
    ["FR", "07.12.34.56.78", "+33712345678"],
    ["FR", "0612345678", "+33612345678"],
    ["BE", "0470 12 34 56", "+32470123456"],
    ["BE", "0499/12.34.56", "+32499123456"],
    ["LU", "621 123 456", "+352621123456"],
    ["NL", "06-12345678", "+31612345678"],
    ["GB", "07700 900123", "+447700900123"],
    ["ES", "612 34 56 78", "+34612345678"],
    ["ES", "712345678", "+34712345678"],
    ["IT", "312 345 6789", "+393123456789"],
    ["IT", "312 345 678", "+39312345678"],
    ["DE", "0151 23456789", "+4915123456789"],
    // international forms, of the company's country or another one we serve
    ["FR", "+33 6 12 34 56 78", "+33612345678"],
    ["FR", "+33 (0)6 12 34 56 78", "+33612345678"],
    ["FR", "0033 6 12 34 56 78", "+33612345678"],
    ["FR", "+32 470 12 34 56", "+32470123456"],
    ["BE", "+352 621 123 456", "+352621123456"],
    ["GB", "+44 7700 900123", "+447700900123"],
    ["NL", "+31\u00a06\u00a012345678", "+31612345678"],
  ])("%s %j is the mobile %s", (country, input, e164) => {
    expect(checkMobile(country, input)).toEqual({ valid: true, e164 });
  });

  it.each([
    ["FR", "", "empty"],
    ["FR", "01 23 45 67 89", "a French landline"],
    ["FR", "6 12 34 56 78", "no trunk prefix"],
    ["FR", "06 12 34 56 7", "one digit short"],
    ["FR", "06 12 34 56 789", "one digit too many"],
    ["BE", "02 123 45 67", "a Brussels landline"],
    ["LU", "0621 123 456", "a trunk prefix Luxembourg does not use"],
    ["NL", "020 123 4567", "an Amsterdam landline"],
    ["GB", "020 7946 0018", "a London landline"],
    ["ES", "912 345 678", "a Madrid landline"],
    ["IT", "06 1234 5678", "a Rome landline"],
    ["FR", "+1 202 555 0143", "a country the group does not serve"],
    ["FR", "+33 1 23 45 67 89", "an international landline"],
    ["FR", "06 12 34 56 7a", "a letter"],
    ["FR", "<script>", "markup"],
    ["FR", "0".repeat(41), "over 40 characters"],
    ["US", "0612345678", "an unknown country in national form"],
    ["__proto__", "0612345678", "not a country at all"],
  ])("%s %j is refused (%s)", (country, input) => {
    expect(checkMobile(country, input)).toEqual({ valid: false });
  });

  it.each(Object.entries(MOBILE_EXAMPLE))("the example for %s is valid", (country, example) => {
    expect(checkMobile(country, example).valid).toBe(true);
  });
});
