import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CUSTOM_MEDIA, resolveCustomMedia } from "../../scripts/custom-media";
import { BREAKPOINTS, mediaQuery } from "./media";

const SRC = resolve(import.meta.dirname, "..");
const styleSheets = (readdirSync(SRC, { recursive: true, encoding: "utf8" }) as string[])
  .filter((file) => file.endsWith(".css"))
  .map((file) => [file, readFileSync(resolve(SRC, file), "utf8")] as const);

describe("the breakpoints, declared once (src/core/media.ts)", () => {
  it("are custom media in the style sheets: --columns-stack, --header-collapses", () => {
    expect(Object.fromEntries(CUSTOM_MEDIA)).toEqual({
      "--columns-stack": `(max-width: ${BREAKPOINTS.columnsStack})`,
      "--header-collapses": `(max-width: ${BREAKPOINTS.headerCollapses})`,
    });
    expect(mediaQuery("headerCollapses")).toBe("(max-width: 48rem)");
  });

  it("are resolved in a sheet's media queries, nested, negated or combined, and nowhere else", () => {
    const css =
      "a{--x:(--columns-stack)}@media (--columns-stack){b{c:d}}@supports (x:y){@media not (--header-collapses) and (hover){e{f:g}}}";
    expect(resolveCustomMedia(css)).toBe(
      "a{--x:(--columns-stack)}@media (max-width: 36rem){b{c:d}}@supports (x:y){@media not (max-width: 48rem) and (hover){e{f:g}}}",
    );
  });

  it("an unknown name fails the build rather than match nothing", () => {
    expect(() => resolveCustomMedia("@media (--colums-stack){a{b:c}}", "x.css")).toThrow("x.css: unknown custom media --colums-stack");
  });

  it.each(styleSheets)("%s writes no width of its own in a media query (a breakpoint is a custom media)", (_file, css) => {
    const queries = [...css.matchAll(/@media\b([^{;]*)/g)].map(([, prelude]) => prelude!.trim());
    for (const query of queries) expect(query).not.toMatch(/width|\d(rem|em|px)/);
    expect(() => resolveCustomMedia(css)).not.toThrow();
  });
});
