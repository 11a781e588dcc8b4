/**
 * Contact means of the registration (e-mail addresses and mobile numbers of the chosen companies):
 * normalization and masking. Pure functions.
 */
import { isCompanyCountry, type CompanyCountry } from "../../src/contract/company-numbers.ts";

/** Calling code of each country, and whether national numbers start with a trunk "0". */
const CALLING: Record<CompanyCountry, { code: string; trunk: boolean }> = {
  FR: { code: "33", trunk: true },
  BE: { code: "32", trunk: true },
  LU: { code: "352", trunk: false },
  NL: { code: "31", trunk: true },
  GB: { code: "44", trunk: true },
  ES: { code: "34", trunk: false },
  IT: { code: "39", trunk: false },
};

/** Two-digit calling codes (ITU); "1" and "7" have one digit, every other code three. */
const TWO_DIGIT_CODES = new Set(
  "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98".split(
    " ",
  ),
);

/**
 * International form (E.164, "+33611223344") of a number stored for a company of `country`;
 * national numbers get the country's calling code. Null when it cannot be a phone number.
 */
export function toE164(raw: string, country: string): string | null {
  let s = raw.replace(/[\s.\-()/\u00a0\u202f]/g, "");
  if (s.startsWith("00")) s = `+${s.slice(2)}`;
  if (!s.startsWith("+")) {
    if (!/^\d+$/.test(s)) return null;
    const calling = CALLING[isCompanyCountry(country) ? country : "FR"];
    if (calling.trunk && s.startsWith("0")) s = s.slice(1);
    s = `+${calling.code}${s}`;
  }
  return /^\+[1-9]\d{7,14}$/.test(s) ? s : null;
}

function callingCodeLength(e164: string): number {
  const d = e164.slice(1);
  if (d.startsWith("1") || d.startsWith("7")) return 1;
  return TWO_DIGIT_CODES.has(d.slice(0, 2)) ? 2 : 3;
}

/** "+33611223344" → "+33 6 ** ** ** 44": country code, first digit and last two digits kept. */
export function maskMobile(e164: string): string {
  const ccLength = callingCodeLength(e164);
  const cc = e164.slice(1, 1 + ccLength);
  const national = e164.slice(1 + ccLength);
  if (national.length < 4) return `+${cc} ${"*".repeat(national.length)}`;
  const hidden = national.length - 3;
  const groups: string[] = [];
  for (let left = hidden; left > 0; left -= 2) groups.unshift("*".repeat(Math.min(2, left)));
  return `+${cc} ${national[0]} ${groups.join(" ")} ${national.slice(-2)}`;
}

/** "jean.dupont@ferme.fr" → "j***@f***.fr": first letter of the local part and of the domain, TLD kept. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  const tld = labels.length > 1 ? labels[labels.length - 1] : "";
  const name = labels[0] ?? "";
  return `${local.slice(0, 1)}***@${name.slice(0, 1)}***${tld ? `.${tld}` : ""}`;
}

export interface ContactMeans {
  id: string;
  type: "email" | "sms";
  /** Where the code goes: the e-mail address, or the number in E.164 form. Never sent to the client. */
  to: string;
  masked: string;
}

/**
 * The distinct contact means of the companies, in their order: e-mail addresses first, then mobile
 * numbers. Ids are "email-1", "email-2", …, "sms-1", …
 */
export function contactMeansOf(companies: { contactEmail: string | null; contactMobile: string | null; pays: string }[]): ContactMeans[] {
  const emails: string[] = [];
  const mobiles: string[] = [];
  for (const c of companies) {
    const email = c.contactEmail?.trim().toLowerCase();
    if (email && /^[^\s@]+@[^\s@]+$/.test(email) && !emails.includes(email)) emails.push(email);
    const mobile = c.contactMobile ? toE164(c.contactMobile, c.pays) : null;
    if (mobile && !mobiles.includes(mobile)) mobiles.push(mobile);
  }
  return [
    ...emails.map((to, i): ContactMeans => ({ id: `email-${i + 1}`, type: "email", to, masked: maskEmail(to) })),
    ...mobiles.map((to, i): ContactMeans => ({ id: `sms-${i + 1}`, type: "sms", to, masked: maskMobile(to) })),
  ];
}
