import { describe, expect, it } from "vitest";
import { batches, measuredAt } from "./bench-scale-data.mjs";

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
});
