import { fileURLToPath } from "node:url";
import path from "node:path";

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
  accessTokenTtlSeconds: number;
  refreshTtlDays: number;
  cookieSameSite: SameSite;
  /** Origins allowed to call the API with credentials (CORS). */
  corsOrigins: string[];
  /** Trust X-Forwarded-For for the client address (behind a reverse proxy). */
  trustProxy: boolean;
  /** Optional token-signing secret; when unset a secret is generated once and stored in the database. */
  tokenSecret: string | undefined;
  nodeEnv: string;
  /** Folder of the built widget files served under /static. */
  staticDir: string;
  /** Folder of the demo host pages served at the site root. */
  demoDir: string;
  /** Login throttling. */
  loginMaxFailuresPerAccount: number;
  loginMaxAttemptsPerClient: number;
  loginWindowSeconds: number;
  /** Maximum request body size in bytes. */
  bodyLimitBytes: number;
}

function bool(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Invalid ${name}: ${value}`);
  return n;
}

function sameSite(value: string | undefined): SameSite {
  const v = (value ?? "Lax").trim().toLowerCase();
  if (v === "strict") return "Strict";
  if (v === "none") return "None";
  if (v === "lax" || v === "") return "Lax";
  throw new Error(`Invalid COOKIE_SAMESITE: ${value}`);
}

export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 4173,
    host: "127.0.0.1",
    databaseUrl: undefined,
    dataDir: path.join(PROJECT_ROOT, ".data", "pglite"),
    maintenance: false,
    accessTokenTtlSeconds: 900,
    refreshTtlDays: 30,
    cookieSameSite: "Lax",
    corsOrigins: [],
    trustProxy: false,
    tokenSecret: undefined,
    nodeEnv: "development",
    staticDir: path.join(PROJECT_ROOT, "dist", "static"),
    demoDir: path.join(PROJECT_ROOT, "demo"),
    loginMaxFailuresPerAccount: 5,
    loginMaxAttemptsPerClient: 30,
    loginWindowSeconds: 15 * 60,
    bodyLimitBytes: 16 * 1024,
    ...overrides,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = defaultConfig();
  return {
    ...base,
    port: int(env.PORT, base.port, "PORT"),
    host: env.HOST?.trim() || base.host,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR.trim()) : base.dataDir,
    maintenance: bool(env.MACC_MAINTENANCE),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, base.accessTokenTtlSeconds, "ACCESS_TOKEN_TTL_SECONDS"),
    refreshTtlDays: int(env.REFRESH_TTL_DAYS, base.refreshTtlDays, "REFRESH_TTL_DAYS"),
    cookieSameSite: sameSite(env.COOKIE_SAMESITE),
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim().replace(/\/+$/, ""))
      .filter(Boolean),
    trustProxy: bool(env.TRUST_PROXY),
    tokenSecret: env.TOKEN_SECRET?.trim() || undefined,
    nodeEnv: env.NODE_ENV?.trim() || base.nodeEnv,
  };
}
