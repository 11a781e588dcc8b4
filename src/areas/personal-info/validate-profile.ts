import { isEmail } from "../../core/formats";
import { checkCompanyNumber, type CompanyCountry } from "../../core/company-numbers";

export interface ProfileValues {
  civilite: string;
  nom: string;
  prenom: string;
  fonction: string;
  email: string;
  mobile: string;
  telephone: string;
  adresse: string;
  adresse_complement: string;
  code_postal: string;
  ville: string;
  pays: string;
  raison_sociale: string;
  formeJuridique: string;
  immatriculation: string;
  motDePasse: string;
}

export type ProfileRule = "required" | "email" | "phone" | "postcode" | "companyNumber";
export interface ProfileProblem {
  field: keyof ProfileValues;
  rule: ProfileRule;
}

const REQUIRED: ReadonlyArray<keyof ProfileValues> = ["nom", "prenom", "email", "raison_sociale", "immatriculation"];
const PHONE_CHARS = /^[+\d\s().-]+$/;

/** Post codes of the countries the group serves; other countries are not checked. */
const POSTCODES: Record<string, RegExp> = {
  FR: /^\d{5}$/,
  BE: /^\d{4}$/,
  LU: /^(L-?)?\d{4}$/i,
  NL: /^\d{4}\s?[A-Z]{2}$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/i,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  DE: /^\d{5}$/,
};

export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return PHONE_CHARS.test(value) && digits >= 6 && digits <= 20;
}

export function validateProfile(values: ProfileValues, context: { companyCountry: string; originalEmail: string }): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  for (const field of REQUIRED) if (!values[field].trim()) problems.push({ field, rule: "required" });
  const email = values.email.trim();
  if (email && !isEmail(email)) problems.push({ field: "email", rule: "email" });
  for (const field of ["mobile", "telephone"] as const) {
    if (values[field].trim() && !isPhone(values[field].trim())) problems.push({ field, rule: "phone" });
  }
  const postcode = POSTCODES[values.pays];
  if (values.code_postal.trim() && postcode && !postcode.test(values.code_postal.trim())) problems.push({ field: "code_postal", rule: "postcode" });
  const number = values.immatriculation.trim();
  if (number && !checkCompanyNumber(context.companyCountry as CompanyCountry, number).valid) {
    problems.push({ field: "immatriculation", rule: "companyNumber" });
  }
  if (email.toLowerCase() !== context.originalEmail.toLowerCase() && !values.motDePasse) {
    problems.push({ field: "motDePasse", rule: "required" });
  }
  return problems;
}
