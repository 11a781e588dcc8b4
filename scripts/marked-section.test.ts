import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { markedSection, withMarkedSection } from "./marked-section.mjs";

const FILE = ["# Benchmarks", "", "measured by npm run bench", "", "<!-- soak -->", "soak figures", "<!-- /soak -->", ""].join("\n");

describe("BENCHMARKS.md's marked sections", () => {
  it("appends a section the text does not have, and replaces it in place the next time", () => {
    const once = withMarkedSection(FILE, "scale", "scale figures 1");
    expect(once).toBe(`${FILE.trimEnd()}\n\n<!-- scale -->\nscale figures 1\n<!-- /scale -->\n`);
    const twice = withMarkedSection(once, "scale", "\nscale figures 2\n");
    expect(twice).toBe(once.replace("scale figures 1", "scale figures 2"));
  });

  it("leaves the other sections as they were", () => {
    const text = withMarkedSection(withMarkedSection(FILE, "scale", "scale figures"), "soak", "new soak");
    expect(text).toContain("<!-- soak -->\nnew soak\n<!-- /soak -->");
    expect(text).toContain("<!-- scale -->\nscale figures\n<!-- /scale -->");
    expect(text.startsWith("# Benchmarks\n\nmeasured by npm run bench")).toBe(true);
  });

  it("reads one section with its markers, or nothing (no section, no end marker, no file)", () => {
    const dir = mkdtempSync(join(tmpdir(), "marked-section-"));
    const file = join(dir, "BENCHMARKS.md");
    writeFileSync(file, withMarkedSection(FILE, "scale", "scale figures"));
    expect(markedSection(file, "soak")).toBe("<!-- soak -->\nsoak figures\n<!-- /soak -->");
    expect(markedSection(file, "scale")).toBe("<!-- scale -->\nscale figures\n<!-- /scale -->");
    expect(markedSection(file, "lighthouse")).toBe("");
    writeFileSync(file, "<!-- scale -->\nunfinished");
    expect(markedSection(file, "scale")).toBe("");
    expect(markedSection(join(dir, "missing.md"), "scale")).toBe("");
  });
});
