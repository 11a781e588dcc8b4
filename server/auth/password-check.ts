import type { Config } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { hit, peek, reset } from "../queries/rate-limits.ts";
import { verifyPassword } from "./passwords.ts";

/** Key of the per-account counter of wrong current passwords (password change, e-mail change). */
export const passwordCheckKey = (uuidCompte: string) => `password:account:${uuidCompte}`;

/** The sentence of the 429 a route answers when `confirmCurrentPassword` says "throttled". */

export type PasswordConfirmation = { outcome: "right" } | { outcome: "wrong" } | { outcome: "throttled"; retryAfter: number };

/**
 * Checks the current password typed to confirm a sensitive change, counting wrong ones per account:
 * after `passwordMaxFailuresPerAccount` in the window → "throttled" (the route answers 429 with
 * `Retry-After`), a right one clears the count.
 */
export async function confirmCurrentPassword(
  db: Queryable,
  config: Pick<Config, "passwordWindowSeconds" | "passwordMaxFailuresPerAccount">,
  uuidCompte: string,
  passwordHash: string,
  typed: string,
): Promise<PasswordConfirmation> {
  const key = passwordCheckKey(uuidCompte);
  const state = await peek(db, key, config.passwordWindowSeconds);
  if (state.count >= config.passwordMaxFailuresPerAccount) return { outcome: "throttled", retryAfter: state.retryAfter };
  if (!(await verifyPassword(passwordHash, typed))) {
    await hit(db, key, config.passwordWindowSeconds);
    return { outcome: "wrong" };
  }
  await reset(db, key);
  return { outcome: "right" };
}
