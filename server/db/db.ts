import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface QueryResult<T> {
  rows: T[];
}

/** The few database operations the API needs, over PGlite or node-postgres alike. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly engine: "pglite" | "postgres";
}

export function pgliteDb(pglite: PGlite): Db {
  return {
    engine: "pglite",
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await pglite.query<T>(sql, params);
      return { rows: r.rows };
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pglite.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            const r = await tx.query<R>(sql, params);
            return { rows: r.rows };
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    close: () => pglite.close(),
  };
}

/** In-memory embedded database (tests). */
/** Embedded database in memory: empty, or a copy of the data directory `image` (`dumpDataDir`). */
export async function openMemoryDb(image?: Blob): Promise<Db> {
  const pglite = new PGlite(image ? { loadDataDir: image } : undefined);
  await pglite.waitReady;
  return pgliteDb(pglite);
}

/** Embedded database persisted in `dataDir`. */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  return pgliteDb(pglite);
}

export function postgresDb(connectionString: string, options: pg.PoolConfig = {}): Db {
  const pool = new pg.Pool({ connectionString, max: 10, ...options });
  pool.on("error", (err) => console.error("PostgreSQL pool error:", err.message));
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as T[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    engine: "postgres",
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
