/** The demo seed's SQL (server/demo/seed.ts): bulk inserts, and whether a database is in use. */
import type { Db, Queryable } from "../db/db.ts";

/** Arbitrary key of the advisory lock that serialises the demo seed between instances. */
const LOCK_KEY = 417302;

/** A column's type in `insertRows`: `bytea` values travel as hex text. */
export type ColumnType = "text" | "integer" | "bigint" | "boolean" | "date" | "timestamptz" | "uuid" | "jsonb" | "bytea";

/** Inserts `rows` with one statement per thousand: the rows travel as a single JSON parameter. */
export async function insertRows(
  db: Queryable,
  table: string,
  columns: Record<string, ColumnType>,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const recordType = names.map((n) => `${n} ${columns[n] === "bytea" ? "text" : columns[n]}`).join(", ");
  const projection = names.map((n) => (columns[n] === "bytea" ? `decode(x.${n}, 'hex')` : `x.${n}`)).join(", ");
  const BATCH = 1000;
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.query(
      `INSERT INTO ${table} (${names.join(", ")})
       SELECT ${projection} FROM jsonb_to_recordset($1::jsonb) AS x(${recordType})`,
      [JSON.stringify(rows.slice(i, i + BATCH))],
    );
  }
}

/** True when the database holds a company or an account: the demo data is never mixed into it. */
export async function holdsCustomerData(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ used: boolean }>("SELECT EXISTS (SELECT 1 FROM companies) OR EXISTS (SELECT 1 FROM accounts) AS used");
  return rows[0]?.used === true;
}

/** Waits for any other instance seeding the same database, until the transaction ends. */
export async function lockDemoSeed(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
}

/**
 * Statistics for the planner on the rows just written, before autovacuum gets to them (the
 * embedded engine has none): a list's page 1 is then an index scan with a LIMIT from the start.
 */
export async function analyze(db: Db): Promise<void> {
  await db.exec("ANALYZE");
}
