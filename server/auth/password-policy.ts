import { PASSWORD_MIN_LENGTH, passwordProblems, type PasswordProblem } from "../../src/contract/password-rules.ts";
import type { ProblemFieldError } from "../../src/contract/rules.ts";

/** French messages of the password rules (SPEC §5), one per broken rule. */
const PASSWORD_RULE_MESSAGES: Record<PasswordProblem, string> = {
  length: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  uppercase: "Le mot de passe doit contenir au moins une majuscule.",
  lowercase: "Le mot de passe doit contenir au moins une minuscule.",
  digit: "Le mot de passe doit contenir au moins un chiffre.",
  common: "Ce mot de passe est trop courant : choisissez-en un autre.",
};
const PASSWORD_MISMATCH = "Le mot de passe de confirmation est différent.";

/** Rule and confirmation errors of a new password (empty when acceptable); `field` names the new password. */
export function newPasswordErrors(nouveau: string, confirmer: string, field = "nouveauMotDePasse"): ProblemFieldError[] {
  const errors: ProblemFieldError[] = passwordProblems(nouveau).map((p) => ({ path: field, message: PASSWORD_RULE_MESSAGES[p] }));
  if (nouveau !== confirmer) errors.push({ path: "confirmerMotDePasse", message: PASSWORD_MISMATCH });
  return errors;
}
