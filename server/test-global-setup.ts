/**
 * Builds the API tests' databases once per run, migrated, with and without the demo data; each test
 * file then starts from a copy (about a third of the time of creating, migrating and seeding a
 * database of its own). On a throw-away PostgreSQL server when this machine has one
 * (test-postgres.ts): two template databases. Otherwise on the embedded engine: two data-directory
 * images.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { MEMORY_DB_START_PARAMS, PGLITE_EXTENSIONS, pgliteDb, postgresDb } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { seedDemoIfEmpty } from "./demo/seed.ts";
import { databaseUrl, postgresBinaries, startTestServer, TEMPLATES } from "./test-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Data-directory images of a migrated database: `seeded` holds the demo data, `bare` does not. */
    dbImages?: { seeded: string; bare: string };
    /** The throw-away PostgreSQL server holding the template databases (TEMPLATES), when there is one. */
    testPostgres?: string;
  }
}

/**
 * The data directory as an image, without what the tests never use: the two template databases
 * (nothing creates a database) and the WAL segments before the last checkpoint. Every test file
 * unpacks its copy into memory, so the image's size is paid some sixty times a run: 30 MB instead
 * of 45 (old segments are deleted, not recycled, because the engine runs with wal_recycle=off).
 */
async function slimImage(pglite: PGlite): Promise<Buffer> {
  await pglite.exec("CHECKPOINT");
  await pglite.query("SELECT pg_switch_wal()");
  await pglite.exec("CHECKPOINT");
  return Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer());
}

/** One database, dumped once migrated (`bare`) and again with the demo data (`seeded`): a single start-up of the engine. */
async function images(): Promise<{ seeded: Buffer; bare: Buffer }> {
  const pglite = new PGlite({ startParams: [...MEMORY_DB_START_PARAMS, "-c", "wal_recycle=off"], extensions: PGLITE_EXTENSIONS });
  await pglite.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await pglite.exec("DROP DATABASE template0");
  await pglite.exec("DROP DATABASE template1");
  const db = pgliteDb(pglite);
  await migrate(db);
  const bare = await slimImage(pglite);
  await seedDemoIfEmpty(db);
  const seeded = await slimImage(pglite);
  await pglite.close();
  return { seeded, bare };
}

/** The two template databases, migrated, `seeded` then given the demo data. */
async function templates(url: string): Promise<void> {
  const server = postgresDb(url, { max: 1 });
  for (const [kind, name] of Object.entries(TEMPLATES)) {
    await server.exec(`CREATE DATABASE ${name}`);
    const db = postgresDb(databaseUrl(url, name), { max: 1 });
    await migrate(db);
    if (kind === "seeded") await seedDemoIfEmpty(db);
    await db.close();
  }
  await server.close();
}

export default async function setup(project: TestProject) {
  const bin = process.env.TEST_ENGINE === "pglite" ? null : postgresBinaries();
  if (bin) {
    try {
      const server = await startTestServer(bin);
      await templates(server.url);
      project.provide("testPostgres", server.url);
      return server.stop;
    } catch (err) {
      // A server that cannot start here (no `postgres` user for root…) leaves the embedded engine.
      console.warn(`The API tests run on the embedded engine: ${err instanceof Error ? err.message.split("\n")[0] : err}`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "macc-test-db-"));
  const seeded = join(dir, "seeded.tar");
  const bare = join(dir, "bare.tar");
  const built = await images();
  writeFileSync(seeded, built.seeded);
  writeFileSync(bare, built.bare);
  project.provide("dbImages", { seeded, bare });
  return () => rmSync(dir, { recursive: true, force: true });
}
