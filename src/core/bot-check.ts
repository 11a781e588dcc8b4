import * as v from "valibot";
import { BotCheckChallenge } from "../contract/bot-check";
import type { ApiClient } from "./api";
import { ApiError } from "./errors";

/** Compares a digest with the challenge's hex without building a string per hash. */
function sameDigest(digest: ArrayBuffer, target: string): boolean {
  const bytes = new Uint8Array(digest);
  if (target.length !== bytes.length * 2) return false;
  return bytes.every((byte, i) => byte === parseInt(target.slice(i * 2, i * 2 + 2), 16));
}

/**
 * Gives the page a turn (input, rendering) between two slices of work. Awaiting `digest` is not
 * enough: its promises settle as microtasks, so a slow device would solve in one long task.
 */
const yieldToPage = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** Longest slice of solving between two turns of the page (under the 50 ms of a long task). */
const SLICE_MS = 12;

/**
 * Solves a challenge in the page, without any outside service or worker (strict CSPs allow it),
 * giving the page a turn every few milliseconds so it stays responsive. Returns the payload for
 * `X-Bot-Check`.
 */
export async function solveChallenge(challenge: BotCheckChallenge, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  const batch = 200;
  let sliceStart = performance.now();
  for (let start = 0; start <= challenge.maxnumber; start += batch) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    if (signal?.aborted) throw new DOMException("Bot check cancelled", "AbortError");
    const numbers = Array.from({ length: Math.min(batch, challenge.maxnumber - start + 1) }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => crypto.subtle.digest("SHA-256", encoder.encode(challenge.salt + n))));
    const found = hashes.findIndex((h) => sameDigest(h, challenge.challenge));
    if (found >= 0) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: numbers[found], salt, signature }));
    }
  }
  throw new Error("Bot check challenge has no solution");
}

/**
 * Fetches a fresh challenge and solves it; each solution is good for one request. `maxnumber`: the
 * harder work an API refusal named (see `requiredWork`).
 */
export async function proveHuman(api: ApiClient, signal?: AbortSignal, maxnumber?: number): Promise<string> {
  const path = maxnumber ? `/bot-check/challenge?maxnumber=${maxnumber}` : "/bot-check/challenge";
  const challenge = v.parse(BotCheckChallenge, await api.request<unknown>(path, { anonymous: true, signal, errors: "inline" }));
  return solveChallenge(challenge, signal);
}

/**
 * The work (`maxnumber`) the API asks of the next attempt when it refused this one as too cheap
 * (403 `bot-check-cost`, after failed logins to the account); null for any other answer.
 */
export function requiredWork(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 403 || !(error.problem.type ?? "").endsWith("bot-check-cost")) return null;
  const work = error.problem.maxnumber;
  return typeof work === "number" && Number.isSafeInteger(work) && work > 0 ? work : null;
}

export const BOT_CHECK_HEADER = "X-Bot-Check";

/** The API refused the proof (missing, expired or already used): a new attempt gets a fresh one. */
export function isBotCheckRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.problem.type ?? "").endsWith("bot-check");
}
