import { fileURLToPath } from "node:url";
import path from "node:path";
import * as v from "valibot";
import { MaintenanceEnd } from "../src/contract/maintenance.ts";
import { FEATURE_NAMES, LOCALES, type FeatureName, type Locale } from "../src/contract/constants.ts";
import { RIB_DEFAULT_MAX_BYTES, RIB_TYPES, type RibType } from "../src/contract/rib.ts";
import type { PortalBases } from "./mail/portal-links.ts";

/** Root of the project (the folder holding package.json). */
export const PROJECT_ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

export type SameSite = "Strict" | "Lax" | "None";

export interface Config {
  port: number;
  host: string;
  /** When set, node-postgres is used; otherwise an embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database (PGlite). */
  dataDir: string;
  maintenance: boolean;
  /** When the maintenance is expected to end (MACC_MAINTENANCE_UNTIL): told to clients until then. */
  maintenanceUntil: Date | undefined;
  accessTokenTtlSeconds: number;
  refreshTtlDays: number;
  cookieSameSite: SameSite;
  /** Origins allowed to call the API with credentials (CORS). */
  corsOrigins: string[];
  /**
   * Reverse proxies in front of the API (0 = none): the client address is the entry of
   * X-Forwarded-For that many places from the right, the ones our own proxies appended.
   */
  trustProxy: number;
  /** Optional token-signing secret; when unset a secret is generated once and stored in the database. */
  tokenSecret: string | undefined;
  nodeEnv: string;
  /**
   * The demo outbox: a local SMTP receiver, SMS written to the database, and /demo/outbox pages.
   * Off unless DEMO_OUTBOX=1 (the demo, dev and test servers set it): verification codes and reset
   * links must never become readable on a server someone forgot to mark as production.
   */
  demoOutbox: boolean;
  /**
   * Demo companies, accounts and invoices seeded into an empty database (reference data is always
   * seeded). DEMO_DATA=1 only; refused in production.
   */
  demoData: boolean;
  /** Folder of the built widget files served under /static. */
  staticDir: string;
  /** Folder of the demo host pages served at the site root. */
  demoDir: string;
  /**
   * Login throttling. An account's failed logins within the window cost more and more proof of
   * work: the first `loginFailuresAtBaseCost` attempts ask the base cost, each further one twice
   * the previous, up to 2^`loginMaxCostDoublings` times the base (never a lockout). Attempts per
   * client address are limited outright.
   */
  loginFailuresAtBaseCost: number;
  loginMaxCostDoublings: number;
  loginMaxAttemptsPerClient: number;
  loginWindowSeconds: number;
  /** Contact-form messages per account and basket validations per client address, per hour (raised for load tests). */
  contactMaxPerAccount: number;
  basketMaxPerClient: number;
  /** Confirmation SMS per destination number and day: an anonymous basket may name anyone's mobile. */
  smsMaxPerNumberPerDay: number;
  /** Maximum request body size in bytes. */
  bodyLimitBytes: number;
  /** Public origin of the site, used to build links in e-mails (no trailing slash). */
  publicUrl: string;
  /** A session unused for longer than this cannot be refreshed any more. */
  sessionIdleMinutes: number;
  /** SMTP server URL (smtp://user:pass@host:587 or smtps://…); unset → local receiver outside production. */
  smtpUrl: string | undefined;
  /** Port of the local SMTP receiver (0 = ephemeral). */
  smtpPort: number;
  /** Sender of the e-mails. */
  mailFrom: string;
  /** Wrong current passwords allowed per account and window (password change, e-mail change). */
  passwordMaxFailuresPerAccount: number;
  passwordWindowSeconds: number;
  /** Forgot-password requests allowed per e-mail and per client address and window. */
  forgotMaxPerEmail: number;
  forgotMaxPerClient: number;
  forgotWindowSeconds: number;
  /** Minimum duration of a forgot-password answer, so known and unknown e-mails look alike. */
  forgotMinDurationMs: number;
  /** Lifetime of a password-reset link. */
  resetTokenTtlMinutes: number;
  /** Invisible proof-of-work bot check (altcha protocol) on the public forms; BOT_CHECK=off disables it. */
  botCheck: boolean;
  /** HMAC key of the challenges; when unset one is generated once and stored in the database. */
  botCheckSecret: string | undefined;
  /**
   * HMAC key of the device cookie (`macc_device`, auth/device-cookie.ts) that spares a known device
   * the raised login cost; when unset one is generated once and stored in the database.
   */
  deviceCookieSecret: string | undefined;
  /**
   * A GeoIP database (`GEOIP_CSV`: DB-IP's "IP to City Lite" CSV, IPv4 ranges) to show a device's
   * approximate place in the devices list; unset: the masked address only (auth/place.ts).
   */
  geoipCsv: string | undefined;
  /**
   * Where each country site's portal is (`PORTAL_BASE`, default `/portail` for every locale): the
   * e-mails' links to portal screens lead there, at the route in the customer's language
   * (server/mail/portal-links.ts).
   */
  portalBases: PortalBases;
  /** Upper bound of the secret number of a challenge (the client tries up to this many hashes). */
  botCheckMaxNumber: number;
  /** Lifetime of a challenge. */
  botCheckTtlSeconds: number;
  /** Registration: lifetime of a registration, counted from its creation. */
  registrationTtlMinutes: number;
  /** Registration: identification attempts per client address, and per registration/customer number, per window. */
  registrationIdentifyMaxPerClient: number;
  registrationIdentifyMaxPerNumber: number;
  /** Registration: codes sent per client address per window, and per registration over its lifetime. */
  registrationCodeMaxPerClient: number;
  registrationCodeMaxPerRegistration: number;
  /** Registration: code checks per client address per window. */
  registrationVerifyMaxPerClient: number;
  /** Window of the registration counters above. */
  registrationWindowSeconds: number;
  /** Registration: validity of a verification code, delay before another can be sent, wrong tries allowed. */
  verificationCodeTtlSeconds: number;
  verificationCodeResendSeconds: number;
  verificationCodeMaxTries: number;
  /** Features switched on (MACC_FEATURES, a comma list of FEATURE_NAMES); all off by default. */
  features: FeatureName[];
  /** Bank details: the largest RIB document accepted, in bytes (RIB_MAX_BYTES). */
  ribMaxBytes: number;
  /** Bank details: the RIB document types accepted, recognised by their content (RIB_TYPES, a comma list). */
  ribTypes: RibType[];
  /** Bank details: days a replaced or withdrawn version keeps its RIB document before housekeeping purges it (RIB_RETENTION_DAYS). */
  ribRetentionDays: number;
  /**
   * Shared secret of the after-sales system's signed calls (INTEGRATION_SECRET): the service
   * requests' integration endpoint is off (404) without one. The demo outbox sets DEMO_INTEGRATION_SECRET.
   */
  integrationSecret: string | undefined;
}

/** The integration secret of the demo outbox (DEMO_OUTBOX=1 without INTEGRATION_SECRET): public, never for production. */
export const DEMO_INTEGRATION_SECRET = "demo-integration-secret-not-for-production";

/** A setting that prevents the server from starting: the message names it and what to check. */
export class StartupError extends Error {
  override name = "StartupError";
}

function bool(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

function onOff(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value.trim() === "") return fallback;
  if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
  if (/^(0|false|no|off)$/i.test(value.trim())) return false;
  throw new StartupError(`Invalid ${name}: ${value} (expected on or off)`);
}

function int(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new StartupError(`Invalid ${name}: ${value} (expected a whole number of at least ${min})`);
  return n;
}

/** TRUST_PROXY: a number of proxy hops; on/true/yes count as one, off/false/no as none. */
function proxyHops(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  if (/^(true|yes|on)$/i.test(value.trim())) return 1;
  if (/^(false|no|off)$/i.test(value.trim())) return 0;
  return int(value, 0, "TRUST_PROXY", 0);
}

function originOf(host: string, port: number): string {
  const h = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

function publicUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StartupError(`Invalid ${name}: ${value} (expected an http or https URL)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new StartupError(`Invalid ${name}: ${value} (expected an http or https URL)`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function sameSite(value: string | undefined): SameSite {
  const v = (value ?? "Lax").trim().toLowerCase();
  if (v === "strict") return "Strict";
  if (v === "none") return "None";
  if (v === "lax" || v === "") return "Lax";
  throw new StartupError(`Invalid COOKIE_SAMESITE: ${value} (expected Strict, Lax or None)`);
}

/** A comma list of names out of `known`; a name it does not know stops the server (a typo must not switch a feature off silently). */
function nameList<T extends string>(value: string | undefined, known: readonly T[], fallback: T[], name: string): T[] {
  if (value === undefined || value.trim() === "") return fallback;
  const names = value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !(known as readonly string[]).includes(n));
  if (unknown.length > 0) throw new StartupError(`Invalid ${name}: ${unknown.join(", ")} (expected a comma list of ${known.join(", ")})`);
  return [...new Set(names)] as T[];
}

/**
 * PORTAL_BASE: one base for every locale (`/portail`), or a comma list whose entries are the default
 * base or `locale=base` (`/portail,en-GB=https://www.macc.co.uk/portal`). A base is a path on
 * PUBLIC_URL or an http(s) address of its own; an unknown locale stops the server.
 */
function portalBases(value: string | undefined, fallback: PortalBases): PortalBases {
  if (value === undefined || value.trim() === "") return fallback;
  const bases: PortalBases = { default: fallback.default, locales: {} };
  for (const entry of value.split(",").filter((s) => s.trim())) {
    const [named, base] = entry.includes("=") ? (entry.split("=", 2) as [string, string]) : [null, entry];
    const locale = named?.trim() ?? null;
    if (locale !== null && !(LOCALES as readonly string[]).includes(locale))
      throw new StartupError(`Invalid PORTAL_BASE: ${locale} (expected one of ${LOCALES.join(", ")} before "=")`);
    const trimmed = base.trim();
    const normalized = /^https?:\/\//.test(trimmed) ? publicUrl(trimmed, "PORTAL_BASE") : trimmed.replace(/\/+$/, "");
    if (!/^(https?:\/\/|\/|$)/.test(normalized))
      throw new StartupError(`Invalid PORTAL_BASE: ${trimmed} (expected a path starting with / or an http or https URL)`);
    if (locale === null) bases.default = normalized;
    else bases.locales[locale as Locale] = normalized;
  }
  return bases;
}

/** DEMO_DATA: off unless asked for, and never in production. */
function demoData(env: NodeJS.ProcessEnv, production: boolean): boolean {
  const asked = onOff(env.DEMO_DATA, false, "DEMO_DATA");
  if (production) {
    if (asked) {
      throw new StartupError(
        "DEMO_DATA is refused with NODE_ENV=production: the demo accounts share a published password (unset DEMO_DATA).",
      );
    }
    return false;
  }
  return asked;
}

export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 4173,
    host: "127.0.0.1",
    databaseUrl: undefined,
    dataDir: path.join(PROJECT_ROOT, ".data", "pglite"),
    maintenance: false,
    maintenanceUntil: undefined,
    accessTokenTtlSeconds: 900,
    refreshTtlDays: 30,
    cookieSameSite: "Lax",
    corsOrigins: [],
    trustProxy: 0,
    tokenSecret: undefined,
    nodeEnv: "development",
    demoOutbox: true,
    demoData: true,
    staticDir: path.join(PROJECT_ROOT, "dist", "static"),
    demoDir: path.join(PROJECT_ROOT, "demo"),
    loginFailuresAtBaseCost: 5,
    loginMaxCostDoublings: 4,
    loginMaxAttemptsPerClient: 30,
    loginWindowSeconds: 15 * 60,
    contactMaxPerAccount: 10,
    basketMaxPerClient: 20,
    smsMaxPerNumberPerDay: 5,
    bodyLimitBytes: 16 * 1024,
    publicUrl: originOf(overrides.host ?? "127.0.0.1", overrides.port ?? 4173),
    sessionIdleMinutes: 30,
    smtpUrl: undefined,
    smtpPort: 0,
    mailFrom: "MACC <ne-pas-repondre@macc.example>",
    passwordMaxFailuresPerAccount: 5,
    passwordWindowSeconds: 15 * 60,
    forgotMaxPerEmail: 5,
    forgotMaxPerClient: 20,
    forgotWindowSeconds: 15 * 60,
    forgotMinDurationMs: 400,
    resetTokenTtlMinutes: 30,
    botCheck: true,
    botCheckSecret: undefined,
    deviceCookieSecret: undefined,
    geoipCsv: undefined,
    portalBases: { default: "/portail", locales: {} },
    botCheckMaxNumber: 50_000,
    botCheckTtlSeconds: 600,
    registrationTtlMinutes: 60,
    registrationIdentifyMaxPerClient: 20,
    registrationIdentifyMaxPerNumber: 10,
    registrationCodeMaxPerClient: 10,
    registrationCodeMaxPerRegistration: 5,
    registrationVerifyMaxPerClient: 30,
    registrationWindowSeconds: 15 * 60,
    verificationCodeTtlSeconds: 600,
    verificationCodeResendSeconds: 60,
    verificationCodeMaxTries: 5,
    features: [],
    ribMaxBytes: RIB_DEFAULT_MAX_BYTES,
    ribTypes: [...RIB_TYPES],
    ribRetentionDays: 30,
    integrationSecret: DEMO_INTEGRATION_SECRET,
    ...overrides,
  };
}

/**
 * MACC_MAINTENANCE_UNTIL: the announced end of the maintenance, checked with the contract's rule.
 * Refused without MACC_MAINTENANCE (an end announced for nothing) and when already past.
 */
function maintenanceUntil(value: string | undefined, maintenance: boolean, now: Date): Date | undefined {
  const until = value?.trim();
  if (!until) return undefined;
  if (!maintenance)
    throw new StartupError("MACC_MAINTENANCE_UNTIL is set but MACC_MAINTENANCE is off (set both, or unset MACC_MAINTENANCE_UNTIL)");
  if (!v.is(MaintenanceEnd, until)) {
    throw new StartupError(
      `Invalid MACC_MAINTENANCE_UNTIL: ${until} (expected an ISO 8601 date-time with seconds and offset, such as 2026-11-28T06:00:00+01:00)`,
    );
  }
  const end = new Date(until);
  if (end.getTime() <= now.getTime()) throw new StartupError(`Invalid MACC_MAINTENANCE_UNTIL: ${until} (already past)`);
  return end;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, now = new Date()): Config {
  const base = defaultConfig();
  const port = int(env.PORT, base.port, "PORT", 0);
  const host = env.HOST?.trim() || base.host;
  const production = env.NODE_ENV?.trim() === "production";
  return {
    ...base,
    port,
    host,
    publicUrl: env.PUBLIC_URL?.trim() ? publicUrl(env.PUBLIC_URL.trim(), "PUBLIC_URL") : originOf(host, port),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, base.sessionIdleMinutes, "SESSION_IDLE_MINUTES"),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    smtpPort: int(env.SMTP_PORT, base.smtpPort, "SMTP_PORT", 0),
    mailFrom: env.MAIL_FROM?.trim() || base.mailFrom,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR.trim()) : base.dataDir,
    maintenance: bool(env.MACC_MAINTENANCE),
    maintenanceUntil: maintenanceUntil(env.MACC_MAINTENANCE_UNTIL, bool(env.MACC_MAINTENANCE), now),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, base.accessTokenTtlSeconds, "ACCESS_TOKEN_TTL_SECONDS"),
    refreshTtlDays: int(env.REFRESH_TTL_DAYS, base.refreshTtlDays, "REFRESH_TTL_DAYS"),
    cookieSameSite: sameSite(env.COOKIE_SAMESITE),
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim().replace(/\/+$/, ""))
      .filter(Boolean),
    trustProxy: proxyHops(env.TRUST_PROXY),
    tokenSecret: env.TOKEN_SECRET?.trim() || undefined,
    nodeEnv: env.NODE_ENV?.trim() || base.nodeEnv,
    demoOutbox: bool(env.DEMO_OUTBOX) && !production,
    demoData: demoData(env, production),
    botCheck: onOff(env.BOT_CHECK, base.botCheck, "BOT_CHECK"),
    botCheckSecret: env.BOT_CHECK_SECRET?.trim() || undefined,
    deviceCookieSecret: env.DEVICE_COOKIE_SECRET?.trim() || undefined,
    geoipCsv: env.GEOIP_CSV?.trim() || undefined,
    portalBases: portalBases(env.PORTAL_BASE, base.portalBases),
    botCheckMaxNumber: int(env.BOT_CHECK_MAX_NUMBER, base.botCheckMaxNumber, "BOT_CHECK_MAX_NUMBER"),
    loginMaxAttemptsPerClient: int(env.LOGIN_MAX_PER_CLIENT, base.loginMaxAttemptsPerClient, "LOGIN_MAX_PER_CLIENT", 1),
    contactMaxPerAccount: int(env.CONTACT_MAX_PER_ACCOUNT, base.contactMaxPerAccount, "CONTACT_MAX_PER_ACCOUNT", 1),
    basketMaxPerClient: int(env.BASKET_MAX_PER_CLIENT, base.basketMaxPerClient, "BASKET_MAX_PER_CLIENT", 1),
    smsMaxPerNumberPerDay: int(env.SMS_MAX_PER_NUMBER_PER_DAY, base.smsMaxPerNumberPerDay, "SMS_MAX_PER_NUMBER_PER_DAY", 0),
    features: nameList(env.MACC_FEATURES, FEATURE_NAMES, base.features, "MACC_FEATURES"),
    ribMaxBytes: int(env.RIB_MAX_BYTES, base.ribMaxBytes, "RIB_MAX_BYTES"),
    ribTypes: nameList(env.RIB_TYPES, RIB_TYPES, base.ribTypes, "RIB_TYPES"),
    ribRetentionDays: int(env.RIB_RETENTION_DAYS, base.ribRetentionDays, "RIB_RETENTION_DAYS", 0),
    integrationSecret: env.INTEGRATION_SECRET?.trim() || (bool(env.DEMO_OUTBOX) && !production ? DEMO_INTEGRATION_SECRET : undefined),
  };
}
