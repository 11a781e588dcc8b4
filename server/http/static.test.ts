import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test-support.ts";
import { acceptedEncodings, cacheControlFor, HTML_CSP } from "./static.ts";

let t: TestContext;
let root: string;
const FIRST_SCREEN = '<template shadowrootmode="open"><div data-first-screen="wide" hidden inert>Je me connecte</div></template>';
const CHUNK = `export const words = ${JSON.stringify("la ferme ".repeat(400))};\n`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "macc-static-"));
  const dist = path.join(root, "dist", "static");
  const demo = path.join(root, "demo");
  mkdirSync(path.join(dist, "js"), { recursive: true });
  mkdirSync(path.join(dist, "css"), { recursive: true });
  mkdirSync(path.join(demo, "img"), { recursive: true });
  writeFileSync(path.join(dist, "js", "macc-elements.js"), "export const loader = 1;\n");
  writeFileSync(path.join(dist, "js", "macc-invoices-Bx3kLz9Q.js"), "export const chunk = 1;\n");
  writeFileSync(path.join(dist, "js", "react-C0ffee12.js"), CHUNK);
  writeFileSync(path.join(dist, "js", "react-C0ffee12.js.br"), brotliCompressSync(CHUNK));
  writeFileSync(path.join(dist, "js", "react-C0ffee12.js.gz"), gzipSync(CHUNK));
  writeFileSync(path.join(dist, "css", "theme-D4fG7hJk.css"), ":root{--macc-color:#0b6e4f}\n");
  writeFileSync(path.join(demo, "index.html"), "<!doctype html><title>Accueil</title>");
  // A page's loader names its portal's base; only a page hosting <macc-portal> answers the addresses under it.
  const hostPage = (title: string, base: string, body: string, locale = "") =>
    `<!doctype html><html lang="fr"><head>\n<title>${title}</title><script type="module" src="/static/js/macc-elements.js" data-portal-base="${base}"${locale && ` data-locale="${locale}"`}></script>\n</head><body>${body}</body>`;
  writeFileSync(path.join(demo, "france.html"), hostPage("France", "/portail", "<macc-login></macc-login>"));
  writeFileSync(path.join(demo, "portail.html"), hostPage("Portail", "/portail", "<macc-portal></macc-portal>", "fr-FR"));
  mkdirSync(path.join(demo, "sites", "nl-BE"), { recursive: true });
  writeFileSync(path.join(demo, "sites", "nl-BE", "index.html"), hostPage("Thuis", "/sites/nl-BE/portaal", "<macc-header></macc-header>"));
  writeFileSync(
    path.join(demo, "sites", "nl-BE", "portaal.html"),
    hostPage("Portaal", "/sites/nl-BE/portaal/", "<macc-portal>\n</macc-portal>"),
  );
  writeFileSync(path.join(demo, "sites", "basket-links.js"), "export {};\n");
  writeFileSync(path.join(demo, "site.css"), "body{margin:0}");
  writeFileSync(path.join(demo, "img", "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(path.join(demo, "notes.md"), "# not served");
  writeFileSync(path.join(demo, ".secret.html"), "hidden");
  writeFileSync(path.join(root, "secret.html"), "outside the demo folder");
  writeFileSync(path.join(root, "dist", "secret.js"), "outside the static folder");
  symlinkSync(path.join(root, "secret.html"), path.join(demo, "link.html"));
  // The build's first screen of the /portail page (scripts/first-screens.ts writes the real ones).
  mkdirSync(path.join(root, "dist", "first-screens"));
  writeFileSync(
    path.join(root, "dist", "first-screens", "manifest.json"),
    JSON.stringify([
      {
        base: "/portail",
        paths: ["/portail", "/portail/", "/portail/mon-compte/connexion"],
        locale: "fr-FR",
        theme: "macc",
        title: "Je me connecte à mon compte — MACC & <Cie>",
        stylesheet: "/static/css/first-screen-0a1b2c3d.css",
        html: FIRST_SCREEN,
      },
    ]),
  );
  // What the portal's first draw asks for (scripts/first-draw.ts writes the real list).
  writeFileSync(
    path.join(dist, "js", "first-draw.json"),
    JSON.stringify({
      texts: {
        "macc-portal": { "fr-FR": ["fr-a1.js", "fr-FR-b2.js"], "en-GB": ["en-c3.js", "en-GB-d4.js"] },
        "macc-footer": { "fr-FR": ["fr-a1.js"] },
      },
      session: "session-e5.js",
    }),
  );
  t = await createTestApp({ staticDir: dist, demoDir: demo }, undefined, { seed: false });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const get = (p: string, init?: RequestInit) => t.app.request(p, init);

function expectHtmlSecurity(res: Response) {
  expect(res.headers.get("content-security-policy")).toBe(HTML_CSP);
  expect(HTML_CSP).toBe(
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
  );
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("static files", () => {
  it("serves the loader as text/javascript with no-cache", async () => {
    const res = await get("/static/js/macc-elements.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("loader");
  });

  it("serves hashed chunks with a long cache", async () => {
    const res = await get("/static/js/macc-invoices-Bx3kLz9Q.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const css = await get("/static/css/theme-D4fG7hJk.css");
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    expect(css.headers.get("cache-control")).toContain("immutable");
  });

  it.each([
    ["macc-elements.js", "no-cache"],
    ["macc-invoices.js", "no-cache"],
    ["macc-invoices-Bx3kLz9Q.js", "public, max-age=31536000, immutable"],
    ["react-C0ffee12.js", "public, max-age=31536000, immutable"],
    ["style.css", "no-cache"],
  ])("cache rule for %s", (name, expected) => {
    expect(cacheControlFor(name)).toBe(expected);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get("/static/js/macc-elements.js");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const second = await get("/static/js/macc-elements.js", { headers: { "If-None-Match": etag! } });
    expect(second.status).toBe(304);
  });

  it("missing static file → 404", async () => {
    expect((await get("/static/js/nope.js")).status).toBe(404);
  });
});

describe("precompressed copies of built files", () => {
  const chunk = (acceptEncoding?: string, headers: Record<string, string> = {}) =>
    get("/static/js/react-C0ffee12.js", {
      headers: acceptEncoding === undefined ? headers : { "Accept-Encoding": acceptEncoding, ...headers },
    });

  it.each<[string, string | undefined, string | null]>([
    ["brotli first when both are accepted", "gzip, deflate, br, zstd", "br"],
    ["gzip when brotli is not accepted", "gzip, deflate", "gzip"],
    ["gzip when brotli is refused with q=0", "br;q=0, gzip", "gzip"],
    ["brotli for a wildcard", "*", "br"],
    ["the file itself when nothing is accepted", "identity", null],
    ["the file itself without the header", undefined, null],
  ])("%s (%s → %s)", async (_label, acceptEncoding, expected) => {
    const res = await chunk(acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe(expected);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const body = Buffer.from(await res.arrayBuffer());
    const decoded = expected === "br" ? brotliDecompressSync(body) : expected === "gzip" ? gunzipSync(body) : body;
    expect(decoded.toString()).toBe(CHUNK);
    if (expected) expect(body.length).toBeLessThan(CHUNK.length / 4);
  });

  it("a file without copies is sent as it is, still varying on Accept-Encoding", async () => {
    const res = await get("/static/js/macc-elements.js", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(await res.text()).toContain("loader");
  });

  it("each coding has its own ETag, and a 304 only for the same coding", async () => {
    const br = (await chunk("br")).headers.get("etag")!;
    const gz = (await chunk("gzip")).headers.get("etag")!;
    const plain = (await chunk("identity")).headers.get("etag")!;
    expect(new Set([br, gz, plain]).size).toBe(3);
    expect((await chunk("br", { "If-None-Match": br })).status).toBe(304);
    expect((await chunk("gzip", { "If-None-Match": br })).status).toBe(200);
  });

  it.each<[string, string[]]>([
    ["gzip, deflate, br", ["gzip", "deflate", "br"]],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", ["br", "gzip", "*"]],
    ["BR;q=0, GZIP", ["gzip"]],
    ["gzip;q=0.000", []],
    ["", []],
  ])("Accept-Encoding %j allows %j", (header, expected) => {
    expect([...acceptedEncodings(header)]).toEqual(expected);
  });
});

describe("demo pages", () => {
  it.each([
    ["/", "Accueil"],
    ["/france.html", "France"],
    ["/portail.html", "Portail"],
    // Its root, with the login's first screen and its title (below).
    ["/portail", "Je me connecte"],
    ["/portail/mon-compte/factures", "Portail"],
    ["/portail/my-account/MACC-products/ALIM/sav", "Portail"],
    // A country site: its folder's index, and its own portal page under every address of its base.
    ["/sites/nl-BE/", "Thuis"],
    ["/sites/nl-BE/index.html", "Thuis"],
    ["/sites/nl-BE/portaal", "Portaal"],
    ["/sites/nl-BE/portaal.html", "Portaal"],
    ["/sites/nl-BE/portaal/mijn-account/facturen?page=2", "Portaal"],
    ["/sites/nl-BE/portaal/mijn-account/mijn-producten/ALIM%2001/sav", "Portaal"],
  ])("%s → HTML with the strict CSP", async (p, title) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expectHtmlSecurity(res);
    expect(await res.text()).toContain(title);
  });

  it("a folder's address without its slash is sent to the folder, query kept", async () => {
    const res = await get("/sites/nl-BE?panier=1001");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/sites/nl-BE/?panier=1001");
  });

  it("only pages hosting the portal take the addresses under their base", async () => {
    // france.html names /portail as its portal's base but hosts no portal: the portal page answers.
    expect(await (await get("/portail/mon-compte")).text()).toContain("<title>Portail</title>");
    expect((await get("/sites/nl-BE/producten/zaaizaad")).status).toBe(404);
    expect((await get("/sites/nl-BE/portaalx/mijn-account")).status).toBe(404);
  });

  it("serves the CMS pages' own scripts as JavaScript", async () => {
    const res = await get("/sites/basket-links.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("serves css and svg from the demo folder", async () => {
    const css = await get("/site.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    const svg = await get("/img/logo.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("unknown page → 404 HTML with the CSP", async () => {
    const res = await get("/nope.html");
    expect(res.status).toBe(404);
    expectHtmlSecurity(res);
  });

  it.each(["/notes.md", "/.secret.html", "/link.html"])("refuses %s (type, hidden file, symlink out)", async (p) => {
    expect((await get(p)).status).toBe(404);
  });
});

describe("the portal's first screen in the HTML", () => {
  it.each<[string, string, string | undefined, boolean]>([
    ["an anonymous visitor on the portal's root", "/portail", undefined, true],
    ["…with its trailing slash", "/portail/", undefined, true],
    ["…on the login's address", "/portail/mon-compte/connexion", undefined, true],
    ["…after a logout", "/portail", "isLogged=false", true],
    ["…who chose the page's own language and theme", "/portail", "maccLocale=fr-FR; maccTheme=macc", true],
    ["a logged-in visitor (the portal leads elsewhere)", "/portail", "isLogged=true", false],
    ["a visitor who chose another language", "/portail", "maccLocale=en-GB", false],
    ["a visitor of the AGRIMACC site", "/portail", "maccTheme=agri", false],
    ["a visitor with items in the basket (the first screen's header shows none)", "/portail", "maccBasket=2", false],
    ["another screen's address", "/portail/mon-compte/factures", undefined, false],
    ["an address with a query (?lang=, ?site=, ?panier= change the screen)", "/portail?lang=en-GB", undefined, false],
    ["a portal page the build drew nothing for", "/sites/nl-BE/portaal", undefined, false],
  ])("%s: %s → %s", async (_, address, cookie, sent) => {
    const res = await get(address, cookie ? { headers: { cookie } } : undefined);
    expect(res.status).toBe(200);
    expectHtmlSecurity(res);
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    const html = await res.text();
    expect(html.includes(`<macc-portal>${FIRST_SCREEN}</macc-portal>`)).toBe(sent);
    // Its sheet is asked for with the head's, not when the parser reaches the element.
    expect(html.includes('<head>\n    <link rel="preload" href="/static/css/first-screen-0a1b2c3d.css" as="style" />')).toBe(sent);
    // The title and language the portal gives its login screen, from the first paint: nothing changes at the takeover.
    expect(html.includes("<title>Je me connecte à mon compte — MACC &amp; &lt;Cie&gt;</title>")).toBe(sent);
    expect(html.includes('<html lang="fr-FR">')).toBe(sent);
    expect(html.includes('<html lang="fr">')).toBe(!sent);
  });

  it("compressed for the browsers that take it: the page stays within the first round trip", async () => {
    const br = await get("/portail", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(FIRST_SCREEN);
    const gzip = await get("/portail", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain(FIRST_SCREEN);
    expect(gzip.headers.get("etag")).not.toBe(br.headers.get("etag"));
  });

  it("the page with and without it are two entities: each revalidates on its own", async () => {
    const withScreen = await get("/portail");
    const without = await get("/portail", { headers: { cookie: "isLogged=true" } });
    const etag = withScreen.headers.get("etag")!;
    expect(etag).not.toBe(without.headers.get("etag"));
    expect((await get("/portail", { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await get("/portail", { headers: { "if-none-match": etag, cookie: "isLogged=true" } })).status).toBe(200);
  });
});

describe("the portal's first draw named in its head", () => {
  const preload = (file: string, low = false) =>
    `<link rel="modulepreload" href="/static/js/${file}"${low ? ' fetchpriority="low"' : ""} />`;
  it.each<[string, string, string | undefined, string[]]>([
    // Behind the first screen, which its style sheet paints first: the texts come after what that paint needs.
    ["an anonymous visitor (the login's first screen)", "/portail", undefined, [preload("fr-a1.js", true), preload("fr-FR-b2.js", true)]],
    [
      "a customer: the session's code first, then the page's texts",
      "/portail/mon-compte/factures",
      "isLogged=true",
      [preload("session-e5.js"), preload("fr-a1.js"), preload("fr-FR-b2.js")],
    ],
    [
      "a customer who chose English: its texts",
      "/portail/mon-compte",
      "isLogged=true; maccLocale=en-GB",
      [preload("session-e5.js"), preload("en-c3.js"), preload("en-GB-d4.js")],
    ],
    ["a visitor on another screen's address", "/portail/inscription", "isLogged=false", [preload("fr-a1.js"), preload("fr-FR-b2.js")]],
    [
      "an address asking for a language (?lang=): not the page's texts",
      "/portail/mon-compte?lang=en-GB",
      "isLogged=true",
      [preload("session-e5.js")],
    ],
    ["a page that names no language, for a visitor: nothing", "/sites/nl-BE/portaal", undefined, []],
    ["…for a customer: the session's code", "/sites/nl-BE/portaal/mijn-account", "isLogged=true", [preload("session-e5.js")]],
  ])("%s: %s (%s)", async (_, address, cookie, links) => {
    const res = await get(address, cookie ? { headers: { cookie } } : undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    const html = await res.text();
    const named = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(named).toEqual(links);
    // At the end of the head, after the page's own.
    if (links.length) expect(html).toContain(`${links.at(-1)}\n</head>`);
  });
});

describe("path traversal", () => {
  it.each([
    "/static/../secret.html",
    "/static/%2e%2e/secret.js",
    "/static/%2E%2E/%2E%2E/secret.html",
    "/static/js/..%2f..%2fsecret.js",
    "/static/js/..%5c..%5csecret.js",
    "/static/..%2f..%2fsecret.html",
    "/%2e%2e/secret.html",
    "/..%2fsecret.html",
    "/img/..%2f..%2fsecret.html",
    "/static/js/%00macc-elements.js",
    "/static/js/%E0%A4%A.js",
    "/portail/..%2f..%2fsecret.html",
  ])("%s never escapes", async (p) => {
    const res = await get(p);
    const body = await res.text();
    expect(body).not.toContain("outside the");
    if (!p.startsWith("/portail/")) expect(res.status).toBe(404);
  });
});
