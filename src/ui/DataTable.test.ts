import { describe, expect, it } from "vitest";
import { fitTable } from "./DataTable";

/** A table's box: `natural` is the width the table takes laid out as a table (more than the box: it overflows). */
function box(width: number, natural: number) {
  const classes = new Set<string>();
  return {
    clientWidth: width,
    get scrollWidth() {
      return classes.has("table-wrap--cards") ? width : Math.max(width, natural);
    },
    classList: {
      remove: (name: string) => void classes.delete(name),
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name), on),
    } as unknown as DOMTokenList,
    get cards() {
      return classes.has("table-wrap--cards");
    },
  };
}

const shape = (rowCount: number | null) => ({ headers: "Produit\nQuantité\nDate", columnCount: 3, rowCount });

describe("fitTable: cards where the table would be wider than its box, the skeleton laid out as its rows will be", () => {
  it.each([
    // [what was seen before, box width, table's natural width with its rows, rows (null: skeleton), cards?]
    ["nothing, a phone's box: guessed from 3 columns of 112 px", [], 328, 0, null, true],
    ["nothing, a wide box: guessed", [], 900, 0, null, false],
    ["nothing, a box just under 3 × 112 px", [], 335, 0, null, true],
    ["rows measured as a table wider than its box", [], 328, 500, 25, true],
    ["rows that fit", [], 900, 500, 25, false],
    ["rows needed 500 px: a 480 px box's skeleton is cards", [[328, 500, 25]], 480, 0, null, true],
    ["rows needed 500 px: a 520 px box's skeleton is a table", [[328, 500, 25]], 520, 0, null, false],
    ["rows fitted in 300 px: a 320 px box's skeleton is a table, whatever the guess", [[300, 250, 25]], 320, 0, null, false],
    ["an empty list's measure is not kept", [[300, 250, 0]], 320, 0, null, true],
    ["a box not laid out (hidden): left a table", [], 0, 0, null, false],
  ] as const)("%s", (_, seen, width, natural, rowCount, cards) => {
    const needed = new Map<string, number>();
    for (const [w, n, rows] of seen) fitTable(box(w, n), shape(rows), needed);
    const table = box(width, natural);
    fitTable(table, shape(rowCount), needed);
    expect(table.cards).toBe(cards);
  });
});
