import { checkCompanyNumber, isCompanyCountry } from "../../contract/company-numbers";
import { BASKET_IMMAT_MAX, BASKET_MAX_ITEMS, BASKET_MOBILE_MAX, BASKET_NOM_MAX, BASKET_SOCIETE_MAX } from "../../core/constants";
import { isLocale } from "../../core/locale";
import { checkMobile } from "../../contract/phone-rules";

/** The user basket data of SPEC §3 (`userPanier`), as the form holds it. */
export interface BasketValues {
  nom: string;
  societe: string;
  mobile: string;
  immat: string;
  pays: string;
  langue: string;
}

/** The form's fields, in the order of the form: the country first, its rules check the numbers after it. */
export const BASKET_FIELDS = ["nom", "societe", "pays", "immat", "mobile", "langue"] as const satisfies ReadonlyArray<keyof BasketValues>;

export type BasketField = keyof BasketValues | "items";
export type BasketRule = "required" | "tooLong" | "invalid";

const MAX: Partial<Record<keyof BasketValues, number>> = {
  nom: BASKET_NOM_MAX,
  societe: BASKET_SOCIETE_MAX,
  mobile: BASKET_MOBILE_MAX,
  immat: BASKET_IMMAT_MAX,
};

/**
 * The checks the API makes too (same limits, same country rules): every field required, the
 * mobile and the company number valid for the company's country, 1 to BASKET_MAX_ITEMS items.
 */
export function validateBasket(values: BasketValues, items: number): Array<{ field: BasketField; rule: BasketRule }> {
  const problems: Array<{ field: BasketField; rule: BasketRule }> = [];
  for (const field of BASKET_FIELDS) {
    const value = values[field].trim();
    const max = MAX[field];
    if (!value) problems.push({ field, rule: "required" });
    else if (max !== undefined && value.length > max) problems.push({ field, rule: "tooLong" });
    else if (!isValid(field, value, values.pays)) problems.push({ field, rule: "invalid" });
  }
  if (items === 0) problems.push({ field: "items", rule: "required" });
  else if (items > BASKET_MAX_ITEMS) problems.push({ field: "items", rule: "tooLong" });
  return problems;
}

function isValid(field: keyof BasketValues, value: string, pays: string): boolean {
  switch (field) {
    case "pays":
      return isCompanyCountry(value);
    case "langue":
      return isLocale(value);
    case "mobile":
      return checkMobile(pays, value).valid;
    case "immat":
      // Without a valid country the number cannot be checked: the country's own error says why.
      return !isCompanyCountry(pays) || checkCompanyNumber(pays, value).valid;
    default:
      return true;
  }
}
