import type { Context } from "hono";
import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Locale } from "../../src/contract/constants.ts";
import type { Role } from "../../src/contract/permissions.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/db.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { CacheHub } from "./memory-cache.ts";
import type { SmsProvider } from "../sms/sms.ts";

/** What an authenticated request knows about its caller. */
export interface AuthInfo {
  sid: string;
  uuidCompte: string;
  /** Selected company (idTier) of the token, or null for an account-level token. */
  idTier: string | null;
  /** Network of the selected company (checked still linked with the session, in the same query), or null. */
  codeReseau: string | null;
  /**
   * The account's role in the selected company, read in the same query (null: an account-level
   * token, or a link suspended or past its last day).
   */
  role: Role | null;
}

/** The selected company of the access token, checked to be still linked to the account (`requireCompany`). */
export interface CompanyScope {
  uuidCompte: string;
  idTier: string;
  codeReseau: string;
}

export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  /** `botCheckWork`: the work (altcha maxnumber) the request's bot-check solution proved. */
  /** `role`: the caller's role in the token's company (server/http/roles.ts), on the operations it guards. */
  Variables: { auth: AuthInfo; company: CompanyScope; locale: Locale; botCheckWork: number; role: Role };
};

/** Dependencies shared by the route modules. */
export interface Deps {
  db: Db;
  config: Config;
  /** Token-signing secret (loaded once from config or the database). */
  secret: () => Promise<Buffer>;
  /** Outgoing e-mail (SMTP relay, or the development outbox). */
  mailer: Mailer;
  /** Outgoing SMS (the development outbox). */
  sms: SmsProvider;
  /** HMAC key of the bot-check challenges (BOT_CHECK_SECRET, or generated once and kept in the database). */
  botCheckKey: () => Promise<string>;
  /** HMAC key of the device cookie (DEVICE_COOKIE_SECRET, or generated once and kept in the database). */
  deviceKey: () => Promise<string>;
  /** This instance's in-memory caches, emptied by the database's change notifications. */
  caches: CacheHub;
}

/**
 * Client address: the socket peer, or behind `proxyHops` trusted proxies the X-Forwarded-For entry
 * that many places from the right. Each proxy appends the address it received the request from, so
 * entries further left were written by the client and prove nothing.
 */
export function clientAddress(c: Context<AppEnv>, proxyHops: number): string {
  if (proxyHops > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    // Fewer entries than proxies: every entry came from one of ours, the leftmost is the client.
    const forwarded = entries[Math.max(0, entries.length - proxyHops)];
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // no socket (in-process requests, e.g. tests)
  }
}
