/**
 * IBAN rules (ISO 13616), shared by the bank-details form and the API: normalise what a customer
 * typed or pasted, check its country's length and its mod-97 check digits, show it grouped by four.
 */

/** IBAN length per country, from the SWIFT IBAN registry. */
// prettier-ignore
const LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
};

/**
 * The IBAN as stored and sent: spaces, dashes and dots dropped (as printed, or pasted from a bank's
 * page, with or without its "IBAN" label), in capitals.
 */
export function normaliseIban(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s.\-\u00a0\u202f]/g, "")
    .replace(/^IBAN:?/, "");
}

export type IbanProblem = "required" | "characters" | "country" | "length" | "checksum";

/** What is wrong with an IBAN (as typed: it is normalised first), or null when it is valid. */
export function ibanProblem(input: string): IbanProblem | null {
  const iban = normaliseIban(input);
  if (!iban) return "required";
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return "characters";
  const length = LENGTHS[iban.slice(0, 2)];
  if (!length) return "country";
  if (iban.length !== length) return "length";
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? null : "checksum";
}

export function isValidIban(input: string): boolean {
  return ibanProblem(input) === null;
}

/** The expected length of a country's IBANs, or null for a country without IBANs. */
export function ibanLength(country: string): number | null {
  return LENGTHS[country.toUpperCase()] ?? null;
}

/** Letters count as 10–35; the remainder is taken digit by digit, so no big integers are needed. */
function mod97(value: string): number {
  let rest = 0;
  for (const char of value) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** "FR76 3000 6000 0112 3456 7890 189": the printed form, in groups of four. */
export function formatIban(input: string): string {
  return normaliseIban(input).replace(/(.{4})(?=.)/g, "$1 ");
}
