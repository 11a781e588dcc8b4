/**
 * The field rules that depend on a company's country: the country itself, its company numbers and
 * its mobile numbers, shared by the forms and the API like those of rules.ts (apart, so that the
 * login's page does not download the group's number rules).
 */
import * as v from "valibot";
import { checkCompanyNumber, isCompanyCountry, type CompanyCountry } from "./company-numbers";
import { checkMobile } from "./phone-rules";
import { requiredText, rule, type Rule } from "./rules";

/** One of the group's company countries ("FR"…), in any case. */
export function companyCountry() {
  return v.pipe(
    requiredText(10),
    v.toUpperCase(),
    v.check((value) => isCompanyCountry(value), rule("country")),
    v.transform((value) => value as CompanyCountry),
  );
}

/** A rule across fields of an object, as a pipe item after the object (its type comes from there). */
type AcrossFields<T> = v.BaseValidation<T, T, v.BaseIssue<unknown>>;

/**
 * A rule across two fields, reported on `field`: checked once `field` and `other` are each valid,
 * even when other fields are not, so that a form shows every error at once.
 */
function across<T extends Record<string, unknown>>(
  other: keyof T & string,
  field: keyof T & string,
  valid: (other: string, value: string) => boolean,
  key: Rule,
): AcrossFields<T> {
  const read = (input: unknown, key: string) => String((input as Record<string, unknown>)[key] ?? "");
  const check = v.partialCheck([[other], [field]], (input) => valid(read(input, other), read(input, field)), key);
  return v.forward(check as never, [field] as never) as unknown as AcrossFields<T>;
}

/** The object's `mobile` is a mobile of its `country`, or an international one. */
export function mobileOf<T extends Record<string, unknown>>(country: keyof T & string, mobile: keyof T & string): AcrossFields<T> {
  return across<T>(country, mobile, (pays, value) => checkMobile(pays, value).valid, "mobile");
}

/** The object's `number` is a company number of its `country`; an empty optional number is left alone. */
export function companyNumberOf<T extends Record<string, unknown>>(country: keyof T & string, number: keyof T & string): AcrossFields<T> {
  return across<T>(
    country,
    number,
    (pays, value) => value === "" || checkCompanyNumber(pays as CompanyCountry, value).valid,
    "companyNumber",
  );
}
