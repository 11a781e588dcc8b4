import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildManifest, elementsOf } from "../scripts/manifest";
import {
  ATTRIBUTE_SEPARATOR,
  attributeCell,
  ELEMENT_TABLE_HEADER,
  ownAttributes,
  ROOT,
  tagFiles,
  type GeneratedFile,
} from "../scripts/tag-files";
import { TAGS } from "../src/core/tags";

/** What each element file passed to defineElement, recorded instead of defining anything. */
const defined = vi.hoisted(() => new Map<string, { Component: unknown; options: { props?: Record<string, string> } }>());
vi.mock("./define", async (importActual) => ({
  ...(await importActual<Record<string, unknown>>()),
  defineElement: (tag: string, Component: unknown, options = {}) => void defined.set(tag, { Component, options }),
}));

const registryTags = TAGS.map(({ tag }) => tag);
const elementFiles = readdirSync(import.meta.dirname)
  .filter((file) => /^macc-[a-z-]+\.ts$/.test(file) && file !== "macc-elements.ts")
  .map((file) => file.replace(/\.ts$/, ""));

describe("the tag registry (src/core/tags.ts)", () => {
  it("has each tag once", () => {
    expect(new Set(registryTags).size).toBe(registryTags.length);
  });

  it("every registry tag has its element file, and every element file is in the registry", () => {
    expect([...elementFiles].sort()).toEqual([...registryTags].sort());
  });
});

describe("the generated files match the registry (run `npm run generate` after changing it)", () => {
  let files: GeneratedFile[] = [];
  beforeAll(async () => {
    files = await tagFiles();
  });

  it.each([
    "elements/tag-names.ts",
    "elements/tag-props.ts",
    "elements/tags.d.ts",
    "elements/tags-react.d.ts",
    "elements/reserve-sheet.ts",
    "README.md",
  ])("%s", (path) => {
    const file = files.find((generated) => generated.path === path)!;
    expect(readFileSync(resolve(ROOT, path), "utf8"), `${path} is out of date: run npm run generate`).toBe(file.content);
  });
});

describe("each element file", () => {
  beforeAll(async () => {
    for (const tag of registryTags) await import(/* @vite-ignore */ resolve(import.meta.dirname, `${tag}.ts`));
  }, 60_000);

  it.each(TAGS.filter(({ module }) => module.startsWith("areas/")).map((entry) => [entry.tag, entry] as const))(
    "%s defines its tag with the registry's component and its folder's area, and no props of its own",
    async (tag, entry) => {
      const call = defined.get(tag);
      expect(call, `elements/${tag}.ts does not call defineElement("${tag}", …)`).toBeDefined();
      const exportName = entry.module.split("/").at(-1)!;
      const module = (await import(/* @vite-ignore */ resolve(ROOT, "src", `${entry.module}.tsx`))) as Record<string, unknown>;
      expect(call!.Component).toBe(module[exportName]);
      const folder = entry.module.split("/").slice(0, -1).join("/");
      const { area } = (await import(/* @vite-ignore */ resolve(ROOT, "src", folder, "area.ts"))) as { area: unknown };
      expect(call!.options, `elements/${tag}.ts: src/${folder}/area.ts's area`).toBe(area);
    },
  );

  it("macc-portal shows the portal with its shell's and first screens' areas (src/app/screens.tsx), and no props of its own", async () => {
    const { Portal } = await import("../src/app/Portal");
    const { PORTAL_AREA } = await import("../src/app/screens");
    const call = defined.get("macc-portal")!;
    expect(call.Component).toBe(Portal);
    expect(call.options).toMatchObject(PORTAL_AREA);
    expect(call.options.props).toBeUndefined();
  });
});

describe("README element table, against the manifest the build ships (dist/custom-elements.json)", () => {
  const readme = readFileSync(resolve(ROOT, "README.md"), "utf8");
  const lines = readme.split("\n");
  const heading = lines.indexOf("### Elements");
  const start = lines.findIndex((line, index) => index > heading && line.startsWith("|"));
  const table = lines.slice(
    start,
    lines.findIndex((line, index) => index > start && !line.startsWith("|")),
  );
  const cells = (row: string) =>
    row
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());

  it("has the registry's columns", () => {
    expect(cells(table[0]!)).toEqual([...ELEMENT_TABLE_HEADER]);
  });

  it("has one row per element of the manifest, in its order, with its summary and its own attributes", () => {
    const rows = table.slice(2).map((row) => {
      const [tag, shows, attributes] = cells(row);
      return { tag, shows, attributes: attributes ? attributes.split(ATTRIBUTE_SEPARATOR) : [] };
    });
    expect(rows).toEqual(
      elementsOf(buildManifest()).map((element) => ({
        tag: `\`<${element.tagName}>\``,
        shows: element.summary,
        attributes: ownAttributes(element).map(attributeCell),
      })),
    );
  });
});
