/**
 * The Custom Elements Manifest (`dist/custom-elements.json`) and the shipped typings, built from
 * the tag registry (src/core/tags.ts) and what the code declares (scripts/manifest-sources.ts).
 * The widget build writes them (`manifestFiles()` below, a Vite plugin); the README's element
 * table, the Storybook docs pages and the editor's configurator read the manifest.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type * as Cem from "custom-elements-manifest/schema";
import type { Plugin } from "vite";
import { LOCALES } from "../src/contract/constants.ts";
import { ROUTE_NAMES } from "../src/core/routes.ts";
import {
  COMMON_ATTRIBUTES,
  CSS_PROPERTIES,
  DOCUMENT_EVENTS,
  ELEMENT_EVENTS,
  PARTS,
  TAGS,
  type EventDeclaration,
  type TagAttribute,
  type TagDeclaration,
} from "../src/core/tags.ts";
import {
  declaredParts,
  dispatchesNavigate,
  elementGraph,
  partsCovered,
  ROOT,
  tokenDefaults,
  type TokenDefault,
} from "./manifest-sources.ts";

export const SCHEMA_VERSION = "2.1.0";
/** Where the built files live in the package (paths in the manifest are from the package root). */
export const MANIFEST_PATH = "dist/custom-elements.json";
export const TYPINGS_PATH = "dist/macc-elements.d.ts";
export const REACT_TYPINGS_PATH = "dist/macc-elements-react.d.ts";
export const LOADER_MODULE = "dist/static/js/macc-elements.js";

type EventName = keyof typeof ELEMENT_EVENTS | keyof typeof DOCUMENT_EVENTS;
const ALL_EVENTS: Readonly<Record<EventName, EventDeclaration>> = { ...ELEMENT_EVENTS, ...DOCUMENT_EVENTS };

/** `api-base` → `apiBase`: the property r2wc defines for an attribute. */
export const propertyOf = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
/** `macc-product-fleet` → `MaccProductFleetElement`: the element's interface in the typings. */
export const interfaceOf = (tag: string) => `${tag.replace(/(?:^|-)([a-z])/g, (_, letter: string) => letter.toUpperCase())}Element`;

/** An attribute's values as TypeScript: a union of its values, or what r2wc parses it to. */
export function attributeTypeText(attribute: TagAttribute): string {
  if (attribute.values) return attribute.values.map((value) => JSON.stringify(value)).join(" | ");
  return { string: "string", number: "number", boolean: "boolean", json: "unknown" }[attribute.type];
}

const eventEntry = (name: EventName, where: string): Cem.Event => {
  const { detail, description, cancelable } = ALL_EVENTS[name];
  return {
    name,
    type: { text: `CustomEvent<${detail}>` },
    description: `${where}: ${description}.${cancelable ? " Cancelable." : ""} Bubbles, composed.`,
  };
};

function cssProperty(name: keyof typeof CSS_PROPERTIES, defaults: Map<string, TokenDefault>): Cem.CssCustomProperty {
  const { syntax, description } = CSS_PROPERTIES[name];
  const value = defaults.get(name);
  if (!value) throw new Error(`${name} is in the registry but the base sheet does not use it`);
  const agri = value.agri ? ` (AGRI theme: \`${value.agri}\`)` : "";
  return { name, syntax, default: value.macc, description: `${description}${agri}` };
}

/** What one element's code exposes, read from the code: its parts and whether it navigates. */
export function elementCode(tag: string): { parts: string[]; navigates: boolean } {
  const graph = elementGraph(tag);
  const onElement = Object.keys(PARTS).filter((name) => !PARTS[name]!.host);
  return { parts: partsCovered(declaredParts(graph.values()), onElement), navigates: dispatchesNavigate(graph) };
}

function declaration(entry: TagDeclaration, defaults: Map<string, TokenDefault>): Cem.CustomElementDeclaration {
  const attributes: readonly TagAttribute[] = [...COMMON_ATTRIBUTES, ...entry.attributes];
  const { parts, navigates } = elementCode(entry.tag);
  const where = "On the element";
  return {
    kind: "class",
    customElement: true,
    name: interfaceOf(entry.tag),
    tagName: entry.tag,
    summary: entry.shows,
    description: entry.shows,
    superclass: { name: "HTMLElement", package: "global:" },
    attributes: attributes.map((attribute) => ({
      name: attribute.name,
      type: { text: attributeTypeText(attribute) },
      description: attribute.description,
      fieldName: propertyOf(attribute.name),
    })),
    members: attributes.map((attribute): Cem.CustomElementField => ({
      kind: "field",
      name: propertyOf(attribute.name),
      type: { text: `${attributeTypeText(attribute)} | undefined` },
      description: `${attribute.description}. Setting it sets the \`${attribute.name}\` attribute.`,
      attribute: attribute.name,
      reflects: true,
    })),
    events: [...(navigates ? [eventEntry("macc-navigate", where)] : []), eventEntry("macc-load-error", where)],
    cssProperties: (Object.keys(CSS_PROPERTIES) as (keyof typeof CSS_PROPERTIES)[]).map((name) => cssProperty(name, defaults)),
    cssParts: parts.map((name) => ({ name, description: PARTS[name]!.description })),
    slots: [],
  };
}

/**
 * The loader's module: the page settings, and what belongs to the page rather than to one
 * element. The state events (dispatched on `document`) and the parts of the page-wide elements
 * are listed on it with the schema's Event and CssPart shapes (`events`, `cssParts`: the schema
 * allows fields of one's own), so that tools reading elements' `events` never offer a handler
 * on an element that such an event never reaches.
 */
function loaderModule(): Cem.JavaScriptModule & { events: Cem.Event[]; cssParts: Cem.CssPart[] } {
  return {
    kind: "javascript-module",
    path: LOADER_MODULE,
    summary: "The loader: the one script a page includes; it defines the macc-* tags present on the page, each from its own module.",
    description:
      "Page settings on its script tag: `data-locale`, `data-theme`, `data-api-base`, `data-portal-base`, `data-error-endpoint`. " +
      "`events`: the state events, dispatched on `document` (listen there; they never reach an element). " +
      "`cssParts`: parts of the page-wide elements the suite creates when first needed.",
    declarations: [],
    exports: [],
    events: (Object.keys(DOCUMENT_EVENTS) as EventName[]).map((name) => eventEntry(name, "On `document`")),
    cssParts: Object.entries(PARTS)
      .filter(([, part]) => part.host)
      .map(([name, { description }]) => ({ name, description })),
  };
}

/** The manifest: one module per element entry (`dist/static/js/<tag>.js`), after the loader's. */
export function buildManifest(): Cem.Package {
  const defaults = tokenDefaults();
  return {
    schemaVersion: SCHEMA_VERSION,
    modules: [
      loaderModule(),
      ...TAGS.map((entry): Cem.JavaScriptModule => {
        const path = `dist/static/js/${entry.tag}.js`;
        const element = declaration(entry, defaults);
        return {
          kind: "javascript-module",
          path,
          declarations: [element],
          exports: [{ kind: "custom-element-definition", name: entry.tag, declaration: { name: element.name, module: path } }],
        };
      }),
    ],
  };
}

/** The custom element declarations of a manifest, in its order. */
export function elementsOf(manifest: Cem.Package): Cem.CustomElementDeclaration[] {
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? []).filter((declaration): declaration is Cem.CustomElementDeclaration => "customElement" in declaration),
  );
}

const GENERATED = "Generated from the tag registry (src/core/tags.ts) and the Custom Elements Manifest: do not edit.";
const jsDoc = (text: string, indent: string) => `${indent}/** ${text.replace(/\*\//g, "*\\/")} */\n`;
const union = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(" | ");

/**
 * The DOM typings, for any TypeScript host: each element's interface with its properties in
 * `HTMLElementTagNameMap`, and typed `CustomEvent`s: the element events in `HTMLElementEventMap`
 * (they bubble, so any ancestor hears them), every event in `DocumentEventMap`.
 */
export function domTypings(manifest: Cem.Package): string {
  const elements = elementsOf(manifest);
  const common = new Set(COMMON_ATTRIBUTES.map(({ name }) => propertyOf(name)));
  const fields = (members: Cem.ClassMember[] | undefined, own: boolean) =>
    (members ?? [])
      .filter((member): member is Cem.CustomElementField => member.kind === "field" && common.has(member.name) !== own)
      .map((field) => `${jsDoc(field.description ?? "", "  ")}  ${field.name}: ${field.type!.text};\n`)
      .join("");
  const interfaces = elements
    .map((element) => {
      const own = fields(element.members, true);
      const declared = own
        ? `export interface ${element.name} extends MaccElement {\n${own}}`
        : `export type ${element.name} = MaccElement;`;
      return `${jsDoc(`\`<${element.tagName}>\`: ${element.summary}`, "")}${declared}\n`;
    })
    .join("\n");
  const eventMap = (names: readonly string[], indent: string) =>
    names.map((name) => `${indent}${JSON.stringify(name)}: CustomEvent<MaccEventDetailMap[${JSON.stringify(name)}]>;\n`).join("");
  return `// ${GENERATED}

/** One of the ten locales. */
export type MaccLocale = ${union(LOCALES)};
/** A route name of the specification (SPEC §2). */
export type MaccRouteName = ${union(ROUTE_NAMES)};

/** \`event.detail\` of each \`macc-*\` event. */
export interface MaccEventDetailMap {
${(Object.keys(ALL_EVENTS) as EventName[]).map((name) => `${jsDoc(ALL_EVENTS[name].description, "  ")}  ${JSON.stringify(name)}: ${ALL_EVENTS[name].detail};\n`).join("")}}

/** What every element has: its properties reflect the attributes of the same (camelCase) name. */
export interface MaccElement extends HTMLElement {
${fields(elements[0]?.members, false)}}

${interfaces}
declare global {
  interface HTMLElementTagNameMap {
${elements.map((element) => `    ${JSON.stringify(element.tagName)}: ${element.name};\n`).join("")}  }
  interface HTMLElementEventMap {
${eventMap(Object.keys(ELEMENT_EVENTS), "    ")}  }
  interface DocumentEventMap {
${eventMap(Object.keys(ALL_EVENTS), "    ")}  }
}
`;
}

/**
 * JSX for React 19 hosts: attributes by their HTML names as strings (React 19 sets an attribute
 * when the element has no property of that name), and each event the element itself dispatches
 * as an `onmacc-*` prop, which React 19 adds as a listener. The state events are dispatched on
 * `document` and never reach an element: they have no prop (listen with `document.addEventListener`).
 */
export function reactTypings(manifest: Cem.Package, domModule: string): string {
  const elements = elementsOf(manifest);
  const common = new Set<string>(COMMON_ATTRIBUTES.map(({ name }) => name));
  const attributeProps = (attributes: Cem.Attribute[], indent: string) =>
    attributes.map((a) => `${jsDoc(a.description ?? "", indent)}${indent}${JSON.stringify(a.name)}?: ${a.type!.text};\n`).join("");
  const eventProps = (events: Cem.Event[], indent: string) =>
    events
      .map(
        ({ name, description }) =>
          `${jsDoc(description ?? "", indent)}${indent}${JSON.stringify(`on${name}`)}?: (event: HTMLElementEventMap[${JSON.stringify(name)}]) => void;\n`,
      )
      .join("");
  const jsx = elements
    .map((element) => {
      const own = `${attributeProps(
        (element.attributes ?? []).filter((a) => !common.has(a.name)),
        "        ",
      )}${eventProps(element.events ?? [], "        ")}`;
      return `${jsDoc(`\`<${element.tagName}>\`: ${element.summary}`, "      ")}      ${JSON.stringify(element.tagName)}: MaccElementProps<${element.name}, {\n${own}      }>;\n`;
    })
    .join("");
  const first = elements[0];
  return `// ${GENERATED}
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { ${elements.map((element) => element.name).join(", ")} } from ${JSON.stringify(domModule)};

/** Every element takes these. */
interface MaccCommonAttributes {
${attributeProps(
  (first?.attributes ?? []).filter((a) => common.has(a.name)),
  "  ",
)}}

type MaccElementProps<E extends HTMLElement, Own> = DetailedHTMLProps<HTMLAttributes<E>, E> & MaccCommonAttributes & Own;

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
${jsx}    }
  }
}
`;
}

/** The built files, paths from the repository root. */
export function manifestFiles(manifest = buildManifest()): { path: string; content: string }[] {
  return [
    { path: MANIFEST_PATH, content: `${JSON.stringify(manifest, null, 2)}\n` },
    { path: TYPINGS_PATH, content: domTypings(manifest) },
    { path: REACT_TYPINGS_PATH, content: reactTypings(manifest, "./macc-elements.js") },
  ];
}

/** Writes the manifest and the typings into `dist/` after the widget build (not Storybook's). */
export function manifest(): Plugin {
  let library = false;
  return {
    name: "macc-manifest",
    apply: "build",
    configResolved(config) {
      library = !!config.build.lib;
    },
    async closeBundle() {
      if (!library) return;
      for (const { path, content } of manifestFiles()) {
        const file = resolve(ROOT, path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, content);
      }
    },
  };
}
