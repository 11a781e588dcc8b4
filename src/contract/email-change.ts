/**
 * The login e-mail change (issue 26 item 8): `PUT /api/me/profile` with another address records a
 * pending change, the link mailed to the new address applies it (`/api/email-change/confirm`), the
 * one mailed to the old address cancels it (`/api/email-change/cancel`), and so does the customer
 * from the profile (`DELETE /api/me/email-change`).
 */
import * as v from "valibot";
import { requiredText } from "./rules";

/** How long the links of a change can be used. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The change waiting for the new address's confirmation, as the profile shows it. */
export const PendingEmailChange = v.object({
  /** The address that becomes the login once its link is opened. */
  email: v.string(),
  /** ISO date and time after which the links no longer work. */
  expiresAt: v.string(),
});
export type PendingEmailChange = v.InferOutput<typeof PendingEmailChange>;

/** Either link's token, as the landing page read it from its address. */
export const EmailChangeLinkRequest = v.object({ token: requiredText(200) });

/** The link applied the change: the login e-mail address from now on. */
export const EmailChangeApplied = v.object({ email: v.string() });
export type EmailChangeApplied = v.InferOutput<typeof EmailChangeApplied>;

/**
 * Why a link can no longer be used, the `reason` of its 410 problem: the change was applied,
 * cancelled, replaced by a newer request, expired, or refused because its address went to another
 * account meanwhile; `unknown` for a token that names no change.
 */
export const EMAIL_CHANGE_LINK_ENDS = ["applied", "cancelled", "superseded", "expired", "taken", "unknown"] as const;
export type EmailChangeLinkEnd = (typeof EMAIL_CHANGE_LINK_ENDS)[number];
