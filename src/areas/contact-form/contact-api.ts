import type { ApiRequest } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";

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
    expected: [400, 403, 422, 500, 502, 504, 0],
  });
}

export const SUBJECT_MAX = 150;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

export type ContactRule = "required" | "tooLong" | "tooShort";
export function validateMessage(values: ContactMessage): Array<{ field: keyof ContactMessage; rule: ContactRule }> {
  const problems: Array<{ field: keyof ContactMessage; rule: ContactRule }> = [];
  if (!values.service) problems.push({ field: "service", rule: "required" });
  const subject = values.subject.trim();
  if (!subject) problems.push({ field: "subject", rule: "required" });
  else if (subject.length > SUBJECT_MAX) problems.push({ field: "subject", rule: "tooLong" });
  const message = values.message.trim();
  if (!message) problems.push({ field: "message", rule: "required" });
  else if (message.length < MESSAGE_MIN) problems.push({ field: "message", rule: "tooShort" });
  else if (message.length > MESSAGE_MAX) problems.push({ field: "message", rule: "tooLong" });
  return problems;
}
