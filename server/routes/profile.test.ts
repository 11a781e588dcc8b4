import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { createTestApp, expectProblem, fromAddress, json, withBotCheck, type TestContext } from "../test-support.ts";

let t: TestContext;
let counter = 0;
const nextAddress = () => fromAddress(`10.2.${Math.floor(++counter / 250)}.${counter % 250}`);
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Login {
  accessToken: string;
  user: { entreprises: { idTier: string; token: string }[] };
}

async function login(email: string, password = DEMO_PASSWORD): Promise<Login> {
  const res = await t.app.request("/api/auth/login", await withBotCheck(t.app, json({ email, password })), nextAddress());
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()) as Login;
}
const companyToken = async (email: string, idTier?: string) => {
  const body = await login(email);
  return (idTier ? body.user.entreprises.find((e) => e.idTier === idTier) : body.user.entreprises[0])!.token;
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const getProfile = (token: string) => t.app.request("/api/me/profile", { headers: auth(token) });
const putProfile = (token: string, body: unknown) =>
  t.app.request("/api/me/profile", {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...auth(token) },
    body: JSON.stringify(body),
  });

type Profile = {
  user: Record<string, string | null>;
  entreprise: {
    idTier: string;
    raison_sociale: string;
    formeJuridique: string;
    immatriculation: string;
    numeroClient: string;
    pays: string;
    derniereMiseAJour: string | null;
  };
};

const USER_KEYS = [
  "civilite",
  "nom",
  "prenom",
  "fonction",
  "email",
  "mobile",
  "telephone",
  "adresse",
  "adresse_complement",
  "code_postal",
  "ville",
  "pays",
];

/** The GET answer turned into a PUT body. */
async function currentBody(token: string) {
  const p = (await (await getProfile(token)).json()) as Profile;
  return {
    user: { ...p.user },
    entreprise: {
      raison_sociale: p.entreprise.raison_sociale,
      formeJuridique: p.entreprise.formeJuridique,
      immatriculation: p.entreprise.immatriculation,
    },
  };
}

describe("GET /api/me/profile", () => {
  it.each([
    ["multi@demo.macc.test", "1004217", "Mme", "FR", "C-100101"],
    ["multi@demo.macc.test", "3000452", "Mme", "FR", "B-300452"],
    ["stale@demo.macc.test", "1005530", "M.", "FR", "C-100530"],
    ["welcome@demo.macc.test", "1006612", "Mme", "FR", "C-100612"],
    ["uk@demo.macc.test", "4000128", "M.", "GB", "U-400128"],
  ])("%s with company %s", async (email, idTier, civilite, pays, numeroClient) => {
    const res = await getProfile(await companyToken(email, idTier));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const p = (await res.json()) as Profile;
    expect(Object.keys(p.user).sort()).toEqual([...USER_KEYS].sort());
    expect(p.user.civilite).toBe(civilite);
    expect(p.user.email).toBe(email);
    expect(p.user.pays).toBe(pays);
    for (const k of USER_KEYS.filter((k) => k !== "civilite")) expect(typeof p.user[k]).toBe("string");
    for (const k of ["nom", "prenom", "fonction", "mobile", "telephone", "adresse", "code_postal", "ville"]) expect(p.user[k]).not.toBe("");
    expect(p.entreprise.idTier).toBe(idTier);
    expect(p.entreprise.numeroClient).toBe(numeroClient);
    expect(p).toHaveProperty("emailChange", null);
    expect(Object.keys(p.entreprise).sort()).toEqual([
      "derniereMiseAJour",
      "formeJuridique",
      "idTier",
      "immatriculation",
      "numeroClient",
      "pays",
      "raison_sociale",
    ]);
  });

  it("null columns come back as empty strings (civilite as null)", async () => {
    await t.db.query(
      "UPDATE accounts SET civilite = NULL, fonction = NULL, adresse_complement = NULL WHERE email = 'stale@demo.macc.test'",
    );
    const p = (await (await getProfile(await companyToken("stale@demo.macc.test"))).json()) as Profile;
    expect(p.user.civilite).toBeNull();
    expect(p.user.fonction).toBe("");
    expect(p.user.adresse_complement).toBe("");
  });

  it("account-level token → 403, no token → 401", async () => {
    const body = await login("multi@demo.macc.test");
    const res = await expectProblem(await getProfile(body.accessToken), 403);
    expect(res.detail).toBe("Choisissez d'abord une entreprise.");
    await expectProblem(await t.app.request("/api/me/profile"), 401);
    await expectProblem(await putProfile(body.accessToken, {}), 403);
    await expectProblem(await t.app.request("/api/me/confirmation", { method: "POST", headers: auth(body.accessToken) }), 403);
  });
});

describe("PUT /api/me/profile", () => {
  it("saves the data, ignores numeroClient, marks the company up to date and answers like GET", async () => {
    const token = await companyToken("multi@demo.macc.test", "1004217");
    const body = await currentBody(token);
    const res = await putProfile(token, {
      user: { ...body.user, civilite: "M.", nom: " Durand-Leroy ", fonction: "", telephone: "+33 (0)2 41 88 12 30", code_postal: "49000" },
      entreprise: {
        raison_sociale: "Durand et Fils SAS",
        formeJuridique: "SAS",
        immatriculation: "552 100 554 00013",
        numeroClient: "HACK",
      },
    });
    expect(res.status).toBe(200);
    const p = (await res.json()) as Profile;
    expect(p.user).toMatchObject({
      civilite: "M.",
      nom: "Durand-Leroy",
      fonction: "",
      telephone: "+33 (0)2 41 88 12 30",
      code_postal: "49000",
    });
    expect(p.entreprise).toMatchObject({
      raison_sociale: "Durand et Fils SAS",
      immatriculation: "55210055400013",
      numeroClient: "C-100101",
      derniereMiseAJour: today(),
    });
    expect(await (await getProfile(token)).json()).toEqual(p);
    // the login data shows the new company name and date
    const me = (await (await t.app.request("/api/me", { headers: auth(token) })).json()) as {
      user: { entreprises: { idTier: string; raisonSocial: string; derniereMiseAJour: string }[] };
    };
    expect(me.user.entreprises.find((e) => e.idTier === "1004217")).toMatchObject({
      raisonSocial: "Durand et Fils SAS",
      derniereMiseAJour: today(),
    });
  });

  it.each<[string, (b: { user: Record<string, unknown>; entreprise: Record<string, unknown> }) => void, string, string, string]>([
    ["nom missing", (b) => delete b.user.nom, "FR", "user.nom", "Champ obligatoire"],
    ["nom blank", (b) => (b.user.nom = "   "), "FR", "user.nom", "Champ obligatoire"],
    ["prenom empty", (b) => (b.user.prenom = ""), "FR", "user.prenom", "Champ obligatoire"],
    ["email empty", (b) => (b.user.email = ""), "FR", "user.email", "Champ obligatoire"],
    ["email invalid", (b) => (b.user.email = "pas-une-adresse"), "FR", "user.email", "Adresse e-mail invalide."],
    ["raison_sociale empty", (b) => (b.entreprise.raison_sociale = ""), "FR", "entreprise.raison_sociale", "Champ obligatoire"],
    ["immatriculation missing", (b) => delete b.entreprise.immatriculation, "FR", "entreprise.immatriculation", "Champ obligatoire"],
    [
      "immatriculation bad Luhn",
      (b) => (b.entreprise.immatriculation = "552100555"),
      "FR",
      "entreprise.immatriculation",
      "Numéro d'immatriculation invalide pour ce pays.",
    ],
    [
      "immatriculation of another country",
      (b) => (b.entreprise.immatriculation = "BE0417497106"),
      "FR",
      "entreprise.immatriculation",
      "Numéro d'immatriculation invalide pour ce pays.",
    ],
    [
      "Belgian company, bad number",
      (b) => (b.entreprise.immatriculation = "0417497107"),
      "BE",
      "entreprise.immatriculation",
      "Numéro d'immatriculation invalide pour ce pays.",
    ],
    ["mobile with letters", (b) => (b.user.mobile = "06 12 AB"), "FR", "user.mobile", "Numéro de téléphone invalide."],
    ["telephone too short", (b) => (b.user.telephone = "12 34 5"), "FR", "user.telephone", "Numéro de téléphone invalide."],
    ["telephone too long", (b) => (b.user.telephone = "1".repeat(21)), "FR", "user.telephone", "Numéro de téléphone invalide."],
    ["French postcode of 4 digits", (b) => (b.user.code_postal = "4913"), "FR", "user.code_postal", "Code postal invalide pour ce pays."],
    [
      "Belgian postcode of 5 digits",
      (b) => ((b.user.pays = "BE"), (b.user.code_postal = "50000")),
      "FR",
      "user.code_postal",
      "Code postal invalide pour ce pays.",
    ],
    [
      "Dutch postcode without letters",
      (b) => ((b.user.pays = "NL"), (b.user.code_postal = "1012")),
      "FR",
      "user.code_postal",
      "Code postal invalide pour ce pays.",
    ],
    [
      "British postcode",
      (b) => ((b.user.pays = "GB"), (b.user.code_postal = "12345")),
      "FR",
      "user.code_postal",
      "Code postal invalide pour ce pays.",
    ],
    ["unknown country", (b) => (b.user.pays = "US"), "FR", "user.pays", "Pays invalide."],
    ["civilite Mr", (b) => (b.user.civilite = "Mr"), "FR", "user.civilite", "Civilité invalide : « M. » ou « Mme »."],
    ["nom not a string", (b) => (b.user.nom = 5), "FR", "user.nom", "Doit être une chaîne de caractères."],
    ["fonction not a string", (b) => (b.user.fonction = ["x"]), "FR", "user.fonction", "Doit être une chaîne de caractères."],
    ["nom too long", (b) => (b.user.nom = "x".repeat(101)), "FR", "user.nom", "100 caractères au maximum."],
    ["user missing", (b) => delete (b as Partial<typeof b>).user, "FR", "user", "Champ obligatoire"],
    ["user not an object", (b) => (b.user = "x" as never), "FR", "user", "Doit être un objet."],
    [
      "motDePasse not a string",
      (b) => ((b as Record<string, unknown>).motDePasse = 12),
      "FR",
      "motDePasse",
      "Doit être une chaîne de caractères.",
    ],
  ])("%s → 422", async (_l, mutate, country, path, message) => {
    const token = await companyToken("multi@demo.macc.test", country === "BE" ? "3000452" : "1004217");
    const body = await currentBody(token);
    mutate(body as never);
    const problem = await expectProblem(await putProfile(token, body), 422);
    expect(problem.errors).toContainEqual({ path, message });
  });

  it("reports every field error of the body at once, in form order; then the ones that need the company's country", async () => {
    const token = await companyToken("multi@demo.macc.test", "1004217");
    const body = await currentBody(token);
    const problem = await expectProblem(
      await putProfile(token, {
        ...body,
        user: { ...body.user, nom: "", email: "x", code_postal: "1" },
        entreprise: { ...body.entreprise, immatriculation: "" },
      }),
      422,
    );
    expect(problem.errors?.map((e) => e.path)).toEqual(["user.nom", "user.email", "user.code_postal", "entreprise.immatriculation"]);
    // The company's country is not in the body: its rules come once the body is valid.
    const company = await expectProblem(
      await putProfile(token, {
        ...body,
        user: { ...body.user, pays: "", code_postal: "1" },
        entreprise: { ...body.entreprise, immatriculation: "123" },
      }),
      422,
    );
    expect(company.errors).toEqual([
      { path: "user.code_postal", message: "Code postal invalide pour ce pays." },
      { path: "entreprise.immatriculation", message: "Numéro d'immatriculation invalide pour ce pays." },
    ]);
  });

  it.each([
    ["FR", "GB", "SW1A 1AA"],
    ["FR", "NL", "1012 AB"],
    ["FR", "LU", "L-1234"],
    ["FR", "ES", "28009"],
    ["BE", "BE", "5000"],
  ])("%s company, %s address, postcode %s → 200", async (country, pays, code_postal) => {
    const token = await companyToken("multi@demo.macc.test", country === "BE" ? "3000452" : "1004217");
    const body = await currentBody(token);
    const res = await putProfile(token, { ...body, user: { ...body.user, pays, code_postal } });
    expect(res.status).toBe(200);
  });

  it("the UK company accepts a Companies House number; the Belgian one a BE number", async () => {
    const uk = await companyToken("uk@demo.macc.test");
    const ukBody = await currentBody(uk);
    const r1 = await putProfile(uk, { ...ukBody, entreprise: { ...ukBody.entreprise, immatriculation: "sc123456" } });
    expect(r1.status).toBe(200);
    expect(((await r1.json()) as Profile).entreprise.immatriculation).toBe("SC123456");
    const be = await companyToken("multi@demo.macc.test", "3000452");
    const beBody = await currentBody(be);
    expect((await putProfile(be, { ...beBody, entreprise: { ...beBody.entreprise, immatriculation: "BE 0417.497.106" } })).status).toBe(
      200,
    );
  });

  it.each<[string, RequestInit, number]>([
    ["malformed JSON", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{" }, 400],
    ["text body", { method: "PUT", headers: { "Content-Type": "text/plain" }, body: "x" }, 415],
    ["an array", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "[]" }, 422],
    ["null", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "null" }, 422],
    ["empty object", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" }, 422],
    ["too large", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ x: "x".repeat(20_000) }) }, 413],
  ])("%s → %i problem", async (_l, init, status) => {
    const token = await companyToken("welcome@demo.macc.test");
    const headers = { ...(init.headers as Record<string, string>), ...auth(token) };
    await expectProblem(await t.app.request("/api/me/profile", { ...init, headers }), status);
  });

  describe("changing the e-mail (the confirmed change itself: email-change.test.ts)", () => {
    const PAGE = "/portail/mon-compte/changement-email";

    it("needs the current password (missing → 422, wrong → 422, never 401)", async () => {
      const token = await companyToken("welcome@demo.macc.test");
      const body = await currentBody(token);
      const changed = { ...body, user: { ...body.user, email: "camille.bernard@exploitation.test" }, emailChangePath: PAGE };
      const missing = await expectProblem(await putProfile(token, changed), 422);
      expect(missing.errors).toEqual([{ path: "motDePasse", message: "Champ obligatoire" }]);
      const wrong = await expectProblem(await putProfile(token, { ...changed, motDePasse: "Mauvais2026" }), 422);
      expect(wrong.errors).toEqual([{ path: "motDePasse", message: "Mot de passe invalide." }]);
      expect((await getProfile(token)).status).toBe(200);
    });

    it("an address used by another account is not refused (no 409): the change waits like any other", async () => {
      const token = await companyToken("welcome@demo.macc.test");
      const body = await currentBody(token);
      const res = await putProfile(token, {
        ...body,
        user: { ...body.user, email: "Multi@Demo.macc.test" },
        motDePasse: DEMO_PASSWORD,
        emailChangePath: PAGE,
      });
      expect(res.status).toBe(200);
      const saved = (await res.json()) as Profile & { emailChange: { email: string } };
      expect(saved.user.email).toBe("welcome@demo.macc.test");
      expect(saved.emailChange.email).toBe("multi@demo.macc.test");
      // unchanged e-mail: no password needed, and the pending change stays
      const again = await putProfile(token, await currentBody(token));
      expect(((await again.json()) as typeof saved).emailChange.email).toBe("multi@demo.macc.test");
    });

    it("wrong passwords are throttled like the password change (429 after 5)", async () => {
      const token = await companyToken("uk@demo.macc.test");
      const body = await currentBody(token);
      const changed = { ...body, user: { ...body.user, email: "oliver@greenfield.test" }, motDePasse: "Wrong2026x", emailChangePath: PAGE };
      for (let i = 0; i < 5; i++) await expectProblem(await putProfile(token, changed), 422);
      const res = await putProfile(token, { ...changed, motDePasse: DEMO_PASSWORD });
      await expectProblem(res, 429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    });
  });
});

describe("POST /api/me/confirmation", () => {
  it("confirms the selected company's data as of today", async () => {
    const token = await companyToken("stale@demo.macc.test");
    const res = await t.app.request("/api/me/confirmation", { method: "POST", headers: auth(token) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entreprise: Record<string, unknown> };
    expect(body.entreprise).toEqual({
      idTier: "1005530",
      codeReseau: "FRA",
      formeJuridique: "SARL",
      raisonSocial: "Martin Agrofournitures",
      immatriculation: expect.stringMatching(/^\d{14}$/),
      numeroClient: "C-100530",
      pays: "FR",
      derniereMiseAJour: today(),
      role: "owner",
    });
    const me = (await (await t.app.request("/api/me", { headers: auth(token) })).json()) as {
      user: { entreprises: { derniereMiseAJour: string }[] };
    };
    expect(me.user.entreprises[0]?.derniereMiseAJour).toBe(today());
  });

  it("no token → 401", async () => {
    await expectProblem(await t.app.request("/api/me/confirmation", { method: "POST" }), 401);
  });
});
