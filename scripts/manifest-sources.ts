/**
 * What the manifest reads from the code rather than from the registry: the theming tokens'
 * defaults (from the base sheet that uses them), the `::part` names each element's code declares
 * and whether it dispatches `macc-navigate` (following the element's imports, static and lazy).
 * Plain text scanning, no compiler: it runs in every build and takes milliseconds.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");
export const BASE_SHEET = "src/ui/styles/base.css";
/** The loader puts its placeholder (and the `load-error` part) in place of any element. */
const LOADER = "elements/macc-elements.ts";

/** Value imports, re-exports, side-effect imports and lazy `import()`; `import type` brings no code. */
const IMPORTS = [
  /^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s*["']([^"']+)["']/gm,
  /^\s*import\s*["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ""));
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
  return found ?? null;
}

/** Every source file `entries` reach (paths from the repository root) with its text. */
export function moduleGraph(entries: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const pending = entries.map((entry) => resolve(ROOT, entry));
  for (let file = pending.pop(); file; file = pending.pop()) {
    const path = relative(ROOT, file);
    if (files.has(path)) continue;
    const text = readFileSync(file, "utf8");
    files.set(path, text);
    for (const pattern of IMPORTS) {
      for (const [, specifier] of text.matchAll(pattern)) {
        const target = resolveImport(file, specifier!);
        if (target) pending.push(target);
      }
    }
  }
  return files;
}

/** The graph of one element: its element file and the loader's placeholder. */
export const elementGraph = (tag: string) => moduleGraph([`elements/${tag}.ts`, LOADER]);

/**
 * Part names declared in code: `part="a b"` (JSX), `` part={`alert-${kind}`} ``,
 * `setAttribute("part", "a")`, `.part = "a"`. A name built from a template comes back as a
 * pattern (`alert-${kind}` → /^alert-[a-z0-9-]+$/), matched against the registry's names.
 */
export function declaredParts(texts: Iterable<string>): { names: Set<string>; patterns: RegExp[] } {
  const names = new Set<string>();
  const patterns: RegExp[] = [];
  const declarations = [/\bpart=(?:"([^"]*)"|\{`([^`]*)`\})/g, /setAttribute\(\s*"part",\s*"([^"]*)"\s*\)/g, /\.part\s*=\s*"([^"]*)"/g];
  for (const text of texts) {
    for (const pattern of declarations) {
      for (const match of text.matchAll(pattern)) {
        for (const token of (match[1] ?? match[2] ?? "").split(/\s+/).filter(Boolean)) {
          if (!token.includes("${")) names.add(token);
          else
            patterns.push(
              new RegExp(
                `^${token
                  .split(/\$\{[^}]*\}/)
                  .map(escapeRegExp)
                  .join("[a-z0-9-]+")}$`,
              ),
            );
        }
      }
    }
  }
  return { names, patterns };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The registry names a declaration set covers: its literal names and those its patterns match. */
export function partsCovered(declared: { names: Set<string>; patterns: RegExp[] }, registry: readonly string[]): string[] {
  return registry.filter((name) => declared.names.has(name) || declared.patterns.some((pattern) => pattern.test(name)));
}

/**
 * Whether code in the graph navigates: a `useNavigation()` whose `go` it calls (a link, a
 * redirect), or the portal router's own `macc-navigate`. The hook's definition is not a use.
 */
export function dispatchesNavigate(graph: Map<string, string>): boolean {
  return [...graph].some(
    ([path, text]) =>
      path !== "src/ui/context.tsx" &&
      (/\bemit\(\s*"macc-navigate"/.test(text) || (/\buseNavigation\(\)/.test(text) && /\.go\(/.test(text))),
  );
}

/** Source files of the suite (not tests), for checks over the whole code. */
export function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(resolve(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.startsWith("src/test/"))
        files.set(path, readFileSync(resolve(ROOT, path), "utf8"));
    }
  };
  walk("src");
  walk("elements");
  return files;
}

/** The text inside the balanced parentheses that open at `open` (the index of "("). */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`unbalanced parentheses at ${open}`);
}

/** The declarations of the first rule whose selector is exactly `selector`. */
function ruleBody(css: string, selector: string): string {
  const start = css.indexOf(`\n${selector} {\n`);
  if (start < 0) throw new Error(`${BASE_SHEET}: no rule "${selector}"`);
  const body = css.indexOf("{", start) + 1;
  return css.slice(body, css.indexOf("\n}", body));
}

/** `--_x: var(--macc-y, fallback)` lines of a rule: private name → [public token, fallback]. */
function tokenUses(body: string): Map<string, [string, string]> {
  const uses = new Map<string, [string, string]>();
  for (const match of body.matchAll(/(--_[a-z0-9-]+):\s*var\(/g)) {
    const inner = balanced(body, match.index + match[0].length - 1);
    const [, token, fallback] = /^(--macc-[a-z0-9-]+),\s*([\s\S]*)$/.exec(inner) ?? [];
    if (token) uses.set(match[1]!, [token, fallback!.trim()]);
  }
  return uses;
}

export interface TokenDefault {
  macc: string;
  /** Only where the AGRI theme has its own. */
  agri?: string;
}

/**
 * Each `--macc-*` token's default in the MACC theme and, where it differs, in the AGRI theme, as
 * the base sheet writes it; a private `var(--_x)` in a default is shown as the public token it
 * stands for (`--macc-space` defaults to `var(--macc-font-size)`).
 */
export function tokenDefaults(css = readFileSync(resolve(ROOT, BASE_SHEET), "utf8")): Map<string, TokenDefault> {
  const macc = tokenUses(ruleBody(css, ".macc-root"));
  const agri = tokenUses(ruleBody(css, '.macc-root[data-theme="agri"]'));
  const publicName = new Map([...macc].map(([name, [token]]) => [name, token]));
  const readable = (fallback: string) =>
    fallback.replace(/var\((--_[a-z0-9-]+)\)/g, (all, name: string) => (publicName.has(name) ? `var(${publicName.get(name)})` : all));
  const defaults = new Map<string, TokenDefault>();
  for (const [token, fallback] of macc.values()) defaults.set(token, { macc: readable(fallback) });
  for (const [token, fallback] of agri.values()) {
    const entry = defaults.get(token);
    if (!entry) throw new Error(`${BASE_SHEET}: ${token} has an AGRI default but no MACC one`);
    entry.agri = readable(fallback);
  }
  return defaults;
}

/** Every `--macc-*` name a source text mentions. */
export function tokensUsed(texts: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const text of texts) for (const [name] of text.matchAll(/--macc-[a-z0-9-]+/g)) used.add(name);
  return used;
}
