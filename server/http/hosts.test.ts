import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_CSP, staticRoutes } from "./static.ts";

// The framework host apps as demo/hosts/vite.config.ts builds them: dist/hosts beside dist/static.
let root: string;
let routes: ReturnType<typeof staticRoutes>;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "macc-hosts-"));
  const hosts = path.join(root, "dist", "hosts");
  for (const host of ["react", "vue"]) {
    mkdirSync(path.join(hosts, host), { recursive: true });
    writeFileSync(path.join(hosts, host, "index.html"), `<!doctype html><title>${host} host</title>`);
  }
  mkdirSync(path.join(hosts, "assets"));
  writeFileSync(path.join(hosts, "assets", "react-C3qwEl_y.js"), "export const app = 1;\n");
  mkdirSync(path.join(root, "dist", "static"));
  // The apps' sources live in the demo folder; they are never served as they are.
  mkdirSync(path.join(root, "demo", "hosts", "react"), { recursive: true });
  writeFileSync(path.join(root, "demo", "hosts", "host.ts"), "export {};\n");
  writeFileSync(path.join(root, "demo", "hosts", "react", "index.html"), "<!doctype html><title>source</title>");
  routes = staticRoutes({ staticDir: path.join(root, "dist", "static"), demoDir: path.join(root, "demo") });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("framework host apps under /hosts", () => {
  it.each([
    ["/hosts/react/", "react host"],
    ["/hosts/react/account", "react host"],
    ["/hosts/vue/company?from=test", "vue host"],
  ])("%s: the app's built page, whose router owns the address", async (address, title) => {
    const res = await routes.request(address);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<title>${title}</title>`);
    expect(res.headers.get("content-security-policy")).toBe(HTML_CSP);
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("sends an app's address without its slash to the app, query kept", async () => {
    const res = await routes.request("/hosts/vue?lang=en");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/hosts/vue/?lang=en");
  });

  it("serves the built assets with a long cache", async () => {
    const res = await routes.request("/hosts/assets/react-C3qwEl_y.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it.each([
    "/hosts/",
    "/hosts/angular/",
    "/hosts/angular",
    "/hosts/assets/gone-C3qwEl_y.js",
    "/hosts/react/app.php",
    "/hosts/host.ts",
    "/hosts/%2e%2e/static/x.js",
  ])("%s → 404", async (address) => {
    expect((await routes.request(address)).status).toBe(404);
  });
});
