import { describe, expect, it } from "vitest";
import { activityFilterOf, type ActivityKind } from "../src/contract/security.ts";
import { activityDraw, batches, measuredAt } from "./bench-scale-data.mjs";

describe("bench:scale's generation plan", () => {
  it("cuts the companies into batches of about the rows asked, never splitting one, skipping the empty ones", () => {
    const plan: [number, number][] = [
      [1, 50],
      [2, 0],
      [3, 30],
      [4, 30],
      [5, 200],
      [6, 10],
    ];
    expect(batches(plan, 60)).toEqual([
      { from: 1, to: 3, rows: 80 },
      { from: 4, to: 5, rows: 230 },
      { from: 6, to: 6, rows: 10 },
    ]);
    expect(batches(plan, 1_000)).toEqual([{ from: 1, to: 6, rows: 320 }]);
    expect(batches([[1, 0]], 10)).toEqual([]);
  });

  it("has a measured company only where the table holds at least twice its invoices", () => {
    expect(measuredAt(10_000).map((m) => m.role)).toEqual(["5000", "200", "zip"]);
    expect(measuredAt(9_999).map((m) => m.role)).toEqual(["200", "zip"]);
    expect(measuredAt(100_000).map((m) => m.role)).toEqual(["50000", "5000", "200", "zip"]);
  });

  it("draws the activity's kinds from ascending shares of [0, 1), each with its filter, bank details as the rare one (0.1 %)", () => {
    const { kinds, categories, bounds } = activityDraw();
    expect(bounds[0]).toBe(0);
    expect(bounds.every((b, i) => i === 0 || b > bounds[i - 1]!)).toBe(true);
    expect(bounds.at(-1)).toBeLessThan(1);
    expect(categories).toEqual(kinds.map((k) => activityFilterOf(k as ActivityKind)));
    const i = kinds.indexOf("bank-details");
    expect(categories.filter((c) => c === "company")).toHaveLength(1);
    expect(bounds[i + 1]! - bounds[i]!).toBeCloseTo(0.001, 4);
  });
});
