import { describe, expect, it } from "vitest";
import { TAGS, type ReservedSpace } from "../core/tags";
import { elementReserveCss, hostPageCss } from "./reserve";

/** Browsers' default font size: what `rem` means inside a media query. */
const REM_IN_MEDIA_QUERIES = 16;

/**
 * The value `property` takes for `selector` in `css` on a screen `width` px wide: the last
 * matching rule wins, as in the cascade (the sheets hold no other specificity).
 */
function valueAt(css: string, selector: string, property: string, width: number): string | undefined {
  let value: string | undefined;
  const rule = /@media \(max-width:([\d.]+)rem\)\{([^{}]+)\{([^{}]+)\}\}|([^{}@]+)\{([^{}]+)\}/g;
  for (const [, maxRem, mediaSelector, mediaBody, plainSelector, plainBody] of css.matchAll(rule)) {
    const applies = maxRem === undefined || width <= Number(maxRem) * REM_IN_MEDIA_QUERIES;
    const selectors = (mediaSelector ?? plainSelector!).split(",").map((s) => s.trim());
    const declaration = new RegExp(`(?:^|;)${property}:([^;]+)`).exec(mediaBody ?? plainBody!);
    if (applies && selectors.includes(selector) && declaration) value = declaration[1];
  }
  return value;
}

describe("reserved space per element", () => {
  // Nothing reserved only where the most frequent first view is empty: a screen behind a server
  // feature off by default, and the action banner, which shows a visitor nothing (a customer's
  // banner keeps its own room while it loads).
  const EMPTY_AT_FIRST = ["macc-bank-details", "macc-action-banner"];
  it.each(TAGS.map(({ tag, reserve }): [string, ReservedSpace] => [tag, reserve]))("%s: whole CSS pixels", (tag, { wide, narrow }) => {
    for (const height of [wide, narrow?.height ?? wide])
      expect(Number.isInteger(height) && (height > 0 || EMPTY_AT_FIRST.includes(tag))).toBe(true);
  });

  it.each([
    ["inside the element", elementReserveCss()],
    ["on the host page", hostPageCss()],
  ])("%s: heights in px, never rem (the host page's root font size must not scale them)", (_where, css) => {
    const heights = [...css.matchAll(/(?:min-height|--_reserve):([^;}]+)/g)].map((match) => match[1]);
    expect(heights.length).toBeGreaterThan(TAGS.length);
    for (const height of heights) expect(height).toMatch(/^(var\(--_reserve,)?\d+px\)?$/);
  });
});

describe("the header is one 64px bar up to 48rem (768px) wide", () => {
  it.each<[number, string]>([
    [1280, "116px"],
    [769, "116px"],
    [768, "64px"],
    // Between the columns stacking (36rem) and the header collapsing it is one bar already.
    [700, "64px"],
    [600, "64px"],
    [576, "64px"],
    [412, "64px"],
  ])("%ipx wide: %s", (width, height) => {
    expect(valueAt(elementReserveCss(), ":host(macc-header)", "--_reserve", width)).toBe(height);
    expect(valueAt(hostPageCss(), "macc-header:not(:defined)", "min-height", width)).toBe(height);
  });
});

describe("inside each element (elements/reserve-sheet.ts)", () => {
  const css = elementReserveCss();

  it("keeps the room until released, 48px for a tag the registry does not know", () => {
    expect(css.split("\n")[0]).toBe(":host{min-height:var(--_reserve,48px)}");
  });

  it.each<[string, number, string]>([
    ["macc-footer", 1280, "504px"],
    ["macc-footer", 576, "912px"],
    ["macc-login", 577, "526px"],
    ["macc-login", 412, "884px"],
    ["macc-invoices", 412, "576px"],
  ])("%s at %ipx: %s", (tag, width, height) => {
    expect(valueAt(css, `:host(${tag})`, "--_reserve", width)).toBe(height);
  });
});

describe("host page sheet (static/css/macc-elements.css)", () => {
  const css = hostPageCss();

  it("only ever matches our tags while they are not defined", () => {
    const selectors = css.replace(/@media[^{]*\{/g, "").match(/[^{}]+(?=\{)/g) ?? [];
    expect(selectors.length).toBeGreaterThan(0);
    for (const list of selectors) for (const selector of list.split(",")) expect(selector.trim()).toMatch(/^macc-[a-z-]+:not\(:defined\)$/);
  });

  it.each(TAGS.map(({ tag }) => tag))("%s keeps the same room as inside the element, on every screen", (tag) => {
    for (const width of [1280, 700, 412]) {
      expect(valueAt(css, `${tag}:not(:defined)`, "min-height", width)).toBe(
        valueAt(elementReserveCss(), `:host(${tag})`, "--_reserve", width),
      );
    }
  });

  it("makes every tag a block while it waits (an unknown tag is inline, without height)", () => {
    for (const { tag } of TAGS) expect(valueAt(css, `${tag}:not(:defined)`, "display", 1280)).toBe("block");
  });
});
