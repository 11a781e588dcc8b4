import { isValidPhone, isValidPostcode } from "../../core/address-rules";
import { isEmail } from "../../core/format";
import { checkCompanyNumber, type CompanyCountry } from "../../contract/company-numbers";

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
export function validateProfile(values: ProfileValues, context: { companyCountry: string; originalEmail: string }): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  for (const field of REQUIRED) if (!values[field].trim()) problems.push({ field, rule: "required" });
  const email = values.email.trim();
  if (email && !isEmail(email)) problems.push({ field: "email", rule: "email" });
  for (const field of ["mobile", "telephone"] as const) {
    if (values[field].trim() && !isValidPhone(values[field].trim())) problems.push({ field, rule: "phone" });
  }
  const postcode = values.code_postal.trim();
  if (postcode && !isValidPostcode(values.pays, postcode)) problems.push({ field: "code_postal", rule: "postcode" });
  const number = values.immatriculation.trim();
  if (number && !checkCompanyNumber(context.companyCountry as CompanyCountry, number).valid) {
    problems.push({ field: "immatriculation", rule: "companyNumber" });
  }
  if (email.toLowerCase() !== context.originalEmail.toLowerCase() && !values.motDePasse) {
    problems.push({ field: "motDePasse", rule: "required" });
  }
  return problems;
}
