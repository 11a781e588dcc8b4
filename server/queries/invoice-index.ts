/**
 * A company's invoices indexed in memory, which answer its searches and its list's pages as
 * countInvoices and listInvoices do, without a statement. The database's search reads a company's
 * matches row by row (a common fragment of a company with 50,000 invoices: 4–5 ms of its CPU a
 * request, BENCHMARKS.md); here the invoices holding each of the fragment's pieces are combined as
 * sets of bits, a word of 32 invoices at a time, and a page is cut from the sort's order read in
 * memory.
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

/** Between the number and the reference in an invoice's text: no fragment holds it (a control character is refused). */
export const TEXT_SEPARATOR = "\u0001";

/**
 * The pieces the index lists, as numbers: each INVOICE_FRAGMENT_MIN (3) consecutive characters of
 * an invoice's text that are all printable ASCII (a search in memory is for such fragments only),
 * then each number's first 1 and 2 characters (a short search's prefix).
 */
const FIRST_PRINTABLE = 0x20;
const PRINTABLE = 0x7f - FIRST_PRINTABLE;
const PIECES = PRINTABLE ** 3;
const PREFIXES_OF_1 = PIECES;
const PREFIXES_OF_2 = PIECES + PRINTABLE;
const KEYS = PREFIXES_OF_2 + PRINTABLE ** 2;
/** A character's place among the printable ASCII ones, or -1. */
const printable = (text: string, at: number) => {
  const code = text.charCodeAt(at) - FIRST_PRINTABLE;
  return code >= 0 && code < PRINTABLE ? code : -1;
};

/** A sort other than by date: the invoices' positions in its ascending order, and each invoice's place in it. */
interface SortOrder {
  positions: Uint32Array;
  places: Uint32Array;
}

/**
 * A company's invoices as its searches and pages read them, each at its position in the date sort's
 * ascending order (a year's invoices are consecutive): its list item, its number and
 * reference lowercased by the database (as ILIKE compares) and joined by TEXT_SEPARATOR, its year,
 * whether it is paid; the other sorts' orders; the invoices holding each piece, as their positions
 * (ascending) when few do, else as a set of bits (bit `p % 32` of word `p / 32` for position `p`),
 * which then takes no more room than the positions would.
 */
export interface InvoiceIndex {
  items: InvoiceItem[];
  texts: string[];
  years: Uint16Array;
  paid: Uint8Array;
  orders: Record<Exclude<InvoiceSort, "date">, SortOrder>;
  fewHold: Map<number, Uint32Array>;
  manyHold: Map<number, Uint32Array>;
}

/** Invoices per word of a set of bits. */
const WORD = 32;
const wordsFor = (invoices: number) => Math.ceil(invoices / WORD);

/**
 * The invoices read (and their pieces listed, then laid out) between two turns of the event loop
 * while an index is built, and the pieces whose invoices are kept: each slice holds the loop 1–3 ms,
 * so the requests the build runs beside wait no longer.
 */
const BUILD_SLICE = 1_000;
const KEYS_SLICE = 1 << 16;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const ascending = (sort: InvoiceSort) =>
  sortKeys(sort)
    .map((k) => `${k.column} ASC`)
    .join(", ");

/**
 * Writes the pieces of `text` the index lists into `out` from `at`, each once (`seen`: the last
 * position that listed each piece), and returns where they end.
 */
function writePieces(text: string, position: number, seen: Int32Array, out: Int32Array, at: number): number {
  let end = at;
  const numberLength = text.indexOf(TEXT_SEPARATOR);
  const first = printable(text, 0);
  if (numberLength >= 1 && first >= 0) {
    out[end++] = PREFIXES_OF_1 + first;
    const second = printable(text, 1);
    if (numberLength >= 2 && second >= 0) out[end++] = PREFIXES_OF_2 + first * PRINTABLE + second;
  }
  let a = -1;
  let b = first;
  for (let i = 1; i < text.length; i++) {
    const c = printable(text, i);
    if (a >= 0 && b >= 0 && c >= 0) {
      const key = (a * PRINTABLE + b) * PRINTABLE + c;
      if (seen[key] !== position) {
        seen[key] = position;
        out[end++] = key;
      }
    }
    a = b;
    b = c;
  }
  return end;
}

/**
 * An invoice as the index is built from it, in the date sort's ascending order: its list item's
 * columns, its text (see InvoiceIndex), year, and places in the other sorts' orders.
 */
export interface IndexedInvoice extends ItemRow {
  text: string;
  year: number;
  by_number: number;
  by_amount: number;
}

/** Reads the company's invoices (one statement) and indexes them. */
export async function loadInvoiceIndex(db: Queryable, idTier: string): Promise<InvoiceIndex> {
  const { rows } = await db.query<IndexedInvoice>(
    `SELECT ${ITEM_COLUMNS}, lower(numero) || $2 || lower(coalesce(reference, '')) AS text, extract(year FROM date_facture)::int AS year,
            (row_number() OVER (ORDER BY ${ascending("number")}) - 1)::int AS by_number,
            (row_number() OVER (ORDER BY ${ascending("amount")}) - 1)::int AS by_amount
     FROM invoices i WHERE id_tier = $1 ORDER BY ${ascending("date")}`,
    [idTier, TEXT_SEPARATOR],
  );
  return indexInvoices(rows);
}

/** The index of `rows`, yielding to other requests between slices of them. */
export async function indexInvoices(rows: readonly IndexedInvoice[]): Promise<InvoiceIndex> {
  const n = rows.length;
  const sortOrder = (): SortOrder => ({ positions: new Uint32Array(n), places: new Uint32Array(n) });
  const index: InvoiceIndex = {
    items: new Array<InvoiceItem>(n),
    texts: new Array<string>(n),
    years: new Uint16Array(n),
    paid: new Uint8Array(n),
    orders: { number: sortOrder(), amount: sortOrder() },
    fewHold: new Map(),
    manyHold: new Map(),
  };
  const { number, amount } = index.orders;
  // Dates and currencies repeat from invoice to invoice: one string each, not one per invoice.
  const strings = new Map<string, string>();
  const once = (value: string) => strings.get(value) ?? (strings.set(value, value), value);
  // Each invoice read, and its pieces listed once and counted per piece, a slice between two turns
  // of the event loop; then each piece's invoices laid out in one array of positions.
  const seen = new Int32Array(KEYS).fill(-1);
  const listed = new Int32Array(rows.reduce((sum, r) => sum + r.text.length + 2, 0));
  const ends = new Uint32Array(n);
  const counts = new Uint32Array(KEYS + 1);
  let end = 0;
  await inSlices(n, BUILD_SLICE, (from, to) => {
    for (let i = from; i < to; i++) {
      const r = rows[i]!;
      const item = itemOf(r);
      item.date = once(item.date);
      item.dueDate &&= once(item.dueDate);
      item.currency = once(item.currency);
      index.items[i] = item;
      index.texts[i] = r.text;
      index.years[i] = r.year;
      index.paid[i] = r.paid ? 1 : 0;
      number.positions[r.by_number] = i;
      number.places[i] = r.by_number;
      amount.positions[r.by_amount] = i;
      amount.places[i] = r.by_amount;
      const from = end;
      end = writePieces(r.text, i, seen, listed, end);
      ends[i] = end;
      for (let k = from; k < end; k++) counts[listed[k]! + 1]!++;
    }
  });
  for (let key = 1; key <= KEYS; key++) counts[key]! += counts[key - 1]!;
  const positions = new Uint32Array(end);
  const next = counts.slice(0, KEYS);
  await inSlices(n, BUILD_SLICE, (from, to) => {
    for (let i = from, k = from === 0 ? 0 : ends[from - 1]!; i < to; i++) for (; k < ends[i]!; k++) positions[next[listed[k]!]!++] = i;
  });
  const many = wordsFor(n);
  await inSlices(KEYS, KEYS_SLICE, (from, to) => {
    for (let key = from; key < to; key++) {
      if (next[key] === counts[key]) continue;
      const holding = positions.subarray(counts[key]!, next[key]!);
      if (holding.length > many) index.manyHold.set(key, bitsOf(holding, n));
      else index.fewHold.set(key, holding.slice());
    }
  });
  return index;
}

/** `body` over `[0, count)` in slices of `size`, each after a turn of the event loop. */
async function inSlices(count: number, size: number, body: (from: number, to: number) => void): Promise<void> {
  for (let from = 0; from < count; from += size) {
    await nextTurn();
    body(from, Math.min(from + size, count));
  }
}

/** The set of bits of `positions` among `invoices`. */
function bitsOf(positions: Uint32Array, invoices: number): Uint32Array {
  const bits = new Uint32Array(wordsFor(invoices));
  for (let i = 0; i < positions.length; i++) bits[positions[i]! >>> 5]! |= 1 << (positions[i]! & 31);
  return bits;
}
const holds = (bits: Uint32Array, position: number) => (bits[position >>> 5]! & (1 << (position & 31))) !== 0;

/**
 * Calls `each` for every position set in `bits` from `from` to `to` (excluded), ascending or
 * descending, until it returns false.
 */
function forEachSet(bits: Uint32Array, from: number, to: number, descending: boolean, each: (position: number) => boolean) {
  if (from >= to) return;
  const [first, last] = [from >>> 5, (to - 1) >>> 5];
  for (let k = 0; k <= last - first; k++) {
    const w = descending ? last - k : first + k;
    let word = bits[w]!;
    if (w === first) word &= -1 << (from & 31);
    if (w === last && (to & 31) !== 0) word &= (1 << (to & 31)) - 1;
    while (word !== 0) {
      const bit = descending ? 31 - Math.clz32(word) : 31 - Math.clz32(word & -word);
      word &= ~(1 << bit);
      if (!each(w * WORD + bit)) return;
    }
  }
}

/** Whether the search of `q` can be answered here: plain ASCII, lowercased alike by every database. */
export const searchableInMemory = (q: string) => /^[\x20-\x7e]+$/.test(q);
/** ASCII letters lowercased: the same in every database's character classes. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The invoices that may hold `q`, as a set of bits: for a fragment those holding every one of its
 * pieces (a superset), for a short one those whose number starts with it (exact); undefined when
 * a piece is held by none. The rarest listed piece's positions are set first, the other pieces'
 * invoices then kept among them. `q`: printable ASCII.
 */
function candidatesOf(index: InvoiceIndex, q: string, short: boolean): Uint32Array | undefined {
  const code = (at: number) => q.charCodeAt(at) - FIRST_PRINTABLE;
  const keys = new Set<number>();
  if (short) keys.add(q.length === 1 ? PREFIXES_OF_1 + code(0) : PREFIXES_OF_2 + code(0) * PRINTABLE + code(1));
  else for (let at = 2; at < q.length; at++) keys.add((code(at - 2) * PRINTABLE + code(at - 1)) * PRINTABLE + code(at));
  const few: Uint32Array[] = [];
  const many: Uint32Array[] = [];
  for (const key of keys) {
    const positions = index.fewHold.get(key);
    const bits = positions ? undefined : index.manyHold.get(key);
    if (positions) few.push(positions);
    else if (bits) many.push(bits);
    else return undefined;
  }
  few.sort((a, b) => a.length - b.length);
  let candidates = few.length > 0 ? bitsOf(few[0]!, index.texts.length) : many.pop()!.slice();
  for (const positions of few.slice(1)) {
    const both = new Uint32Array(candidates.length);
    for (const position of positions) if (holds(candidates, position)) both[position >>> 5]! |= 1 << (position & 31);
    candidates = both;
  }
  for (const bits of many) for (let w = 0; w < candidates.length; w++) candidates[w]! &= bits[w]!;
  return candidates;
}

/** The first position in `years` (ascending) of year `year` or later. */
function firstOfYear(years: Uint16Array, year: number): number {
  let lo = 0;
  let hi = years.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (years[mid]! < year) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions of the year of `o` (all without one): a year's invoices are consecutive in the date order. */
const yearRange = (index: InvoiceIndex, o: InvoiceListOptions): [number, number] =>
  o.year === undefined ? [0, index.years.length] : [firstOfYear(index.years, o.year), firstOfYear(index.years, o.year + 1)];

/** The status of `o` as `paid` holds it, or -1 for any. */
const paidOf = (o: InvoiceListOptions) => (o.status === undefined ? -1 : o.status === "paid" ? 1 : 0);

/**
 * The search of `o` answered from the index, as countInvoices and listInvoices answer it: the same
 * matches (a fragment anywhere in the number or reference, a shorter one at the start of the
 * number, any case), the same count bounded by `reach`, the same page in the same order.
 * Undefined for a fragment that is not plain ASCII: the database's own lowercasing decides those.
 */
export function searchInvoiceIndex(
  index: InvoiceIndex,
  o: InvoiceListOptions,
  reach: number,
): { count: InvoiceCount; items: InvoiceItem[] } | undefined {
  if (!searchableInMemory(o.q)) return undefined;
  const q = asciiLower(o.q);
  const short = q.length < INVOICE_FRAGMENT_MIN;
  const { texts } = index;
  const candidates = candidatesOf(index, q, short);
  if (!candidates) return { count: { total: 0, more: false }, items: [] };
  const [from, to] = yearRange(index, o);
  const paid = paidOf(o);
  const matches = (position: number) => (paid < 0 || index.paid[position] === paid) && (short || texts[position]!.includes(q));

  // Counted up to reach + 1, in the date order: the first ones are kept.
  const counted: number[] = [];
  forEachSet(candidates, from, to, false, (position) => {
    if (matches(position)) counted.push(position);
    return counted.length <= reach;
  });
  const more = counted.length > reach;
  const count = { total: Math.min(counted.length, reach), more };

  const start = (o.page - 1) * o.pageSize;
  const end = start + o.pageSize;
  const descending = o.order === "desc";
  let page: number[] = [];
  let seen = 0;
  /** Takes `position` into the page when it matches and its turn has come; false once the page is full. */
  const take = (position: number) => {
    if (matches(position) && seen++ >= start) page.push(position);
    return seen < end;
  };
  if (!more) {
    // Every match counted: sorted here (they are in the date order already).
    if (o.sort !== "date") {
      const { places } = index.orders[o.sort];
      counted.sort((a, b) => places[a]! - places[b]!);
    }
    if (descending) counted.reverse();
    page = counted.slice(start, end);
  } else if (o.sort === "date") {
    // The count's first reach + 1 matches hold an ascending page (reach is past its end, searchCountReach).
    if (descending) forEachSet(candidates, from, to, true, take);
    else page = counted.slice(start, end);
  } else {
    // More matches than counted: read in the sort's order until the page's end.
    const { positions } = index.orders[o.sort];
    const n = texts.length;
    for (let k = 0; k < n; k++) {
      const position = positions[descending ? n - 1 - k : k]!;
      if (position >= from && position < to && holds(candidates, position) && !take(position)) break;
    }
  }
  return { count, items: page.map((position) => index.items[position]!) };
}

/**
 * A page of the company's invoices of the year and status of `o`, without a search, as
 * listInvoices reads it, from the index: a slice of the sort's order, or, with a status, or a year
 * in another sort than the date, that order read until the page's end.
 */
export function listIndexPage(index: InvoiceIndex, o: InvoiceListOptions): InvoiceItem[] {
  const n = index.items.length;
  const [from, to] = yearRange(index, o);
  const paid = paidOf(o);
  const byDate = o.sort === "date";
  const positions = byDate ? undefined : index.orders[o.sort as Exclude<InvoiceSort, "date">].positions;
  // The date order's invoices of the year are the range itself; another order is read whole.
  const size = byDate ? to - from : n;
  const positionAt = (k: number) => {
    const rank = o.order === "desc" ? size - 1 - k : k;
    return positions ? positions[rank]! : from + rank;
  };
  const start = (o.page - 1) * o.pageSize;
  const end = start + o.pageSize;
  const page: InvoiceItem[] = [];
  if (paid < 0 && (byDate || o.year === undefined)) {
    for (let k = start; k < Math.min(end, size); k++) page.push(index.items[positionAt(k)]!);
    return page;
  }
  let seen = 0;
  for (let k = 0; k < size && seen < end; k++) {
    const position = positionAt(k);
    if (position >= from && position < to && (paid < 0 || index.paid[position] === paid) && seen++ >= start)
      page.push(index.items[position]!);
  }
  return page;
}
