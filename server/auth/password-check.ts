import type { Config } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { tooManyRequests } from "../http/problem.ts";
import { hit, peek, reset } from "../http/rate-limit.ts";
import { verifyPassword } from "./passwords.ts";

/** Key of the per-account counter of wrong current passwords (password change, e-mail change). */
export const passwordCheckKey = (uuidCompte: string) => `password:account:${uuidCompte}`;

/**
 * Checks the current password typed to confirm a sensitive change, counting wrong ones per account:
 * after `passwordMaxFailuresPerAccount` in the window → 429, a right one clears the count.
 */
export async function confirmCurrentPassword(
  db: Queryable,
  config: Pick<Config, "passwordWindowSeconds" | "passwordMaxFailuresPerAccount">,
  uuidCompte: string,
  passwordHash: string,
  typed: string,
): Promise<boolean> {
  const key = passwordCheckKey(uuidCompte);
  const state = await peek(db, key, config.passwordWindowSeconds);
  if (state.count >= config.passwordMaxFailuresPerAccount)
    throw tooManyRequests("Trop de tentatives avec un mot de passe erroné.", state.retryAfter);
  if (!(await verifyPassword(passwordHash, typed))) {
    await hit(db, key, config.passwordWindowSeconds);
    return false;
  }
  await reset(db, key);
  return true;
}
