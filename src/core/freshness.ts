import { FRESHNESS_YEARS } from "../contract/constants";

/*
 * SPEC §4/§5's freshness rule, once: the portal's guard (route-rules.ts) and the server's action
 * banner (server/routes/notifications.ts) read it. No address tables here, so the server can.
 */

export type Freshness = "fresh" | "missing" | "stale";

/** SPEC §4/§5: no last-update date, or one older than the limit, must be confirmed again. */
export function freshnessOf(derniereMiseAJour: string | null | undefined, now: Date, years: number = FRESHNESS_YEARS): Freshness {
  if (!derniereMiseAJour) return "missing";
  const updated = new Date(derniereMiseAJour);
  if (Number.isNaN(updated.getTime())) return "missing";
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() - years);
  // Whole calendar days: the API sends YYYY-MM-DD, and a date exactly `years` ago is not older than the limit.
  const updatedDay = DATE_ONLY.test(derniereMiseAJour) ? derniereMiseAJour : localDay(updated);
  return updatedDay < localDay(limit) ? "stale" : "fresh";
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days left before information confirmed on `derniereMiseAJour` is past the limit (0: the last day
 * it is fresh; negative: stale, as `freshnessOf` says), or null when it was never confirmed.
 */
export function freshnessDaysLeft(derniereMiseAJour: string | null | undefined, now: Date, years: number = FRESHNESS_YEARS): number | null {
  if (!derniereMiseAJour) return null;
  const day = DATE_ONLY.test(derniereMiseAJour) ? derniereMiseAJour : localDay(new Date(derniereMiseAJour));
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  if (Number.isNaN(y)) return null;
  // Whole calendar days, counted in UTC so that a change of summer time does not shorten one.
  const due = Date.UTC(y + years, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((due - today) / 86_400_000);
}

const localDay = (d: Date) =>
  `${String(d.getFullYear()).padStart(4, "0")}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
