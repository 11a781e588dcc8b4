/**
 * A company's invoice search answered from an index of its invoices kept in memory: the same
 * matches, count and page as countInvoices and listInvoices, at a fraction of their cost. The
 * database's search reads a company's matches row by row (a common fragment of a company with
 * 50,000 invoices: 4–5 ms of its CPU a request, BENCHMARKS.md); here the fragment's pieces give
 * the candidates as lists of positions, and a page is cut from the sort's order read in memory.
 */
import type { Queryable } from "../db/db.ts";
import { INVOICE_FRAGMENT_MIN } from "../../src/contract/constants.ts";
import {
  ITEM_COLUMNS,
  itemOf,
  sortKeys,
  type InvoiceCount,
  type InvoiceItem,
  type InvoiceListOptions,
  type InvoiceSort,
  type ItemRow,
} from "./invoices.ts";

/**
 * An invoice as the search reads it: its list item; its number and reference lowercased by the
 * database (as ILIKE compares), joined by TEXT_SEPARATOR; its year.
 */
interface IndexedInvoice {
  item: InvoiceItem;
  text: string;
  year: number;
}

/** Between the number and the reference in `text`: no fragment holds it (a control character is refused), so none matches across both. */
const TEXT_SEPARATOR = "\u0001";
/** Before a number's first one or two characters in `pieces`: a short search's prefix, never a piece of text. */
const PREFIX_MARK = "\u0002";

/** A sort other than by date: the invoices' positions in its ascending order, and each invoice's place in it. */
interface SortOrder {
  positions: Uint32Array;
  places: Uint32Array;
}

export interface InvoiceSearchIndex {
  /** The company's invoices in the date sort's ascending order (a year's invoices are consecutive). */
  invoices: IndexedInvoice[];
  orders: Record<Exclude<InvoiceSort, "date">, SortOrder>;
  /**
   * The positions of the invoices holding each piece of INVOICE_FRAGMENT_MIN characters of their
   * text, and of those whose number starts with each 1 or 2 characters (after PREFIX_MARK), ascending.
   */
  pieces: Map<string, Uint32Array>;
}

/** The invoices whose pieces are listed between two turns of the event loop while an index is built. */
const BUILD_SLICE = 4_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many invoices the company has (the counts kept by migration 0012's triggers). */
export async function companyInvoiceCount(db: Queryable, idTier: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT coalesce(sum(n), 0)::int AS n FROM invoice_counts WHERE id_tier = $1", [idTier], {
    prepared: true,
  });
  return rows[0]?.n ?? 0;
}

/** An invoice's place in the sort's ascending order, as the list's statements order it (the database's collation). */
const rankBy = (sort: InvoiceSort) =>
  `(row_number() OVER (ORDER BY ${sortKeys(sort)
    .map((k) => `${k.column} ASC`)
    .join(", ")}) - 1)::int`;

/**
 * Reads the company's invoices and indexes them, yielding to other requests while it lists their
 * pieces (a company with 50,000 invoices: about a million).
 */
export async function loadInvoiceSearchIndex(db: Queryable, idTier: string): Promise<InvoiceSearchIndex> {
  const { rows } = await db.query<ItemRow & { text: string; by_number: number; by_amount: number }>(
    `SELECT ${ITEM_COLUMNS}, lower(numero) || $2 || lower(coalesce(reference, '')) AS text,
            ${rankBy("number")} AS by_number, ${rankBy("amount")} AS by_amount
     FROM invoices i WHERE id_tier = $1
     ORDER BY ${sortKeys("date")
       .map((k) => `${k.column} ASC`)
       .join(", ")}`,
    [idTier, TEXT_SEPARATOR],
  );
  const order = (rank: (r: (typeof rows)[number]) => number): SortOrder => {
    const positions = new Uint32Array(rows.length);
    const places = new Uint32Array(rows.length);
    rows.forEach((r, i) => {
      positions[rank(r)] = i;
      places[i] = rank(r);
    });
    return { positions, places };
  };
  const orders = { number: order((r) => r.by_number), amount: order((r) => r.by_amount) };
  const invoices = rows.map((r) => ({ item: itemOf(r), text: r.text, year: Number(r.date.slice(0, 4)) }));
  const lists = new Map<string, number[]>();
  const add = (piece: string, position: number) => {
    const list = lists.get(piece);
    if (!list) lists.set(piece, [position]);
    else if (list[list.length - 1] !== position) list.push(position); // a piece held twice is listed once
  };
  for (let start = 0; start < invoices.length; start += BUILD_SLICE) {
    if (start > 0) await nextTurn();
    for (let i = start; i < Math.min(start + BUILD_SLICE, invoices.length); i++) {
      const { text } = invoices[i]!;
      const numberLength = text.indexOf(TEXT_SEPARATOR);
      for (let n = 1; n < INVOICE_FRAGMENT_MIN && n <= numberLength; n++) add(PREFIX_MARK + text.slice(0, n), i);
      for (let at = 0; at + INVOICE_FRAGMENT_MIN <= text.length; at++) {
        const piece = text.slice(at, at + INVOICE_FRAGMENT_MIN);
        if (!piece.includes(TEXT_SEPARATOR)) add(piece, i);
      }
    }
  }
  const pieces = new Map<string, Uint32Array>();
  for (const [piece, list] of lists) pieces.set(piece, Uint32Array.from(list));
  return { invoices, orders, pieces };
}

/** The first index in ascending `list` whose value is `value` or more, searching from `from`. */
function lowerBound(list: Uint32Array, value: number, from = 0): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The values in both ascending lists: a merge, or a search in `b` for each of `a`'s when `a` is much shorter. */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  let n = 0;
  if (a.length * 16 < b.length) {
    let at = 0;
    for (const value of a) {
      at = lowerBound(b, value, at);
      if (at === b.length) break;
      if (b[at] === value) out[n++] = value;
    }
  } else {
    for (let i = 0, j = 0; i < a.length && j < b.length;) {
      if (a[i]! < b[j]!) i++;
      else if (a[i]! > b[j]!) j++;
      else {
        out[n++] = a[i]!;
        i++;
        j++;
      }
    }
  }
  return out.subarray(0, n);
}

/** Candidates few enough that checking each costs less than intersecting one more list. */
const FEW_CANDIDATES = 32;
const NONE = new Uint32Array(0);

/** Whether the search of `q` can be answered here: plain ASCII, lowercased alike by every database. */
export const searchableInMemory = (q: string) => /^[\x20-\x7e]+$/.test(q);
/** ASCII letters lowercased: the same in every database's character classes. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The positions of the invoices that may hold `q` (a superset, ascending): for a fragment, those
 * holding every one of its pieces (the rarest lists first); for a short one, those whose number
 * starts with it (exact).
 */
function candidatesOf(index: InvoiceSearchIndex, q: string, short: boolean): Uint32Array {
  if (short) return index.pieces.get(PREFIX_MARK + q) ?? NONE;
  const lists: Uint32Array[] = [];
  for (let at = 0; at + INVOICE_FRAGMENT_MIN <= q.length; at++) {
    const list = index.pieces.get(q.slice(at, at + INVOICE_FRAGMENT_MIN));
    if (!list) return NONE;
    lists.push(list);
  }
  lists.sort((a, b) => a.length - b.length);
  let candidates = lists[0]!;
  for (let k = 1; k < lists.length && candidates.length > FEW_CANDIDATES; k++) candidates = intersect(candidates, lists[k]!);
  return candidates;
}

/**
 * The search of `o` answered from the index, as countInvoices and listInvoices answer it: the same
 * matches (a fragment anywhere in the number or reference, a shorter one at the start of the
 * number, any case), the same count bounded by `reach`, the same page in the same order.
 * Undefined for a fragment that is not plain ASCII: the database's own lowercasing decides those.
 */
export function searchInvoiceIndex(
  index: InvoiceSearchIndex,
  o: InvoiceListOptions,
  reach: number,
): { count: InvoiceCount; items: InvoiceItem[] } | undefined {
  if (!searchableInMemory(o.q)) return undefined;
  const q = asciiLower(o.q);
  const short = q.length < INVOICE_FRAGMENT_MIN;
  const { invoices } = index;
  const candidates = candidatesOf(index, q, short);
  // A year's invoices are consecutive in the date order: its candidates are a slice.
  let from = 0;
  let to = candidates.length;
  if (o.year !== undefined) {
    const year = o.year;
    const firstOf = (y: number) => {
      let lo = 0;
      let hi = invoices.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (invoices[mid]!.year < y) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    from = lowerBound(candidates, firstOf(year));
    to = lowerBound(candidates, firstOf(year + 1), from);
  }
  const paid = o.status === undefined ? undefined : o.status === "paid";
  const matches = (position: number) => {
    const invoice = invoices[position]!;
    return (paid === undefined || invoice.item.paid === paid) && (short || invoice.text.includes(q));
  };

  // Counted up to reach + 1, in the date order: the first ones are kept.
  const counted: number[] = [];
  for (let k = from; k < to && counted.length <= reach; k++) if (matches(candidates[k]!)) counted.push(candidates[k]!);
  const more = counted.length > reach;
  const count = { total: Math.min(counted.length, reach), more };

  const start = (o.page - 1) * o.pageSize;
  const end = start + o.pageSize;
  const descending = o.order === "desc";
  let page: number[];
  if (!more) {
    // Every match counted: sorted here (they are in the date order already).
    if (o.sort !== "date") {
      const { places } = index.orders[o.sort];
      counted.sort((a, b) => places[a]! - places[b]!);
    }
    if (descending) counted.reverse();
    page = counted.slice(start, end);
  } else if (o.sort === "date" && !descending) {
    // The count's first reach + 1 matches hold the page (reach is past its end, searchCountReach).
    page = counted.slice(start, end);
  } else {
    // More matches than counted: read in the sort's order until the page's end.
    const positions = o.sort === "date" ? undefined : index.orders[o.sort].positions;
    const candidate = new Uint8Array(invoices.length);
    for (let k = from; k < to; k++) candidate[candidates[k]!] = 1;
    page = [];
    let seen = 0;
    for (let k = 0; k < invoices.length && seen < end; k++) {
      const rank = descending ? invoices.length - 1 - k : k;
      const position = positions ? positions[rank]! : rank;
      if (candidate[position] && matches(position) && seen++ >= start) page.push(position);
    }
  }
  return { count, items: page.map((position) => invoices[position]!.item) };
}
