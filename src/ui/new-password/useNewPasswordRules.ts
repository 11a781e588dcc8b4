import { useLingui } from "@lingui/react/macro";
import { passwordProblems, type PasswordProblem } from "../../contract/password-rules";
import type { FieldError } from "../ErrorSummary";

export interface NewPassword {
  nouveauMotDePasse: string;
  confirmerMotDePasse: string;
}

/** SPEC §5 rules on a new password and its confirmation, with their messages. */
export function useNewPasswordRules() {
  const { t, i18n } = useLingui();
  const missing: Record<Exclude<PasswordProblem, "common">, string> = {
    length: t`at least 8 characters`,
    uppercase: t`at least one uppercase letter`,
    lowercase: t`at least one lowercase letter`,
    digit: t`at least one digit`,
  };
  /** Every rule the password breaks in one sentence ("… at least 8 characters and at least one digit."), not one sentence each. */
  const problemMessage = (problems: PasswordProblem[]) => {
    if (problems.includes("common")) return t`This password is too common: choose another one.`;
    const rules = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(problems.map((p) => missing[p as keyof typeof missing]));
    return t`The password must contain ${rules}.`;
  };
  const hint = t`At least 8 characters, with an uppercase letter, a lowercase letter and a digit.`;

  function validate(values: NewPassword): FieldError[] {
    const errors: FieldError[] = [];
    if (!values.nouveauMotDePasse) errors.push({ field: "nouveauMotDePasse", message: t`Enter a new password` });
    else {
      const problems = passwordProblems(values.nouveauMotDePasse);
      if (problems.length) errors.push({ field: "nouveauMotDePasse", message: problemMessage(problems) });
    }
    if (!values.confirmerMotDePasse) errors.push({ field: "confirmerMotDePasse", message: t`Confirm your new password` });
    else if (values.nouveauMotDePasse && values.confirmerMotDePasse !== values.nouveauMotDePasse) {
      errors.push({ field: "confirmerMotDePasse", message: t`The confirmation password is different.` });
    }
    return errors;
  }
  return { validate, hint };
}
