import { createHash } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { Challenge, Payload } from "altcha-lib/types";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import { BOT_CHECK_HEADER } from "../../src/core/bot-check.ts";
import type { Queryable } from "../db/db.ts";
import { recordBotCheckSolution } from "../queries/bot-check.ts";
import type { AppEnv, Deps } from "./context.ts";
import { ProblemError } from "./problem.ts";

/**
 * Invisible bot check: a self-hosted proof of work following the altcha protocol.
 *
 * `GET /api/bot-check/challenge` gives `{ algorithm, challenge, maxnumber, salt, signature }`; the
 * client finds `number` with SHA-256(salt + number) = challenge and sends
 * base64(JSON `{ algorithm, challenge, number, salt, signature }`) in the `X-Bot-Check` header of
 * a protected request. A solution is accepted once: the SHA-256 of its signature and number is kept
 * in `bot_check_solutions` until the challenge expires.
 */

const HEX64 = /^[0-9a-f]{64}$/;

const PayloadSchema = v.object({
  algorithm: v.literal("SHA-256"),
  challenge: v.pipe(v.string(), v.regex(HEX64)),
  number: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
  salt: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  signature: v.pipe(v.string(), v.regex(HEX64)),
});

const failed = () => new ProblemError(403, "bot-check", "botCheck");

/**
 * A new challenge, valid `config.botCheckTtlSeconds`, asking `maxNumber` of work. The expiry and the
 * work travel in the salt parameters, which the signature covers, so a solution proves both.
 */
export async function newChallenge(deps: Deps, maxNumber = deps.config.botCheckMaxNumber): Promise<Challenge> {
  const { config } = deps;
  return createChallenge({
    algorithm: "SHA-256",
    hmacKey: await deps.botCheckKey(),
    maxNumber,
    expires: new Date(Date.now() + config.botCheckTtlSeconds * 1000),
    params: { maxnumber: String(maxNumber) },
  });
}

/** Decodes the header value; null when it is not base64 JSON of the expected shape. */
function decode(header: string): Payload | null {
  if (header.length > 1024 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(header)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = v.safeParse(PayloadSchema, raw);
  return parsed.success ? parsed.output : null;
}

/**
 * Checks an `X-Bot-Check` value and records it as used; returns the work its challenge asked
 * (`maxnumber`). Throws the 403 problem when it is missing, malformed, wrong, expired or already used.
 */
export async function checkBotSolution(deps: Deps, db: Queryable, header: string | undefined): Promise<number> {
  const payload = header ? decode(header.trim()) : null;
  if (!payload) throw failed();
  const params = extractParams(payload);
  const expires = Number(params.expires);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= Date.now()) throw failed();
  if (!(await verifySolution(payload, await deps.botCheckKey(), true))) throw failed();
  const hash = createHash("sha256").update(`${payload.signature}:${payload.number}`).digest("hex");
  if (!(await recordBotCheckSolution(db, hash, expires))) throw failed(); // already used
  const work = Number(params.maxnumber);
  return Number.isSafeInteger(work) && work > 0 ? work : deps.config.botCheckMaxNumber;
}

/**
 * Middleware of the requests a bot could abuse (login, forgotten password, contact form,
 * registration, basket submission); `c.get("botCheckWork")` is then the work the solution proved.
 * Does nothing when the bot check is switched off (BOT_CHECK=off).
 */
export function requireBotCheck(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (deps.config.botCheck) c.set("botCheckWork", await checkBotSolution(deps, deps.db, c.req.header(BOT_CHECK_HEADER)));
    await next();
  };
}
