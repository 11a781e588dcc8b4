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
import { pgliteDb } from "./db/db.ts";
import { migrate } from "./db/migrate.ts";
import { seedIfEmpty } from "./db/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Data-directory images of a migrated database: `seeded` holds the demo data, `bare` does not. */
    dbImages: { seeded: string; bare: string };
  }
}

async function image(seed: boolean): Promise<Buffer> {
  const pglite = new PGlite();
  const db = pgliteDb(pglite);
  await migrate(db);
  if (seed) await seedIfEmpty(db, { demo: true });
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  return Buffer.from(await dump.arrayBuffer());
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "macc-test-db-"));
  const seeded = join(dir, "seeded.tar");
  const bare = join(dir, "bare.tar");
  const [seededImage, bareImage] = await Promise.all([image(true), image(false)]);
  writeFileSync(seeded, seededImage);
  writeFileSync(bare, bareImage);
  project.provide("dbImages", { seeded, bare });
  return () => rmSync(dir, { recursive: true, force: true });
}
