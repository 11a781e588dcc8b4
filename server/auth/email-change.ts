/**
 * The login e-mail change (issue 26 item 8): asked from the profile, applied by the link sent to the
 * new address, cancelled by the link sent to the old one. Asking does the same work, and gives the
 * requester the same answer, whether or not the new address already belongs to an account: only
 * that account's owner learns it, by a mail that says someone tried.
 */
import { EMAIL_CHANGE_TTL_HOURS, type EmailChangeLinkEnd } from "../../src/contract/email-change.ts";
import type { Db, Queryable } from "../db/db.ts";
import { pageLink } from "../mail/links.ts";
import { enqueueMail } from "../mail/queue.ts";
import { emailChangeConfirmMail, emailChangeNoticeMail, emailTakenMail, mailLanguage, type MailLanguage } from "../mail/templates.ts";
import {
  endEmailChange,
  lockEmailChange,
  otherAccountOf,
  recordEmailChange,
  setLoginEmail,
  type LockedEmailChange,
} from "../queries/email-changes.ts";
import { newRefreshToken } from "./tokens.ts";
import { recordActivity } from "../queries/security.ts";
import { notMeWords } from "../mail/security-templates.ts";

export interface EmailChangeRequest {
  uuidCompte: string;
  oldEmail: string;
  newEmail: string;
  /** The requester's language: the mails to the old and the new address. */
  lang: MailLanguage;
  /** The page the links lead to (`?token=` applies, `?cancel=` cancels). */
  path: string;
  /** The "this wasn't me" link for the old address's mail (server/auth/alert-links.ts). */
  notMeUrl?: string;
}

/**
 * Records the change (ending the one pending before) and queues its two mails in the caller's
 * transaction; returns their ids, to deliver after the commit. A taken address's link is made and
 * stored like any other, and never sent: the change then stays pending until cancelled or expired.
 */
export async function requestEmailChange(tx: Queryable, publicUrl: string, r: EmailChangeRequest): Promise<string[]> {
  const confirm = newRefreshToken();
  const cancel = newRefreshToken();
  const owner = await otherAccountOf(tx, r.newEmail, r.uuidCompte);
  await recordEmailChange(tx, {
    uuidCompte: r.uuidCompte,
    newEmail: r.newEmail,
    confirmHash: confirm.hash,
    cancelHash: cancel.hash,
    ttlMinutes: EMAIL_CHANGE_TTL_HOURS * 60,
  });
  const toNewAddress = owner
    ? emailTakenMail(mailLanguage(owner.langue), r.newEmail)
    : emailChangeConfirmMail(r.lang, r.newEmail, pageLink(publicUrl, r.path, { token: confirm.token }), EMAIL_CHANGE_TTL_HOURS);
  const toOldAddress = emailChangeNoticeMail(
    r.lang,
    r.oldEmail,
    r.newEmail,
    pageLink(publicUrl, r.path, { cancel: cancel.token }),
    EMAIL_CHANGE_TTL_HOURS,
    r.notMeUrl ? notMeOf(r.lang, r.notMeUrl) : undefined,
  );
  return [await enqueueMail(tx, toNewAddress), await enqueueMail(tx, toOldAddress)];
}

const notMeOf = (lang: MailLanguage, url: string) => {
  const { label, notYou } = notMeWords(lang);
  return { intro: notYou, label, url };
};

/** Why a link can no longer be used, or null while its change is pending. */
function endOf(change: LockedEmailChange | undefined): EmailChangeLinkEnd | null {
  if (!change) return "unknown";
  return change.ended ?? (change.expired ? "expired" : null);
}

export type LinkOutcome<T> = { done: true; value: T } | { done: false; end: EmailChangeLinkEnd };

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

/**
 * The new address's link: its account's login becomes that address, once. The change's row is
 * locked first, so a link opened twice at once applies once; an address another account took
 * meanwhile ends the change as `taken`.
 */
export async function applyEmailChange(db: Db, tokenHash: string): Promise<LinkOutcome<{ email: string }>> {
  try {
    return await db.transaction(async (tx) => {
      const change = await lockEmailChange(tx, "confirm", tokenHash);
      const end = endOf(change);
      if (end || !change) return { done: false, end: end ?? "unknown" };
      if (await otherAccountOf(tx, change.newEmail, change.uuidCompte)) {
        await endEmailChange(tx, change.id, "taken");
        return { done: false, end: "taken" };
      }
      await setLoginEmail(tx, change.uuidCompte, change.newEmail);
      await endEmailChange(tx, change.id, "applied");
      await recordActivity(tx, { uuidCompte: change.uuidCompte, kind: "email", detail: { change: "applied" } });
      return { done: true, value: { email: change.newEmail } };
    });
  } catch (err) {
    // Another account took the address between the check and the write (the unique index refused it).
    if (!isUniqueViolation(err)) throw err;
    await db.transaction(async (tx) => {
      const change = await lockEmailChange(tx, "confirm", tokenHash);
      if (change && !endOf(change)) await endEmailChange(tx, change.id, "taken");
    });
    return { done: false, end: "taken" };
  }
}

/** The old address's link: the pending change is cancelled, once (no login needed). */
export async function cancelEmailChange(db: Db, tokenHash: string): Promise<LinkOutcome<null>> {
  return db.transaction(async (tx) => {
    const change = await lockEmailChange(tx, "cancel", tokenHash);
    const end = endOf(change);
    if (end || !change) return { done: false, end: end ?? "unknown" };
    await endEmailChange(tx, change.id, "cancelled");
    await recordActivity(tx, { uuidCompte: change.uuidCompte, kind: "email", detail: { change: "cancelled" } });
    return { done: true, value: null };
  });
}
