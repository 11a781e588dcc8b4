import type { CustomElementDeclaration, Declaration, Package } from "custom-elements-manifest/schema";
import { LANGUAGES, type Language, type TagAttribute, type TagDeclaration } from "../../src/core/tags";
import { PAGE_PREVIEW_SOURCES } from "../../src/contract/constants";

/**
 * What the configurator needs from the Custom Elements Manifest (dist/custom-elements.json, built
 * from the tag registry): each tag, its description and its attributes with the control that sets
 * them. Pure functions, so the outputs (snippet, allowlist, CSP) are tested without a browser.
 */

/** The registry's words for CMS editors about one element, in the editor's language. */
export interface ElementGuide {
  name: string;
  description: string;
  attributes: Record<string, AttributeGuide>;
}

export interface AttributeGuide {
  label: string;
  help: string;
  /** Words for the values of a select, by value. */
  values: Record<string, string>;
}

/** The language of a locale's texts ("fr" for fr-BE); English for an unknown one. */
export const languageOfLocale = (locale: string): Language => LANGUAGES.find((language) => locale.startsWith(language)) ?? "en";

/** Each tag's guide from the registry, in one language. */
export function guidesOf(
  tags: readonly Pick<TagDeclaration, "tag" | "guide" | "attributes">[],
  common: readonly TagAttribute[],
  language: Language,
): Map<string, ElementGuide> {
  const attributeGuide = ({ guide }: TagAttribute): AttributeGuide => ({
    label: guide.label[language],
    help: guide.help[language],
    values: Object.fromEntries(Object.entries(guide.values ?? {}).map(([value, texts]) => [value, texts[language]])),
  });
  return new Map(
    tags.map(({ tag, guide, attributes }) => [
      tag,
      {
        name: guide.name[language],
        description: guide.description[language],
        attributes: Object.fromEntries([...common, ...attributes].map((attribute) => [attribute.name, attributeGuide(attribute)])),
      },
    ]),
  );
}

export type Control = { kind: "select"; values: string[] } | { kind: "checkbox" } | { kind: "text" };

export interface AttributeInfo {
  name: string;
  description: string;
  control: Control;
}

export interface ElementInfo {
  tag: string;
  description: string;
  attributes: AttributeInfo[];
}

/** `'"macc" | "agri"'` (or single quotes) → a select; `boolean` → a checkbox; anything else → text. */
export function controlOf(typeText: string | undefined): Control {
  const text = (typeText ?? "").trim();
  if (text === "boolean") return { kind: "checkbox" };
  const members = text
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "undefined" && part !== "null");
  const literals = members.map((part) => /^(["'])(.*)\1$/.exec(part)?.[2]);
  if (members.length > 0 && literals.every((value) => value !== undefined)) return { kind: "select", values: literals as string[] };
  return { kind: "text" };
}

const isElement = (declaration: Declaration): declaration is CustomElementDeclaration & { tagName: string } =>
  "customElement" in declaration && declaration.customElement === true && typeof declaration.tagName === "string";

/** The manifest's custom elements, in its order, each tag once. */
export function elementsOf(manifest: Package): ElementInfo[] {
  const seen = new Set<string>();
  const elements: ElementInfo[] = [];
  for (const declaration of manifest.modules.flatMap((module) => module.declarations ?? [])) {
    if (!isElement(declaration) || seen.has(declaration.tagName)) continue;
    seen.add(declaration.tagName);
    elements.push({
      tag: declaration.tagName,
      description: declaration.summary ?? declaration.description ?? "",
      attributes: (declaration.attributes ?? []).map((attribute) => ({
        name: attribute.name,
        description: attribute.description ?? attribute.summary ?? "",
        control: controlOf(attribute.type?.text),
      })),
    });
  }
  return elements;
}

/** An element of the snippet: its tag and the attributes set (an empty string or false is "not set"). */
export interface ChosenElement {
  tag: string;
  attributes: Record<string, string | boolean>;
}

/** The loader's page settings (its `data-*` attributes, README "Page settings") and how the page includes the files. */
export interface PageSettings {
  locale: string;
  theme: string;
  /** `data-api-base`: the API the elements call. */
  apiBase: string;
  /** Where the copied `dist/static` folder (its `js/` and `css/`) is served from. */
  filesBase: string;
  portalBase: string;
  /** `data-site-base`: where the country site's own pages are, when not at its origin's root. */
  siteBase: string;
  errorEndpoint: string;
  /** The optional `macc-elements.css` that keeps each tag's room until it is defined. */
  hostSheet: boolean;
  /** The host page's policy uses nonces: the loader's tag carries one. */
  nonce: boolean;
}

/** Stands for the nonce the host's server generates for each response. */
export const NONCE_PLACEHOLDER = "{NONCE}";

const DATA_SETTINGS = [
  ["data-locale", "locale"],
  ["data-theme", "theme"],
  ["data-api-base", "apiBase"],
  ["data-portal-base", "portalBase"],
  ["data-site-base", "siteBase"],
  ["data-error-endpoint", "errorEndpoint"],
] as const satisfies ReadonlyArray<readonly [string, keyof PageSettings]>;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const folder = (base: string) => base.trim().replace(/\/+$/, "");

export const loaderUrl = (settings: Pick<PageSettings, "filesBase">) => `${folder(settings.filesBase)}/js/macc-elements.js`;
export const hostSheetUrl = (settings: Pick<PageSettings, "filesBase">) => `${folder(settings.filesBase)}/css/macc-elements.css`;

/** `name="value"` pairs of the attributes that are set, booleans by presence. */
function attributeText(attributes: Record<string, string | boolean>): string {
  return Object.entries(attributes)
    .map(([name, value]) =>
      value === true ? ` ${name}` : value === false || value.trim() === "" ? "" : ` ${name}="${escapeAttribute(value.trim())}"`,
    )
    .join("");
}

/** The loader's `data-*` settings that are set, in the README's order, trimmed. */
export function loaderData(settings: PageSettings): [name: string, value: string][] {
  return DATA_SETTINGS.map(([name, key]): [string, string] => [name, String(settings[key]).trim()]).filter(([, value]) => value !== "");
}

/**
 * The loader's script tag, with the nonce when the page's policy uses nonces. With the host sheet, it
 * holds the first paint (1 kB, from the sheet's server): it marks a logged-in customer's page before
 * it, so that the sheet keeps the right room (README, "Keeping the page still").
 */
export function loaderTag(settings: PageSettings): string {
  const data = loaderData(settings)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  const blocking = settings.hostSheet ? ' blocking="render"' : "";
  const nonce = settings.nonce ? ` nonce="${NONCE_PLACEHOLDER}"` : "";
  return `<script type="module" src="${escapeAttribute(loaderUrl(settings))}"${blocking}${nonce}${data}></script>`;
}

export const elementTag = ({ tag, attributes }: ChosenElement) => `<${tag}${attributeText(attributes)}></${tag}>`;

/** The page's head part of the snippet: the optional host sheet and the loader. */
export function headOf(settings: PageSettings): string {
  return [
    ...(settings.hostSheet ? [`<link rel="stylesheet" href="${escapeAttribute(hostSheetUrl(settings))}">`] : []),
    loaderTag(settings),
  ].join("\n");
}

/** The HTML to paste: the optional host sheet and the loader (in the page's head), then the tags. */
export function snippetOf(settings: PageSettings, elements: readonly ChosenElement[]): string {
  return [headOf(settings), "", ...elements.map(elementTag)].join("\n");
}

/** The tags and, per tag, every attribute it takes (a later edit may set any of them). */
export interface Allowlist {
  tags: string[];
  attributes: Record<string, string[]>;
}

export function allowlistOf(catalogue: readonly ElementInfo[], tags: readonly string[]): Allowlist {
  const chosen = catalogue.filter((element) => tags.includes(element.tag));
  return {
    tags: chosen.map((element) => element.tag),
    attributes: Object.fromEntries(chosen.map((element) => [element.tag, element.attributes.map((attribute) => attribute.name)])),
  };
}

export const allowlistJson = (allowlist: Allowlist) => JSON.stringify(allowlist, null, 2);

/** DOMPurify's options: ADD_ATTR is one list for every tag. */
export function domPurifyConfig(allowlist: Allowlist): string {
  const attributes = [...new Set(Object.values(allowlist.attributes).flat())];
  return [
    "const MACC_ALLOWLIST = {",
    `  ADD_TAGS: ${JSON.stringify(allowlist.tags)},`,
    `  ADD_ATTR: ${JSON.stringify(attributes)},`,
    "};",
    "const clean = DOMPurify.sanitize(html, MACC_ALLOWLIST);",
  ].join("\n");
}

const php = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** A WordPress filter that lets post content keep the tags and their attributes. */
export function wordpressFilter(allowlist: Allowlist): string {
  const lines = allowlist.tags.map((tag) => {
    const attributes = (allowlist.attributes[tag] ?? []).map((name) => `${php(name)} => true`).join(", ");
    return `\t\t$tags[${php(tag)}] = array( ${attributes} );`;
  });
  return [
    "add_filter( 'wp_kses_allowed_html', function ( $tags, $context ) {",
    "\tif ( 'post' === $context ) {",
    ...lines,
    "\t}",
    "\treturn $tags;",
    "}, 10, 2 );",
  ].join("\n");
}

/** `https://host:port` of an absolute http(s) URL, or null. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The sources the elements need, from what they do:
 * - scripts: the loader imports every chunk and catalog relative to its own address, so the
 *   files' origin (with a nonce, `'strict-dynamic'` lets the nonced loader's imports through);
 * - connections: every API call goes to the API base, error reports to their endpoint;
 * - images: basket pictures and advisers' photos are the API's, resolved against its base; a
 *   service request's photo previews (resized in the page) are `blob:` images, and its video's
 *   preview a `blob:` medium (PAGE_PREVIEW_SOURCES, which the portal pages' own policy reads too);
 * - styles: the elements adopt constructable sheets, which style-src does not govern; only the
 *   optional host sheet is a `<link>`.
 * Fonts, frames and workers: none.
 */
export function cspDirectives(settings: PageSettings, { nonce }: { nonce: boolean }): string[] {
  const files = originOf(settings.filesBase) ?? "";
  const api = originOf(settings.apiBase) ?? "";
  const report = originOf(settings.errorEndpoint);
  const connect = [...new Set([api, ...(report ? [report] : [])])];
  return [
    nonce ? `script-src 'nonce-${NONCE_PLACEHOLDER}' 'strict-dynamic' ${files}` : `script-src ${files}`,
    ...(settings.hostSheet ? [`style-src ${files}`] : []),
    `connect-src ${connect.join(" ")}`,
    `img-src ${api} ${PAGE_PREVIEW_SOURCES["img-src"]}`,
    `media-src ${PAGE_PREVIEW_SOURCES["media-src"]}`,
  ];
}

export const cspHeader = (directives: readonly string[]) => `Content-Security-Policy: ${directives.join("; ")}`;
