import { describe, expect, it } from "vitest";
import {
  checkCompanyNumber,
  COMPANY_NUMBER_EXAMPLE,
  normalizeCompanyNumber,
  type CompanyCountry,
  type CompanyNumberKind,
} from "./company-numbers";

describe("normalizeCompanyNumber", () => {
  it.each([
    [" 552 100 554 ", "552100554"],
    ["be 0403.170.701", "BE0403170701"],
    ["B-123/45", "B12345"],
    ["fr\u00a040 303 265 045", "FR40303265045"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeCompanyNumber(input)).toBe(expected);
  });
});

const VALID: [CompanyCountry, string, CompanyNumberKind][] = [
  // France: SIREN, SIRET, VAT
  ["FR", "552100554", "siren"], // demo registration company
  ["FR", "552 100 554", "siren"],
  ["FR", "732829320", "siren"],
  ["FR", "542051180", "siren"],
  ["FR", "55210055400013", "siret"],
  ["FR", "732 829 320 00074", "siret"],
  ["FR", "35600000049837", "siret"], // La Poste: digit sum multiple of 5
  ["FR", "35600000000048", "siret"],
  ["FR", "FR40303265045", "vat"],
  ["FR", "FR 44 732829320", "vat"],
  ["FR", "fr40303265045", "vat"],
  // Belgium: enterprise number, with BE prefix = VAT
  ["BE", "0403170701", "national"],
  ["BE", "0403.170.701", "national"],
  ["BE", "0417.497.106", "national"],
  ["BE", "BE0417497106", "vat"],
  ["BE", "BE 0403.170.701", "vat"],
  ["BE", "BE0456.789.133", "vat"], // demo seed
  // Luxembourg
  ["LU", "LU15027442", "vat"],
  ["LU", "LU 26375245", "vat"],
  ["LU", "B6307", "national"],
  ["LU", "B 123456", "national"],
  // Netherlands
  ["NL", "33014286", "national"],
  ["NL", "17001910", "national"],
  ["NL", "NL004495445B01", "vat"],
  ["NL", "NL 8060.21.224.B01", "vat"],
  // United Kingdom
  ["GB", "00445790", "national"],
  ["GB", "09876543", "national"],
  ["GB", "SC123456", "national"],
  ["GB", "NI000123", "national"],
  ["GB", "OC301540", "national"],
  ["GB", "R0000123", "national"],
  ["GB", "GB980780684", "vat"],
  ["GB", "GB 123 4567 89", "vat"],
  // Spain: CIF, DNI, NIE, with ES prefix = VAT
  ["ES", "A58818501", "national"],
  ["ES", "B99286320", "national"],
  ["ES", "A28017895", "national"],
  ["ES", "B-83142182", "national"],
  ["ES", "Q2826000H", "national"],
  ["ES", "12345678Z", "national"],
  ["ES", "X1234567L", "national"],
  ["ES", "ESA58818501", "vat"],
  ["ES", "ES B99286320", "vat"],
  // Italy
  ["IT", "00743110157", "national"],
  ["IT", "07643520567", "national"],
  ["IT", "IT00743110157", "vat"],
];

const INVALID: [CompanyCountry, string][] = [
  ["FR", ""],
  ["FR", "552100555"], // Luhn
  ["FR", "55210055"], // too short
  ["FR", "5521005540"], // 10 digits
  ["FR", "55210055400014"], // Luhn
  ["FR", "35600000012347"], // La Poste but digit sum not a multiple of 5
  ["FR", "55210055010001"], // digit sum multiple of 5, but not La Poste
  ["FR", "FR41303265045"], // wrong key
  ["FR", "FR40303265046"], // SIREN Luhn
  ["FR", "BE0417497106"], // other country
  ["FR", "ABCDEFGHI"],
  ["BE", "0417497107"], // mod 97
  ["BE", "2417497106"], // must start with 0 or 1
  ["BE", "417497106"], // 9 digits
  ["BE", "BE0417497107"],
  ["BE", "FR0417497106"],
  ["LU", "LU15027443"], // mod 89
  ["LU", "LU1502744"],
  ["LU", "15027442"],
  ["LU", "B"],
  ["LU", "B0"],
  ["LU", "A12345"],
  ["NL", "3301428"],
  ["NL", "330142861"],
  ["NL", "NL004495445B1"],
  ["NL", "NL004495445C01"],
  ["GB", "0044579"],
  ["GB", "004457901"],
  ["GB", "S1234567"],
  ["GB", "00000000"],
  ["GB", "GB98078068"],
  ["GB", "SC12345"],
  ["ES", "A58818502"], // control digit
  ["ES", "A5881850A"], // A must end with a digit
  ["ES", "Q2826000A"], // Q must end with a letter
  ["ES", "12345678A"], // DNI letter
  ["ES", "X1234567A"], // NIE letter
  ["ES", "I58818501"], // no CIF letter I
  ["ES", "FRA58818501"],
  ["IT", "00743110158"], // check digit
  ["IT", "0074311015"],
  ["IT", "00000000000"],
  ["IT", "IT0074311015"],
];

describe("checkCompanyNumber", () => {
  it.each(VALID)("%s %j is valid (%s)", (country, value, kind) => {
    const result = checkCompanyNumber(country, value);
    expect(result).toEqual({ valid: true, kind, normalized: normalizeCompanyNumber(value) });
  });

  it.each(INVALID)("%s %j is invalid", (country, value) => {
    const result = checkCompanyNumber(country, value);
    expect(result.valid).toBe(false);
    expect(result.kind).toBeNull();
    expect(result.normalized).toBe(normalizeCompanyNumber(value));
  });

  it("refuses absurdly long input", () => {
    expect(checkCompanyNumber("FR", "5".repeat(500)).valid).toBe(false);
  });

  it.each(Object.entries(COMPANY_NUMBER_EXAMPLE) as [CompanyCountry, string][])(
    "the %s example %j is valid",
    (country, example) => {
      expect(checkCompanyNumber(country, example).valid).toBe(true);
    },
  );
});
