import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITES, siteFiles, siteUrls } from "../../scripts/demo-sites.ts";
import { ROOT } from "../../scripts/tag-files.ts";
import { createTestApp, type TestContext } from "../test-support.ts";
import { demoPortalBases, HTML_CSP } from "./static.ts";

/** The country demo sites (demo/sites/<locale>/), as the reference server serves them. */

const files = siteFiles();
const onDisk = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demoDir: path.join(ROOT, "demo") }, undefined, { seed: false });
});
afterAll(() => t.close());

describe("the committed pages are the generator's (run `npx tsx scripts/generate-sites.ts` after changing it)", () => {
  it("three pages and a not-found page a site, ten sites", () => {
    expect(files).toHaveLength(40);
  });
  it.each(files.map((file) => [file.path, file] as const))("%s", (file, { content }) => {
    expect(onDisk(file), `${file} is out of date`).toBe(content);
  });
});

it("without PORTAL_BASE, the demo's e-mail links lead each locale's customer to their country site's portal", async () => {
  const expected = Object.fromEntries(SITES.map((site) => [site.locale, siteUrls(site).portalBase]));
  expect(await demoPortalBases(path.join(ROOT, "demo"))).toEqual(expected);
});

describe.each(SITES.map((site) => [site.locale, site] as const))("the %s site", (locale, site) => {
  const urls = siteUrls(site);
  const pages = files.filter((file) => file.path.startsWith(`demo/sites/${locale}/`));

  it("every page is set in its language, loads the elements like the other demo pages, and carries no inline script or style", () => {
    for (const { path: file, content } of pages) {
      expect(content).toContain(`<html lang="${locale}">`);
      // The brand's pages hold their first paint for the loader (a logged-in customer's room, README
      // "Keeping the page still"); the portal's page does not need to.
      const blocking = content.includes("<macc-portal>") ? "" : ' blocking="render"';
      expect(content, file).toContain(
        `<script type="module" src="/static/js/macc-elements.js"${blocking} data-locale="${locale}" data-portal-base="${urls.portalBase}" data-site-base="${urls.siteBase}"></script>`,
      );
      // The strict CSP (script-src 'self'; style-src 'self') allows neither.
      expect(content).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(content).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    }
  });

  it("is served at /sites/<locale>/: home, products, and the portal page under every portal address", async () => {
    const checks: Array<[string, string]> = [
      [urls.home, "<macc-login>"],
      [urls.products, "<macc-add-to-basket"],
      [urls.portalBase, "<macc-portal>"],
      [urls.route("FACTURES"), "<macc-portal>"],
      [`${urls.route("PANIER")}?panier=1001`, "<macc-portal>"],
    ];
    for (const [address, expected] of checks) {
      const res = await t.app.request(address);
      expect(res.status, address).toBe(200);
      expect(res.headers.get("content-security-policy")).toBe(HTML_CSP);
      expect(await res.text()).toContain(expected);
    }
  });

  it("its own links work: the products page without .html, and its other pages say in its language that the demo has them not (404)", async () => {
    const products = await t.app.request(`${urls.siteBase}${site.paths.site.products}`);
    expect(products.status).toBe(200);
    expect(await products.text()).toContain("<macc-add-to-basket");
    for (const page of ["whoWeAre", "faq", "legal", "search"] as const) {
      const res = await t.app.request(`${urls.siteBase}${site.paths.site[page]}?q=x`);
      expect(res.status, page).toBe(404);
      expect(res.headers.get("content-security-policy")).toBe(HTML_CSP);
      const html = await res.text();
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain("<macc-header></macc-header>");
      expect(html).toContain(`<a href="${urls.home}">`);
      // None of the site's navigation entries is this page.
      expect(html).not.toContain("aria-current");
    }
  });
});

describe("a missing address outside the demo sites", () => {
  it("the plain not-found page", async () => {
    const res = await t.app.request("/produits");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page introuvable");
  });
});
