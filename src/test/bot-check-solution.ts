import { createHash } from "node:crypto";
import type { BotCheckChallenge } from "../contract/bot-check";

/**
 * The `X-Bot-Check` value for a challenge, solved with Node's synchronous SHA-256: the API and browser
 * tests call protected endpoints directly thousands of times, and one awaited WebCrypto digest per
 * number cost the API tests about a sixth of their CPU. The page solves its own with WebCrypto
 * (src/core/bot-check.ts), which has tests of its own.
 */
export function botCheckSolution(challenge: BotCheckChallenge): string {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (
      createHash("sha256")
        .update(challenge.salt + n)
        .digest("hex") === challenge.challenge
    ) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: n, salt, signature })).toString("base64");
    }
  }
  throw new Error("unsolvable bot-check challenge");
}
