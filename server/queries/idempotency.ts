import type { Queryable } from "../db/db.ts";
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from "../../src/contract/constants.ts";

export interface StoredIdempotentAnswer {
  requestHash: string;
  /** Null only while the writing transaction runs (never visible to another one). */
  status: number | null;
  body: string | null;
}

/**
 * Inserts the key's row; false when it exists already. On PostgreSQL a row inserted by a
 * transaction still running makes this wait until that transaction ends.
 */
export async function claimIdempotencyKey(tx: Queryable, scope: string, key: string, requestHash: string): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
    [scope, key, requestHash],
  );
  return rows.length > 0;
}

export async function idempotentAnswer(db: Queryable, scope: string, key: string): Promise<StoredIdempotentAnswer | undefined> {
  const { rows } = await db.query<{ request_hash: string; status: number | null; body: string | null }>(
    "SELECT request_hash, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2",
    [scope, key],
  );
  const r = rows[0];
  return r && { requestHash: r.request_hash, status: r.status, body: r.body };
}

export async function storeIdempotentAnswer(tx: Queryable, scope: string, key: string, status: number, body: string): Promise<void> {
  await tx.query("UPDATE idempotency_keys SET status = $3, body = $4 WHERE scope = $1 AND key = $2", [scope, key, status, body]);
}

/**
 * Removes the keys older than IDEMPOTENCY_KEY_RETENTION_DAYS (housekeeping): a request repeated
 * later is a new one. Longer than a device keeps an offline submission, which replays its key.
 */
export async function purgeIdempotencyKeys(db: Queryable): Promise<void> {
  await db.query("DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => $1)", [IDEMPOTENCY_KEY_RETENTION_DAYS]);
}
