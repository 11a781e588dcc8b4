import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { format, resolveConfig } from "prettier";
import { COMMON_ATTRIBUTES, ELEMENT_EVENTS, TAGS, type TagAttribute, type TagDeclaration } from "../src/core/tags.ts";
import { elementReserveCss } from "../src/ui/reserve.ts";

/**
 * The files derived from the tag registry (src/core/tags.ts). `npm run generate` writes them;
 * elements/tags.test.ts fails when one on disk differs from what this returns.
 */
export interface GeneratedFile {
  /** From the repository root. */
  path: string;
  content: string;
}

export const ROOT = resolve(import.meta.dirname, "..");
const NOTICE = "Generated from the tag registry (src/core/tags.ts) by `npm run generate`: edit the registry, not this file.";

/** Every file, formatted as the repository's Prettier settings would leave it. */
export async function tagFiles(): Promise<GeneratedFile[]> {
  const readme = await readFile(resolve(ROOT, "README.md"), "utf8");
  const files = [
    { path: "elements/tag-names.ts", content: tagNamesModule() },
    { path: "elements/tags.d.ts", content: typings() },
    { path: "elements/reserve-sheet.ts", content: reserveSheetModule() },
    { path: "README.md", content: withElementTable(readme) },
  ];
  return Promise.all(files.map(async ({ path, content }) => ({ path, content: await prettify(path, content) })));
}

async function prettify(path: string, content: string): Promise<string> {
  const file = resolve(ROOT, path);
  // The README is not Prettier's (.prettierignore): its tables stay as written.
  if (path.endsWith(".md")) return content;
  return format(content, { ...(await resolveConfig(file)), filepath: file });
}

/** The loader's list: names only, so the registry's descriptions stay out of the script every page loads. */
function tagNamesModule(): string {
  return `// ${NOTICE}\nexport const TAG_NAMES: readonly string[] = ${JSON.stringify(TAGS.map(({ tag }) => tag))};\n`;
}

/** The elements' own reserve sheet, as a string: the same text in the build and in tests, which process no CSS files. */
function reserveSheetModule(): string {
  return `// ${NOTICE}\nexport const RESERVE_CSS = \`${elementReserveCss()}\`;\n`;
}

/** React 19 sets an attribute it finds no property for, so JSX takes the attributes' HTML names and string values. */
function attributeType(attribute: TagAttribute): string {
  if (attribute.values) return attribute.values.map((value) => JSON.stringify(value)).join(" | ");
  return { string: "string", number: "number | string", boolean: "boolean", json: "string" }[attribute.type];
}

const jsDoc = (text: string, indent: string) => `${indent}/** ${text.replace(/\*\//g, "*\\/")} */\n`;

function attributeMembers(attributes: readonly TagAttribute[], indent: string): string {
  return attributes.map((a) => `${jsDoc(a.description, indent)}${indent}${JSON.stringify(a.name)}?: ${attributeType(a)};\n`).join("");
}

const tagDoc = ({ tag, shows }: TagDeclaration) => `\`<${tag}>\`: ${shows}.`;

function typings(): string {
  const tagMap = TAGS.map((entry) => `${jsDoc(tagDoc(entry), "    ")}    ${JSON.stringify(entry.tag)}: HTMLElement;\n`).join("");
  const jsx = TAGS.map((entry) => {
    const own = entry.attributes.length ? `<{\n${attributeMembers(entry.attributes, "        ")}      }>` : "";
    return `${jsDoc(tagDoc(entry), "      ")}      ${JSON.stringify(entry.tag)}: MaccElementProps${own};\n`;
  }).join("");
  const events = Object.entries(ELEMENT_EVENTS)
    .map(([name, { detail, when, cancelable }]) => `\`${name}\` ${detail} when ${when}${cancelable ? " (cancelable)" : ""}`)
    .join("; ");
  return `// ${NOTICE}
import type { DetailedHTMLProps, HTMLAttributes } from "react";

/** Every element takes these, and dispatches ${events}. */
interface MaccCommonAttributes {
${attributeMembers(COMMON_ATTRIBUTES, "  ")}}

type MaccElementProps<Own = object> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & MaccCommonAttributes & Own;

declare global {
  interface HTMLElementTagNameMap {
${tagMap}  }
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
${jsx}    }
  }
}
`;
}

const ELEMENTS_HEADING = "### Elements";
export const ELEMENT_TABLE_HEADER = ["tag", "what it shows", "own attributes"] as const;
/** Between attributes in a cell: descriptions may hold any other punctuation. */
export const ATTRIBUTE_SEPARATOR = "<br>";

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** `variant="basket"`: LOGIN_PANIER, or `family`: … when it takes any value. */
export function attributeCell(attribute: TagAttribute): string {
  const written = attribute.values?.map((value) => `\`${attribute.name}="${value}"\``).join(" or ") ?? `\`${attribute.name}\``;
  return `${written}: ${attribute.description}`;
}

function elementTable(): string[] {
  return [
    `| ${ELEMENT_TABLE_HEADER.join(" | ")} |`,
    `|${ELEMENT_TABLE_HEADER.map(() => "---").join("|")}|`,
    ...TAGS.map(({ tag, shows, attributes }) => {
      const own = attributes.map(attributeCell).join(ATTRIBUTE_SEPARATOR);
      return `| \`<${tag}>\` | ${cell(shows)} | ${cell(own)} |`.replace(/ {2}\|$/, " |");
    }),
  ];
}

/** The README with its element table (the first table under "### Elements") rewritten; the rest as it is. */
export function withElementTable(readme: string): string {
  const lines = readme.split("\n");
  const heading = lines.indexOf(ELEMENTS_HEADING);
  const start = lines.findIndex((line, index) => index > heading && line.startsWith("|"));
  if (heading < 0 || start < 0) throw new Error(`README.md: no table under "${ELEMENTS_HEADING}"`);
  let end = start;
  while (lines[end]?.startsWith("|")) end++;
  lines.splice(start, end - start, ...elementTable());
  return lines.join("\n");
}
