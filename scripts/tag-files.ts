import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { format, resolveConfig } from "prettier";
import type { Attribute, CustomElementDeclaration } from "custom-elements-manifest/schema";
import { COMMON_ATTRIBUTES, TAGS, type TagAttribute } from "../src/core/tags.ts";
import { IS_LOGGED_COOKIE, LOGGED_IN_ATTRIBUTE } from "../src/contract/constants.ts";
import { elementReserveCss, loggedInReserveCss } from "../src/ui/reserve.ts";
import { buildManifest, domTypings, elementsOf, reactTypings } from "./manifest.ts";

/**
 * The files derived from the tag registry (src/core/tags.ts), some through the manifest the build
 * ships (scripts/manifest.ts). `npm run generate` writes them; elements/tags.test.ts fails when
 * one on disk differs from what this returns.
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
  const manifest = buildManifest();
  // The typings the build ships, for the repository's own code (stories, tests) too.
  const files = [
    { path: "elements/tag-names.ts", content: tagNamesModule() },
    { path: "elements/tag-props.ts", content: tagPropsModule() },
    { path: "elements/tags.d.ts", content: domTypings(manifest) },
    { path: "elements/tags-react.d.ts", content: reactTypings(manifest, "./tags") },
    { path: "elements/reserve-sheet.ts", content: reserveSheetModule() },
    { path: "README.md", content: withElementTable(readme, elementsOf(manifest)) },
  ];
  return Promise.all(files.map(async ({ path, content }) => ({ path, content: await prettify(path, content) })));
}

async function prettify(path: string, content: string): Promise<string> {
  const file = resolve(ROOT, path);
  // The README is not Prettier's (.prettierignore): its tables stay as written.
  if (path.endsWith(".md")) return content;
  return format(content, { ...(await resolveConfig(file)), filepath: file });
}

/**
 * The loader's selector of every tag: names only, so the registry's descriptions stay out of the
 * script every page loads, and one string, the fewest bytes. With the session's cookie and the
 * attribute it marks the page with (src/contract/constants.ts): the loader imports nothing it shares
 * with the elements, which would cost the page a file more before anything is defined.
 */
function tagNamesModule(): string {
  return [
    `// ${NOTICE}`,
    `export const TAG_SELECTOR = ${JSON.stringify(TAGS.map(({ tag }) => tag).join())};`,
    `export const IS_LOGGED_COOKIE = ${JSON.stringify(IS_LOGGED_COOKIE)};`,
    `export const LOGGED_IN_ATTRIBUTE = ${JSON.stringify(LOGGED_IN_ATTRIBUTE)};`,
    "",
  ].join("\n");
}

/** `api-base` → `apiBase`: the component's prop for an attribute (r2wc's mapping). */
export const propOf = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const propsOf = (attributes: readonly TagAttribute[]) =>
  Object.fromEntries(attributes.map((attribute) => [propOf(attribute.name), attribute.type]));

/**
 * The attributes each element takes, as r2wc props (elements/define.tsx): the common ones, and the
 * tags' own (only the tags that have some: fewer bytes in the script every element shares).
 */
function tagPropsModule(): string {
  const own = Object.fromEntries(
    TAGS.filter(({ attributes }) => attributes.length).map(({ tag, attributes }) => [tag, propsOf(attributes)]),
  );
  return [
    `// ${NOTICE}`,
    `import type { AttributeType } from "../src/core/tags";`,
    "",
    "type Props = Readonly<Record<string, AttributeType>>;",
    "",
    "/** Every element's: the registry's COMMON_ATTRIBUTES. */",
    `export const COMMON_PROPS: Props = ${JSON.stringify(propsOf(COMMON_ATTRIBUTES))};`,
    "",
    "/** Each tag's own attributes (a tag without any is absent). */",
    `export const TAG_PROPS: Readonly<Record<string, Props>> = ${JSON.stringify(own)};`,
    "",
  ].join("\n");
}

/**
 * The elements' own reserve sheet, and what a logged-in customer's adds to it, as strings: the same
 * text in the build and in tests, which process no CSS files.
 */
function reserveSheetModule(): string {
  return [
    `// ${NOTICE}`,
    `export const RESERVE_CSS = \`${elementReserveCss()}\`;`,
    `export const LOGGED_IN_RESERVE_CSS = \`${loggedInReserveCss()}\`;`,
    "",
  ].join("\n");
}

const ELEMENTS_HEADING = "### Elements";
export const ELEMENT_TABLE_HEADER = ["tag", "what it shows", "own attributes"] as const;
/** Between attributes in a cell: descriptions may hold any other punctuation. */
export const ATTRIBUTE_SEPARATOR = "<br>";

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The values an attribute's type names, when it is a union of strings (`"basket"`). */
function valuesOf(attribute: Attribute): string[] | undefined {
  const values = attribute.type?.text.split(" | ");
  return values?.every((value) => /^"[^"]*"$/.test(value)) ? values.map((value) => JSON.parse(value) as string) : undefined;
}

/** `variant="basket"`: LOGIN_PANIER, or `family`: … when it takes any value. */
export function attributeCell(attribute: Attribute): string {
  const written =
    valuesOf(attribute)
      ?.map((value) => `\`${attribute.name}="${value}"\``)
      .join(" or ") ?? `\`${attribute.name}\``;
  return `${written}: ${attribute.description}`;
}

/** An element's own attributes: those besides the ones every element takes. */
export function ownAttributes(element: CustomElementDeclaration): Attribute[] {
  const common = new Set<string>(COMMON_ATTRIBUTES.map(({ name }) => name));
  return (element.attributes ?? []).filter((attribute) => !common.has(attribute.name));
}

function elementTable(elements: readonly CustomElementDeclaration[]): string[] {
  return [
    `| ${ELEMENT_TABLE_HEADER.join(" | ")} |`,
    `|${ELEMENT_TABLE_HEADER.map(() => "---").join("|")}|`,
    ...elements.map((element) => {
      const own = ownAttributes(element).map(attributeCell).join(ATTRIBUTE_SEPARATOR);
      return `| \`<${element.tagName}>\` | ${cell(element.summary ?? "")} | ${cell(own)} |`.replace(/ {2}\|$/, " |");
    }),
  ];
}

/** The README with its element table (the first table under "### Elements") rewritten from the manifest; the rest as it is. */
export function withElementTable(readme: string, elements: readonly CustomElementDeclaration[]): string {
  const lines = readme.split("\n");
  const heading = lines.indexOf(ELEMENTS_HEADING);
  const start = lines.findIndex((line, index) => index > heading && line.startsWith("|"));
  if (heading < 0 || start < 0) throw new Error(`README.md: no table under "${ELEMENTS_HEADING}"`);
  let end = start;
  while (lines[end]?.startsWith("|")) end++;
  lines.splice(start, end - start, ...elementTable(elements));
  return lines.join("\n");
}
