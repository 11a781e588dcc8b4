import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { elementReserveCss, hostPageCss, NARROW, RESERVED_SPACE } from "./reserve";

const elementTags = readdirSync(resolve(import.meta.dirname, "../../elements"))
  .filter((file) => /^macc-[a-z-]+\.ts$/.test(file) && file !== "macc-elements.ts")
  .map((file) => file.replace(/\.ts$/, ""));

describe("reserved space per element", () => {
  it("every element has an entry, and every entry is an element", () => {
    expect(Object.keys(RESERVED_SPACE).sort()).toEqual(elementTags.sort());
  });

  it.each(Object.entries(RESERVED_SPACE))("%s: lengths in rem", (_tag, space) => {
    for (const value of Object.values(space)) expect(value).toMatch(/^\d+(\.\d+)?rem$/);
  });

  it.each<[string, string]>([
    ["macc-footer", `:host{min-height:var(--_reserve)}:host{--_reserve:31.5rem}@media (max-width:${NARROW}){:host{--_reserve:57rem}}`],
    ["macc-invoices", ":host{min-height:var(--_reserve)}:host{--_reserve:36rem}"],
    ["x-unknown", ":host{min-height:var(--_reserve)}:host{--_reserve:3rem}"],
  ])("inside %s: %s", (tag, css) => {
    expect(elementReserveCss(tag)).toBe(css);
  });
});

describe("host page sheet (static/css/macc-elements.css)", () => {
  const css = hostPageCss();

  it("only ever matches our tags while they are not defined", () => {
    const selectors = css.replace(/@media[^{]*\{/g, "").match(/[^{}]+(?=\{)/g) ?? [];
    expect(selectors.length).toBeGreaterThan(0);
    for (const list of selectors) for (const selector of list.split(",")) expect(selector.trim()).toMatch(/^macc-[a-z-]+:not\(:defined\)$/);
  });

  it.each<[string, string]>([
    [
      "macc-header",
      `macc-header:not(:defined){min-height:7.25rem}@media (max-width:${NARROW}){macc-header:not(:defined){min-height:4rem}}`,
    ],
    ["macc-dashboard", "macc-dashboard:not(:defined){min-height:20rem}"],
  ])("%s keeps the same room as inside the element", (_tag, rule) => {
    expect(css).toContain(rule);
  });

  it("makes every tag a block while it waits (an unknown tag is inline, without height)", () => {
    const blockRule = css.split("\n")[0]!;
    expect(blockRule.endsWith("{display:block}")).toBe(true);
    for (const tag of elementTags) expect(blockRule).toContain(`${tag}:not(:defined)`);
  });
});
