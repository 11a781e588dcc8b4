/**
 * The search index against the plain reading of the rules (every invoice checked in turn), on
 * invoices drawn so that pieces are held by few and by many (both kinds of set), years cut
 * anywhere within a word of bits, and counts past and short of their bound.
 */
import { describe, expect, it } from "vitest";
import { INVOICE_FRAGMENT_MIN } from "../../src/contract/constants.ts";
import { prng } from "../demo/seed-helpers.ts";
import { indexInvoices, listIndexPage, searchInvoiceIndex, TEXT_SEPARATOR, type IndexedInvoice } from "./invoice-index.ts";
import type { InvoiceItem, InvoiceListOptions, InvoiceSort } from "./invoices.ts";

/** A deterministic draw, so that a failure shows again. */
function draws(seed: number) {
  const next = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { int, pick };
}

interface Invoice {
  number: string;
  reference: string | null;
  year: number;
  paid: boolean;
  amount: number;
}

/** Invoices in the date order, from a small alphabet (so that fragments match by the hundred), some references with a character outside ASCII. */
function invoicesOf(count: number, seed: number): Invoice[] {
  const { int, pick } = draws(seed);
  const invoices = Array.from({ length: count }, (_, i) => ({
    number: `${pick(["FA", "AG", "F", "BC-"])}${2016 + Math.floor((i * 9) / count)}-${String(int(0, 999)).padStart(3, "0")}`,
    reference: pick([null, `Po ${int(0, 99)}`, `Silo ${pick(["nord", "sud", "été"])}`, `bc-${int(100, 130)}`]),
    year: 2016 + Math.floor((i * 9) / count),
    paid: int(0, 2) > 0,
    amount: int(1, 500),
  }));
  return invoices;
}

/** The positions in the order the comparison gives. */
const placesBy = (invoices: Invoice[], compare: (a: Invoice, b: Invoice) => number) => {
  const ranked = invoices.map((_, i) => i).sort((a, b) => compare(invoices[a]!, invoices[b]!) || a - b);
  const places = new Array<number>(invoices.length);
  ranked.forEach((position, place) => (places[position] = place));
  return places;
};

const itemOf = (invoice: Invoice, i: number): InvoiceItem => ({
  id: `id-${i}`,
  number: invoice.number,
  date: `${invoice.year}-06-01`,
  reference: invoice.reference,
  amountCents: invoice.amount,
  currency: "EUR",
  dueDate: null,
  paid: invoice.paid,
});
/** The item's columns as the database gives them. */
const rowOf = (item: InvoiceItem) => ({
  id: item.id,
  numero: item.number,
  date: item.date,
  reference: item.reference,
  amount_cents: item.amountCents,
  currency: item.currency,
  due_date: item.dueDate,
  paid: item.paid,
});

async function indexed(invoices: Invoice[]) {
  const byNumber = placesBy(invoices, (a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  const byAmount = placesBy(invoices, (a, b) => a.amount - b.amount);
  const rows: IndexedInvoice[] = invoices.map((invoice, i) => ({
    ...rowOf(itemOf(invoice, i)),
    text: `${invoice.number.toLowerCase()}${TEXT_SEPARATOR}${(invoice.reference ?? "").toLowerCase()}`,
    year: invoice.year,
    paid: invoice.paid,
    by_number: byNumber[i]!,
    by_amount: byAmount[i]!,
  }));
  const places: Record<InvoiceSort, number[]> = { date: invoices.map((_, i) => i), number: byNumber, amount: byAmount };
  return { index: await indexInvoices(rows), places };
}

/** Every invoice checked in turn: the rules as the database applies them. */
function plainly(invoices: Invoice[], places: Record<InvoiceSort, number[]>, o: InvoiceListOptions, reach: number) {
  const q = o.q.toLowerCase();
  const matching = invoices
    .map((invoice, i) => ({ invoice, i }))
    .filter(({ invoice }) =>
      [...q].length < INVOICE_FRAGMENT_MIN
        ? invoice.number.toLowerCase().startsWith(q)
        : invoice.number.toLowerCase().includes(q) || (invoice.reference ?? "").toLowerCase().includes(q),
    )
    .filter(({ invoice }) => o.year === undefined || invoice.year === o.year)
    .filter(({ invoice }) => o.status === undefined || invoice.paid === (o.status === "paid"))
    .sort((a, b) => (o.order === "asc" ? 1 : -1) * (places[o.sort][a.i]! - places[o.sort][b.i]!));
  const start = (o.page - 1) * o.pageSize;
  return {
    count: { total: Math.min(matching.length, reach), more: matching.length > reach },
    items: matching.slice(start, start + o.pageSize).map(({ invoice, i }) => itemOf(invoice, i)),
  };
}

describe("the invoice search index", () => {
  it.each([
    [2_000, 1],
    [1_600, 2],
    [70, 3],
  ])("answers as every invoice checked in turn (%i invoices, draw %i)", async (count, seed) => {
    const invoices = invoicesOf(count, seed);
    const { index, places } = await indexed(invoices);
    expect(index.manyHold.size).toBeGreaterThan(0);
    expect(index.fewHold.size).toBeGreaterThan(0);
    const { int, pick } = draws(seed + 100);
    for (let k = 0; k < 300; k++) {
      const source = pick(invoices);
      const text = pick([source.number, source.reference ?? source.number]);
      const length = int(1, Math.min(7, text.length));
      const at = int(0, text.length - length);
      const fragment = k % 10 === 0 ? "zq" + text.slice(0, 2) : text.slice(at, at + length);
      const o: InvoiceListOptions = {
        q: k % 2 ? fragment.toUpperCase() : fragment,
        page: pick([1, 1, 2, int(1, 60)]),
        pageSize: pick([10, 25, 100]),
        sort: pick(["date", "number", "amount"] as const),
        order: pick(["asc", "desc"] as const),
        year: pick([undefined, undefined, int(2015, 2025)]),
        status: pick([undefined, "paid", "unpaid"] as const),
      };
      // Past the page's end, as searchCountReach gives it, with steps that reach "more than" often.
      const step = pick([7, 100, 1_000]);
      const reach = step * Math.ceil((o.page * o.pageSize + 1) / step);
      const got = searchInvoiceIndex(index, o, reach);
      if (/^[\x20-\x7e]+$/.test(o.q)) expect(got, JSON.stringify(o)).toEqual(plainly(invoices, places, o, reach));
      else expect(got).toBeUndefined();
      const listed = { ...o, q: "" };
      expect(listIndexPage(index, listed), JSON.stringify(listed)).toEqual(plainly(invoices, places, listed, Infinity).items);
    }
  });

  it("lists a piece once however often an invoice holds it, and none across the number and the reference", async () => {
    const { index } = await indexed([{ number: "AAAAAA", reference: "AAB", year: 2020, paid: true, amount: 1 }]);
    const search = (q: string) => searchInvoiceIndex(index, { q, page: 1, pageSize: 25, sort: "date", order: "desc" }, 100)?.count;
    expect(search("aaa")).toEqual({ total: 1, more: false });
    expect(search("aaaaaa")).toEqual({ total: 1, more: false });
    expect(search("aaaaaaa")).toEqual({ total: 0, more: false });
    expect(search("aaaaaab")).toEqual({ total: 0, more: false }); // across the separator
    expect(search("aab")).toEqual({ total: 1, more: false });
    expect(search("aa")).toEqual({ total: 1, more: false }); // the number's start
    expect(search("ab")).toEqual({ total: 0, more: false }); // the reference's start is not the number's
  });

  it("reads an empty company", async () => {
    const { index } = await indexed([]);
    expect(searchInvoiceIndex(index, { q: "fa2", page: 1, pageSize: 25, sort: "amount", order: "asc" }, 1_000)).toEqual({
      count: { total: 0, more: false },
      items: [],
    });
  });
});
