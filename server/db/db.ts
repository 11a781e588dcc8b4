import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

export interface QueryResult<T> {
  rows: T[];
}

export interface QueryOptions {
  /**
   * Prepared once per connection and its plan kept (PostgreSQL: a generic plan after five runs),
   * which saves planning on each run (a page of the activity log: from about 1,400 to 2,500
   * requests a second). Only for a statement of a
   * fixed text whose best plan does not depend on its parameters' values: a key's range read in an
   * index's order, a primary key. Not for a company's invoices searched or filtered by a value whose
   * share varies (the plan for an average company would be kept for the largest).
   */
  prepared?: boolean;
}

/** The few database operations the API needs, over PGlite or node-postgres alike. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs a script of one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

/** What a `listen` subscriber is told: each notification's payload, and when notifications may have been missed. */
export interface Listener {
  notify(payload: string): void;
  /**
   * `false` when the subscription is lost (notifications may be missed until it is back), `true`
   * once it listens (again). Always called with `true` once first listening.
   */
  listening(up: boolean): void;
}

export interface Db extends Queryable {
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to `channel` (PostgreSQL LISTEN/NOTIFY); resolves to the function that stops. On
   * PostgreSQL a dedicated connection listens, and reconnects after an error (or a failed start).
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** Closes once; later calls answer the same promise (a test file and the shared set-up may both close). */
  close(): Promise<void>;
  readonly engine: "pglite" | "postgres";
}

export function pgliteDb(pglite: PGlite): Db {
  let closing: Promise<void> | undefined;
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
    async listen(channel: string, listener: Listener) {
      const stop = await pglite.listen(channel, (payload) => listener.notify(payload));
      listener.listening(true);
      return () => stop();
    },
    close: () => (closing ??= pglite.close()),
  };
}

/** The extensions the migrations create (the invoice search's indexes), loaded into every embedded database. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * Settings of the in-memory databases (tests): the engine clears and lays out its whole buffer
 * pool at start-up, and the default 128 MB took half of the 1.3 CPU-s a copy needs to open; a
 * test's few megabytes of data fit in 8 MB. Each start also lays out its next 16 MB WAL file: written
 * as zeros, 8 kB at a time, it made the in-memory file system regrow and copy the file some twenty
 * times (a sixth of an open); unzeroed, it is one allocation, as memory is zeros anyway.
 */
export const MEMORY_DB_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...["-c", "shared_buffers=8MB", "-c", "max_connections=5", "-c", "wal_init_zero=off"],
];

/** Embedded database in memory (tests): empty, or a copy of the data directory `image` (`dumpDataDir`). */
export async function openMemoryDb(image?: Blob): Promise<Db> {
  const pglite = new PGlite({ loadDataDir: image, startParams: MEMORY_DB_START_PARAMS, extensions: PGLITE_EXTENSIONS });
  await pglite.waitReady;
  return pgliteDb(pglite);
}

/** Embedded database persisted in `dataDir`. */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
  await pglite.waitReady;
  return pgliteDb(pglite);
}

/**
 * Socket errors of a server that cannot be reached, and SQLSTATEs of one going away or not ready
 * (class 08 connection exceptions; 57P01–57P03 shutdown, crash, starting up; 53300 too many
 * connections): the database is unavailable for a while, not the request wrong.
 */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres's own words for a connection that died or could not be had in time (no code). */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** True when `err` says the database server is unreachable or going away (answer 503, not 500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const { code, message, errors, cause } = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  // Node reports a refused connection to every address of a host as an AggregateError.
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== err && isDatabaseUnavailable(cause);
}

/** Prepared statements' names: their text's digest, so that one name never stands for two texts. */
const preparedNames = new Map<string, string>();
function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (!name) preparedNames.set(sql, (name = `q${createHash("sha1").update(sql).digest("base64url")}`));
  return name;
}

export function postgresDb(connectionString: string, options: pg.PoolConfig = {}): Db {
  const pool = new pg.Pool({ connectionString, max: 10, ...options });
  pool.on("error", (err) => console.error("PostgreSQL pool error:", err.message));
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      const r = options.prepared
        ? await client.query({ name: preparedName(sql), text: sql, values: params })
        : await client.query(sql, params as unknown[]);
      return { rows: r.rows as T[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const base = wrap(pool);
  const listeners = new Set<() => Promise<void>>();
  let closed: Promise<void> | undefined;
  return {
    engine: "postgres",
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      // The pool does not listen to a client it lent: without this, a connection lost during the
      // transaction (the server stopping) would be an uncaught 'error' event, and stop the process.
      // Its queries fail all the same, and the broken client is then dropped, not pooled.
      let lost: Error | undefined;
      const onLost = (err: Error) => {
        lost = err;
      };
      client.on("error", onLost);
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.off("error", onLost);
        client.release(lost);
      }
    },
    async listen(channel: string, listener: Listener) {
      const stop = await listenWithReconnect({ connectionString, ...options }, channel, listener);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    // Once: a second call waits for the first (node-postgres refuses to end a pool twice).
    close() {
      closed ??= Promise.all([...listeners].map((stop) => stop())).then(() => pool.end());
      return closed;
    },
  };
}

/** First wait before reconnecting a lost LISTEN connection; doubled on each failure up to the maximum. */
const RECONNECT_FIRST_MS = 250;
/** Short: until it listens again the caches keep nothing, and a try costs one connection attempt. */
const RECONNECT_MAX_MS = 2_000;

/**
 * One client outside the pool that LISTENs on `channel`. When its connection fails it tells the
 * listener (`listening(false)`), reconnects with a growing delay, and says `listening(true)` again.
 * Resolves after the first attempt, successful or not (then retried the same way).
 */
async function listenWithReconnect(config: pg.ClientConfig, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RECONNECT_FIRST_MS;

  const connect = async () => {
    const c = new pg.Client(config);
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost || stopped) return;
      lost = true;
      if (err) console.error(`[db] LISTEN ${channel} connection lost: ${err.message}; reconnecting.`);
      listener.listening(false);
      c.end().catch(() => undefined);
      timer = setTimeout(() => {
        connect().catch(() => undefined);
      }, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    c.on("error", onLost);
    c.on("end", () => onLost(new Error("connection ended")));
    c.on("notification", (n) => {
      if (n.channel === channel) listener.notify(n.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
    delay = RECONNECT_FIRST_MS;
    listener.listening(true);
  };

  // A first attempt that fails is retried like a lost connection (the caches keep nothing meanwhile).
  await connect().catch(() => undefined);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}
