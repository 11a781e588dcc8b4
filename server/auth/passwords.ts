import { hash, verify, type Options } from "@node-rs/argon2";

/** OWASP-recommended argon2id settings (19 MiB, 2 passes). */
// `Algorithm` is a const enum (not usable with isolatedModules): 2 = Argon2id.
const OPTIONS: Options = { algorithm: 2 as Options["algorithm"], memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies `password` against a throw-away hash of the same cost, so a login attempt for an unknown
 * account takes as long as one for a known account (no user enumeration by timing).
 */
export async function verifyDummy(password: string): Promise<false> {
  await verifyPassword(await warmDummyHash(), password);
  return false;
}

/** Computes the throw-away hash ahead of the first unknown-account login. */
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
