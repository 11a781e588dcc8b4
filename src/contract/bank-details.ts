/** Bank details (`/api/me/bank-details`, COORDONNEE_BANCAIRE): the details, and a change of them with its RIB. */
import * as v from "valibot";
import { INTITULE_MAX } from "./constants";
import { ibanProblem, normaliseIban } from "./iban";
import { RIB_TYPES } from "./rib";
import { requiredText } from "./rules";

const RibType = v.picklist(RIB_TYPES);

const BankDetailsVersion = v.object({
  id: v.string(),
  /** Normalised (no spaces, capitals). */
  iban: v.string(),
  intitule: v.string(),
  submittedAt: v.string(),
  validatedAt: v.nullable(v.string()),
  document: v.nullable(v.object({ name: v.string(), type: RibType, size: v.number() })),
});
export type BankDetailsVersion = v.InferOutput<typeof BankDetailsVersion>;

/** The details in force and the change being validated (each null when there is none), and the RIB's limits. */
export const BankDetailsAnswer = v.object({
  inForce: v.nullable(BankDetailsVersion),
  pending: v.nullable(BankDetailsVersion),
  limits: v.object({ maxBytes: v.number(), types: v.array(RibType) }),
});
export type BankDetailsAnswer = v.InferOutput<typeof BankDetailsAnswer>;

/** A change recorded: it is the change being validated until the back office has checked it. */
export const BankDetailsChangeAnswer = v.object({ pending: BankDetailsVersion });

/**
 * The change's fields: the IBAN as typed (normalised, then its country's length and check digits;
 * `ibanProblem` says which rule it breaks) and the account holder.
 */
export const BankDetailsChange = v.object({
  iban: v.pipe(
    v.string((issue) => (issue.input === undefined ? "required" : "notText")),
    v.transform(normaliseIban),
    v.nonEmpty("required"),
    v.check((iban) => ibanProblem(iban) === null, "format"),
  ),
  intitule: requiredText(INTITULE_MAX),
});

/** The form as sent (`multipart/form-data`): the fields and the RIB document, whose type its first bytes tell. */
export const BankDetailsChangeForm = v.object({
  ...BankDetailsChange.entries,
  rib: v.pipe(v.file(), v.metadata({ type: "string", format: "binary" })),
});

/** The holder's name as it is compared: case, accents' case and spacing do not make other details. */
const comparableHolder = (intitule: string) => intitule.trim().replace(/\s+/g, " ").toLocaleUpperCase("fr");

/**
 * A change that repeats the details in force: the same IBAN and holder while a RIB is already on
 * file. Refused (it would only queue a check of what was checked already); with no RIB on file the
 * same details send the missing document, and are accepted.
 */
export function repeatsDetailsInForce(change: { iban: string; intitule: string }, inForce: BankDetailsVersion | null): boolean {
  return (
    inForce !== null &&
    inForce.document !== null &&
    normaliseIban(change.iban) === inForce.iban &&
    comparableHolder(change.intitule) === comparableHolder(inForce.intitule)
  );
}
