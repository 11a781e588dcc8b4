import type { ContactAnswer, ContactRequest } from "../../contract/contact";
import type { ApiRequest } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_SUBJECT_MAX } from "../../contract/constants";
import { SUBMISSION_PATHS } from "../../core/offline";
import { IDEMPOTENCY_KEY_HEADER, sendWhileInProgress, spendSubmissionKey, submissionKey } from "../../core/idempotency";

/** Where the key of the message being sent is kept (the tab's session storage). */
const SUBMISSION_SLOT = "macc:contact-submission";

/**
 * Sends the message once: the same message from the same company keeps its idempotency key until it
 * is recorded, so a retry after a lost answer (or a reload) does not send it twice. The form shows
 * every failure itself; no toast on top.
 */
export async function sendMessage(
  request: ApiRequest,
  body: ContactRequest,
  sender: readonly [account: string | null, company: string | null],
  proof: () => Promise<string>,
): Promise<ContactAnswer> {
  const key = contactKey(body, sender);
  const answer = await sendWhileInProgress(async () =>
    // Not parsed: the form reads nothing of it, and a message recorded is sent whatever it says.
    request<ContactAnswer>(SUBMISSION_PATHS.contact, {
      method: "POST",
      body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: key, [BOT_CHECK_HEADER]: await proof() },
      errors: "inline",
    }),
  );
  spendContactKey();
  return answer;
}

/** The message's idempotency key: the one a first attempt sent, so a message saved on the device after a lost answer replays it. */
export function contactKey(body: ContactRequest, sender: readonly [account: string | null, company: string | null]): string {
  return submissionKey(SUBMISSION_SLOT, [...sender, body]);
}

/** The message is recorded, or saved on the device with its key: the next one gets a new key. */
export function spendContactKey(): void {
  spendSubmissionKey(SUBMISSION_SLOT);
}

// The limits are shared with the API.
export { CONTACT_MESSAGE_MAX as MESSAGE_MAX, CONTACT_MESSAGE_MIN as MESSAGE_MIN, CONTACT_SUBJECT_MAX as SUBJECT_MAX };
