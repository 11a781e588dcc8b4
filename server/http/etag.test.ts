import { describe, expect, it } from "vitest";
import { matchesEtag } from "./etag.ts";

describe("matchesEtag", () => {
  it.each<[string | undefined, string, boolean]>([
    [undefined, '"a"', false],
    ["", '"a"', false],
    ['"a"', '"a"', true],
    ['"b"', '"a"', false],
    ['"b", "a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"a"', 'W/"a"', true],
    ['W/"a-br"', 'W/"a"', false],
    ["*", '"a"', true],
    [' "a" ', '"a"', true],
  ])("If-None-Match %j against %s → %s", (header, etag, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
