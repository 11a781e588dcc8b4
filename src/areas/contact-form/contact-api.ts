import type { ApiRequest } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_SUBJECT_MAX } from "../../core/constants";

export interface ContactMessage {
  service: string;
  subject: string;
  message: string;
}

/** The form shows every failure itself; no toast on top. */
export function sendMessage(request: ApiRequest, body: ContactMessage, botCheck: string): Promise<{ id: string | number }> {
  return request("/me/contact", {
    method: "POST",
    body,
    headers: { [BOT_CHECK_HEADER]: botCheck },
    errors: "inline",
  });
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
