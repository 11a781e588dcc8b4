/**
 * Postcode and phone rules of the personal data form, shared by the form and the API so that both
 * always agree.
 */

const POSTCODES: Record<string, RegExp> = {
  FR: /^\d{5}$/,
  BE: /^\d{4}$/,
  LU: /^(?:L-?)?\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  DE: /^\d{5}$/,
  GB: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
};

/** A postcode of the countries the group serves; elsewhere, anything up to 12 characters. */
export function isValidPostcode(country: string, value: string): boolean {
  const rule = POSTCODES[country];
  return rule ? rule.test(value.toUpperCase()) : value.length <= 12;
}

/** Digits, spaces, + . - ( ) and 6 to 20 digits. */
export function isValidPhone(value: string): boolean {
  if (!/^[\d\s+.\-()]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 20;
}
