import type { ApiRequest } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_SUBJECT_MAX } from "../../core/constants";
import { IDEMPOTENCY_KEY_HEADER, sendWhileInProgress, spendSubmissionKey, submissionKey } from "../../core/idempotency";

export interface ContactMessage {
  service: string;
  subject: string;
  message: string;
}

/** Where the key of the message being sent is kept (the tab's session storage). */
const SUBMISSION_SLOT = "macc:contact-submission";

/**
 * Sends the message once: the same message from the same company keeps its idempotency key until it
 * is recorded, so a retry after a lost answer (or a reload) does not send it twice. The form shows
 * every failure itself; no toast on top.
 */
export async function sendMessage(
  request: ApiRequest,
  body: ContactMessage,
  sender: readonly [account: string | null, company: string | null],
  proof: () => Promise<string>,
): Promise<{ id: string | number }> {
  const key = submissionKey(SUBMISSION_SLOT, [...sender, body]);
  const answer = await sendWhileInProgress(async () =>
    request<{ id: string | number }>("/me/contact", {
      method: "POST",
      body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: key, [BOT_CHECK_HEADER]: await proof() },
      errors: "inline",
    }),
  );
  spendSubmissionKey(SUBMISSION_SLOT);
  return answer;
}

// The limits are shared with the API.
export { CONTACT_MESSAGE_MAX as MESSAGE_MAX, CONTACT_MESSAGE_MIN as MESSAGE_MIN, CONTACT_SUBJECT_MAX as SUBJECT_MAX };

export type ContactRule = "required" | "tooLong" | "tooShort";
export function validateMessage(values: ContactMessage): Array<{ field: keyof ContactMessage; rule: ContactRule }> {
  const problems: Array<{ field: keyof ContactMessage; rule: ContactRule }> = [];
  if (!values.service) problems.push({ field: "service", rule: "required" });
  const subject = values.subject.trim();
  if (!subject) problems.push({ field: "subject", rule: "required" });
  else if (subject.length > CONTACT_SUBJECT_MAX) problems.push({ field: "subject", rule: "tooLong" });
  const message = values.message.trim();
  if (!message) problems.push({ field: "message", rule: "required" });
  else if (message.length < CONTACT_MESSAGE_MIN) problems.push({ field: "message", rule: "tooShort" });
  else if (message.length > CONTACT_MESSAGE_MAX) problems.push({ field: "message", rule: "tooLong" });
  return problems;
}
