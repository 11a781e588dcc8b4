import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getCore } from "../core/index";
import { loadAllPaths } from "../core/paths";
import type { Navigation } from "./context";
import { followRedirection } from "./redirection";

beforeAll(() => loadAllPaths());
beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("macc.core")];
});

describe("followRedirection", () => {
  it.each<[string, string | null, string | undefined, unknown[] | null, string | null]>([
    ["no redirection: the dashboard", null, undefined, ["DASHBOARD"], null],
    ["a portal route", "/mon-compte/factures", undefined, ["FACTURES", {}], null],
    [
      "a route with its family code",
      "/mon-compte/parc-produits/ALIM/sav",
      undefined,
      ["PARC_PRODUITS_DETAIL_SAV", { codeFamille: "ALIM" }],
      null,
    ],
    ["the finishing screen itself: the dashboard, not a loop", "/mon-compte/choixEntreprise", "CHOIX_ENTREPRISE", ["DASHBOARD"], null],
    ["a page of the CMS site: back there", "/fr/produits/semences?ref=12", undefined, null, "/fr/produits/semences?ref=12"],
    ["another site's address: never followed", "//evil.example/phish", undefined, ["DASHBOARD"], null],
  ])("%s", (_label, redirection, skip, expectedRoute, expectedPage) => {
    const core = getCore();
    if (redirection) core.store.getState().addRedirection(redirection);
    const go = vi.fn();
    const assign = vi.spyOn(location, "assign").mockImplementation(() => undefined);
    followRedirection(core, { go, href: () => "" } as Navigation, "fr-FR", skip as never);
    if (expectedRoute) expect(go).toHaveBeenCalledWith(...expectedRoute);
    else expect(go).not.toHaveBeenCalled();
    if (expectedPage) expect(assign).toHaveBeenCalledWith(expectedPage);
    else expect(assign).not.toHaveBeenCalled();
    expect(core.store.getState().app.redirection).toBeNull();
    assign.mockRestore();
  });
});
