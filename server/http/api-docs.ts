/**
 * /api/docs: an interactive reference of the generated OpenAPI document (Scalar's API reference),
 * its script served from our own origin, never a CDN. The script is a development dependency: a
 * production install without it answers 404 here, and the API itself is unaffected.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { problem } from "./problem.ts";

const SCRIPT_PATH = "/api/docs/reference.js";

// The reference draws with inline styles and fonts as data; it fetches the document only.
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
  "connect-src 'self'; worker-src blob:; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

// Nothing that calls out of our origin: no default fonts, no AI agent, no toolbar of hosted services.
const CONFIGURATION = JSON.stringify({
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  agent: { disabled: true },
  showToolbar: "never",
  mcp: { disabled: true },
});

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MACC reference API</title>
</head>
<body>
<script id="api-reference" data-url="/api/openapi.json" data-configuration='${CONFIGURATION}'></script>
<script src="${SCRIPT_PATH}"></script>
</body>
</html>
`;

interface Script {
  plain: Buffer;
  gzip: Buffer;
}

let script: Promise<Script | null> | undefined;

/** The reference's browser bundle, compressed once; null when the package is not installed. */
function loadScript(): Promise<Script | null> {
  script ??= (async () => {
    try {
      const file = createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js");
      const plain = await readFile(file);
      return { plain, gzip: gzipSync(plain) };
    } catch {
      return null;
    }
  })();
  return script;
}

export function apiDocsRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/api/docs", async (c) => {
    if (!(await loadScript())) return problem(c, 404, "not-found", "notFound");
    c.header("Content-Security-Policy", DOCS_CSP);
    c.header("Cache-Control", "no-cache");
    return c.html(PAGE);
  });

  app.get(SCRIPT_PATH, async (c) => {
    const bundle = await loadScript();
    if (!bundle) return problem(c, 404, "not-found", "notFound");
    const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Vary", "Accept-Encoding");
    if (gzip) c.header("Content-Encoding", "gzip");
    return c.body(new Uint8Array(gzip ? bundle.gzip : bundle.plain), 200, { "Content-Type": "text/javascript; charset=utf-8" });
  });

  return app;
}
