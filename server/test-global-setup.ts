/**
 * Builds the API tests' databases once per run: an embedded PostgreSQL with the migrations applied,
 * with and without the demo data, saved as data-directory images. Each test file then starts from
 * a copy (about a third of the time of creating, migrating and seeding a database of its own).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { MEMORY_DB_START_PARAMS, pgliteDb } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { seedDemoIfEmpty } from "./demo/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Data-directory images of a migrated database: `seeded` holds the demo data, `bare` does not. */
    dbImages: { seeded: string; bare: string };
  }
}

/** One database, dumped once migrated (`bare`) and again with the demo data (`seeded`): a single start-up of the engine. */
async function images(): Promise<{ seeded: Buffer; bare: Buffer }> {
  const pglite = new PGlite({ startParams: MEMORY_DB_START_PARAMS });
  const db = pgliteDb(pglite);
  await migrate(db);
  const bare = Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer());
  await seedDemoIfEmpty(db);
  const seeded = Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer());
  await pglite.close();
  return { seeded, bare };
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "macc-test-db-"));
  const seeded = join(dir, "seeded.tar");
  const bare = join(dir, "bare.tar");
  const built = await images();
  writeFileSync(seeded, built.seeded);
  writeFileSync(bare, built.bare);
  project.provide("dbImages", { seeded, bare });
  return () => rmSync(dir, { recursive: true, force: true });
}
