/**
 * Migration 0022: a link between an account and a company names its role. 0015's default made any
 * link written without one an owner, the widest role; now such a write fails, and every writer
 * (registration, invitations, the demo seed, tests and scale data) says the role it means.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./db.ts";
import { openTestDb } from "../test-support.ts";

let db: Db;
// Closed after the file with the run's other databases (server/test-setup.ts).
beforeAll(async () => {
  db = await openTestDb(true);
});

describe("account_companies.role (migration 0022)", () => {
  it("has no default: a link without its role is refused, one with it is written", async () => {
    const { rows } = await db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = 'welcome@demo.macc.test'");
    const uuid = rows[0]!.uuid_compte;
    await expect(
      db.query("INSERT INTO account_companies (uuid_compte, id_tier, position) VALUES ($1, '1004217', 5)", [uuid]),
    ).rejects.toThrow(/null value in column "role"/);
    await db.query("INSERT INTO account_companies (uuid_compte, id_tier, position, role) VALUES ($1, '1004217', 5, 'read-only')", [uuid]);
    const { rows: written } = await db.query<{ role: string }>(
      "SELECT role FROM account_companies WHERE uuid_compte = $1 AND id_tier = '1004217'",
      [uuid],
    );
    expect(written).toEqual([{ role: "read-only" }]);
  });
});
