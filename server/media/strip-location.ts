/**
 * Removes the metadata where a photo carries where it was taken (EXIF GPS, XMP, IPTC), before it is
 * stored: the browser's resize already drops it, another client may not. The image data is copied
 * untouched; a file whose structure cannot be walked is refused (null), never stored as it came.
 */
import type { PhotoType } from "../../src/contract/service-request.ts";

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
};

/** JPEG: drops APP1 (EXIF, XMP) and APP13 (IPTC) segments up to the image scan. */
function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  const parts = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xda) return concat([...parts, bytes.subarray(at)]); // start of scan: the image data follows
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const end = at + 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (end > bytes.length) return null;
    if (marker !== 0xe1 && marker !== 0xed) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

/** PNG: drops the eXIf chunk and the text chunks (XMP travels in iTXt). */
function stripPng(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dropped = new Set(["eXIf", "tEXt", "zTXt", "iTXt"]);
  const parts = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!dropped.has(type)) parts.push(bytes.subarray(at, end));
    if (type === "IEND") return concat(parts);
    at = end;
  }
  return null;
}

/** WebP: drops the EXIF and XMP chunks, says so in the VP8X flags, and sizes the RIFF again. */
function stripWebp(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (type === "VP8X") {
      const chunk = bytes.slice(at, Math.min(end, bytes.length));
      chunk[8] = chunk[8]! & ~0x0c; // the EXIF (0x08) and XMP (0x04) flags
      parts.push(chunk);
    } else if (type !== "EXIF" && type !== "XMP ") parts.push(bytes.subarray(at, Math.min(end, bytes.length)));
    at = end;
  }
  const body = concat(parts);
  const head = bytes.slice(0, 12);
  new DataView(head.buffer).setUint32(4, body.byteLength + 4, true);
  return concat([head, body]);
}

export function stripLocation(type: PhotoType, bytes: Uint8Array): Uint8Array | null {
  return type === "jpeg" ? stripJpeg(bytes) : type === "png" ? stripPng(bytes) : stripWebp(bytes);
}
