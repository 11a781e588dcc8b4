/**
 * The end of a maintenance, when the operator announces it (MACC_MAINTENANCE_UNTIL): the server
 * checks the setting with it at start-up and sends it as the maintenance answer's `expectedEnd`
 * (an RFC 9457 extension member, and /api/health's), which the maintenance screen shows.
 */
import * as v from "valibot";

/** A moment with its offset (`Z` or `+01:00`), seconds included: a time without its zone would be read in the server's. */
export const MaintenanceEnd = v.pipe(
  v.string(),
  v.isoTimestamp("an ISO 8601 date-time with seconds and offset, such as 2026-11-28T06:00:00+01:00"),
  // The pattern takes 31 February.
  v.check((value) => !Number.isNaN(Date.parse(value)), "a date that exists"),
);

/** What a maintenance answer adds to its body; `expectedEnd` only while an announced end is ahead. */
export const MaintenanceAnswer = v.object({ expectedEnd: v.optional(MaintenanceEnd) });
export type MaintenanceAnswer = v.InferOutput<typeof MaintenanceAnswer>;
