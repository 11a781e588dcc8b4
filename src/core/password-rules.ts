/** Password rules of SPEC §5, shared by the forms and the reference API. */
import { PASSWORD_MIN_LENGTH } from "./constants";

export { PASSWORD_MIN_LENGTH };

export type PasswordProblem = "length" | "uppercase" | "lowercase" | "digit";

/**
 * The rules `password` breaks, in a stable order (empty when it is acceptable): at least
 * PASSWORD_MIN_LENGTH characters (counted as code points), one upper-case letter, one lower-case
 * letter and one digit. Letters are Unicode-aware ("É" is upper case, "ß" lower case).
 */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push("length");
  if (!/\p{Lu}/u.test(password)) problems.push("uppercase");
  if (!/\p{Ll}/u.test(password)) problems.push("lowercase");
  if (!/\p{Nd}/u.test(password)) problems.push("digit");
  return problems;
}
