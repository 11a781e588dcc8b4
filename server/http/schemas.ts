/** The API's French words for the contract's common field rules (the forms have their own, in the user's language). */
export const REQUIRED = "Champ obligatoire";
export const NOT_A_STRING = "Doit être une chaîne de caractères.";
export const INVALID_EMAIL = "Adresse e-mail invalide.";
export const INVALID_MOBILE = "Numéro de mobile invalide.";
export const INVALID_COMPANY_NUMBER = "Numéro d'immatriculation invalide pour ce pays.";
export const INVALID_COUNTRY = "Pays invalide.";

/** Messages of text holding characters no form can produce (NUL, escapes, line breaks where none belong). */
export const CONTROL_CHARACTERS = "Caractères non autorisés (caractères de contrôle).";
export const SINGLE_LINE = "Retour à la ligne non autorisé dans ce champ.";

/** Control characters (C0, DEL, C1) other than tab and line breaks, which multi-line text may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** What ends a line (in a mail header or a log line too), and the tab: single-line text holds neither. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const TAB = /\t/;
/** Nesting levels a request input may have (the API's bodies have three at most). */
const MAX_DEPTH = 16;
export const TOO_DEEP = "Structure trop imbriquée.";

/** The message for `text`, or null when it is fine: control characters never, tab and line breaks only when `multiline`. */
export function textCharactersProblem(text: string, multiline: boolean): string | null {
  if (CONTROL.test(text) || (!multiline && TAB.test(text))) return CONTROL_CHARACTERS;
  if (!multiline && LINE_BREAK.test(text)) return SINGLE_LINE;
  return null;
}

/**
 * Every string of a request input (JSON body or query) checked by `textCharactersProblem`, one error
 * per field: PostgreSQL refuses NUL, and a line break in a name would add lines to the e-mails built
 * from it. Fields are single-line unless their path is in `multiline` (e.g. "message").
 */
export function controlCharacterErrors(
  input: unknown,
  multiline: readonly string[] = [],
  path = "",
  depth = 0,
): { path: string; message: string }[] {
  if (typeof input === "string") {
    const message = textCharactersProblem(input, multiline.includes(path));
    return message ? [{ path, message }] : [];
  }
  if (input === null || typeof input !== "object") return [];
  // No form nests this deep; a hostile body thousands of levels deep would exhaust the stack (a 500).
  if (depth >= MAX_DEPTH) return [{ path, message: TOO_DEEP }];
  return Object.entries(input).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    const keyProblem = textCharactersProblem(key, false);
    return keyProblem ? [{ path: at, message: keyProblem }] : controlCharacterErrors(value, multiline, at, depth + 1);
  });
}
