import { useLingui } from "@lingui/react/macro";
import { passwordProblems } from "../core/password-rules";
import type { FieldError } from "./ErrorSummary";

export interface NewPassword {
  nouveauMotDePasse: string;
  confirmerMotDePasse: string;
}

/** SPEC §5 rules on a new password and its confirmation, with their messages. */
export function useNewPasswordRules() {
  const { t } = useLingui();
  const messages = {
    length: t`The password must contain at least 8 characters.`,
    uppercase: t`The password must contain at least one uppercase letter.`,
    lowercase: t`The password must contain at least one lowercase letter.`,
    digit: t`The password must contain at least one digit.`,
    common: t`This password is too common: choose another one.`,
  };
  const hint = t`At least 8 characters, with an uppercase letter, a lowercase letter and a digit.`;

  function validate(values: NewPassword): FieldError[] {
    const errors: FieldError[] = [];
    if (!values.nouveauMotDePasse) errors.push({ field: "nouveauMotDePasse", message: t`Enter a new password` });
    else {
      const problems = passwordProblems(values.nouveauMotDePasse);
      if (problems.length) errors.push({ field: "nouveauMotDePasse", message: problems.map((p) => messages[p]).join(" ") });
    }
    if (!values.confirmerMotDePasse) errors.push({ field: "confirmerMotDePasse", message: t`Confirm your new password` });
    else if (values.nouveauMotDePasse && values.confirmerMotDePasse !== values.nouveauMotDePasse) {
      errors.push({ field: "confirmerMotDePasse", message: t`The confirmation password is different.` });
    }
    return errors;
  }
  return { validate, hint };
}
