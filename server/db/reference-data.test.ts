import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NETWORK_CODES } from "../../src/contract/constants.ts";
import type { Db } from "./db.ts";
import { migrate } from "./migrate.ts";
import { openTestDb } from "../test-support.ts";

const REFERENCE = "0009_reference_footer_contacts";

let db: Db;
beforeAll(async () => {
  // The run's migrated database without demo data: what a production server starts with.
  db = await openTestDb(false);
});
afterAll(() => db.close());

const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
const counts = async () => ({
  networks: await count("footer_contacts"),
  services: await count("footer_sub_services"),
  names: await count("footer_sub_service_names"),
});
/** Runs the reference data's migration again, as on a database seeded before it existed. */
async function reapplyReference(): Promise<string[]> {
  await db.query("DELETE FROM schema_migrations WHERE version = $1", [REFERENCE]);
  return migrate(db);
}

describe("reference data (migration 0009)", () => {
  it("gives every network its footer contacts, its services named in the six languages", async () => {
    expect(await count("footer_contacts")).toBe(NETWORK_CODES.length);
    const { rows } = await db.query<{ code_reseau: string; languages: number }>(
      `SELECT s.code_reseau, count(DISTINCT n.langue)::int AS languages
       FROM footer_sub_services s JOIN footer_sub_service_names n ON n.sub_service_id = s.id
       GROUP BY s.code_reseau`,
    );
    expect(rows.map((r) => r.code_reseau).sort()).toEqual([...NETWORK_CODES].sort());
    for (const r of rows) expect(r.languages).toBe(6);
  });

  it("applies cleanly to a database that already holds the rows, and keeps the contacts edited there", async () => {
    const before = await counts();
    await db.query("UPDATE footer_sub_services SET telephone1 = '02 41 00 00 00' WHERE id = 1");
    expect(await reapplyReference()).toEqual([REFERENCE]);
    expect(await counts()).toEqual(before);
    expect((await db.query<{ telephone1: string }>("SELECT telephone1 FROM footer_sub_services WHERE id = 1")).rows[0]?.telephone1).toBe(
      "02 41 00 00 00",
    );
  });

  it("adds a network that is missing, with its services and their names", async () => {
    const before = await counts();
    await db.query("DELETE FROM footer_contacts WHERE code_reseau = 'ITA'");
    expect((await counts()).networks).toBe(before.networks! - 1);
    expect(await reapplyReference()).toEqual([REFERENCE]);
    expect(await counts()).toEqual(before);
  });
});
