/** Bank details (COORDONNEE_BANCAIRE) behind the `coordonnee-bancaire` feature, and GET /api/features. */
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankDetailsAnswer } from "../../src/contract/bank-details.ts";
import { RIB_TYPES } from "../../src/contract/rib.ts";
import { loadConfig, StartupError } from "../config.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { makePdf } from "../demo/seed-helpers.ts";
import { validatePendingBankDetails } from "../queries/bank-details.ts";
import { createTestApp, expectProblem, fromAddress, json, withBotCheck, type TestContext } from "../test-support.ts";

const FRA = "1004217"; // details in force
const AGR = "2000873"; // details in force and a change being validated
const BLG = "3000452"; // no details
const VALID = "FR76 3000 4000 0312 3456 7890 143";
const VALID_NORMALISED = "FR7630004000031234567890143";

let on: TestContext;
let off: TestContext;
let small: TestContext;
let account = "";
let company: Record<string, string> = {};

beforeAll(async () => {
  on = await createTestApp({ features: ["coordonnee-bancaire"] });
  off = await createTestApp({}, on.db);
  small = await createTestApp({ features: ["coordonnee-bancaire"], ribMaxBytes: 2048, ribTypes: ["pdf"] }, on.db);
  const res = await on.app.request(
    "/api/auth/login",
    await withBotCheck(on.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
    fromAddress("10.77.0.1"),
  );
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { idTier: string; token: string }[] } };
  account = body.accessToken;
  company = Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token]));
});
afterAll(async () => {
  await on.close();
});

const auth = (idTier: string) => ({ Authorization: `Bearer ${company[idTier]}` });
const PDF = makePdf("RIB", "test");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const TEXT = new TextEncoder().encode("not a document at all");

function change(fields: { iban?: string; intitule?: string; rib?: Uint8Array | string | null; name?: string; type?: string }): FormData {
  const form = new FormData();
  if (fields.iban !== undefined) form.set("iban", fields.iban);
  if (fields.intitule !== undefined) form.set("intitule", fields.intitule);
  const rib = fields.rib === undefined ? PDF : fields.rib;
  if (typeof rib === "string") form.set("rib", rib);
  else if (rib)
    form.set("rib", new File([rib as Uint8Array<ArrayBuffer>], fields.name ?? "mon RIB.pdf", { type: fields.type ?? "application/pdf" }));
  return form;
}
const post = (ctx: TestContext, idTier: string, body: BodyInit, headers: Record<string, string> = {}) =>
  ctx.app.request("/api/me/bank-details", { method: "POST", headers: { ...auth(idTier), ...headers }, body });
/** The answer, read with the contract's schema (which throws on anything it does not hold: a RIB type too). */
const read = async (idTier: string) => {
  const res = await on.app.request("/api/me/bank-details", { headers: auth(idTier) });
  expect(res.status).toBe(200);
  return v.parse(BankDetailsAnswer, await res.json());
};

describe("the feature flag", () => {
  it("GET /api/features lists the features switched on, public and cacheable for a minute", async () => {
    for (const [ctx, features] of [
      [on, ["coordonnee-bancaire"]],
      [off, []],
    ] as const) {
      const res = await ctx.app.request("/api/features");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ features });
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    }
  });

  it.each<[string, string, RequestInit]>([
    ["GET", "/api/me/bank-details", {}],
    ["POST", "/api/me/bank-details", { method: "POST", body: change({ iban: VALID, intitule: "X" }) }],
    ["GET", "/api/me/bank-details/00000000-0000-4000-8000-000000000000/rib", {}],
  ])("off: %s %s → 404 problem, even logged in", async (_m, path, init) => {
    await expectProblem(await off.app.request(path, { ...init, headers: auth(FRA) }), 404);
    await expectProblem(await off.app.request(path, init), 404);
  });

  it.each<[string, string | undefined, string[]]>([
    ["unset", undefined, []],
    ["empty", "", []],
    ["the bank details", "coordonnee-bancaire", ["coordonnee-bancaire"]],
    ["case and spaces", " Coordonnee-Bancaire , ", ["coordonnee-bancaire"]],
  ])("MACC_FEATURES %s → %j", (_label, value, features) => {
    expect(loadConfig({ MACC_FEATURES: value }).features).toEqual(features);
  });

  it.each([
    ["MACC_FEATURES", "coordonee-bancaire"],
    ["RIB_TYPES", "pdf,gif"],
    ["RIB_MAX_BYTES", "0"],
  ])("%s=%s stops the server at start", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(StartupError);
  });

  it("RIB limits: 5 MB and PDF, JPEG, PNG by default; configurable", () => {
    expect(loadConfig({})).toMatchObject({ ribMaxBytes: 5 * 1024 * 1024, ribTypes: ["pdf", "jpeg", "png"] });
    expect(loadConfig({ RIB_MAX_BYTES: "1000000", RIB_TYPES: "pdf" })).toMatchObject({ ribMaxBytes: 1_000_000, ribTypes: ["pdf"] });
  });
});

describe("GET /api/me/bank-details", () => {
  it("needs a session (401) and a selected company (403)", async () => {
    await expectProblem(await on.app.request("/api/me/bank-details"), 401);
    await expectProblem(await on.app.request("/api/me/bank-details", { headers: { Authorization: `Bearer ${account}` } }), 403);
  });

  it("the details in force, with the RIB's description, and the limits", async () => {
    const body = await read(FRA);
    expect(body.inForce).toMatchObject({
      iban: "FR7630006000011234567890189",
      intitule: "ETS DURAND ET FILS",
      document: { name: "rib-1004217.pdf", type: "pdf" },
    });
    expect(body.inForce!.validatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.inForce!.document!.size).toBeGreaterThan(100);
    expect(body.limits).toEqual({ maxBytes: 5 * 1024 * 1024, types: RIB_TYPES });
  });

  it("a change being validated beside the details in force (AGR), nothing for a company without details (BLG)", async () => {
    const agr = await read(AGR);
    expect(agr.inForce?.iban).toBe("FR4417906000320065432109876");
    expect(agr.pending).toMatchObject({ iban: "FR0914508000405678901234523", document: { type: "pdf" } });
    const blg = await read(BLG);
    expect([blg.inForce, blg.pending]).toEqual([null, null]);
  });
});

describe("POST /api/me/bank-details (a change with its RIB)", () => {
  it("the details already in force, as typed → 422 on the IBAN, and no change is queued", async () => {
    const before = await read(FRA);
    const res = await post(on, FRA, change({ iban: "fr76 3000 6000 0112 3456 7890 189", intitule: " Ets Durand  et Fils " }));
    const problem = await expectProblem(res, 422);
    expect(problem.errors).toEqual([
      { path: "iban", message: "Ce sont déjà vos coordonnées bancaires : modifiez l'IBAN ou l'intitulé du compte." },
    ]);
    expect(await read(FRA)).toEqual(before);
  });

  it("is accepted as pending (202), normalised; the details in force stay; a newer change replaces it", async () => {
    const before = await read(BLG);
    const res = await post(on, BLG, change({ iban: ` ${VALID.toLowerCase()} `, intitule: "  Agri Services Wallonie  " }));
    expect(res.status).toBe(202);
    const { pending } = (await res.json()) as { pending: { id: string; iban: string; intitule: string; document: { name: string } } };
    expect(pending).toMatchObject({ iban: VALID_NORMALISED, intitule: "Agri Services Wallonie", document: { name: "mon-RIB.pdf" } });
    const after = await read(BLG);
    expect(after.inForce).toEqual(before.inForce);
    expect(after.pending?.id).toBe(pending.id);

    const again = await post(
      on,
      BLG,
      change({ iban: "BE68 5390 0754 7034", intitule: "ASW", rib: PNG, name: "scan.png", type: "image/png" }),
    );
    expect(again.status).toBe(202);
    const latest = await read(BLG);
    expect(latest.pending).toMatchObject({ iban: "BE68539007547034", document: { type: "png" } });
    expect(latest.pending!.id).not.toBe(pending.id);
  });

  it("the back office's validation brings the pending change into force", async () => {
    await post(on, FRA, change({ iban: VALID, intitule: "DURAND ET FILS" }));
    expect(await validatePendingBankDetails(on.db, FRA)).toBe(true);
    const body = await read(FRA);
    expect(body.inForce).toMatchObject({ iban: VALID_NORMALISED, intitule: "DURAND ET FILS" });
    expect(body.pending).toBeNull();
    expect(await validatePendingBankDetails(on.db, FRA)).toBe(false);
  });

  it.each<[string, Parameters<typeof change>[0], Array<[string, string | RegExp]>]>([
    [
      "nothing",
      { rib: null },
      [
        ["iban", "Saisissez l'IBAN."],
        ["intitule", "Saisissez l'intitulé du compte."],
        ["rib", "Joignez votre RIB."],
      ],
    ],
    [
      "a wrong check digit",
      { iban: "FR76 3000 6000 0112 3456 7890 188", intitule: "A" },
      [["iban", "Cet IBAN n'est pas valide : vérifiez-le sur votre RIB."]],
    ],
    [
      "a French IBAN one digit short",
      { iban: "FR76 3000 6000 0112 3456 7890 18", intitule: "A" },
      [["iban", "Un IBAN FR compte 27 caractères."]],
    ],
    [
      "a country without IBANs",
      { iban: "US76 3000 6000 0112 3456 7890 18", intitule: "A" },
      [["iban", "« US » n'est pas un pays qui utilise l'IBAN."]],
    ],
    ["stray characters", { iban: "FR76 3000 6000 0112 3456 7890 18*", intitule: "A" }, [["iban", /^Un IBAN commence par/]]],
    ["an intitule of spaces", { iban: VALID, intitule: "   " }, [["intitule", "Saisissez l'intitulé du compte."]]],
    ["an intitule too long", { iban: VALID, intitule: "A".repeat(71) }, [["intitule", "70 caractères au maximum."]]],
    ["a line break in the intitule", { iban: VALID, intitule: "A\nB" }, [["intitule", /ligne/]]],
    ["a file as the IBAN", { iban: VALID, intitule: "A", rib: "not a file" }, [["rib", "Joignez votre RIB."]]],
    ["an empty file", { iban: VALID, intitule: "A", rib: new Uint8Array() }, [["rib", "Joignez votre RIB."]]],
    [
      "a text file named .pdf",
      { iban: VALID, intitule: "A", rib: TEXT },
      [["rib", "Ce type de fichier n'est pas accepté : envoyez un PDF, JPEG ou PNG."]],
    ],
  ])("%s → 422 with the fields' messages in form order", async (_label, fields, expected) => {
    const p = await expectProblem(await post(on, BLG, change(fields)), 422);
    expect(p.type).toBe("urn:macc:problem:validation");
    expect(p.errors?.map((e) => e.path)).toEqual(expected.map(([path]) => path));
    p.errors?.forEach((e, i) => expect(e.message).toMatch(expected[i]![1]));
  });

  it("a document over the limit in a form within the body limit → 422 file-too-large on the field (not 413, which would end the session)", async () => {
    const big = new Uint8Array(4096);
    big.set(PDF.subarray(0, 8));
    const p = await expectProblem(await post(small, BLG, change({ iban: VALID, intitule: "A", rib: big })), 422);
    expect(p).toMatchObject({
      type: "urn:macc:problem:file-too-large",
      detail: "Le fichier est trop volumineux : 2\u202fko au maximum.", // a narrow no-break space, as Intl writes units
    });
    expect(p.errors).toEqual([{ path: "rib", message: expect.stringMatching(/trop volumineux/) }]);
  });

  it("types are the configured ones, recognised by content: a PNG refused when only PDF is accepted", async () => {
    const p = await expectProblem(await post(small, BLG, change({ iban: VALID, intitule: "A", rib: PNG, name: "rib.pdf" })), 422);
    expect(p.errors).toEqual([{ path: "rib", message: "Ce type de fichier n'est pas accepté : envoyez un PDF." }]);
  });

  it.each<[string, RequestInit, number]>([
    ["JSON instead of a form", json({ iban: VALID, intitule: "A" }), 415],
    [
      "a broken multipart body",
      { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--x\r\nnonsense" },
      400,
    ],
  ])("%s → %i problem", async (_label, init, status) => {
    const res = await on.app.request("/api/me/bank-details", {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...auth(BLG) },
    });
    await expectProblem(res, status);
  });

  it("needs a session and a selected company", async () => {
    await expectProblem(
      await on.app.request("/api/me/bank-details", { method: "POST", body: change({ iban: VALID, intitule: "A" }) }),
      401,
    );
    await expectProblem(
      await on.app.request("/api/me/bank-details", {
        method: "POST",
        headers: { Authorization: `Bearer ${account}` },
        body: change({ iban: VALID, intitule: "A" }),
      }),
      403,
    );
  });
});

describe("GET /api/me/bank-details/{id}/rib", () => {
  it("the document of a version of the selected company, as an attachment", async () => {
    const { pending } = await read(AGR);
    const res = await on.app.request(`/api/me/bank-details/${pending!.id}/rib`, { headers: auth(AGR) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="rib-2000873.pdf"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it.each<[string, () => Promise<string>, string]>([
    ["another company's document", async () => (await read(AGR)).pending!.id, FRA],
    ["an unknown id", async () => "00000000-0000-4000-8000-000000000000", AGR],
    ["not an id", async () => "abc", AGR],
  ])("%s → 404", async (_label, id, idTier) => {
    await expectProblem(await on.app.request(`/api/me/bank-details/${await id()}/rib`, { headers: auth(idTier) }), 404);
  });
});
