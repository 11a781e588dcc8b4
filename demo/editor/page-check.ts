import { PAGE_PREVIEW_SOURCES } from "../../src/contract/constants";
import { elementTag, headOf, hostSheetUrl, loaderData, loaderTag, originOf, type ChosenElement, type PageSettings } from "./model";

/**
 * "Check my page": what a CMS page (its HTML, its Content-Security-Policy, or both pasted together)
 * lacks for the elements the configurator set up. Pure and DOM-free (the HTML is read with regular
 * expressions: it is a pasted page, not one to render), so each rule is tested on its own; the
 * editor words each finding in the editor's language and offers its fix to copy.
 */

/** The fetch directives the elements need (README "For CMS editors"; fonts, frames and workers: none). */
export type Directive = "script-src" | "style-src" | "connect-src" | "img-src" | "media-src";

export type Finding =
  /** No `<script src=".../macc-elements.js">`: nothing defines the tags. */
  | { kind: "no-loader"; fix: string }
  /** The loader without `type="module"`: the browser refuses its `import`s. */
  | { kind: "loader-not-module"; fix: string }
  /** `data-*` settings the configurator sets that the page's loader lacks or sets otherwise. */
  | { kind: "loader-settings"; names: string[]; fix: string }
  /** The policy trusts scripts by nonce, and the loader's tag has none. */
  | { kind: "loader-nonce"; fix: string }
  /** Chosen elements absent from the page: never pasted, or removed by the CMS's filter. */
  | { kind: "elements-missing"; tags: string[]; fix: string }
  /** Attributes set in the configurator that the page's tag lacks: the CMS's filter removed them. */
  | { kind: "attributes-missing"; tag: string; names: string[]; fix: string }
  /**
   * Sources a directive of the policy does not allow. `self`: it has `'self'`, which allows them
   * only when the page is on that origin (the pasted text does not say where the page lives).
   */
  | { kind: "csp-sources"; need: Directive; directive: string; sources: string[]; self: boolean; fix: string };

export interface PageCheck {
  /** What the pasted text was found to hold. */
  html: boolean;
  policies: number;
  findings: Finding[];
}

type Attributes = Map<string, string>;

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The attributes of one start tag's text (`name`, `name=value`, quoted either way), names lower-cased. */
function attributesOf(text: string): Attributes {
  const attributes: Attributes = new Map();
  for (const m of text.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decode(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return attributes;
}

/** Every start tag of one name, comments left out. */
function startTags(html: string, name: string): Attributes[] {
  const uncommented = html.replace(/<!--[\s\S]*?-->/g, "");
  return [...uncommented.matchAll(new RegExp(`<${name}(?=[\\s/>])([^>]*)>`, "gi"))].map((m) => attributesOf(m[1]!));
}

/** The policies in the text: header lines (`Content-Security-Policy: …`), `<meta http-equiv>`, or the text itself when it is only a policy. */
export function policiesOf(text: string, html: boolean): string[] {
  const headers = [...text.matchAll(/^[ \t]*content-security-policy[ \t]*:(.*)$/gim)].map((m) => m[1]!.trim());
  const metas = html
    ? startTags(text, "meta")
        .filter((meta) => meta.get("http-equiv")?.toLowerCase() === "content-security-policy")
        .map((meta) => meta.get("content") ?? "")
    : [];
  if (headers.length + metas.length > 0) return [...headers, ...metas];
  // A report-only header's policy is not enforced: it is no bare policy either.
  const bare = !html && !/content-security-policy/i.test(text) && /(^|;)\s*(default|script|style|connect|img|media)-src\b/i.test(text);
  return bare ? [text.trim()] : [];
}

/** A policy's directives: name → source list (the first of a name counts, as in browsers). */
function directivesOf(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Which directive governs a fetch: the most specific one the policy has (CSP3 fallback lists). */
const FALLBACKS: Record<Directive, string[]> = {
  "script-src": ["script-src-elem", "script-src", "default-src"],
  "style-src": ["style-src-elem", "style-src", "default-src"],
  "connect-src": ["connect-src", "default-src"],
  "img-src": ["img-src", "default-src"],
  "media-src": ["media-src", "default-src"],
};

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** Whether a host-source (`https://*.example.com:443/path/`) or scheme-source matches a URL; `'self'` is "self". */
function matches(source: string, url: URL): boolean | "self" {
  const lower = source.toLowerCase();
  // Neither 'self' nor * allows a local scheme such as blob: (CSP3): it must be named.
  const network = url.protocol in DEFAULT_PORTS;
  if (lower === "'self'") return network && "self";
  if (lower === "*") return network;
  // A scheme-source; http: also allows https: (CSP3 "schemes match").
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return url.protocol === lower || (lower === "http:" && url.protocol === "https:");
  // Keywords, nonces and hashes allow no address.
  if (lower.startsWith("'")) return false;
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^:/*]+)(?::(\d+|\*))?(\/.*)?$/.exec(lower);
  if (!m) return false;
  const [, scheme, host, port, path] = m;
  if (scheme && !(`${scheme}:` === url.protocol || (scheme === "http" && url.protocol === "https:"))) return false;
  if (!scheme && !(url.protocol in DEFAULT_PORTS)) return false;
  const hostname = url.hostname.toLowerCase();
  if (host !== "*" && (host!.startsWith("*.") ? !hostname.endsWith(host!.slice(1)) : hostname !== host)) return false;
  if (port !== "*") {
    const urlPort = url.port || DEFAULT_PORTS[url.protocol];
    // No port: the scheme's default one; an http: source's 80 also allows https:'s 443.
    const upgraded = port === undefined && scheme === "http" && urlPort === "443";
    if ((port ?? DEFAULT_PORTS[scheme ? `${scheme}:` : url.protocol]) !== urlPort && !upgraded) return false;
  }
  if (path) return path.endsWith("/") ? url.pathname.startsWith(path) : url.pathname === path;
  return true;
}

/** A scheme-source of PAGE_PREVIEW_SOURCES (`blob:`) as a URL of that scheme, to match as any other. */
const previewUrl = (directive: keyof typeof PAGE_PREVIEW_SOURCES) => new URL(`${PAGE_PREVIEW_SOURCES[directive]}preview`);

/** What a source list must name for a URL: its origin, or its scheme when it has none (`blob:`). */
const sourceOf = (url: URL) => (url.protocol in DEFAULT_PORTS ? url.origin : url.protocol);

/** The URLs each directive must allow, for the configured addresses. */
function neededUrls(settings: PageSettings): Record<Directive, URL[]> {
  const url = (address: string, relative = "") => (originOf(address) ? [new URL(relative, address.trim())] : []);
  const files = settings.filesBase.trim().replace(/\/*$/, "/");
  const api = settings.apiBase.trim().replace(/\/*$/, "/");
  return {
    // The loader, and the chunks and catalogs it imports from beside itself.
    "script-src": [...url(files, "js/macc-elements.js"), ...url(files, "js/macc-portal.js")],
    "style-src": settings.hostSheet ? url(hostSheetUrl(settings)) : [],
    "connect-src": [...url(api, "me"), ...url(settings.errorEndpoint)],
    // Basket pictures and advisers' photos come from the API; a service request's previews are local.
    "img-src": [...url(api, "me"), previewUrl("img-src")],
    "media-src": [previewUrl("media-src")],
  };
}

/** What one policy lacks for the elements, with the directive to write instead. */
function policyFindings(policy: string, settings: PageSettings): Finding[] {
  const directives = directivesOf(policy);
  const findings: Finding[] = [];
  const needed = neededUrls(settings);
  for (const directive of Object.keys(FALLBACKS) as Directive[]) {
    const governing = FALLBACKS[directive].find((name) => directives.has(name));
    if (!governing) continue;
    const sources = directives.get(governing)!;
    // With 'strict-dynamic' host sources are ignored: the nonced loader's imports are trusted (its nonce is the HTML's check).
    if (directive === "script-src" && sources.some((s) => s.toLowerCase() === "'strict-dynamic'")) continue;
    let self = false;
    const missing = new Set<string>();
    for (const url of needed[directive]) {
      const verdicts = sources.map((source) => matches(source, url));
      if (verdicts.includes(true)) continue;
      if (verdicts.includes("self")) self = true;
      missing.add(sourceOf(url));
    }
    if (missing.size === 0) continue;
    // Written under the governing name, or under its own when default-src governed, keeping what default-src allowed.
    const name = governing === "default-src" ? directive : governing;
    const kept = sources.filter((source) => source.toLowerCase() !== "'none'");
    findings.push({
      kind: "csp-sources",
      need: directive,
      directive: name,
      sources: [...missing],
      self,
      fix: [name, ...kept, ...missing].join(" "),
    });
  }
  return findings;
}

const usesNonces = (policy: string) =>
  FALLBACKS["script-src"]
    .map((name) => directivesOf(policy).get(name))
    .find(Boolean)
    ?.some((source) => /^'(nonce-|strict-dynamic')/i.test(source)) ?? false;

/** What the page's HTML lacks: the loader, its settings and nonce, the chosen tags and their attributes. */
function htmlFindings(html: string, settings: PageSettings, elements: readonly ChosenElement[], nonces: boolean): Finding[] {
  const findings: Finding[] = [];
  const loader = startTags(html, "script").find((script) => /(^|\/)macc-elements\.js([?#]|$)/.test(script.get("src") ?? ""));
  // The policy's nonces ask for one on the loader, whatever the configurator was told.
  const expected = loaderTag({ ...settings, nonce: settings.nonce || nonces });
  if (!loader) findings.push({ kind: "no-loader", fix: headOf({ ...settings, nonce: settings.nonce || nonces }) });
  else {
    if (loader.get("type")?.toLowerCase() !== "module") findings.push({ kind: "loader-not-module", fix: expected });
    const names = loaderData(settings)
      .filter(([name, value]) => loader.get(name)?.trim() !== value)
      .map(([name]) => name);
    if (names.length > 0) findings.push({ kind: "loader-settings", names, fix: expected });
    if (nonces && !loader.has("nonce")) findings.push({ kind: "loader-nonce", fix: expected });
  }
  const missingTags = elements.filter(({ tag }) => startTags(html, tag).length === 0);
  if (missingTags.length > 0) {
    findings.push({
      kind: "elements-missing",
      tags: [...new Set(missingTags.map(({ tag }) => tag))],
      fix: missingTags.map(elementTag).join("\n"),
    });
  }
  for (const element of elements) {
    const onPage = startTags(html, element.tag);
    const set = Object.entries(element.attributes)
      .filter(([, value]) => value === true || (typeof value === "string" && value.trim() !== ""))
      .map(([name]) => name);
    // Only when every copy of the tag lacks it: a page may show the same element twice, set differently.
    const names = set.filter((name) => onPage.length > 0 && onPage.every((tag) => !tag.has(name)));
    if (names.length > 0) findings.push({ kind: "attributes-missing", tag: element.tag, names, fix: elementTag(element) });
  }
  return findings;
}

/** Checks the pasted text against the configured page: the settings and elements last applied. */
export function checkPage(text: string, settings: PageSettings, elements: readonly ChosenElement[]): PageCheck {
  const html = /<[a-z!]/i.test(text);
  const policies = policiesOf(text, html);
  const findings = [
    ...(html ? htmlFindings(text, settings, elements, policies.some(usesNonces)) : []),
    ...policies.flatMap((policy) => policyFindings(policy, settings)),
  ];
  // Two policies lacking the same sources in the same directive: one finding.
  const seen = new Set<string>();
  return {
    html,
    policies: policies.length,
    findings: findings.filter((finding) => {
      const key = JSON.stringify(finding);
      return seen.has(key) ? false : (seen.add(key), true);
    }),
  };
}
