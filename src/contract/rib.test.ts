import { describe, expect, it } from "vitest";
import { ribTypeOf, type RibType } from "./rib";

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("ribTypeOf: by content, never by name", () => {
  it.each<[string, Uint8Array, RibType | null]>([
    ["a PDF", bytes("%PDF-1.7\n"), "pdf"],
    ["a JPEG (JFIF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF"), "jpeg"],
    ["a JPEG (Exif)", bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0x10, "Exif"), "jpeg"],
    ["a PNG", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), "png"],
    ["plain text", bytes("Hello, world"), null],
    ["a GIF", bytes("GIF89a"), null],
    ["a ZIP (a Word document)", bytes("PK", 3, 4, 20, 0), null],
    ["an HTML page", bytes("<!doctype html>"), null],
    ["'%PDF' without its dash", bytes("%PDF1.7"), null],
    ["too short to tell", bytes(0x89, "PN"), null],
    ["empty", bytes(), null],
  ])("%s → %s", (_label, head, expected) => {
    expect(ribTypeOf(head)).toBe(expected);
  });
});
