import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Db, Queryable } from "../db/db.ts";
import { claimIdempotencyKey, idempotentAnswer, storeIdempotentAnswer, type StoredIdempotentAnswer } from "../queries/idempotency.ts";
import { resetLockTimeout, setLockTimeout } from "../queries/lock-timeout.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../src/core/idempotency.ts";
import { ProblemError } from "./problem.ts";

/*
 * Writes that must happen once however often they are sent (a double click, a network retry): the
 * client sends an `Idempotency-Key` per submission (the header name is the client's, from
 * src/core); the first request with a key does the work and its answer is stored with the key, in
 * the same transaction; a later one with the same key and the same request gets that answer again
 * (`Idempotent-Replayed: true`) and does nothing.
 */
/** A key as the API accepts it (the OpenAPI document reads it too). */
export const KEY_FORMAT = /^[A-Za-z0-9_-]{8,128}$/;

/** How long a request waits for a first one with its key to finish before answering 409. */
const WAIT_FOR_FIRST = "5s";

export interface IdempotentAnswer {
  status: ContentfulStatusCode;
  /** The JSON text sent, byte for byte the same on a replay. */
  body: string;
}

export type IdempotentOutcome<T> = { replayed: true; answer: IdempotentAnswer } | { replayed: false; answer: IdempotentAnswer; result: T };

/** The request's key → 400 when missing or malformed. */
export function idempotencyKey(c: Context): string;
/** With `optional`, null when the request sends none (each such request is a new one); still 400 when malformed. */
export function idempotencyKey(c: Context, options: { optional: true }): string | null;
export function idempotencyKey(c: Context, options: { optional?: boolean } = {}): string | null {
  const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (header === undefined && options.optional) return null;
  const key = header?.trim();
  if (!key || !KEY_FORMAT.test(key)) throw new ProblemError(400, "idempotency-key", "idempotencyKey");
  return key;
}

/** SHA-256 of a request's meaningful content (build `value` in a fixed key order: its JSON is hashed). */
export function requestHash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

const inProgress = () => new ProblemError(409, "request-in-progress", "requestInProgress", { headers: { "Retry-After": "1" } });

function checked(stored: StoredIdempotentAnswer | undefined, hash: string): IdempotentAnswer {
  if (stored && stored.requestHash !== hash) throw new ProblemError(422, "idempotency-key-reused", "idempotencyKeyReused");
  // No row after a conflict (purged in between) or no answer yet: the caller tries again.
  if (!stored || stored.status === null || stored.body === null) throw inProgress();
  return { status: stored.status as ContentfulStatusCode, body: stored.body };
}

/**
 * Runs `write` at most once per (scope, key); without a key (an optional one not sent), once, in a
 * transaction of its own. The key's row is inserted first in the transaction:
 * a concurrent request with the same key waits there (PostgreSQL; PGlite runs one transaction at a
 * time) until the first commits, then reads its answer; if the first fails, its row goes with the
 * rollback and the next one does the work. A wait longer than WAIT_FOR_FIRST → 409 with
 * `Retry-After: 1`. `write` throwing stores nothing, so the key can be used again.
 */
export async function runOnce<T>(
  db: Db,
  scope: string,
  key: string | null,
  hash: string,
  write: (tx: Queryable) => Promise<{ answer: IdempotentAnswer; result: T }>,
): Promise<IdempotentOutcome<T>> {
  if (key === null) return { replayed: false, ...(await db.transaction(write)) };
  try {
    return await db.transaction(async (tx): Promise<IdempotentOutcome<T>> => {
      await setLockTimeout(tx, WAIT_FOR_FIRST);
      const claimed = await claimIdempotencyKey(tx, scope, key, hash);
      await resetLockTimeout(tx);
      if (!claimed) return { replayed: true, answer: checked(await idempotentAnswer(tx, scope, key), hash) };
      const { answer, result } = await write(tx);
      await storeIdempotentAnswer(tx, scope, key, answer.status, answer.body);
      return { replayed: false, answer, result };
    });
  } catch (err) {
    if ((err as { code?: unknown }).code === "55P03") throw inProgress(); // lock_not_available: the first is still running
    throw err;
  }
}

/** Sends an answer of `runOnce`; a replay says so in `Idempotent-Replayed: true`. */
export function sendAnswer(c: Context, answer: IdempotentAnswer, replayed: boolean): Response {
  if (replayed) c.header("Idempotent-Replayed", "true");
  return c.body(answer.body, answer.status, { "Content-Type": "application/json; charset=utf-8" });
}
