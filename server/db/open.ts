import type { Config } from "../config.ts";
import { openPgliteDb, postgresDb, type Db } from "./db.ts";

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database persisted in the data folder. */
export async function openDb(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    const db = postgresDb(config.databaseUrl);
    await db.query("SELECT 1");
    return db;
  }
  return openPgliteDb(config.dataDir);
}
