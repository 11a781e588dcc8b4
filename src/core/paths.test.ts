import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Paths from "./paths";
import type * as RouteRules from "./route-rules";

// Each test starts with no table loaded: the module keeps the loaded tables.
let paths: typeof Paths;
let rules: typeof RouteRules;
beforeEach(async () => {
  vi.resetModules();
  paths = await import("./paths");
  rules = await import("./route-rules");
});

const loadedLanguages = () => [...paths.loadedPaths()].map((table) => table.routes.LOGIN);

describe("address tables: the page's language first, the others on demand", () => {
  it("a locale loads its language's table only", async () => {
    await paths.loadPaths("fr-BE");
    expect(paths.hasPaths("fr-FR")).toBe(true);
    expect(paths.hasPaths("en-GB")).toBe(false);
    expect(loadedLanguages()).toEqual(["/mon-compte/connexion"]);
    expect(paths.pathFor("LOGIN", "fr-BE")).toBe("/mon-compte/connexion");
  });

  it("a link from another country's site resolves once the other languages are loaded, not before", async () => {
    await paths.loadPaths("fr-FR");
    expect(rules.matchPath("/my-account/login", "fr-FR")).toBeNull();
    await paths.loadAllPaths();
    expect(rules.matchPath("/my-account/login", "fr-FR")).toEqual({ name: "LOGIN", params: {} });
    expect(loadedLanguages()).toHaveLength(6);
  });

  it("a table not loaded yet is an error, not a wrong address", async () => {
    expect(() => paths.pathFor("LOGIN", "de-BE")).toThrow(/not loaded/);
  });
});
