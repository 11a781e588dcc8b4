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
  return value
    .trim()
    .replace(/[\s.\-/\u00a0\u202f]/g, "")
    .toUpperCase();
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

const digitSum = (s: string) => [...s].reduce((sum, ch) => sum + ch.charCodeAt(0) - 48, 0);

/** SIRET = SIREN + 5-digit establishment number: both parts carry their own Luhn check. */
function isSiret(s: string): boolean {
  if (!/^\d{14}$/.test(s) || !isSiren(s.slice(0, 9))) return false;
  // La Poste establishments (SIREN 356 000 000, except its head office): digit sum multiple of 5 instead.
  if (s.startsWith("356000000") && s !== "35600000000048") return digitSum(s) % 5 === 0;
  return luhn(s);
}

/** Letters of new-style French VAT keys (no I or O). */
const FR_VAT_ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";

function isFrenchVat(s: string): boolean {
  const m = /^FR([0-9A-HJ-NP-Z]{2})(\d{9})$/.exec(s);
  if (!m) return false;
  const [, key = "", siren = ""] = m;
  if (!siren.startsWith("000") && !isSiren(siren)) return false; // Monaco numbers (000…) are no SIREN
  if (/^\d{2}$/.test(key)) return Number(key) === (12 + 3 * mod(siren, 97)) % 97;
  // New-style keys (at least one letter), as the tax administration computes them.
  const [first, second] = [FR_VAT_ALPHABET.indexOf(key[0] ?? ""), FR_VAT_ALPHABET.indexOf(key[1] ?? "")];
  const check = first < 10 ? first * 24 + second - 10 : first * 34 + second - 100;
  return (mod(siren, 11) + 1 + Math.floor(check / 11)) % 11 === check % 11;
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

/** Dutch VAT: 9 digits, B, 2-digit suffix; the 9 digits pass the mod-11 rule (RSIN/BSN numbers)
 * or, for numbers issued since 2020, the whole number passes ISO 7064 mod 97 like an IBAN. */
function isDutchVat(s: string): boolean {
  const m = /^NL(\d{9})B(\d{2})$/.exec(s);
  if (!m) return false;
  const [, body = "", suffix = ""] = m;
  if (/^0+$/.test(body) || suffix === "00") return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (9 - i) * (body.charCodeAt(i) - 48);
  if ((sum - (body.charCodeAt(8) - 48)) % 11 === 0) return true;
  return mod(`2321${body}11${suffix}`, 97) === 1; // N = 23, L = 21, B = 11
}

function checkNL(s: string): CompanyNumberKind | null {
  if (/^\d{8}$/.test(s)) return "national"; // KvK
  return isDutchVat(s) ? "vat" : null;
}

const GB_VAT_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 1];

/** UK VAT (GB, or XI for Northern Ireland): 9 digits (12 for a branch) under the mod-97 rule, or the
 * newer mod-9755 rule (remainder 42 or 55) for numbers from 100 upwards; GD (government departments,
 * below 500) and HA (health authorities, 500 and up), short or in their EU form 8888 + number + mod 97. */
function isBritishVat(s: string): boolean {
  const m = /^(?:GB|XI)(.+)$/.exec(s);
  const n = m?.[1] ?? "";
  const standard = /^(\d{9})(\d{3})?$/.exec(n);
  if (standard) {
    const digits = standard[1] ?? "";
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += (GB_VAT_WEIGHTS[i] ?? 0) * (digits.charCodeAt(i) - 48);
    const r = sum % 97;
    return r === 0 || (Number(digits.slice(0, 3)) >= 100 && (r === 42 || r === 55));
  }
  const agency = /^(GD|HA)(?:8888(\d{3})(\d{2})|(\d{3}))$/.exec(n);
  if (!agency) return false;
  const [, type, euNumber, euCheck, shortNumber] = agency;
  const number = Number(euNumber ?? shortNumber);
  if ((type === "GD") !== number < 500) return false;
  return euNumber === undefined || number % 97 === Number(euCheck);
}

function checkGB(s: string): CompanyNumberKind | null {
  if (/^(\d{8}|[A-Z]{2}\d{6}|R0\d{6})$/.test(s) && !/^0{8}$/.test(s)) return "national"; // Companies House
  return isBritishVat(s) ? "vat" : null;
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

/** Partita IVA: 7-digit company number (not all zeros), 3-digit office code (001–100, 120, 121,
 * 888, 999), Luhn check digit. */
function isPartitaIva(s: string): boolean {
  const m = /^(\d{7})(\d{3})\d$/.exec(s);
  if (!m || /^0+$/.test(m[1] ?? "")) return false;
  const office = Number(m[2]);
  return ((office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office)) && luhn(s);
}

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

/** The countries whose company numbers are checked, in the order forms offer them. */
export const COMPANY_COUNTRIES = Object.keys(CHECKS) as CompanyCountry[];

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
