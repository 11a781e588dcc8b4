/**
 * Mobile numbers of the countries the group serves, checked the same way by the basket form and by
 * the API, and written in the international form (E.164) an SMS gateway needs. Pure functions.
 *
 * A number is accepted in the country's national form ("06 12 34 56 78" in France) or in the
 * international form of any of these countries ("+32 470 12 34 56", "0032 …", "+33 (0)6 …"): a
 * customer of a French company may well give a Belgian mobile.
 */

interface MobileRule {
  callingCode: string;
  /** National (trunk) prefix dropped in the international form; "" where there is none. */
  trunk: "0" | "";
  /** The mobile ranges, as the national significant number (without trunk prefix). */
  mobile: RegExp;
}

const RULES: Record<string, MobileRule> = {
  FR: { callingCode: "33", trunk: "0", mobile: /^[67]\d{8}$/ },
  BE: { callingCode: "32", trunk: "0", mobile: /^4[5-9]\d{7}$/ },
  LU: { callingCode: "352", trunk: "", mobile: /^6\d{8}$/ },
  NL: { callingCode: "31", trunk: "0", mobile: /^6[1-5]\d{7}$/ },
  DE: { callingCode: "49", trunk: "0", mobile: /^1[5-7]\d{8,9}$/ },
  GB: { callingCode: "44", trunk: "0", mobile: /^7[1-57-9]\d{8}$/ },
  ES: { callingCode: "34", trunk: "", mobile: /^[67]\d{8}$/ },
  IT: { callingCode: "39", trunk: "", mobile: /^3\d{8,9}$/ },
};

/** A valid example per country, in its national form, to show as a hint. */
export const MOBILE_EXAMPLE: Readonly<Record<string, string>> = {
  FR: "06 12 34 56 78",
  BE: "0470 12 34 56",
  LU: "621 123 456",
  NL: "06 12345678",
  DE: "0151 23456789",
  GB: "07700 900123",
  ES: "612 34 56 78",
  IT: "312 345 6789",
};

export interface MobileCheck {
  valid: boolean;
  /** The number in E.164 ("+33612345678") when valid. */
  e164?: string;
}

const INVALID: MobileCheck = { valid: false };

function inRange(rule: MobileRule, significant: string): MobileCheck {
  return rule.mobile.test(significant) ? { valid: true, e164: `+${rule.callingCode}${significant}` } : INVALID;
}

/** Checks a mobile number given for a company of `country`. */
export function checkMobile(country: string, value: string): MobileCheck {
  if (value.length > 40 || !/^[\d\s+.\-/()\u00a0\u202f]+$/.test(value)) return INVALID;
  const compact = value.replace(/[\s.\-/\u00a0\u202f]/g, "");
  const international = /^(?:\+|00)(\d+)(?:\(0\))?(\d*)$/.exec(compact);
  if (international) {
    const digits = `${international[1]}${international[2]}`;
    const rule = Object.values(RULES).find((r) => digits.startsWith(r.callingCode));
    return rule ? inRange(rule, digits.slice(rule.callingCode.length)) : INVALID;
  }
  const rule = Object.prototype.hasOwnProperty.call(RULES, country) ? RULES[country] : undefined;
  if (!rule || !/^\d+$/.test(compact)) return INVALID;
  if (rule.trunk) return compact.startsWith(rule.trunk) ? inRange(rule, compact.slice(rule.trunk.length)) : INVALID;
  return inRange(rule, compact);
}
