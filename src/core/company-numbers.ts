/**
 * Company registration and VAT numbers of the countries the group serves: format and check-digit
 * rules, shared by the forms and the reference API. Pure functions, no dependencies.
 */

export type CompanyCountry = "FR" | "BE" | "LU" | "NL" | "GB" | "ES" | "IT";
export type CompanyNumberKind = "siren" | "siret" | "national" | "vat";

export interface CompanyNumberCheck {
  valid: boolean;
  /** What the number is when valid, else null. */
  kind: CompanyNumberKind | null;
  normalized: string;
}

/** Trims, removes spaces (including non-breaking ones) and the separators . - /, upper-cases. */
export function normalizeCompanyNumber(value: string): string {
  return value.trim().replace(/[\s.\-/\u00a0\u202f]/g, "").toUpperCase();
}

/** A valid example per country, to show as a hint. */
export const COMPANY_NUMBER_EXAMPLE: Record<CompanyCountry, string> = {
  FR: "552 100 554 00013",
  BE: "0403.170.701",
  LU: "LU15027442",
  NL: "33014286",
  GB: "00445790",
  ES: "A58818501",
  IT: "00743110157",
};

/** Luhn check over a string of digits (SIREN, SIRET, partita IVA). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Remainder of a long decimal string (avoids precision loss beyond 2^53). */
function mod(digits: string, m: number): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + (ch.charCodeAt(0) - 48)) % m;
  return r;
}

const isSiren = (s: string) => /^\d{9}$/.test(s) && luhn(s);

function isSiret(s: string): boolean {
  if (!/^\d{14}$/.test(s)) return false;
  if (luhn(s)) return true;
  // La Poste establishments (SIREN 356 000 000): the digit sum is a multiple of 5 instead.
  if (s.startsWith("356000000")) {
    let sum = 0;
    for (const ch of s) sum += ch.charCodeAt(0) - 48;
    return sum % 5 === 0;
  }
  return false;
}

function isFrenchVat(s: string): boolean {
  const m = /^FR([0-9A-HJ-NP-Z]{2})(\d{9})$/.exec(s);
  if (!m) return false;
  const [, key = "", siren = ""] = m;
  if (!isSiren(siren)) return false;
  if (/^\d{2}$/.test(key)) return Number(key) === (12 + 3 * mod(siren, 97)) % 97;
  return true; // alphanumeric keys (newer numbers): format only
}

function checkFR(s: string): CompanyNumberKind | null {
  if (isSiren(s)) return "siren";
  if (isSiret(s)) return "siret";
  if (isFrenchVat(s)) return "vat";
  return null;
}

function isBelgianEnterprise(ten: string): boolean {
  if (!/^[01]\d{9}$/.test(ten)) return false;
  return 97 - mod(ten.slice(0, 8), 97) === Number(ten.slice(8));
}

function checkBE(s: string): CompanyNumberKind | null {
  if (s.startsWith("BE")) return isBelgianEnterprise(s.slice(2)) ? "vat" : null;
  return isBelgianEnterprise(s) ? "national" : null;
}

function checkLU(s: string): CompanyNumberKind | null {
  const vat = /^LU(\d{6})(\d{2})$/.exec(s);
  if (vat) return mod(vat[1] ?? "", 89) === Number(vat[2]) ? "vat" : null;
  if (/^B\d{1,6}$/.test(s) && !/^B0+$/.test(s)) return "national"; // RCS Luxembourg
  return null;
}

function checkNL(s: string): CompanyNumberKind | null {
  if (/^\d{8}$/.test(s)) return "national"; // KvK
  if (/^NL\d{9}B\d{2}$/.test(s)) return "vat";
  return null;
}

function checkGB(s: string): CompanyNumberKind | null {
  if (/^(\d{8}|[A-Z]{2}\d{6}|R0\d{6})$/.test(s) && !/^0{8}$/.test(s)) return "national"; // Companies House
  if (/^GB\d{9}$/.test(s)) return "vat";
  return null;
}

const CIF_LETTERS = "JABCDEFGHI";
const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** Spanish CIF (company), DNI or NIE (individuals): the NIF forms a business may hold. */
function isSpanishNif(s: string): boolean {
  const cif = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(s);
  if (cif) {
    const [, letter = "", body = "", control = ""] = cif;
    let sum = 0;
    for (let i = 0; i < 7; i++) {
      const d = body.charCodeAt(i) - 48;
      if (i % 2 === 0) {
        const doubled = d * 2;
        sum += Math.floor(doubled / 10) + (doubled % 10);
      } else sum += d;
    }
    const digit = (10 - (sum % 10)) % 10;
    const asLetter = CIF_LETTERS[digit];
    if ("KPQSNW".includes(letter)) return control === asLetter;
    if ("ABEH".includes(letter)) return control === String(digit);
    return control === String(digit) || control === asLetter;
  }
  const dni = /^(\d{8})([A-Z])$/.exec(s);
  if (dni) return DNI_LETTERS[Number(dni[1]) % 23] === dni[2];
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(s);
  if (nie) return DNI_LETTERS[Number(`${"XYZ".indexOf(nie[1] ?? "")}${nie[2]}`) % 23] === nie[3];
  return false;
}

function checkES(s: string): CompanyNumberKind | null {
  if (s.startsWith("ES") && isSpanishNif(s.slice(2))) return "vat";
  return isSpanishNif(s) ? "national" : null;
}

const isPartitaIva = (s: string) => /^\d{11}$/.test(s) && !/^0{11}$/.test(s) && luhn(s);

function checkIT(s: string): CompanyNumberKind | null {
  if (isPartitaIva(s)) return "national";
  if (s.startsWith("IT") && isPartitaIva(s.slice(2))) return "vat";
  return null;
}

const CHECKS: Record<CompanyCountry, (normalized: string) => CompanyNumberKind | null> = {
  FR: checkFR,
  BE: checkBE,
  LU: checkLU,
  NL: checkNL,
  GB: checkGB,
  ES: checkES,
  IT: checkIT,
};

export function isCompanyCountry(value: unknown): value is CompanyCountry {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(CHECKS, value);
}

/** Checks `value` against the rules of `country`; `normalized` is returned even when invalid. */
export function checkCompanyNumber(country: CompanyCountry, value: string): CompanyNumberCheck {
  const normalized = normalizeCompanyNumber(value);
  const check = CHECKS[country] as ((n: string) => CompanyNumberKind | null) | undefined; // JS callers
  const kind = check && normalized.length <= 20 ? check(normalized) : null;
  return { valid: kind !== null, kind, normalized };
}
