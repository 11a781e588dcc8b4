import type { Queryable } from "../db/db.ts";

/** How a change ended (migration 0010). */
export type EmailChangeEnd = "applied" | "cancelled" | "superseded" | "taken";

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Records a change of the account's login e-mail, ending the one pending before (superseded).
 * Returns when its links expire.
 */
export async function recordEmailChange(
  tx: Queryable,
  change: { uuidCompte: string; newEmail: string; confirmHash: string; cancelHash: string; ttlMinutes: number },
): Promise<string> {
  await tx.query(`UPDATE email_changes SET ended_at = now(), ended_reason = 'superseded' WHERE uuid_compte = $1 AND ended_at IS NULL`, [
    change.uuidCompte,
  ]);
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO email_changes (uuid_compte, new_email, confirm_hash, cancel_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int)) RETURNING expires_at`,
    [change.uuidCompte, change.newEmail, change.confirmHash, change.cancelHash, change.ttlMinutes],
  );
  return iso(rows[0]!.expires_at);
}

/** The language of the other account whose login `email` is, when there is one. */
export async function otherAccountOf(db: Queryable, email: string, exceptUuidCompte: string): Promise<{ langue: string } | undefined> {
  const { rows } = await db.query<{ langue: string }>("SELECT langue FROM accounts WHERE email = $1 AND uuid_compte <> $2", [
    email,
    exceptUuidCompte,
  ]);
  return rows[0];
}

export interface LockedEmailChange {
  id: string;
  uuidCompte: string;
  newEmail: string;
  oldEmail: string;
  expired: boolean;
  ended: EmailChangeEnd | null;
}

/**
 * The change of a link's token hash (`confirm`: the new address's link, `cancel`: the old one's),
 * locked until the transaction ends, so that two uses of one link, or of both, happen one after the other.
 */
export async function lockEmailChange(
  tx: Queryable,
  link: "confirm" | "cancel",
  tokenHash: string,
): Promise<LockedEmailChange | undefined> {
  const { rows } = await tx.query<{
    id: string;
    uuid_compte: string;
    new_email: string;
    old_email: string;
    expired: boolean;
    ended_reason: EmailChangeEnd | null;
  }>(
    `SELECT e.id, e.uuid_compte, e.new_email, a.email AS old_email, e.expires_at <= now() AS expired, e.ended_reason
     FROM email_changes e JOIN accounts a ON a.uuid_compte = e.uuid_compte
     WHERE e.${link === "confirm" ? "confirm_hash" : "cancel_hash"} = $1
     FOR UPDATE OF e`,
    [tokenHash],
  );
  const r = rows[0];
  return (
    r && { id: r.id, uuidCompte: r.uuid_compte, newEmail: r.new_email, oldEmail: r.old_email, expired: r.expired, ended: r.ended_reason }
  );
}

export async function endEmailChange(db: Queryable, id: string, reason: EmailChangeEnd): Promise<void> {
  await db.query("UPDATE email_changes SET ended_at = now(), ended_reason = $2 WHERE id = $1 AND ended_at IS NULL", [id, reason]);
}

/** The customer cancels their pending change from the profile (nothing pending: nothing to do). */
export async function cancelPendingEmailChange(db: Queryable, uuidCompte: string): Promise<void> {
  await db.query("UPDATE email_changes SET ended_at = now(), ended_reason = 'cancelled' WHERE uuid_compte = $1 AND ended_at IS NULL", [
    uuidCompte,
  ]);
}

/** The account's login becomes `email` (the unique index refuses one another account holds: 23505). */
export async function setLoginEmail(tx: Queryable, uuidCompte: string, email: string): Promise<void> {
  await tx.query("UPDATE accounts SET email = $2 WHERE uuid_compte = $1", [uuidCompte, email]);
}

/** Removes changes whose links expired more than 30 days ago (their landing page says "expired" until then). */
export async function purgeOldEmailChanges(db: Queryable): Promise<void> {
  await db.query("DELETE FROM email_changes WHERE expires_at < now() - interval '30 days'");
}
