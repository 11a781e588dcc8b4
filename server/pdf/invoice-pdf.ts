import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatCompanyName } from "../../src/core/company-name.ts";

/** What an invoice PDF shows (read from the `invoices` row, its company and its network). */
export interface InvoiceForPdf {
  numero: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD or null */
  dueDate: string | null;
  reference: string | null;
  paid: boolean;
  currency: string;
  /** Total including VAT, as stored. */
  amountCents: number;
  lines: unknown;
  company: {
    formeJuridique: string;
    raisonSociale: string;
    immatriculation: string;
    numeroClient: string;
    pays: string;
    adresse: string | null;
    adresseComplement: string | null;
    codePostal: string | null;
    ville: string | null;
  };
  /** Issuer block: the network's address (footer contact), when known. */
  issuer: { titre: string; ligne1: string; ligne2: string; codePostal: string; ville: string } | null;
}

export interface InvoiceLine {
  label: string;
  codeProduit: string;
  quantity: number;
  unitPriceCents: number;
  vatRate: number;
}

/** Lines of the stored JSON, tolerant of missing or odd values. */
export function invoiceLines(raw: unknown): InvoiceLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((l: unknown) => {
    const o = (l && typeof l === "object" ? l : {}) as Record<string, unknown>;
    const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : 0);
    return {
      label: typeof o.label === "string" ? o.label : "",
      codeProduit: typeof o.codeProduit === "string" ? o.codeProduit : "",
      quantity: num(o.quantity),
      unitPriceCents: num(o.unitPriceCents),
      vatRate: num(o.vatRate),
    };
  });
}

/** "1 234,56 €" (French grouping with plain spaces, so the text is searchable as typed). */
export function formatAmount(cents: number, currency = "EUR"): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const symbol = currency === "EUR" ? "€" : currency === "GBP" ? "£" : currency;
  return `${rounded < 0 ? "-" : ""}${units},${String(abs % 100).padStart(2, "0")} ${symbol}`;
}

/** "12/03/2025" from "2025-03-12". */
export function formatDate(iso: string | null): string {
  if (!iso) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

function formatRate(rate: number): string {
  const pct = Math.round(rate * 1000) / 10;
  return `${String(pct).replace(".", ",")} %`;
}

function formatQuantity(q: number): string {
  return Number.isInteger(q) ? String(q) : String(Math.round(q * 1000) / 1000).replace(".", ",");
}

const REPLACEMENTS: Record<string, string> = {
  "\u202f": " ", // narrow no-break space (Intl French grouping)
  "\u2009": " ",
  "\u2007": " ",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2264": "<=",
  "\u2265": ">=",
  "\u00d8": "\u00d8",
  "\u2300": "\u00d8", // diameter sign
};

/**
 * Text the standard fonts can draw (WinAnsi): known look-alikes are substituted, accents are
 * dropped from letters WinAnsi lacks, control characters become spaces, the rest "?".
 */
export function winAnsiSafe(text: string, supported: ReadonlySet<number>): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
      out += " ";
    } else if (supported.has(cp)) {
      out += ch;
    } else if (REPLACEMENTS[ch] !== undefined) {
      out += REPLACEMENTS[ch];
    } else {
      const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += base && [...base].every((b) => supported.has(b.codePointAt(0)!)) ? base : "?";
    }
  }
  return out;
}

const GREEN = rgb(0.043, 0.431, 0.31); // #0b6e4f
const GREY = rgb(0.35, 0.38, 0.36);
const LIGHT = rgb(0.93, 0.95, 0.94);
const BLACK = rgb(0.11, 0.17, 0.14);

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  supported: ReadonlySet<number>;
}

class Writer {
  page: PDFPage;
  y = A4[1] - MARGIN;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4);
  }

  safe(text: string): string {
    return winAnsiSafe(text, this.fonts.supported);
  }

  /** Draws `text` (made safe, cut with "…" beyond `maxWidth`). `align` right: x is the right edge. */
  text(
    text: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; maxWidth?: number; align?: "left" | "right" } = {},
  ) {
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const size = o.size ?? 10;
    let s = this.safe(text);
    if (o.maxWidth !== undefined && font.widthOfTextAtSize(s, size) > o.maxWidth) {
      while (s.length > 1 && font.widthOfTextAtSize(`${s}…`, size) > o.maxWidth) s = s.slice(0, -1);
      s = `${s.trimEnd()}…`;
    }
    const width = font.widthOfTextAtSize(s, size);
    this.page.drawText(s, { x: o.align === "right" ? x - width : x, y, size, font, color: o.color ?? BLACK });
  }

  /** Starts a new page when fewer than `needed` points are left above the bottom margin. */
  ensure(needed: number, onNewPage?: () => void) {
    if (this.y - needed >= MARGIN + 30) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    onNewPage?.();
  }
}

/** The invoice as an A4 PDF (standard Helvetica fonts, text extractable, invoice number in the title). */
export async function renderInvoicePdf(inv: InvoiceForPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const w = new Writer(doc, { regular, bold, supported });
  const right = A4[0] - MARGIN;
  const date = new Date(`${inv.date}T12:00:00Z`);
  doc.setTitle(w.safe(`Facture ${inv.numero}`));
  doc.setAuthor("MACC");
  doc.setSubject(w.safe(`Facture ${inv.numero} – ${inv.company.raisonSociale}`));
  doc.setProducer("MACC");
  doc.setCreator("MACC");
  if (!Number.isNaN(date.getTime())) {
    doc.setCreationDate(date);
    doc.setModificationDate(date);
  }

  // Header: issuer on the left, invoice identity on the right.
  w.text("MACC", MARGIN, w.y - 20, { size: 24, bold: true, color: GREEN });
  let y = w.y - 38;
  const issuer = inv.issuer;
  const issuerLines = issuer
    ? [issuer.titre, issuer.ligne1, issuer.ligne2, `${issuer.codePostal} ${issuer.ville}`].filter((s) => s.trim() !== "")
    : ["Groupe MACC"];
  for (const line of issuerLines) {
    w.text(line, MARGIN, y, { size: 9, color: GREY, maxWidth: 250 });
    y -= 12;
  }

  w.text("FACTURE", right, w.y - 20, { size: 20, bold: true, align: "right" });
  const facts: [string, string][] = [
    ["N° de facture", inv.numero],
    ["Date", formatDate(inv.date)],
    ["Échéance", formatDate(inv.dueDate)],
    ["Référence", inv.reference?.trim() || "—"],
    ["Statut", inv.paid ? "Payée" : "Non payée"],
  ];
  let fy = w.y - 40;
  for (const [label, value] of facts) {
    w.text(`${label} :`, right - 150, fy, { size: 10, color: GREY });
    w.text(value, right, fy, { size: 10, bold: true, align: "right", maxWidth: 140 });
    fy -= 14;
  }
  w.y = Math.min(y, fy) - 20;

  // Customer block.
  const co = inv.company;
  const boxTop = w.y;
  const customer = [
    formatCompanyName(co.raisonSociale, co.formeJuridique, co.pays),
    `${co.pays === "FR" ? "SIRET / SIREN" : "N° d'immatriculation"} : ${co.immatriculation}`,
    `N° client : ${co.numeroClient}`,
    co.adresse ?? "",
    co.adresseComplement ?? "",
    `${co.codePostal ?? ""} ${co.ville ?? ""}`.trim(),
  ].filter((s) => s.trim() !== "");
  const boxHeight = 24 + customer.length * 14;
  w.page.drawRectangle({ x: right - 260, y: boxTop - boxHeight, width: 260, height: boxHeight, borderColor: GREEN, borderWidth: 0.8 });
  w.text("Client", right - 250, boxTop - 16, { size: 9, bold: true, color: GREEN });
  let cy = boxTop - 30;
  customer.forEach((line, i) => {
    w.text(line, right - 250, cy, { size: 10, bold: i === 0, maxWidth: 240 });
    cy -= 14;
  });
  w.y = boxTop - boxHeight - 30;

  // Lines.
  const cols = { label: MARGIN + 6, qty: MARGIN + 320, unit: MARGIN + 410, amount: right - 6 };
  const header = () => {
    w.page.drawRectangle({ x: MARGIN, y: w.y - 6, width: right - MARGIN, height: 20, color: LIGHT });
    w.text("Désignation", cols.label, w.y, { size: 9, bold: true });
    w.text("Quantité", cols.qty, w.y, { size: 9, bold: true, align: "right" });
    w.text("Prix unitaire HT", cols.unit, w.y, { size: 9, bold: true, align: "right" });
    w.text("Montant HT", cols.amount, w.y, { size: 9, bold: true, align: "right" });
    w.y -= 24;
  };
  header();
  const lines = invoiceLines(inv.lines);
  let totalHt = 0;
  const byRate = new Map<number, number>();
  for (const l of lines) {
    w.ensure(30, header);
    const ht = Math.round(l.quantity * l.unitPriceCents);
    const ttc = Math.round(l.quantity * l.unitPriceCents * (1 + l.vatRate));
    totalHt += ht;
    byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + (ttc - ht));
    w.text(l.label || l.codeProduit, cols.label, w.y, { size: 10, maxWidth: 255 });
    if (l.codeProduit)
      w.text(`Réf. ${l.codeProduit} – TVA ${formatRate(l.vatRate)}`, cols.label, w.y - 11, { size: 8, color: GREY, maxWidth: 255 });
    w.text(formatQuantity(l.quantity), cols.qty, w.y, { size: 10, align: "right" });
    w.text(formatAmount(l.unitPriceCents, inv.currency), cols.unit, w.y, { size: 10, align: "right" });
    w.text(formatAmount(ht, inv.currency), cols.amount, w.y, { size: 10, align: "right" });
    w.y -= 26;
  }
  if (lines.length === 0) {
    w.text("Aucune ligne.", cols.label, w.y, { size: 10, color: GREY });
    w.y -= 26;
  }

  // Totals: the stored total wins; the VAT shown is what makes the lines add up to it.
  const totalTtc = inv.amountCents;
  const vat = totalTtc - totalHt;
  const rates = [...byRate.entries()].sort((a, b) => a[0] - b[0]);
  const totals: [string, number, boolean][] = [["Total HT", totalHt, false]];
  if (rates.length > 1) for (const [rate, amount] of rates) totals.push([`dont TVA ${formatRate(rate)}`, amount, false]);
  totals.push([rates.length === 1 ? `TVA ${formatRate(rates[0]![0])}` : "TVA", vat, false]);
  totals.push(["Total TTC", totalTtc, true]);
  w.ensure(totals.length * 18 + 20);
  w.page.drawLine({ start: { x: right - 220, y: w.y + 12 }, end: { x: right, y: w.y + 12 }, thickness: 0.8, color: GREEN });
  for (const [label, amount, strong] of totals) {
    w.text(label, right - 214, w.y, { size: strong ? 11 : 10, bold: strong });
    w.text(formatAmount(amount, inv.currency), cols.amount, w.y, { size: strong ? 11 : 10, bold: strong, align: "right" });
    w.y -= 18;
  }
  w.y -= 10;
  w.ensure(30);
  w.text(inv.paid ? "Facture acquittée." : `Montant à régler avant le ${formatDate(inv.dueDate)}.`, MARGIN, w.y, { size: 10, color: GREY });

  // Footer on every page.
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const s = winAnsiSafe(`MACC – Facture ${inv.numero} – page ${i + 1}/${pages.length}`, supported);
    p.drawText(s, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: GREY });
  });

  return doc.save();
}

/** `facture-<number>.pdf`, with anything but letters, digits, ".", "_" and "-" replaced. */
export function invoiceFileName(numero: string): string {
  return `facture-${numero.replace(/[^A-Za-z0-9._-]+/g, "_")}.pdf`;
}
