/** The demo's outbox as JSON (`/demo/outbox.json`): what the service would have sent, newest first. */
import * as v from "valibot";

export const OutboxAnswer = v.array(
  v.object({
    to: v.string(),
    subject: v.nullable(v.string()),
    text: v.string(),
    html: v.nullable(v.string()),
    /** ISO date-time. */
    createdAt: v.string(),
    channel: v.picklist(["email", "sms"]),
  }),
);
