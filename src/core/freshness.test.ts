import { describe, expect, it } from "vitest";
import { freshnessDaysLeft, freshnessOf } from "./freshness";

const NOW = new Date(2026, 10, 28, 10, 0); // 28 November 2026, local time

describe("freshnessDaysLeft (the action banner's due date)", () => {
  it.each([
    ["2024-01-12", 45], // 2 years and 10½ months ago: due in 45 days
    ["2023-11-28", 0], // the last day it is fresh
    ["2023-11-27", -1], // stale since today
    ["2026-11-28", 3 * 365 + 1],
  ])("%s → %i days", (day, days) => {
    expect(freshnessDaysLeft(day, NOW)).toBe(days);
  });

  it("agrees with freshnessOf at the limit, and says nothing for information never confirmed", () => {
    expect(freshnessOf("2023-11-28", NOW)).toBe("fresh");
    expect(freshnessOf("2023-11-27", NOW)).toBe("stale");
    expect(freshnessDaysLeft(null, NOW)).toBeNull();
  });
});
