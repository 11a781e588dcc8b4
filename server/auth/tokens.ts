import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/db.ts";
import { storedSecret } from "../queries/sessions.ts";

/** Claims of an access token. */
export interface AccessClaims {
  /** Session id (refresh-token family); checked against the database on every use. */
  sid: string;
  /** Account (uuidCompte). */
  sub: string;
  /** Selected company (idTier), or null for an account-level token. */
  tier: string | null;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");

/**
 * Returns the signing secret: TOKEN_SECRET when configured, otherwise one generated once and kept in
 * `server_secrets`, so that every instance sharing the database signs and verifies alike.
 */
export async function loadTokenSecret(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, "utf8");
  return Buffer.from(await loadStoredSecret(db, "access_token_hmac"), "base64url");
}

/** A random secret (base64url) generated on first use and kept in `server_secrets` under `name`. */
async function loadStoredSecret(db: Db, name: string): Promise<string> {
  const candidate = randomBytes(32).toString("base64url");
  const value = await storedSecret(db, name, candidate);
  if (!value) throw new Error(`secret ${name} missing`);
  return value;
}

/** `configured` (an environment variable) when set, otherwise the secret kept in `server_secrets` under `name`. */
export function configuredOrStoredSecret(db: Db, configured: string | undefined, name: string): Promise<string> {
  return configured ? Promise.resolve(configured) : loadStoredSecret(db, name);
}

function sign(secret: Buffer, data: string): string {
  return createHmac("sha256", secret).update(data).digest("base64url");
}

/** `<base64url(JSON claims)>.<base64url(HMAC-SHA256)>` */
export function signAccessToken(secret: Buffer, claims: AccessClaims): string {
  const payload = b64url(JSON.stringify(claims));
  return `${payload}.${sign(secret, payload)}`;
}

/** Checks format, signature and expiry; returns the claims or null. Session revocation is checked by the caller. */
export function verifyAccessToken(secret: Buffer, token: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims | null {
  if (token.length > 2048) return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[\w-]+$/.test(payload) || !/^[\w-]+$/.test(signature)) return null;
  const expected = Buffer.from(sign(secret, payload), "base64url");
  const given = Buffer.from(signature, "base64url");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== "object") return null;
  const c = claims as Record<string, unknown>;
  if (typeof c.sid !== "string" || typeof c.sub !== "string" || typeof c.exp !== "number") return null;
  if (c.tier !== null && typeof c.tier !== "string") return null;
  if (c.exp <= nowSeconds) return null;
  return { sid: c.sid, sub: c.sub, tier: c.tier, exp: c.exp };
}

/** Opaque refresh token (256 random bits) and the SHA-256 hash that is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecretToken(token) };
}

/**
 * What the database keeps of a secret token (a refresh token, a registration's or an e-mail change's
 * link): its SHA-256, so a copy of the database cannot be used to sign in or confirm anything.
 */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
