import { describe, expect, it } from "vitest";
import { adoptApiBase, apiBaseOf, readPageConfig, releaseStageOf, type PageDataset, type ReleaseStage } from "./config";

describe("apiBaseOf (SPEC §7 base URL)", () => {
  it.each<[string | undefined, string, string]>([
    [undefined, "https://www.macc.fr", "https://www.macc.fr/api"],
    ["", "https://www.macc.fr", "https://www.macc.fr/api"],
    ["   ", "https://www.macc.be", "https://www.macc.be/api"],
    ["http://localhost:8787", "http://localhost:5173", "http://localhost:8787"],
    ["http://localhost:8787/", "http://localhost:5173", "http://localhost:8787"],
    ["https://api.example.test/v1///", "https://www.macc.fr", "https://api.example.test/v1"],
    [" https://api.example.test ", "https://www.macc.fr", "https://api.example.test"],
    ["/custom-api/", "https://www.macc.fr", "/custom-api"],
  ])("configured %j on %s → %s", (configured, origin, expected) => {
    expect(apiBaseOf(configured, origin)).toBe(expected);
  });
});

describe("readPageConfig", () => {
  const ORIGIN = "https://www.macc.fr";
  it.each<[string, PageDataset, Partial<ReturnType<typeof readPageConfig>>]>([
    [
      "empty dataset → defaults",
      {},
      { locale: null, theme: null, apiBase: `${ORIGIN}/api`, apiBaseFixed: false, portalBase: "", siteBase: "", errorEndpoint: null },
    ],
    [
      "everything set",
      {
        locale: "nl-BE",
        theme: "agri",
        apiBase: "https://api.test/",
        portalBase: "/espace-client/",
        siteBase: "/be-nl/",
        errorEndpoint: " https://errors.test/report ",
      },
      {
        locale: "nl-BE",
        theme: "AGRI",
        apiBase: "https://api.test",
        apiBaseFixed: true,
        portalBase: "/espace-client",
        siteBase: "/be-nl",
        errorEndpoint: "https://errors.test/report",
      },
    ],
    ["unsupported locale ignored", { locale: "en-US" }, { locale: null }],
    ["locale must be exact", { locale: "fr" }, { locale: null }],
    ["unknown theme ignored", { theme: "dark" }, { theme: null }],
    ["MACC theme", { theme: "MACC" }, { theme: "MACC" }],
    ["blank api base is not fixed", { apiBase: "  " }, { apiBase: `${ORIGIN}/api`, apiBaseFixed: false }],
    ["blank error endpoint → reporting off", { errorEndpoint: "  " }, { errorEndpoint: null }],
    ["root portal base", { portalBase: "/" }, { portalBase: "" }],
    ["root site base", { siteBase: "/" }, { siteBase: "" }],
  ])("%s", (_label, dataset, expected) => {
    expect(readPageConfig(dataset, ORIGIN)).toMatchObject(expected);
  });
});

describe("releaseStageOf (SPEC §9)", () => {
  it.each<[string, ReleaseStage]>([
    ["localhost", "localhost"],
    ["LOCALHOST", "localhost"],
    ["127.0.0.1", "localhost"],
    ["[::1]", "localhost"],
    ["dev.macc.fr", "development"],
    ["extranet-dev.macc.fr", "development"],
    ["www.dev.macc.be", "development"],
    ["recette.macc.fr", "recette"],
    ["extranet-recette.macc.fr", "recette"],
    ["RECETTE.MACC.ES", "recette"],
    ["www.macc.fr", "production"],
    ["macc.co.uk", "production"],
    ["agrimacc.it", "production"],
  ])("%s → %s", (host, stage) => {
    expect(releaseStageOf(host)).toBe(stage);
  });
});

describe("adoptApiBase (the first element's api-base, when the loader set none)", () => {
  it.each<[string, string | undefined, string[], string]>([
    ["no loader base: the first element's", undefined, ["https://api.one.example", "https://api.two.example"], "https://api.one.example"],
    ["the loader's base stays", "https://api.page.example", ["https://api.one.example"], "https://api.page.example"],
  ])("%s", (_label, loaderBase, elementBases, expected) => {
    const config = readPageConfig({ apiBase: loaderBase }, "https://www.macc.fr");
    for (const base of elementBases) adoptApiBase(config, base);
    expect(config.apiBase).toBe(expected);
  });
});
