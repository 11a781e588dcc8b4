import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, NETWORK_CODES } from "../../src/contract/constants.ts";
import { PUBLIC_CACHE } from "../http/etag.ts";
import { createTestApp, expectProblem, type TestContext } from "../test-support.ts";
import type { FooterContact } from "../../src/contract/footer.ts";

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
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE);
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
    ["it-IT", "Servizio clienti"],
    ["es-ES", "Atención al cliente"],
  ])("BLG sub-service names follow langue=%s", async (langue, expected) => {
    const body = (await (await footer("BLG", langue)).json()) as FooterContact;
    expect(body.listSousServices[0]?.nomSousService).toBe(expected);
  });

  it("uses X-langue when langue is absent, then the network's main language", async () => {
    let body = (await (await get("/api/servicesMACC/reseau/GBR/type/gen", { "X-langue": "fr-FR" })).json()) as FooterContact;
    expect(body.listSousServices[0]?.nomSousService).toBe("Service clients");
    body = (await (await get("/api/servicesMACC/reseau/ITA/type/gen", { "X-langue": "nl-NL" })).json()) as FooterContact;
    expect(body.listSousServices[0]?.nomSousService).toBe("Klantendienst");
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

  // First service of each network, per language of the ten locales.
  const FIRST_SERVICE: Record<string, Record<string, string>> = {
    FRA: {
      fr: "Service clients",
      en: "Customer service",
      nl: "Klantendienst",
      de: "Kundendienst",
      es: "Atención al cliente",
      it: "Servizio clienti",
    },
    AGR: {
      fr: "Service adhérents",
      en: "Member services",
      nl: "Ledenservice",
      de: "Mitgliederservice",
      es: "Servicio de socios",
      it: "Servizio soci",
    },
    FIL: {
      fr: "Service clients filiales",
      en: "Subsidiaries customer service",
      nl: "Klantendienst dochterondernemingen",
      de: "Kundendienst Tochtergesellschaften",
      es: "Atención al cliente de filiales",
      it: "Servizio clienti filiali",
    },
    EXP: {
      fr: "Service export",
      en: "Export desk",
      nl: "Exportafdeling",
      de: "Exportabteilung",
      es: "Departamento de exportación",
      it: "Ufficio export",
    },
  };
  const cases = NETWORK_CODES.flatMap((code) => LOCALES.map((locale) => [code, locale] as const));

  it.each(cases)("%s in %s: every sub-service is named in that language (langue and X-langue)", async (code, locale) => {
    const language = locale.slice(0, 2);
    const french = ((await (await footer(code, "fr-FR")).json()) as FooterContact).listSousServices.map((s) => s.nomSousService);
    const byQuery = ((await (await footer(code, locale)).json()) as FooterContact).listSousServices.map((s) => s.nomSousService);
    const byHeader = (
      (await (await get(`/api/servicesMACC/reseau/${code}/type/gen`, { "X-langue": locale })).json()) as FooterContact
    ).listSousServices.map((s) => s.nomSousService);
    expect(byHeader).toEqual(byQuery);
    expect(byQuery[0]).toBe((FIRST_SERVICE[code] ?? FIRST_SERVICE.FRA!)[language]);
    // No name left in French: each one is translated (a missing one would fall back).
    if (language !== "fr") byQuery.forEach((name, i) => expect(name).not.toBe(french[i]));
    expect(new Set(byQuery).size).toBe(byQuery.length);
  });

  it("a missing translation falls back to the network's main language, then to any language", async () => {
    const first = "(SELECT id FROM footer_sub_services WHERE code_reseau = 'GBR' AND position = 0)";
    const saved = (
      await t.db.query<{ langue: string; nom: string }>(`SELECT langue, nom FROM footer_sub_service_names WHERE sub_service_id = ${first}`)
    ).rows;
    try {
      await t.db.query(`DELETE FROM footer_sub_service_names WHERE sub_service_id = ${first} AND langue = 'it'`);
      let body = (await (await footer("GBR", "it-IT")).json()) as FooterContact;
      expect(body.listSousServices.map((s) => s.nomSousService)).toEqual(["Customer service", "Assistenza post-vendita", "Contabilità"]);
      await t.db.query(`DELETE FROM footer_sub_service_names WHERE sub_service_id = ${first} AND langue IN ('it', 'en')`);
      body = (await (await footer("GBR", "it-IT")).json()) as FooterContact;
      expect(body.listSousServices[0]?.nomSousService).toBe("Kundendienst"); // first by language code (de)
    } finally {
      await t.db.query(`DELETE FROM footer_sub_service_names WHERE sub_service_id = ${first}`);
      for (const r of saved) {
        await t.db.query(`INSERT INTO footer_sub_service_names (sub_service_id, langue, nom) VALUES (${first}, $1, $2)`, [r.langue, r.nom]);
      }
    }
  });
});
