/** Small deterministic generators used by the demo seed. */

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Appends the Luhn check digit to `body` (SIREN: 8 digits + 1; SIRET: 13 digits + 1). */
export function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    if (luhnValid(body + d)) return body + d;
  }
  throw new Error("unreachable");
}

/** A SIRET (14 digits) whose SIREN and SIRET both pass the Luhn check. */
export function siret(sirenBody8: string, nicBody4: string): string {
  return withLuhnDigit(withLuhnDigit(sirenBody8) + nicBody4);
}

/** Belgian enterprise number "BE0xxx.xxx.xxx": the last two digits are 97 - (first eight mod 97). */
export function belgianCompanyNumber(first8: string): string {
  const check = 97 - (Number(first8) % 97);
  const ten = first8 + String(check).padStart(2, "0");
  return `BE${ten.slice(0, 4)}.${ten.slice(4, 7)}.${ten.slice(7)}`;
}

/** ISO date (YYYY-MM-DD, UTC) of `base` shifted by whole days / months / years. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/** PDF string literal escaping (Latin-1 subset; other characters become "?"). */
function pdfText(s: string): string {
  return s
    .normalize("NFC")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?")
    .replace(/([\\()])/g, "\\$1");
}

/** A tiny, valid one-page PDF showing `title` and `subtitle` (correct xref offsets). */
export function makePdf(title: string, subtitle: string): Uint8Array {
  const content =
    `BT /F1 20 Tf 56 760 Td (${pdfText(title)}) Tj ET\n` +
    `BT /F1 12 Tf 56 730 Td (${pdfText(subtitle)}) Tj ET\n` +
    `BT /F1 10 Tf 56 60 Td (MACC - document de demonstration) Tj ET\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`,
    `<< /Title (${pdfText(title)}) /Producer (MACC demo seed) >>`,
  ];
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

/** A small portrait placeholder for an adviser: the initials on a plain disc (no silhouette under them). */
export function makeAvatarSvg(initials: string, background: string): Uint8Array {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${initials}">` +
    `<rect width="160" height="160" rx="80" fill="${background}"/>` +
    `<text x="80" y="80" dominant-baseline="central" text-anchor="middle" font-family="Arial, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${initials}</text>` +
    `</svg>`;
  return new Uint8Array(Buffer.from(svg, "utf8"));
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}
