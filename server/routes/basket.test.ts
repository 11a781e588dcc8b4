/** The basket API: catalogue, pictures, validation (exactly once) and the customer's requests. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectProblem, type TestContext } from "../test-support.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface ItemsAnswer {
  items: { id: string; nom: string; description: string; codeReseau: string; image: string }[];
  unknown: string[];
}
const items = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.request(`/api/basket/items${query}`, { headers });
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as ItemsAnswer };
};

describe("GET /api/basket/items", () => {
  it("answers the items in the order asked, each once, and lists the unknown ids", async () => {
    const { res, body } = await items("?ids=1007,1001,9999,1007,1001,abc_-1");
    expect(body.items.map((i) => i.id)).toEqual(["1007", "1001"]);
    expect(body.unknown).toEqual(["9999", "abc_-1"]);
    expect(body.items[1]).toEqual({
      id: "1001",
      nom: "Semence de blé tendre certifiée",
      description: "Variété d'hiver productive et résistante à la verse, sac de 25 kg.",
      codeReseau: "FRA",
      image: "/api/basket/items/1001/image",
    });
    expect(body.items[0]?.codeReseau).toBe("AGR");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("vary")).toMatch(/X-langue/i);
  });

  it("serves the twelve demo items, six per network", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => String(1001 + i));
    const { body } = await items(`?ids=${ids.join(",")}`);
    expect(body.unknown).toEqual([]);
    expect(body.items.filter((i) => i.codeReseau === "FRA")).toHaveLength(6);
    expect(body.items.filter((i) => i.codeReseau === "AGR")).toHaveLength(6);
    expect(body.items.every((i) => i.nom && i.description)).toBe(true);
  });

  it.each([
    ["fr-FR", "Semence de blé tendre certifiée"],
    ["fr-BE", "Semence de blé tendre certifiée"],
    ["fr-LU", "Semence de blé tendre certifiée"],
    ["de-BE", "Zertifiziertes Weichweizen-Saatgut"],
    ["de-LU", "Zertifiziertes Weichweizen-Saatgut"],
    ["en-GB", "Certified soft wheat seed"],
    ["es-ES", "Semilla certificada de trigo blando"],
    ["it-IT", "Seme certificato di grano tenero"],
    ["nl-BE", "Gecertificeerd zaaizaad zachte tarwe"],
    ["nl-NL", "Gecertificeerd zaaizaad zachte tarwe"],
  ])("names the items in the language of %s (X-langue and ?langue=)", async (locale, nom) => {
    expect((await items("?ids=1001", { "X-langue": locale })).body.items[0]?.nom).toBe(nom);
    expect((await items(`?ids=1001&langue=${locale.replace("-", "_")}`)).body.items[0]?.nom).toBe(nom);
  });

  it("falls back to French: no or an unknown X-langue, or a missing translation", async () => {
    expect((await items("?ids=1002", { "X-langue": "pt-PT" })).body.items[0]?.nom).toBe("Ammonitrate 33,5 %");
    await t.db.query("DELETE FROM basket_item_texts WHERE item_id = '1003' AND langue = 'it'");
    const answer = await items("?ids=1003,1002", { "X-langue": "it-IT" });
    expect(answer.body.items.map((i) => i.nom)).toEqual(["Buses anti-dérive (lot de 12)", "Nitrato ammonico 33,5%"]);
  });

  it("lists a withdrawn item as unknown", async () => {
    await t.db.query("UPDATE basket_items SET withdrawn_at = now() WHERE id = '1012'");
    try {
      const { body } = await items("?ids=1012,1011");
      expect(body.items.map((i) => i.id)).toEqual(["1011"]);
      expect(body.unknown).toEqual(["1012"]);
      await expectProblem(await t.app.request("/api/basket/items/1012/image"), 404);
    } finally {
      await t.db.query("UPDATE basket_items SET withdrawn_at = NULL WHERE id = '1012'");
    }
  });

  it.each([
    ["no ids", ""],
    ["an empty list", "?ids="],
    ["an empty id", "?ids=1001,,1002"],
    ["a trailing comma", "?ids=1001,"],
    ["an id with a space inside", "?ids=10%2001"],
    ["an id with a dot", "?ids=1001.5"],
    ["an id over 64 characters", `?ids=${"9".repeat(65)}`],
    ["51 ids", `?ids=${Array.from({ length: 51 }, (_, i) => 2000 + i).join(",")}`],
    ["an unknown langue", "?ids=1001&langue=xx-XX"],
  ])("%s → 400", async (_name, query) => {
    const problem = await expectProblem(await t.app.request(`/api/basket/items${query}`), 400);
    expect(problem.errors?.[0]?.path).toMatch(/^(ids|langue)$/);
  });

  it("accepts 50 ids, duplicates counted", async () => {
    const { body } = await items(`?ids=${Array.from({ length: 50 }, () => "1001").join(",")}`);
    expect(body.items).toHaveLength(1);
  });

  it("a control character in ids → 422", async () => {
    await expectProblem(await t.app.request("/api/basket/items?ids=1001%00"), 422);
  });
});

describe("GET /api/basket/items/{id}/image", () => {
  it("serves an SVG with an ETag, a long public cache and a restrictive policy", async () => {
    const res = await t.app.request("/api/basket/items/1005/image");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 240 240">/);
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(svg));

    for (const tag of [etag!, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await t.app.request("/api/basket/items/1005/image", { headers: { "If-None-Match": tag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
    }
    const stale = await t.app.request("/api/basket/items/1005/image", { headers: { "If-None-Match": '"0000"' } });
    expect(stale.status).toBe(200);
  });

  it("gives each item its own picture", async () => {
    const tags = new Set<string | null>();
    for (let id = 1001; id <= 1012; id++) tags.add((await t.app.request(`/api/basket/items/${id}/image`)).headers.get("etag"));
    expect(tags.size).toBe(12);
  });

  it.each(["9999", "a.b", "x".repeat(65), "%00"])("unknown or malformed id %s → 404 problem", async (id) => {
    await expectProblem(await t.app.request(`/api/basket/items/${id}/image`), 404);
  });
});
