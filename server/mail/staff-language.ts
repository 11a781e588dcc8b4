import { NETWORK_CODES, type NetworkCode } from "../../src/contract/constants.ts";
import { mailLanguage, type MailLanguage } from "./templates.ts";

/**
 * The languages each network's staff reads, the first by default: their country's. The Belgian
 * service reads French and Dutch, so it gets a request in whichever of the two it was made.
 */
const NETWORK_LANGUAGES = {
  FRA: ["fr"],
  AGR: ["fr"],
  FIL: ["fr"],
  EXP: ["fr"],
  BLG: ["fr", "nl"],
  GBR: ["en"],
  ESP: ["es"],
  ITA: ["it"],
} as const satisfies Record<NetworkCode, readonly [MailLanguage, ...MailLanguage[]]>;

/** A language some network's staff reads: the staff mails are written in these only. */
export type StaffLanguage = (typeof NETWORK_LANGUAGES)[NetworkCode][number];

const isNetworkCode = (code: string): code is NetworkCode => (NETWORK_CODES as readonly string[]).includes(code);

/**
 * The language of a mail to the staff of network `codeReseau` about a request made in `locale`:
 * the request's language when the staff reads it, else their country's (French, the back office's,
 * for a network this table does not know).
 */
export function staffLanguage(codeReseau: string, locale: string): StaffLanguage {
  const spoken: readonly [StaffLanguage, ...StaffLanguage[]] = isNetworkCode(codeReseau) ? NETWORK_LANGUAGES[codeReseau] : ["fr"];
  const asked = mailLanguage(locale);
  return spoken.find((lang) => lang === asked) ?? spoken[0];
}
