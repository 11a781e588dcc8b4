import { StartupError, type Config } from "../config.ts";
import { openPgliteDb, postgresDb, type Db } from "./db.ts";

/** How long the first connection to DATABASE_URL may take before start-up gives up. */
const CONNECT_TIMEOUT_MS = 10_000;

/** DATABASE_URL without its password, fit to be printed. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(not a valid URL)";
  }
}

/** What went wrong, in one line: driver errors may carry several (AggregateError, line breaks). */
function reason(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: unknown[] };
  const text = e.message || (e.errors?.[0] as { message?: string } | undefined)?.message || e.code || String(err);
  return text.replace(/\s+/g, " ").trim();
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded database persisted in the data folder.
 * A database that cannot be reached or opened is a StartupError naming the setting to check.
 */
export async function openDb(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const db = postgresDb(url, { connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    try {
      await db.query("SELECT 1");
    } catch (err) {
      await db.close().catch(() => undefined);
      throw new StartupError(
        `Cannot connect to the PostgreSQL server of DATABASE_URL (${redactedUrl(url)}): ${reason(err)}. ` +
          "Check that the server is running and reachable, and the host, port, user, password and database name of DATABASE_URL.",
      );
    }
    return db;
  }
  try {
    return await openPgliteDb(config.dataDir);
  } catch (err) {
    throw new StartupError(
      `Cannot open the embedded database in DATA_DIR (${config.dataDir}): ${reason(err)}. ` +
        "Check that the folder is writable and not used by another running server.",
    );
  }
}
