import type { Config } from "../config.ts";

/**
 * Adaptive cost of logging in to one account (per normalised e-mail, known or not). Instead of a
 * lock, which would let anyone keep the owner out, each failed login within the window doubles the
 * proof of work (altcha `maxnumber`) the next one must carry, after `loginFailuresAtBaseCost` at the
 * base cost and up to 2^`loginMaxCostDoublings` times it: a guesser pays exponentially, the owner
 * waits a few seconds at worst. The counting itself is `countWithin` (queries/rate-limits.ts).
 */

type CostConfig = Pick<Config, "botCheckMaxNumber" | "loginFailuresAtBaseCost" | "loginMaxCostDoublings">;

/** The work a challenge may ask for a login: the base, then each doubling up to the highest. */
export function loginCostLadder(config: CostConfig): number[] {
  return Array.from({ length: config.loginMaxCostDoublings + 1 }, (_, k) => config.botCheckMaxNumber * 2 ** k);
}

/** Work asked of the `attempt`-th password check of an account in the window (1-based). */
export function loginCost(config: CostConfig, attempt: number): number {
  const doublings = Math.min(Math.max(0, attempt - config.loginFailuresAtBaseCost), config.loginMaxCostDoublings);
  return config.botCheckMaxNumber * 2 ** doublings;
}

/** How many password checks in the window a proof of work `cost` allows; null: any number (the highest cost). */
export function checksAllowed(config: CostConfig, cost: number): number | null {
  const doublings = Math.floor(Math.log2(Math.max(1, cost / config.botCheckMaxNumber)));
  return doublings >= config.loginMaxCostDoublings ? null : config.loginFailuresAtBaseCost + doublings;
}
