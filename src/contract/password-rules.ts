/** Password rules of SPEC §5, shared by the forms and the reference API. */
import { PASSWORD_MIN_LENGTH } from "./constants";

export { PASSWORD_MIN_LENGTH };

export type PasswordProblem = "length" | "uppercase" | "lowercase" | "digit" | "common";

/**
 * Words that, capitalised and followed by digits, make most of the leaked passwords that pass the
 * composition rule ("Password1", "Azerty123", "Bonjour2026"): keyboard rows, "password" and
 * "welcome" in the suite's languages, seasons, greetings, the countries and capitals it serves.
 * SECURITY.md: the SPEC's rule is kept as a business rule; this list is the deliberate addition.
 */
const COMMON_WORDS = new Set(
  (
    "a aa ab abc abcd abcde abcdef abcdefg abcdefgh azer azerty azertyuiop qwerty qwertz qwertyuiop qwertzuiop " +
    "qwe asdf asdfgh zxcvbn pass password passw0rd p@ssw0rd p@ssword passwort motdepasse mdp wachtwoord " +
    "contrasena contraseña parola admin administrateur administrator user utilisateur client login connexion " +
    "welcome bienvenue willkommen welkom bienvenido benvenuto hello hallo bonjour salut hola ciao hoi " +
    "test changeme letmein iloveyou jetaime ichliebedich teamo tiamo secret master dragon monkey football " +
    "sunshine princess soleil summer winter spring autumn ete hiver printemps automne sommer zomer verano " +
    "invierno estate inverno france belgique belgie belgien luxembourg luxemburg espana italia nederland " +
    "england london paris bruxelles brussel madrid roma milano amsterdam"
  ).split(" "),
);

/** Whole passwords from the leak lists that no word + digits pattern covers. */
const COMMON_PASSWORDS = new Set([
  "1q2w3e4r",
  "1q2w3e4r5t",
  "q1w2e3r4",
  "1qaz2wsx",
  "zaq12wsx",
  "1azerty",
  "123abc",
  "123azerty",
  "123qwerty",
  "12345abc",
]);

/**
 * The rules `password` breaks, in a stable order (empty when it is acceptable): at least
 * PASSWORD_MIN_LENGTH characters (counted as code points), one upper-case letter, one lower-case
 * letter and one digit. Letters are Unicode-aware ("É" is upper case, "ß" lower case). A password
 * that keeps these rules can still be "common" (`isCommonPassword`).
 */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push("length");
  if (!/\p{Lu}/u.test(password)) problems.push("uppercase");
  if (!/\p{Ll}/u.test(password)) problems.push("lowercase");
  if (!/\p{Nd}/u.test(password)) problems.push("digit");
  if (!problems.length && isCommonPassword(password)) problems.push("common");
  return problems;
}

/**
 * True for a password of the leak lists: one of COMMON_PASSWORDS, or a common word followed by
 * digits, whatever the case and the punctuation after it ("PASSWORD2026!", "Azerty123?").
 */
export function isCommonPassword(password: string): boolean {
  const normalised = password.toLowerCase().replace(/[^\p{L}\p{N}]+$/u, "");
  if (COMMON_PASSWORDS.has(normalised)) return true;
  const word = /^(.*?)\d+$/u.exec(normalised)?.[1];
  return word !== undefined && COMMON_WORDS.has(word);
}
