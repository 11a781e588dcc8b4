/** Deliberately loose: the server decides; this only catches what cannot be an e-mail address. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}
