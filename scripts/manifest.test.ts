import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import type { CustomElementDeclaration } from "custom-elements-manifest/schema";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { MaccEventDetailMap } from "../elements/tags";
import type { MaccEventDetails } from "../src/core/events";
import { COMMON_ATTRIBUTES, CSS_PROPERTIES, DOCUMENT_EVENTS, ELEMENT_EVENTS, PARTS, TAGS } from "../src/core/tags";
import {
  buildManifest,
  elementCode,
  elementsOf,
  LOADER_MODULE,
  manifestFiles,
  MANIFEST_PATH,
  propertyOf,
  SCHEMA_VERSION,
} from "./manifest";
import { declaredParts, partsCovered, ROOT, sourceFiles, tokenDefaults, tokensUsed } from "./manifest-sources";

const manifest = buildManifest();
const elements = elementsOf(manifest);
const sources = sourceFiles();
const registryParts = Object.keys(PARTS);

// Checked by `npm run typecheck`: the event details the typings ship are the ones the core sends.
expectTypeOf<Pick<MaccEventDetailMap, keyof MaccEventDetails>>().toEqualTypeOf<MaccEventDetails>();

describe("dist/custom-elements.json", () => {
  it("is valid against the Custom Elements Manifest schema", () => {
    const schema = createRequire(import.meta.url)("custom-elements-manifest/schema.json") as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(manifest.schemaVersion).toBe(SCHEMA_VERSION);
  });

  it("is what the build writes, referenced by package.json's customElements", () => {
    const packageJson = JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { customElements: string };
    expect(packageJson.customElements).toBe(MANIFEST_PATH);
    expect(JSON.parse(manifestFiles(manifest).find(({ path }) => path === MANIFEST_PATH)!.content)).toEqual(manifest);
  });

  it("declares every tag of the registry once, in its order, in its own module with its definition export", () => {
    expect(elements.map(({ tagName }) => tagName)).toEqual(TAGS.map(({ tag }) => tag));
    for (const module of manifest.modules.slice(1)) {
      const [element] = module.declarations as CustomElementDeclaration[];
      expect(module.path).toBe(`dist/static/js/${element!.tagName}.js`);
      expect(module.exports).toEqual([
        { kind: "custom-element-definition", name: element!.tagName, declaration: { name: element!.name, module: module.path } },
      ]);
    }
  });

  it.each(TAGS.map((entry) => [entry.tag, entry] as const))("%s: the registry's attributes, each with its property", (tag, entry) => {
    const element = elements.find((declaration) => declaration.tagName === tag)!;
    const attributes = [...COMMON_ATTRIBUTES, ...entry.attributes];
    expect(element.summary).toBe(entry.shows);
    expect(element.attributes!.map(({ name, description, fieldName }) => ({ name, description, fieldName }))).toEqual(
      attributes.map(({ name, description }) => ({ name, description, fieldName: propertyOf(name) })),
    );
    expect(element.members!.map((member) => [member.name, "attribute" in member ? member.attribute : null])).toEqual(
      attributes.map(({ name }) => [propertyOf(name), name]),
    );
    expect(element.slots).toEqual([]);
    expect(element.cssProperties!.map(({ name }) => name)).toEqual(Object.keys(CSS_PROPERTIES));
  });

  it("lists macc-navigate on the elements whose code navigates, and macc-load-error on all", () => {
    const navigating = elements.filter((element) => element.events!.some(({ name }) => name === "macc-navigate")).map((e) => e.tagName);
    // Every element has a link or a redirect; the maintenance notice's too (Try again, once the service is back).
    expect(TAGS.map(({ tag }) => tag).filter((tag) => !navigating.includes(tag))).toEqual([]);
    for (const element of elements) expect(element.events!.at(-1)!.name).toBe("macc-load-error");
    expect(Object.keys(ELEMENT_EVENTS).sort()).toEqual(["macc-load-error", "macc-navigate"]);
  });

  it("lists the state events on the loader's module, dispatched on document, never on an element", () => {
    const loader = manifest.modules[0] as (typeof manifest.modules)[0] & { events: { name: string; description: string }[] };
    expect(loader.path).toBe(LOADER_MODULE);
    expect(loader.events.map(({ name }) => name)).toEqual(Object.keys(DOCUMENT_EVENTS));
    for (const event of loader.events) expect(event.description).toMatch(/^On `document`/);
    for (const element of elements) for (const { name } of element.events!) expect(Object.keys(DOCUMENT_EVENTS)).not.toContain(name);
  });

  it("gives each element the parts its code declares (macc-login: its screen, fields, error summary)", () => {
    const login = elements.find(({ tagName }) => tagName === "macc-login")!;
    expect(login.cssParts!.map(({ name }) => name)).toEqual(
      expect.arrayContaining(["root", "title", "field", "error-summary", "login", "load-error", "maintenance"]),
    );
    expect(login.cssParts!.map(({ name }) => name)).not.toContain("invoices");
    expect(elementCode("macc-portal").parts).toEqual(registryParts.filter((name) => !PARTS[name]!.host));
  });
});

describe("the registry against the code", () => {
  it("every ::part name the code declares is in the registry, and every registry part is declared", () => {
    const declared = declaredParts(sources.values());
    expect(
      [...declared.names].filter((name) => !registryParts.includes(name)),
      "parts missing from PARTS in src/core/tags.ts",
    ).toEqual([]);
    for (const pattern of declared.patterns) expect(partsCovered({ names: new Set(), patterns: [pattern] }, registryParts)).not.toEqual([]);
    expect(
      registryParts.filter((name) => !partsCovered(declared, [name]).length),
      "PARTS declared nowhere in the code",
    ).toEqual([]);
  });

  it("a page-wide part is declared in the file that defines its host element", () => {
    for (const [name, { host }] of Object.entries(PARTS)) {
      if (!host) continue;
      const files = [...sources].filter(([, text]) => partsCovered(declaredParts([text]), [name]).length);
      expect(files.map(([, text]) => text.includes(`"${host}"`))).toEqual([true]);
    }
  });

  it("every --macc-* token the code uses is in the registry with its default, and every registry token is used", () => {
    const used = tokensUsed([...sources].filter(([path]) => path !== "src/core/tags.ts").map(([, text]) => text));
    expect([...used].sort()).toEqual(Object.keys(CSS_PROPERTIES).sort());
    expect([...tokenDefaults().keys()].sort()).toEqual(Object.keys(CSS_PROPERTIES).sort());
  });

  it("reads the tokens' defaults from the base sheet, private references named by their public token", () => {
    const defaults = tokenDefaults();
    expect(defaults.get("--macc-color-brand")).toEqual({ macc: "#005a4e", agri: "#3f6e1f" });
    expect(defaults.get("--macc-font-size")).toEqual({ macc: "16px" });
    expect(defaults.get("--macc-space")).toEqual({ macc: "var(--macc-font-size)" });
    expect(defaults.get("--macc-max-width")).toEqual({ macc: "calc(72 * var(--macc-font-size))" });
  });

  it("every element has its stories file, hence its Storybook docs page (.storybook/ElementDocs.tsx)", () => {
    for (const { tagName } of elements) {
      const stories = readFileSync(`${ROOT}/stories/${tagName}.stories.tsx`, "utf8");
      expect(stories).toContain(`title: "Elements/${tagName}"`);
    }
  });

  it("the README's Theming section names every token and part of the registry, and no other", () => {
    const readme = readFileSync(`${ROOT}/README.md`, "utf8");
    const theming = readme.slice(readme.indexOf("### Theming"), readme.indexOf("\n### ", readme.indexOf("### Theming") + 1));
    expect([...new Set(theming.match(/--macc-[a-z0-9-]+/g))].sort()).toEqual(Object.keys(CSS_PROPERTIES).sort());
    const partList = theming.slice(theming.indexOf("`::part()` names"));
    const named = [...partList.matchAll(/`([a-z][a-z-]*)`/g)].map(([, name]) => name!);
    expect([...new Set(named)].sort()).toEqual([...registryParts].sort());
  });

  it("the elements render no slot, as the manifest says", () => {
    expect([...sources].filter(([, text]) => /<slot\b|createElement\("slot"\)/.test(text)).map(([path]) => path)).toEqual([]);
  });
});

describe("part declarations", () => {
  it.each([
    ['<div part="login">', ["login"]],
    ['<div part="alert alert-info">', ["alert", "alert-info"]],
    ['item.setAttribute("part", "toast")', ["toast"]],
    ['box.part = "load-error"', ["load-error"]],
  ])("%s", (code, names) => {
    expect([...declaredParts([code]).names]).toEqual(names);
  });

  it("a template part matches the registry names it can produce", () => {
    const declared = declaredParts(["<div part={`alert alert-${kind}`}>"]);
    expect(partsCovered(declared, ["alert", "alert-info", "alert-error", "login"])).toEqual(["alert", "alert-info", "alert-error"]);
  });
});
