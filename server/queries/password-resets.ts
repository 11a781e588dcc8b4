import type { Queryable } from "../db/db.ts";

const NO_ACCOUNT = "00000000-0000-0000-0000-000000000000";

/**
 * Cancels the account's unused reset links. Run for unknown e-mails too (on no account), so that
 * a request costs the same work whether the account exists or not.
 */
export async function supersedeResetLinks(db: Queryable, uuidCompte: string | undefined): Promise<void> {
  await db.query(
    `UPDATE password_reset_tokens SET consumed_at = now(), consumed_reason = 'superseded'
     WHERE uuid_compte = $1::uuid AND consumed_at IS NULL`,
    [uuidCompte ?? NO_ACCOUNT],
  );
}

export async function insertResetLink(db: Queryable, uuidCompte: string, tokenHash: string, ttlMinutes: number): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_tokens (uuid_compte, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
    [uuidCompte, tokenHash, ttlMinutes],
  );
}

/** The unused, unexpired reset link of this token hash, with its account. */
export async function validResetLink(
  db: Queryable,
  tokenHash: string,
): Promise<{ id: string; uuidCompte: string; email: string; langue: string } | undefined> {
  const { rows } = await db.query<{ id: string; uuid_compte: string; email: string; langue: string }>(
    `SELECT t.id, t.uuid_compte, a.email, a.langue
     FROM password_reset_tokens t JOIN accounts a ON a.uuid_compte = t.uuid_compte
     WHERE t.token_hash = $1 AND t.consumed_at IS NULL AND t.expires_at > now()`,
    [tokenHash],
  );
  const r = rows[0];
  return r && { id: r.id, uuidCompte: r.uuid_compte, email: r.email, langue: r.langue };
}

/** Marks the link used; false when it was used (or expired) meanwhile. */
export async function consumeResetLink(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE password_reset_tokens SET consumed_at = now(), consumed_reason = 'used'
     WHERE id = $1 AND consumed_at IS NULL AND expires_at > now() RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
