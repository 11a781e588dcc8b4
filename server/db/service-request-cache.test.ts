/**
 * Migration 0023: a service request's change notifies the caches that show it (the fleet's open
 * requests, the banner), except the background record of its SMS being sent, which shows nowhere.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./db.ts";
import { CACHE_CHANNEL } from "../http/memory-cache.ts";
import { openTestDb } from "../test-support.ts";

let db: Db;
// Closed after the file with the run's other databases (server/test-setup.ts).
beforeAll(async () => {
  db = await openTestDb(true);
});

/** The cache notifications `sql` sends, those of a marker sent after it excluded (commit order). */
async function notified(sql: string, params: unknown[]): Promise<string[]> {
  const heard: string[] = [];
  let marked!: () => void;
  const marker = new Promise<void>((resolve) => (marked = resolve));
  const stop = await db.listen(CACHE_CHANNEL, {
    notify: (payload) => (payload === "marker" ? marked() : heard.push(payload)),
    listening: () => undefined,
  });
  try {
    await db.query(sql, params);
    await db.query("SELECT pg_notify($1, 'marker')", [CACHE_CHANNEL]);
    await marker;
    return heard;
  } finally {
    await stop();
  }
}

describe("service_requests' cache notifications (migration 0023)", () => {
  it.each<[string, string, boolean]>([
    ["its SMS recorded as sent", "sms_sent_at = now()", false],
    ["nothing changed", "status = status", false],
    ["its status", "status = 'assigned'", true],
    ["its visit", "visit_date = CURRENT_DATE", true],
    ["its SMS and its status at once", "sms_sent_at = now(), status = 'waiting-for-parts'", true],
  ])("%s: notified %j", async (_, set, expected) => {
    const { rows } = await db.query<{ uuid_compte: string; reference: string }>(
      `INSERT INTO service_requests (reference, uuid_compte, id_tier, code_reseau, code_famille, kind, description, urgency, location,
                                     address, call_time, langue, recipients)
       SELECT 'D-2026-' || substr(md5(random()::text), 1, 6), ac.uuid_compte, ac.id_tier, 'FRA', 'MACH', 'question', 'Test', 'can-wait',
              'farm', 'La ferme', 'any', 'fr-FR', ARRAY['sav@example.test']
       FROM account_companies ac JOIN accounts a USING (uuid_compte) WHERE a.email = 'multi@demo.macc.test' LIMIT 1
       RETURNING uuid_compte, reference`,
    );
    const { uuid_compte, reference } = rows[0]!;
    expect(await notified(`UPDATE service_requests SET ${set} WHERE reference = $1`, [reference])).toEqual(
      expected ? [`service_requests:${uuid_compte}`] : [],
    );
  });

  it("a request deleted notifies its account", async () => {
    const { rows } = await db.query<{ uuid_compte: string; reference: string }>(
      "SELECT uuid_compte, reference FROM service_requests LIMIT 1",
    );
    const { uuid_compte, reference } = rows[0]!;
    expect(await notified("DELETE FROM service_requests WHERE reference = $1", [reference])).toEqual([`service_requests:${uuid_compte}`]);
  });
});
