import { ApiError } from "./errors";
import { browserStorage, readJson, removeKey, writeJson } from "./storage";

/*
 * Writes sent once however often they are sent (a double click, a retry after a lost answer, a
 * reload): each submission carries an `Idempotency-Key`, kept in the tab's session storage for
 * exactly that request, so the API records it once and answers a repeat with the first answer.
 */

/** The header the API reads. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/**
 * The idempotency key of a submission kept under `slot`: the one kept for exactly the same request
 * (who sends it and what), a new one as soon as anything in it changes.
 */
export function submissionKey(slot: string, request: unknown, storage: Storage | null = browserStorage("session")): string {
  const fingerprint = JSON.stringify(request);
  const saved = readJson(storage, slot) as { key?: unknown; fingerprint?: unknown } | null;
  if (saved && saved.fingerprint === fingerprint && typeof saved.key === "string") return saved.key;
  const key = crypto.randomUUID();
  writeJson(storage, slot, { key, fingerprint });
  return key;
}

/** The submission was recorded: its key is spent, the next one gets a new key even for the same text. */
export function spendSubmissionKey(slot: string, storage: Storage | null = browserStorage("session")): void {
  removeKey(storage, slot);
}

/** How often a request waits for a first one with its key still being recorded (409 + Retry-After). */
const IN_PROGRESS_TRIES = 3;

/** Sends `send()` again while the API answers that the first request with its key is still being recorded. */
export async function sendWhileInProgress<T>(
  send: () => Promise<T>,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409 || attempt >= IN_PROGRESS_TRIES) throw error;
      await wait((error.retryAfter ?? 1) * 1000);
    }
  }
}
