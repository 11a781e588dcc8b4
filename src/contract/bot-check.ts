/** The invisible bot check's challenges (`/api/bot-check/challenge`, the altcha protocol). */
import * as v from "valibot";
import { queryParam } from "./parameters";

/** A proof-of-work challenge: find n in [0, maxnumber] with SHA-256(salt + n) = challenge (hex). */
export const BotCheckChallenge = v.object({
  algorithm: v.string(),
  challenge: v.string(),
  maxnumber: v.number(),
  /** Random hex, then `?expires=<unix seconds>&`. */
  salt: v.string(),
  signature: v.string(),
});
export type BotCheckChallenge = v.InferOutput<typeof BotCheckChallenge>;

/**
 * `?maxnumber=`: the harder work a login refused as too cheap named (403 `bot-check-cost`), one of
 * the server's `ladder` of costs.
 */
export function challengeQuery(ladder: readonly number[]) {
  return v.object({
    maxnumber: queryParam(
      v.pipe(v.picklist(ladder.map(String), "maxnumber : une des valeurs demandées par l'API attendue."), v.transform(Number)),
    ),
  });
}
