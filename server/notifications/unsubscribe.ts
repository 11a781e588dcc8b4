/**
 * The one-click unsubscribe's address (RFC 8058, issue 30): signed per account and type of message
 * with the server's token secret, so it works without logging in and cannot be made for another
 * account or another type.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_TYPES, type NotificationType } from "../../src/contract/notifications.ts";

const sign = (secret: Buffer, payload: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url").slice(0, 32);

export function unsubscribeToken(secret: Buffer, uuidCompte: string, type: NotificationType): string {
  const payload = Buffer.from(`${uuidCompte}.${type}`).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The account and type a token names, or null for one not signed by this server. */
export function readUnsubscribeToken(secret: Buffer, token: string): { uuidCompte: string; type: NotificationType } | null {
  const cut = token.lastIndexOf(".");
  if (cut < 1) return null;
  const payload = token.slice(0, cut);
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(sign(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [uuidCompte, type] = Buffer.from(payload, "base64url").toString().split(".");
  if (!uuidCompte || !(NOTIFICATION_TYPES as readonly string[]).includes(type ?? "")) return null;
  return { uuidCompte, type: type as NotificationType };
}

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/notifications/unsubscribe?token=${token}`;
