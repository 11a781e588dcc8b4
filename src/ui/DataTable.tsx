import { useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";
import { Skeleton } from "./Alert";

export interface Column<R, S extends string = string> {
  /** The column's header; it also labels each cell when the table is shown as cards. */
  label: string;
  cell: (row: R) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** This column's cell names its row (a row header). */
  rowHeader?: boolean;
  /** A column of buttons: its header is for screen readers only, its cells carry no label on cards. */
  actions?: boolean;
  /** The header sorts the list by this key. */
  sortKey?: S;
}

export interface TableSort<S extends string> {
  key: S;
  order: "asc" | "desc";
  onSort: (key: S) => void;
}

export interface DataTableProps<R, S extends string = string> {
  /** Read by screen readers; the page title already says it to sighted users. */
  caption?: string;
  columns: ReadonlyArray<Column<R, S>>;
  /** null while the first rows load: skeleton rows keep the table's room. */
  rows: readonly R[] | null;
  rowKey: (row: R, index: number) => string;
  busy?: boolean;
  skeleton?: { rows: number; height?: string };
  sort?: TableSort<S>;
}

/**
 * The responsive data table of every list: a real table where it fits, one card per row where it
 * would be wider than its box (its own box, since a CMS column can be narrow on any screen), with
 * each cell labelled by its column. The explicit ARIA roles keep the table semantics for screen
 * readers once CSS lays the rows out as blocks, which browsers would otherwise drop.
 */
export function DataTable<R, S extends string = string>({
  caption,
  columns,
  rows,
  rowKey,
  busy = false,
  skeleton = { rows: 4 },
  sort,
}: DataTableProps<R, S>) {
  const wrap = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLDivElement>(null);
  useCardsWhereTooWide(wrap, probe, rows, columns.map((column) => column.label).join("\n"), columns.length);
  return (
    <div className="table-wrap" ref={wrap}>
      <div className="table-probe" ref={probe} />
      <table className="data" role="table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <HeaderCell key={column.label} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" aria-busy={busy}>
          {rows === null
            ? Array.from({ length: skeleton.rows }, (_, i) => (
                <tr key={i} role="row" className="skeleton-row">
                  <td role="cell" colSpan={columns.length}>
                    <Skeleton height={skeleton.height} />
                  </td>
                </tr>
              ))
            : rows.map((row, index) => (
                <tr key={rowKey(row, index)} role="row">
                  {columns.map((column) => {
                    const props = {
                      className: cellClass(column),
                      "data-label": column.actions ? undefined : column.label,
                    };
                    return column.rowHeader ? (
                      <th key={column.label} scope="row" role="rowheader" {...props}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.label} role="cell" {...props}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The width a table of these headers needs with its rows, as last seen, for the skeleton to take the
 * layout the rows will have: a skeleton laid out as a table whose rows then come as cards loses
 * its header row, and everything below it moves up (a layout shift).
 */
const neededWidth = new Map<string, number>();

/** Before any table of these headers has been measured, a column is guessed to need this much. */
const GUESSED_COLUMN_PX = 112;

export interface TableShape {
  headers: string;
  columnCount: number;
  /** How many rows it shows; null for skeleton rows while the first ones load. */
  rowCount: number | null;
}

/** Lays the table out as a table, then as cards if it is wider than its box; a skeleton as its rows will be. */
export function fitTable(
  box: Pick<HTMLDivElement, "classList" | "clientWidth" | "scrollWidth">,
  { headers, columnCount, rowCount }: TableShape,
  needed: Map<string, number> = neededWidth,
): void {
  // Set outside React's className, which never changes: React leaves it alone.
  box.classList.remove("table-wrap--cards");
  const width = box.clientWidth;
  if (width === 0) return; // not laid out (hidden, or no layout engine)
  let cards: boolean;
  if (rowCount === null) {
    cards = width < (needed.get(headers) ?? columnCount * GUESSED_COLUMN_PX);
  } else {
    cards = box.scrollWidth > width + 1;
    // Too wide: it needs what it takes. Fitting: it needs this much at most (a table fills its box).
    if (rowCount > 0) needed.set(headers, cards ? box.scrollWidth : Math.min(needed.get(headers) ?? width, width));
  }
  box.classList.toggle("table-wrap--cards", cards);
}

/**
 * Switches the table to cards when it would be wider than its box. The width a table needs depends
 * on its language and its rows (German headers, long references), which no fixed breakpoint knows:
 * it is measured as a table, and the class set before the browser paints, again for new rows or
 * headers and whenever the box's width changes (not on every render: the list re-renders as the
 * customer types). The probe, a zero-height line as wide as the box, is what is watched: the table's
 * own box changes height with the switch, which would set the observer off again.
 */
function useCardsWhereTooWide(
  wrap: RefObject<HTMLDivElement | null>,
  probe: RefObject<HTMLDivElement | null>,
  rows: readonly unknown[] | null,
  headers: string,
  columnCount: number,
) {
  // The observer's callback, set up once, reads the shape of the latest committed render.
  const shape = useRef<TableShape>({ headers, columnCount, rowCount: null });
  useLayoutEffect(() => {
    shape.current = { headers, columnCount, rowCount: rows?.length ?? null };
  });
  useLayoutEffect(() => {
    const box = wrap.current;
    const line = probe.current;
    if (!box || !line) return;
    const observer = new ResizeObserver(() => fitTable(box, shape.current));
    observer.observe(line);
    return () => observer.disconnect();
  }, [wrap, probe]);
  useLayoutEffect(() => {
    if (wrap.current) fitTable(wrap.current, shape.current);
  }, [wrap, rows, headers]);
}

function cellClass(column: Column<never, string>): string | undefined {
  return [column.numeric && "num", column.actions && "cell-actions"].filter(Boolean).join(" ") || undefined;
}

function HeaderCell<R, S extends string>({ column, sort }: { column: Column<R, S>; sort?: TableSort<S> }) {
  const { sortKey } = column;
  if (column.actions) {
    return (
      <th scope="col" role="columnheader" className="cell-actions">
        <span className="visually-hidden">{column.label}</span>
      </th>
    );
  }
  if (!sort || sortKey === undefined) {
    return (
      <th scope="col" role="columnheader" className={cellClass(column)}>
        {column.label}
      </th>
    );
  }
  const current = sort.key === sortKey;
  return (
    <th
      scope="col"
      role="columnheader"
      className={[cellClass(column), "sortable"].filter(Boolean).join(" ")}
      aria-sort={current ? (sort.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <button type="button" className="sort-button" onClick={() => sort.onSort(sortKey)}>
        {column.label}
        <span aria-hidden="true">{current ? (sort.order === "asc" ? "▲" : "▼") : "↕"}</span>
      </button>
    </th>
  );
}
