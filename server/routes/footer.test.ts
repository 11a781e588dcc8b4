import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectProblem, type TestContext } from "../test-support.ts";
import type { FooterContact } from "./footer.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
const footer = (code: string, langue?: string) =>
  get(`/api/servicesMACC/reseau/${code}/type/gen${langue === undefined ? "" : `?langue=${encodeURIComponent(langue)}`}`);

describe("GET /api/servicesMACC/reseau/{codeReseau}/type/gen", () => {
  const networks: [string, string, RegExp][] = [
    ["FRA", "fr-FR", /^\d{5}$/],
    ["AGR", "fr-FR", /^\d{5}$/],
    ["FIL", "fr-FR", /^\d{5}$/],
    ["EXP", "fr-FR", /^\d{5}$/],
    ["BLG", "fr-BE", /^\d{4}$/],
    ["GBR", "en-GB", /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/],
    ["ESP", "es-ES", /^\d{5}$/],
    ["ITA", "it-IT", /^\d{5}$/],
  ];

  it.each(networks)("%s returns its contact block", async (code, langue, postcode) => {
    const res = await footer(code, langue);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const body = (await res.json()) as FooterContact;
    expect(Object.keys(body).sort()).toEqual(
      ["adresseLigne1", "adresseLigne2", "adresseTitre", "codePostal", "listSousServices", "ville"].sort(),
    );
    expect(body.adresseTitre).toMatch(/MACC/i);
    expect(body.codePostal).toMatch(postcode);
    expect(body.listSousServices.length).toBeGreaterThanOrEqual(2);
    expect(body.listSousServices.length).toBeLessThanOrEqual(4);
    for (const s of body.listSousServices) {
      expect(s.nomSousService.length).toBeGreaterThan(0);
      expect(s.telephone1).toMatch(/^(\+\d{2} )?[\d ]{9,16}$/);
      expect(s.mail1).toMatch(/^[a-z.]+$/);
      expect(s.mail2).toMatch(/^@[a-z.]+\.[a-z]{2,}$/);
      expect(`${s.mail1}${s.mail2}`).toMatch(/^[a-z.]+@[a-z.]+$/);
    }
  });

  it.each([
    ["fr-FR", "Service clients"],
    ["en-GB", "Customer service"],
    ["nl-BE", "Klantendienst"],
    ["nl-NL", "Klantendienst"],
    ["de-BE", "Kundendienst"],
    ["de-LU", "Kundendienst"],
    ["fr-LU", "Service clients"],
    ["it-IT", "Service clients"], // no Italian name for BLG: falls back to the network's main language
  ])("BLG sub-service names follow langue=%s", async (langue, expected) => {
    const body = (await (await footer("BLG", langue)).json()) as FooterContact;
    expect(body.listSousServices[0]?.nomSousService).toBe(expected);
  });

  it("uses X-langue when langue is absent, then the network's main language", async () => {
    let body = (await (await get("/api/servicesMACC/reseau/GBR/type/gen", { "X-langue": "fr-FR" })).json()) as FooterContact;
    expect(body.listSousServices[0]?.nomSousService).toBe("Service clients");
    body = (await (await get("/api/servicesMACC/reseau/ITA/type/gen", { "X-langue": "nl-NL" })).json()) as FooterContact;
    expect(body.listSousServices[0]?.nomSousService).toBe("Servizio clienti");
    body = (await (await footer("ESP")).json()) as FooterContact; // default fr-FR
    expect(body.listSousServices[0]?.nomSousService).toBe("Service clients");
  });

  it("accepts fr_FR (underscore) and a lower-case network code", async () => {
    expect((await footer("fra", "fr_FR")).status).toBe(200);
  });

  it.each(["XXX", "FR", "FRANCE", "%00", "1"])("unknown network %s → 404 problem", async (code) => {
    await expectProblem(await footer(code, "fr-FR"), 404);
  });

  it.each(["fr", "en-US", "xx-XX", "FR-fr", "fr-FR;drop table"])("bad langue %s → 400 problem", async (langue) => {
    const p = await expectProblem(await footer("FRA", langue), 400);
    expect(p.errors?.[0]?.path).toBe("langue");
  });

  it("other methods are not routed (404 problem)", async () => {
    await expectProblem(await t.app.request("/api/servicesMACC/reseau/FRA/type/gen", { method: "POST" }), 404);
  });
});
