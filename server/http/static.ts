import { readdir, realpath, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { PAGE_PREVIEW_SOURCES, type Locale } from "../../src/contract/constants.ts";
import { isLocale } from "../../src/core/locale.ts";
import type { AppEnv } from "./context.ts";
import { entityOf, sendEntity, type Entity } from "./etag.ts";
import { firstDrawFor, FIRST_DRAW_FILE, withFirstDrawHints, type FirstDrawFiles } from "./first-draw-hints.ts";
import { firstScreenFor, FIRST_SCREENS_MANIFEST, withFirstScreen, type FirstScreen } from "./first-screens.ts";
import { MemoryCache } from "./memory-cache.ts";

/** The previews of a service request's photos and video, before and while they upload, are `blob:` URLs (PAGE_PREVIEW_SOURCES). */
export const HTML_CSP =
  `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: ${PAGE_PREVIEW_SOURCES["img-src"]}; ` +
  `media-src 'self' ${PAGE_PREVIEW_SOURCES["media-src"]}; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'`;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
};

/** File types the demo folder may serve (scripts: the CMS pages' own, external as their CSP wants). */
const DEMO_EXTENSIONS = new Set([".html", ".css", ".js", ".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".ico", ".json", ".txt"]);

/** Name of the loader; every other .js under static/ is a content-hashed chunk. */
const LOADER = "macc-elements.js";

/** Vite's content hash: `name-<8+ url-safe chars>.ext`, holding a digit or an upper-case letter. */
function isHashed(fileName: string): boolean {
  const m = /-([A-Za-z0-9_-]{8,})\.[a-z0-9]+$/.exec(fileName);
  return !!m?.[1] && /[0-9A-Z]/.test(m[1]);
}

export function cacheControlFor(fileName: string): string {
  if (fileName === LOADER) return "no-cache";
  if (isHashed(fileName)) return "public, max-age=31536000, immutable";
  return "no-cache";
}

/**
 * Resolves the URL path `rel` inside `root`, or null when it would leave the folder
 * (`..`, encoded or not, backslashes, NUL bytes, hidden files, symbolic links pointing outside).
 */
export async function resolveInside(root: string, rel: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const segments = decoded.split(/[\\/]+/).filter((s) => s !== "" && s !== ".");
  if (segments.length === 0) return null;
  if (segments.some((s) => s === ".." || s.startsWith(".") || s.includes(":"))) return null;
  const rootResolved = path.resolve(root);
  const candidate = path.resolve(rootResolved, ...segments);
  if (!candidate.startsWith(rootResolved + path.sep)) return null;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(rootResolved), realpath(candidate)]);
    if (!realFile.startsWith(realRoot + path.sep)) return null;
    const info = await stat(realFile);
    return info.isFile() ? realFile : null;
  } catch {
    return null;
  }
}

export function setHtmlSecurityHeaders(c: Context) {
  c.header("Content-Security-Policy", HTML_CSP);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
}

/** Copies written beside each built file at build time (scripts/precompress.ts), best first. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;
type Precompressed = (typeof PRECOMPRESSED)[number];

/** The compressed forms the request takes, best first. */
function acceptedCopies(c: Context): Precompressed[] {
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  return PRECOMPRESSED.filter(({ encoding }) => accepted.has(encoding) || accepted.has("*"));
}

/** The content codings an `Accept-Encoding` header allows (`q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

interface Variant {
  file: string;
  encoding: string | null;
}

/** The smallest of the `accepted` copies of a built file (best first) that exists, else the file itself. */
async function pickVariant(accepted: readonly Precompressed[], root: string, rel: string, file: string): Promise<Variant> {
  for (const { encoding, suffix } of accepted) {
    const copy = await resolveInside(root, rel + suffix);
    if (copy) return { file: copy, encoding };
  }
  return { file, encoding: null };
}

/** A built or demo file as read once: the files do not change while the server runs. */
interface StaticFile extends Entity {
  encoding: string | null;
  modified: string;
  html: boolean;
}

/** Files kept in memory (the build and the demo pages are a few hundred). */
const MAX_STATIC_FILES = 2_000;

async function readStatic(file: string, variant: Variant = { file, encoding: null }): Promise<StaticFile> {
  const [info, bytes] = await Promise.all([stat(variant.file), readFile(variant.file)]);
  const ext = path.extname(file).toLowerCase();
  return {
    ...entityOf(new Uint8Array(bytes), TYPES[ext] ?? "application/octet-stream"),
    encoding: variant.encoding,
    modified: info.mtime.toUTCString(),
    html: ext === ".html",
  };
}

function sendStatic(c: Context, file: StaticFile, cacheControl: string): Response {
  if (file.html) setHtmlSecurityHeaders(c);
  return sendEntity(c, file, {
    "Cache-Control": cacheControl,
    "Last-Modified": file.modified,
    ...(file.encoding ? { "Content-Encoding": file.encoding } : {}),
  });
}

export function notFoundPage(c: Context): Response {
  setHtmlSecurityHeaders(c);
  c.header("Cache-Control", "no-cache");
  return c.html(
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Page introuvable</title></head>' +
      '<body><h1>Page introuvable</h1><p><a href="/">Retour à l\'accueil</a></p></body></html>',
    404,
  );
}

/**
 * The demo pages that host `<macc-portal>`, by the path prefix their loader declares
 * (`data-portal-base`): every address under it is one of that portal's deep links. Read once per
 * folder (the deep links and the e-mails' portal addresses both ask): the demo pages do not change
 * while the server runs.
 */
export function findPortalPages(demoDir: string): Promise<PortalPage[]> {
  let found = portalPagesByFolder.get(demoDir);
  if (!found) portalPagesByFolder.set(demoDir, (found = scanPortalPages(demoDir)));
  return found;
}
/** A demo page hosting `<macc-portal>`: its loader's `data-portal-base` and `data-locale`. */
interface PortalPage {
  base: string;
  file: string;
  locale: string | null;
}
const portalPagesByFolder = new Map<string, Promise<PortalPage[]>>();

async function scanPortalPages(demoDir: string): Promise<PortalPage[]> {
  const names = await readdir(demoDir, { recursive: true }).catch(() => []);
  const pages: PortalPage[] = [];
  for (const name of names.filter((n) => n.endsWith(".html"))) {
    const file = await resolveInside(demoDir, name);
    if (!file) continue;
    const html = await readFile(file, "utf8");
    const base = /\sdata-portal-base="([^"]+)"/.exec(html)?.[1]?.replace(/\/+$/, "");
    const locale = /\sdata-locale="([^"]+)"/.exec(html)?.[1] ?? null;
    if (base && /<macc-portal[\s>]/.test(html)) pages.push({ base, file, locale });
  }
  // The longest prefix first, should one portal live under another's.
  return pages.sort((a, b) => b.base.length - a.base.length);
}

/**
 * The demo's country sites' portals (`/sites/<locale>/…`), for the e-mails' links when the demo runs
 * without PORTAL_BASE: a customer's links then lead to their own country's demo site.
 */
export async function demoPortalBases(demoDir: string): Promise<Partial<Record<Locale, string>>> {
  const bases: Partial<Record<Locale, string>> = {};
  for (const { base } of await findPortalPages(demoDir)) {
    const locale = /^\/sites\/([a-z]{2}-[A-Z]{2})\//.exec(base)?.[1];
    if (locale && isLocale(locale)) bases[locale] = base;
  }
  return bases;
}

/** A list the build wrote for the portal pages; `none` when the build has not (the pages then work without it). */
async function readBuildList<T>(file: string, none: T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return none;
  }
}

/**
 * Built widget files under /static, demo host pages at the root (a folder's index.html for its
 * address with a trailing slash), the deep links of every demo page hosting the portal, and the
 * built framework host apps under /hosts (`hostsDir`: by default `hosts/` beside the static folder,
 * where demo/hosts/vite.config.ts builds them).
 */
export function staticRoutes(options: { staticDir: string; demoDir: string; hostsDir?: string }) {
  const app = new Hono<AppEnv>();
  // A missing file is not kept: it may be built while the server runs.
  const files = new MemoryCache<StaticFile | undefined>(MAX_STATIC_FILES);
  /** A demo or host page (an existing file), read once. */
  const demoFile = async (file: string) => (await files.get(`demo:${file}`, [], () => readStatic(file)))!;
  const sendFile = async (c: Context, file: string, cacheControl: string) => sendStatic(c, await demoFile(file), cacheControl);
  const hostsDir = options.hostsDir ?? path.join(options.staticDir, "..", "hosts");

  app.get("/static/*", async (c) => {
    const rel = new URL(c.req.url).pathname.slice("/static/".length);
    const copies = acceptedCopies(c);
    const found = await files.get(`static:${copies.map((copy) => copy.encoding).join(",")}:${rel}`, [], async () => {
      const file = await resolveInside(options.staticDir, rel);
      return file ? readStatic(file, await pickVariant(copies, options.staticDir, rel, file)) : undefined;
    });
    if (!found) return notFoundPage(c);
    // Caches must keep the brotli, gzip and plain answers apart.
    c.header("Vary", "Accept-Encoding");
    return sendStatic(c, found, cacheControlFor(path.basename(rel)));
  });

  // Each framework host app (/hosts/react/, /hosts/vue/) routes the addresses below it with the
  // History API: one that is not a built file gets the app's page, so a reload or a shared link works.
  app.get("/hosts/*", async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const rel = pathname.slice("/hosts/".length);
    const [host = "", ...below] = rel.split("/");
    const page = `${host}/index.html`;
    if (below.length === 0 && (await resolveInside(hostsDir, page))) return c.redirect(`/hosts/${host}/${search}`, 301);
    const ext = path.extname(rel).toLowerCase();
    const file = ext ? DEMO_EXTENSIONS.has(ext) && (await resolveInside(hostsDir, rel)) : await resolveInside(hostsDir, page);
    if (!file) return notFoundPage(c);
    return sendFile(c, file, cacheControlFor(path.basename(file)));
  });

  /**
   * A missing address under a demo site: the site's own 404.html (its header, footer and language),
   * sent with status 404; elsewhere the plain page.
   */
  async function siteNotFound(c: Context, pathname: string): Promise<Response> {
    const folders = pathname.split("/").slice(1, -1);
    for (let depth = folders.length; depth > 0; depth--) {
      const page = await resolveInside(options.demoDir, `/${folders.slice(0, depth).join("/")}/404.html`);
      if (!page) continue;
      const file = await demoFile(page);
      setHtmlSecurityHeaders(c);
      c.header("Cache-Control", "no-cache");
      return c.html(new TextDecoder().decode(file.body), 404);
    }
    return notFoundPage(c);
  }

  let firstScreens: Promise<FirstScreen[]> | undefined;
  let firstDrawFiles: Promise<FirstDrawFiles | null> | undefined;
  /** Portal pages as sent: with the first screen, the first draw's files, or both. */
  const portalPages = new MemoryCache<StaticFile>(100);

  app.get("*", async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) return next();
    const portal = (await findPortalPages(options.demoDir)).find(({ base }) => pathname === base || pathname.startsWith(`${base}/`));
    if (portal) {
      const screens = await (firstScreens ??= readBuildList<FirstScreen[]>(path.join(options.staticDir, "..", FIRST_SCREENS_MANIFEST), []));
      const cookies = getCookie(c);
      const screen = firstScreenFor(screens, { base: portal.base, pathname, search, cookies });
      const drawFiles = await (firstDrawFiles ??= readBuildList<FirstDrawFiles | null>(
        path.join(options.staticDir, "js", FIRST_DRAW_FILE),
        null,
      ));
      const preloads = firstDrawFor(drawFiles, { pageLocale: portal.locale, search, cookies });
      // The same address is sent with or without the first screen and the first draw's files, by the
      // visitor's cookies; with them, compressed (a page past the first round trip's 14 kB waits a
      // round trip more).
      c.header("Vary", "Cookie, Accept-Encoding");
      if (!screen && !preloads.length) return sendFile(c, portal.file, "no-cache");
      const encoding = acceptedCopies(c)[0]?.encoding ?? null;
      const page = await portalPages.get(`${portal.file}:${screen?.paths[0] ?? ""}:${preloads.join(",")}:${encoding}`, [], async () => {
        const file = await demoFile(portal.file);
        const sent = new TextDecoder().decode(file.body);
        const html = Buffer.from(withFirstDrawHints(screen ? withFirstScreen(sent, screen) : sent, preloads, Boolean(screen)));
        const body = encoding === "br" ? brotliCompressSync(html) : encoding === "gzip" ? gzipSync(html, { level: 9 }) : html;
        return { ...file, ...entityOf(new Uint8Array(body), file.type), encoding };
      });
      return sendStatic(c, page, "no-cache");
    }
    const rel = pathname === "/" ? "index.html" : pathname.endsWith("/") ? `${pathname}index.html` : pathname;
    let ext: string;
    try {
      ext = path.extname(decodeURIComponent(rel)).toLowerCase();
    } catch {
      return notFoundPage(c);
    }
    // A folder's address without its slash: where its index.html is, so its relative links work.
    if (ext === "" && (await resolveInside(options.demoDir, `${rel}/index.html`))) return c.redirect(`${pathname}/${search}`, 301);
    // A page's address without its .html, as the sites' own links write it (/sites/it-IT/prodotti).
    const page = ext === "" ? await resolveInside(options.demoDir, `${rel}.html`) : undefined;
    if (page) return sendFile(c, page, "no-cache");
    const file = DEMO_EXTENSIONS.has(ext) ? await resolveInside(options.demoDir, rel) : undefined;
    if (!file) return siteNotFound(c, pathname);
    return sendFile(c, file, "no-cache");
  });

  return app;
}
