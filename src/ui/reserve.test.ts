import { describe, expect, it } from "vitest";
import { LOGGED_IN_ATTRIBUTE } from "../contract/constants";
import { TAGS, type ReservedSpace } from "../core/tags";
import { elementReserveCss, hostPageCss, loggedInReserveCss } from "./reserve";

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
  it.each(TAGS.map(({ tag, reserve }): [string, ReservedSpace] => [tag, reserve]))(
    "%s: whole CSS pixels",
    (tag, { wide, narrow, loggedIn }) => {
      for (const height of [wide, narrow?.height ?? wide])
        expect(Number.isInteger(height) && (height > 0 || EMPTY_AT_FIRST.includes(tag))).toBe(true);
      for (const height of loggedIn ? [loggedIn.wide, loggedIn.narrow ?? loggedIn.wide] : [])
        expect(Number.isInteger(height) && height > 0).toBe(true);
    },
  );

  it.each([
    ["inside the element", elementReserveCss()],
    ["inside the element, for a logged-in customer", loggedInReserveCss()],
    ["on the host page", hostPageCss()],
  ])("%s: heights in px, never rem (the host page's root font size must not scale them)", (_where, css) => {
    const heights = [...css.matchAll(/(?:min-height|--_reserve):([^;}]+)/g)].map((match) => match[1]);
    expect(heights.length).toBeGreaterThan(0);
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

  it("only ever matches our tags while they are not defined (on a page marked for a logged-in customer, or any page)", () => {
    const selectors = css.replace(/@media[^{]*\{/g, "").match(/[^{}]+(?=\{)/g) ?? [];
    expect(selectors.length).toBeGreaterThan(0);
    for (const list of selectors)
      for (const selector of list.split(","))
        expect(selector.trim()).toMatch(/^(:root\[data-macc-logged-in\] )?macc-[a-z-]+:not\(:defined\)$/);
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

describe("a logged-in customer's room, where it differs", () => {
  const onMarkedPage = (tag: string) => `:root[${LOGGED_IN_ATTRIBUTE}] ${tag}:not(:defined)`;
  // Measured on the demo pages with the first demo company: the header gains the company's bar
  // (its name on two lines on a phone), the login box only says who is logged in.
  it.each<[string, number, string]>([
    ["macc-header", 1280, "177px"],
    ["macc-header", 769, "177px"],
    ["macc-header", 768, "148px"],
    ["macc-header", 412, "148px"],
    ["macc-login", 1280, "210px"],
    ["macc-login", 577, "210px"],
    ["macc-login", 576, "269px"],
    ["macc-login", 412, "269px"],
  ])("%s at %ipx: %s on the host page and inside the element", (tag, width, height) => {
    expect(valueAt(hostPageCss(), onMarkedPage(tag), "min-height", width)).toBe(height);
    expect(valueAt(`${elementReserveCss()}\n${loggedInReserveCss()}`, `:host(${tag})`, "--_reserve", width)).toBe(height);
  });

  it("only for the tags whose height depends on the session", () => {
    const tags = (css: string) => [...new Set([...css.matchAll(/macc-[a-z-]+/g)].map(([tag]) => tag))];
    expect(tags(loggedInReserveCss())).toEqual(TAGS.filter(({ reserve }) => (reserve as ReservedSpace).loggedIn).map(({ tag }) => tag));
    expect(tags(loggedInReserveCss())).toEqual(["macc-header", "macc-login"]);
  });

  it("the host page's rules are more specific than a visitor's: they win at every width, whatever their order", () => {
    const visitor = "macc-login:not(:defined)";
    expect(hostPageCss().indexOf(onMarkedPage("macc-login"))).toBeGreaterThan(hostPageCss().indexOf(visitor));
    // A visitor's narrow rule (884px) comes after the customer's wide one in the sheet, yet must not apply.
    expect(valueAt(hostPageCss(), visitor, "min-height", 412)).toBe("884px");
    expect(valueAt(hostPageCss(), onMarkedPage("macc-login"), "min-height", 412)).toBe("269px");
  });
});
