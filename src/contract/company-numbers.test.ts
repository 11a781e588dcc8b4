import { describe, expect, it } from "vitest";
import {
  checkCompanyNumber,
  COMPANY_COUNTRIES,
  COMPANY_NUMBER_EXAMPLE,
  isCompanyCountry,
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
  ["FR", "FR23334175221", "vat"],
  ["FR", "FRK7399859412", "vat"], // new-style key, letter first
  ["FR", "FR4Z123456782", "vat"], // new-style key, digit first
  ["FR", "FR53000004605", "vat"], // Monaco: no SIREN behind the key
  ["FR", "35600000009075", "siret"], // La Poste
  ["FR", "30206838200050", "siret"],
  ["FR", "314 901 323 00043", "siret"],
  ["FR", "775.563.232.00104", "siret"],
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
  ["NL", "NL004495445B01", "vat"], // mod 11
  ["NL", "NL 0044.95.445.B01", "vat"],
  ["NL", "NL002455799B11", "vat"], // mod 97, numbers issued since 2020
  // United Kingdom
  ["GB", "00445790", "national"],
  ["GB", "09876543", "national"],
  ["GB", "SC123456", "national"],
  ["GB", "NI000123", "national"],
  ["GB", "OC301540", "national"],
  ["GB", "R0000123", "national"],
  ["GB", "GB980780684", "vat"], // mod 97
  ["GB", "GB 002 4257 28", "vat"],
  ["GB", "GB 100 1950 75", "vat"], // mod 9755
  ["GB", "GB100190874", "vat"],
  ["GB", "GB 362 5866 29", "vat"],
  ["GB", "GB 770 381 235", "vat"],
  ["GB", "GB242338087388", "vat"], // branch trader
  ["GB", "XI980780684", "vat"], // Northern Ireland
  ["GB", "GBGD100", "vat"], // government department
  ["GB", "GBHA501", "vat"], // health authority
  ["GB", "GBGD888810003", "vat"],
  ["GB", "GBHA888856782", "vat"],
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
  ["IT", "IT 01114601006", "vat"], // office code 100
  ["IT", "00000011205", "national"], // office code 120
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
  ["FR", "FR84323140391"], // key
  ["FR", "FRK7399859413"], // new-style key: SIREN Luhn
  ["FR", "FRK8399859412"], // new-style key
  ["FR", "FRIO334175221"], // no I or O in keys
  ["FR", "35600000049838"], // La Poste: digit sum
  ["FR", "55210055500010"], // SIRET Luhn right, SIREN 552100555 wrong
  ["FR", "12345678900007"], // idem
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
  ["NL", "NL 8060.21.224.B01"], // neither mod 11 nor mod 97 (was accepted on its format)
  ["NL", "NL123456789B90"],
  ["NL", "NL004495446B01"], // mod 11
  ["NL", "NL002455799B12"], // mod 97
  ["NL", "NL004495445B00"], // suffix 00
  ["NL", "NL000000000B01"],
  ["GB", "0044579"],
  ["GB", "004457901"],
  ["GB", "S1234567"],
  ["GB", "00000000"],
  ["GB", "GB98078068"],
  ["GB", "SC12345"],
  ["GB", "GB 123 4567 89"], // neither mod 97 nor mod 9755 (was accepted on its format)
  ["GB", "GB802311781"], // check digits
  ["GB", "GB001234567"], // below 100: mod 97 only
  ["GB", "GB9807806842"], // 10 digits
  ["GB", "GB9807806B4"],
  ["GB", "GBGD600"], // government departments are below 500
  ["GB", "GBHA201"], // health authorities 500 and up
  ["GB", "GBZZ100"],
  ["GB", "GBGD888860018"],
  ["GB", "GBHA888820107"],
  ["GB", "GBHA888856700"], // mod 97
  ["GB", "GBGD8888567B2"],
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
  ["IT", "00000001008"], // company number all zeros
  ["IT", "12345671015"], // office code 101 does not exist (Luhn right)
  ["IT", "IT12345671239"], // office code 123 (Luhn right)
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

  it.each(Object.entries(COMPANY_NUMBER_EXAMPLE) as [CompanyCountry, string][])("the %s example %j is valid", (country, example) => {
    expect(checkCompanyNumber(country, example).valid).toBe(true);
  });
});

describe("COMPANY_COUNTRIES", () => {
  it("lists every checked country once, in the order the registration form offers them", () => {
    expect(COMPANY_COUNTRIES).toEqual(["FR", "BE", "LU", "NL", "GB", "ES", "IT"]);
    expect(COMPANY_COUNTRIES.every(isCompanyCountry)).toBe(true);
  });
});
