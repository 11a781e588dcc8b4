import * as v from "valibot";
import { spendSubmissionKey, submissionKey } from "../../core/idempotency";
import { browserStorage, readJson, writeJson } from "../../core/storage";

/*
 * What outlives a reload of the basket screen, in the tab's session storage: the idempotency key
 * of the submission under way, and the confirmation of the last basket sent.
 */

const SUBMISSION_KEY = "macc:basket-submission";
const SENT_KEY = "macc:basket-sent";

/**
 * The idempotency key of this submission: the one kept for exactly the same request (who sends
 * it and what), so a retry after a lost answer or a reload is recorded once; a new one as soon as
 * the basket or the data change.
 */
export function basketSubmissionKey(request: unknown, storage: Storage | null = browserStorage("session")): string {
  return submissionKey(SUBMISSION_KEY, request, storage);
}

const SentRecordSchema = v.object({
  reference: v.string(),
  createdAt: v.string(),
  mobile: v.string(),
  sms: v.boolean(),
  items: v.array(v.object({ id: v.string(), nom: v.string() })),
});
/** What the confirmation screen shows of the last basket sent. */
export type SentRecord = v.InferOutput<typeof SentRecordSchema>;

/** The basket is saved on the device with its key (sent later by the page's queue): the next one gets a new key. */
export function spendBasketKey(storage: Storage | null = browserStorage("session")): void {
  spendSubmissionKey(SUBMISSION_KEY, storage);
}

/** The basket was recorded: its key is spent, its confirmation kept for PANIER_VALIDER. */
export function rememberSent(record: SentRecord, storage: Storage | null = browserStorage("session")): void {
  spendSubmissionKey(SUBMISSION_KEY, storage);
  writeJson(storage, SENT_KEY, record);
}

/** The last basket sent from this tab, or null (PANIER_VALIDER opened directly). */
export function lastSent(storage: Storage | null = browserStorage("session")): SentRecord | null {
  const parsed = v.safeParse(SentRecordSchema, readJson(storage, SENT_KEY));
  return parsed.success ? parsed.output : null;
}
