import { describe, expect, it } from "vitest";
import type { PageSettings } from "./model";
import { checkPage, policiesOf, type Finding } from "./page-check";

const settings: PageSettings = {
  locale: "fr-FR",
  theme: "",
  apiBase: "https://extranet.example/api",
  filesBase: "https://cdn.example/macc/static",
  portalBase: "",
  siteBase: "",
  errorEndpoint: "",
  hostSheet: false,
  nonce: false,
};
const elements = [{ tag: "macc-login", attributes: { variant: "basket" } }];

const LOADER =
  '<script type="module" src="https://cdn.example/macc/static/js/macc-elements.js" data-locale="fr-FR" data-api-base="https://extranet.example/api"></script>';
const page = (head: string, body = '<macc-login variant="basket"></macc-login>') =>
  `<!doctype html><html><head><title>Page</title>${head}</head><body>${body}</body></html>`;
const POLICY =
  "script-src https://cdn.example; connect-src https://extranet.example; img-src https://extranet.example blob:; media-src blob:";

const kinds = (findings: Finding[]) => findings.map((finding) => finding.kind);

describe("the page's HTML", () => {
  it.each([
    ["a complete page", page(LOADER), []],
    ["no loader", page(""), ["no-loader"]],
    ["the loader in a comment only", page(`<!-- ${LOADER} -->`), ["no-loader"]],
    ["a classic script", page(LOADER.replace('type="module" ', "")), ["loader-not-module"]],
    ["a loader stripped of its data-*", page('<script type="module" src="/static/js/macc-elements.js"></script>'), ["loader-settings"]],
    ["the tag removed by the CMS", page(LOADER, "<p>Bienvenue</p>"), ["elements-missing"]],
    ["its attribute removed by the CMS", page(LOADER, "<macc-login></macc-login>"), ["attributes-missing"]],
    [
      "capitals, single quotes and unquoted values",
      page(
        "<SCRIPT TYPE=module SRC='https://cdn.example/macc/static/js/macc-elements.js' DATA-LOCALE='fr-FR' data-api-base=https://extranet.example/api></SCRIPT>",
        "<MACC-LOGIN VARIANT=basket></MACC-LOGIN>",
      ),
      [],
    ],
  ])("%s", (_, html, expected) => {
    expect(kinds(checkPage(html, settings, elements).findings)).toEqual(expected);
  });

  it("gives the lines to copy: the head's, or the loader's with what it lacks", () => {
    const [missing] = checkPage(page(""), { ...settings, hostSheet: true }, elements).findings;
    expect(missing).toEqual({
      kind: "no-loader",
      // With the sheet, the loader holds the first paint (README, "Keeping the page still").
      fix: `<link rel="stylesheet" href="https://cdn.example/macc/static/css/macc-elements.css">\n${LOADER.replace('.js"', '.js" blocking="render"')}`,
    });
    const [stripped] = checkPage(
      page('<script type="module" src="/static/js/macc-elements.js" data-locale="de-BE"></script>'),
      settings,
      elements,
    ).findings;
    expect(stripped).toEqual({ kind: "loader-settings", names: ["data-locale", "data-api-base"], fix: LOADER });
  });

  it("names the missing tags and their attributes with the tag to paste", () => {
    const both = [...elements, { tag: "macc-footer", attributes: {} }];
    expect(checkPage(page(LOADER, "<macc-login></macc-login>"), settings, both).findings).toEqual([
      { kind: "elements-missing", tags: ["macc-footer"], fix: "<macc-footer></macc-footer>" },
      { kind: "attributes-missing", tag: "macc-login", names: ["variant"], fix: '<macc-login variant="basket"></macc-login>' },
    ]);
  });
});

describe("the page's Content-Security-Policy", () => {
  it.each([
    ["the sources the configurator gives", POLICY, []],
    ["no policy at all restricts nothing", "", []],
    ["default-src alone allowing everything needed", "default-src https://cdn.example https://extranet.example blob:", []],
    ["a wildcard host and https:", "script-src *.example; connect-src https:; img-src * blob:; media-src blob:", []],
    [
      "a path that holds the chunks",
      "script-src https://cdn.example/macc/static/js/; connect-src https://extranet.example/api/; img-src https://extranet.example blob:",
      [],
    ],
    [
      "a path of the loader alone",
      "script-src https://cdn.example/macc/static/js/macc-elements.js",
      [["script-src", ["https://cdn.example"]]],
    ],
    ["another port", "connect-src https://extranet.example:8443", [["connect-src", ["https://extranet.example"]]]],
    ["an http: source upgrades to https", "script-src http://cdn.example", []],
    ["'none'", "img-src 'none'", [["img-src", ["https://extranet.example", "blob:"]]]],
    // The previews of a service request's photos and video (PAGE_PREVIEW_SOURCES).
    ["img-src without blob:", "img-src https://extranet.example", [["img-src", ["blob:"]]]],
    ["media-src without blob:", "media-src 'self'", [["media-src", ["blob:"]]]],
    ["media-src 'none'", "media-src 'none'", [["media-src", ["blob:"]]]],
    [
      "* allows no blob:",
      "img-src *; media-src *",
      [
        ["img-src", ["blob:"]],
        ["media-src", ["blob:"]],
      ],
    ],
    [
      "data: is not blob:",
      "img-src https://extranet.example data:; media-src data:",
      [
        ["img-src", ["blob:"]],
        ["media-src", ["blob:"]],
      ],
    ],
    ["blob: in default-src covers both", "default-src https://cdn.example https://extranet.example blob:", []],
    ["blob: in default-src, not in media-src", "default-src blob: https:; media-src https:", [["media-src", ["blob:"]]]],
    ["no media-src nor default-src restricts no video", "img-src https://extranet.example blob:", []],
    [
      "default-src 'self'",
      "default-src 'self'",
      [
        ["script-src", ["https://cdn.example"]],
        ["connect-src", ["https://extranet.example"]],
        ["img-src", ["https://extranet.example", "blob:"]],
        ["media-src", ["blob:"]],
      ],
    ],
    [
      "script-src-elem governs the loader",
      "script-src https://cdn.example; script-src-elem 'self'",
      [["script-src-elem", ["https://cdn.example"]]],
    ],
    ["'strict-dynamic' ignores hosts", "script-src 'nonce-abc' 'strict-dynamic'", []],
    ["nonces without 'strict-dynamic' still need the files' origin", "script-src 'nonce-abc'", [["script-src", ["https://cdn.example"]]]],
  ])("%s", (_, policy, expected) => {
    const findings = checkPage(policy, settings, elements).findings;
    expect(findings.map((f) => (f.kind === "csp-sources" ? [f.directive, f.sources] : f.kind))).toEqual(expected);
  });

  it.each([
    ["the host sheet: style-src", { hostSheet: true }, "style-src 'self'", "style-src 'self' https://cdn.example"],
    [
      "the error endpoint: connect-src",
      { errorEndpoint: "https://errors.example/r" },
      POLICY,
      "connect-src https://extranet.example https://errors.example",
    ],
  ])("%s", (_, changed, policy, fix) => {
    const findings = checkPage(policy, { ...settings, ...changed }, elements).findings;
    expect(findings).toEqual([expect.objectContaining({ kind: "csp-sources", fix })]);
  });

  it("keeps what default-src allowed in the directive to add, and says when 'self' may already allow it", () => {
    expect(checkPage("default-src 'self' https://cdn.example; object-src 'none'", settings, elements).findings).toEqual([
      {
        kind: "csp-sources",
        need: "connect-src",
        directive: "connect-src",
        sources: ["https://extranet.example"],
        self: true,
        fix: "connect-src 'self' https://cdn.example https://extranet.example",
      },
      {
        kind: "csp-sources",
        need: "img-src",
        directive: "img-src",
        sources: ["https://extranet.example", "blob:"],
        self: true,
        fix: "img-src 'self' https://cdn.example https://extranet.example blob:",
      },
      {
        kind: "csp-sources",
        need: "media-src",
        directive: "media-src",
        sources: ["blob:"],
        self: false,
        fix: "media-src 'self' https://cdn.example blob:",
      },
    ]);
  });

  it.each([
    ["a header line", `Content-Security-Policy: ${POLICY}`, [POLICY]],
    ["a report-only header is not enforced", `Content-Security-Policy-Report-Only: ${POLICY}`, []],
    ["a bare policy", ` ${POLICY} `, [POLICY]],
    ["text that is no policy", "Bonjour", []],
    ["a bare media-src", "media-src blob:", ["media-src blob:"]],
    [
      "two headers: both apply",
      "Content-Security-Policy: img-src *\ncontent-security-policy: script-src 'self'",
      ["img-src *", "script-src 'self'"],
    ],
  ])("found in %s", (_, text, expected) => expect(policiesOf(text, false)).toEqual(expected));

  it("in the page's <meta http-equiv>, with the HTML's own checks", () => {
    const meta = `<meta http-equiv="Content-Security-Policy" content="script-src 'nonce-r4nd0m' 'strict-dynamic'; img-src 'self'">`;
    const check = checkPage(page(meta + LOADER), settings, elements);
    expect(check.policies).toBe(1);
    expect(kinds(check.findings)).toEqual(["loader-nonce", "csp-sources"]);
    expect(check.findings[0]!.fix).toContain(' nonce="{NONCE}" ');
  });

  it("a page without the loader under a nonce policy gets the loader with its nonce", () => {
    const [missing] = checkPage(
      `${page("")}\nContent-Security-Policy: script-src 'nonce-abc' 'strict-dynamic'`,
      settings,
      elements,
    ).findings;
    expect(missing).toEqual(expect.objectContaining({ kind: "no-loader", fix: expect.stringContaining('nonce="{NONCE}"') }));
  });

  it("the same lack in two policies is said once", () => {
    const text = "Content-Security-Policy: img-src 'none'\nContent-Security-Policy: img-src 'none'";
    expect(checkPage(text, settings, elements).findings).toHaveLength(1);
  });
});
