import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The device cookie `macc_device` (OWASP's "device cookies" against lockout attacks): a successful
 * login leaves it in the browser, and that browser's next logins to the same account are counted
 * on its own throttling ladder, so failures made elsewhere do not raise its cost
 * (see auth/login-cost.ts). The "new device" alerts read it too.
 *
 * Value: `<uuidCompte>.<deviceId>.<issuedAt>.<signature>`: the account it was issued for, a random
 * id of the device (kept when the cookie is re-issued), the issue time (Unix seconds) and
 * base64url(HMAC-SHA256(key, "macc_device.<uuidCompte>.<deviceId>.<issuedAt>")).
 */

export const DEVICE_COOKIE = "macc_device";
/** One year: re-issued at each successful login, so a device used once a year stays known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export interface Device {
  uuidCompte: string;
  deviceId: string;
}

const FORMAT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/;
/** A clock a little ahead on another instance must not make its fresh cookies invalid. */
const CLOCK_SKEW_SECONDS = 300;

const signature = (key: string, data: string) => createHmac("sha256", key).update(`${DEVICE_COOKIE}.${data}`).digest("base64url");

/** A cookie value for `uuidCompte`'s device `deviceId` (a new device when omitted), issued now. */
export function deviceCookieValue(
  key: string,
  uuidCompte: string,
  deviceId = randomBytes(16).toString("base64url"),
  now = Date.now(),
): string {
  const data = `${uuidCompte}.${deviceId}.${Math.floor(now / 1000)}`;
  return `${data}.${signature(key, data)}`;
}

/** The device a cookie value names, when it is well-formed, signed with `key` and under a year old; null otherwise. */
export function readDeviceCookie(key: string, value: string | undefined, now = Date.now()): Device | null {
  const match = value && value.length <= 200 ? FORMAT.exec(value) : null;
  if (!match) return null;
  const [, uuidCompte, deviceId, issuedAt, given] = match as unknown as [string, string, string, string, string];
  // Compared as text: two base64url spellings can decode to the same bytes.
  const expected = Buffer.from(signature(key, `${uuidCompte}.${deviceId}.${issuedAt}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  const age = now / 1000 - Number(issuedAt);
  return age < DEVICE_COOKIE_MAX_AGE_SECONDS && age > -CLOCK_SKEW_SECONDS ? { uuidCompte, deviceId } : null;
}
