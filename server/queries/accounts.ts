import type { Queryable } from "../db/db.ts";

/** Id and password hash of the account of an e-mail (`forUpdate`: locked until the transaction ends). */
export async function accountCredentials(
  db: Queryable,
  email: string,
  forUpdate = false,
): Promise<{ uuidCompte: string; passwordHash: string } | undefined> {
  const { rows } = await db.query<{ uuid_compte: string; password_hash: string }>(
    `SELECT uuid_compte, password_hash FROM accounts WHERE email = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [email],
  );
  const r = rows[0];
  return r && { uuidCompte: r.uuid_compte, passwordHash: r.password_hash };
}

export async function emailInUse(db: Queryable, email: string, exceptUuidCompte?: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM accounts WHERE email = $1 AND uuid_compte IS DISTINCT FROM $2::uuid", [
    email,
    exceptUuidCompte ?? null,
  ]);
  return rows.length > 0;
}

/** The previous login becomes the one before; this one is now. */
export async function recordLogin(db: Queryable, uuidCompte: string): Promise<void> {
  await db.query("UPDATE accounts SET previous_login_at = last_login_at, last_login_at = now() WHERE uuid_compte = $1", [uuidCompte]);
}

/** What a password change needs to know about the account. */
export async function passwordState(
  db: Queryable,
  uuidCompte: string,
): Promise<{ email: string; passwordHash: string; changedOnce: boolean; langue: string } | undefined> {
  const { rows } = await db.query<{ email: string; password_hash: string; changed: boolean; langue: string }>(
    `SELECT email, password_hash, password_changed_at IS NOT NULL AS changed, langue
     FROM accounts WHERE uuid_compte = $1`,
    [uuidCompte],
  );
  const r = rows[0];
  return r && { email: r.email, passwordHash: r.password_hash, changedOnce: r.changed, langue: r.langue };
}

/** Whether the one password change is still to be made (SPEC §4); undefined when the account is gone. */
export async function passwordModifiable(db: Queryable, uuidCompte: string): Promise<boolean | undefined> {
  const { rows } = await db.query<{ modifiable: boolean }>(
    "SELECT password_changed_at IS NULL AS modifiable FROM accounts WHERE uuid_compte = $1",
    [uuidCompte],
  );
  return rows[0]?.modifiable;
}

/** The one change the customer may make; false when it was already made (a concurrent change won). */
export async function changePasswordOnce(db: Queryable, uuidCompte: string, passwordHash: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE accounts SET password_hash = $2, password_changed_at = now()
     WHERE uuid_compte = $1 AND password_changed_at IS NULL RETURNING uuid_compte`,
    [uuidCompte, passwordHash],
  );
  return rows.length > 0;
}

/** A reset does not count as the one allowed change: password_changed_at is left alone. */
export async function resetPassword(db: Queryable, uuidCompte: string, passwordHash: string): Promise<void> {
  await db.query("UPDATE accounts SET password_hash = $2 WHERE uuid_compte = $1", [uuidCompte, passwordHash]);
}
