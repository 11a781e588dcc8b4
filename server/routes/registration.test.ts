import { beforeAll, describe, expect, it } from "vitest";
import { problemDetail } from "../../src/contract/problem-details.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { hashSecretToken } from "../auth/tokens.ts";
import { withLuhnDigit } from "../demo/seed-helpers.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import { maskEmail, maskMobile, toE164 } from "../registration/contact-means.ts";
import {
  botJson,
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  refreshCookie,
  waitForMail,
  withBotCheck,
  type TestContext,
} from "../test-support.ts";

let t: TestContext;
let n = 0;
const nextAddress = () => fromAddress(`10.88.${Math.floor(++n / 250)}.${n % 250}`);

beforeAll(async () => {
  // Generous per-number limit: the demo company is searched by many tests (limits are tested apart).
  t = await createTestApp({ registrationIdentifyMaxPerNumber: 1000 });
});

const DEMO = {
  idTier: "1007001",
  formeJuridique: "SAS",
  raisonSocial: "Ferme de la Vallée Verte",
  immatriculation: "552100554",
  numeroClient: "C-100200",
};
const PASSWORD = "Inscription2026";

type Problem = Awaited<ReturnType<typeof expectProblem>> & { remainingTries?: number };

const post = async (path: string, body: unknown, headers: Record<string, string> = {}, app = t.app, env = nextAddress()) =>
  app.request(path, await botJson(app, body, headers), env);

let companyCounter = 0;
/** A new French company (SIREN from a counter), optionally with contact data; returns its ids. */
async function createCompany(options: { email?: string | null; mobile?: string | null; siren?: string; nic?: string } = {}) {
  const i = ++companyCounter;
  const siren = options.siren ?? withLuhnDigit(String(70_000_000 + i * 7919).slice(0, 8));
  const immatriculation = options.nic ? withLuhnDigit(siren + options.nic) : siren;
  const idTier = `9${String(100000 + i)}`;
  await t.db.query(
    `INSERT INTO companies (id_tier, code_reseau, forme_juridique, raison_sociale, immatriculation, numero_client, pays, contact_email, contact_mobile)
     VALUES ($1, 'FRA', 'EARL', $2, $3, $4, 'FR', $5, $6)`,
    [
      idTier,
      `EARL Test ${i}`,
      immatriculation,
      `T-${idTier}`,
      options.email === undefined ? `contact${i}@earl-test${i}.test` : options.email,
      options.mobile === undefined ? `+33 6 00 00 ${String(i).padStart(2, "0")} ${String(i).padStart(2, "0")}` : options.mobile,
    ],
  );
  return { idTier, siren, immatriculation, numeroClient: `T-${idTier}`, email: options.email, mobile: options.mobile };
}

let emailCounter = 0;
const newEmail = () => `inscrit${++emailCounter}.${Date.now()}@client.test`;

async function identify(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return post("/api/registration", { pays: "FR", email: newEmail(), mobile: "+33 6 12 34 56 78", ...body }, headers);
}

async function start(body: Record<string, unknown>) {
  const res = await identify(body);
  expect(res.status).toBe(201);
  return (await res.json()) as { registrationId: string; entreprisesTrouvees: (typeof DEMO)[] };
}

const companies = (id: string, idTiers: unknown) => post(`/api/registration/${id}/companies`, { idTiers });
const requestCode = (id: string, moyenContact: unknown, headers: Record<string, string> = {}) =>
  post(`/api/registration/${id}/code`, { moyenContact }, headers);
const verify = (id: string, code: unknown) => post(`/api/registration/${id}/verify`, { code });
const complete = (id: string, motDePasse: unknown = PASSWORD, confirmerMotDePasse: unknown = motDePasse) =>
  post(`/api/registration/${id}/complete`, { motDePasse, confirmerMotDePasse });

interface OutboxRow {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
}
async function outboxIds(): Promise<Set<string>> {
  return new Set((await t.db.query<{ id: string }>("SELECT id FROM outbox")).rows.map((r) => r.id));
}
/** Waits for a message to `to` that was not in `before`. */
async function newMessage(before: Set<string>, to: string): Promise<OutboxRow> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { rows } = await t.db.query<OutboxRow>(
      "SELECT id, channel, recipient, subject, body FROM outbox WHERE recipient = $1 ORDER BY created_at DESC, id DESC",
      [to],
    );
    const found = rows.find((r) => !before.has(r.id));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no new message to ${to}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

/** Sends a code by SMS to the company's mobile and returns it. */
async function sendSmsCode(id: string, to: string, meansId = "sms-1") {
  const before = await outboxIds();
  const res = await requestCode(id, meansId);
  expect(res.status).toBe(202);
  return codeIn((await newMessage(before, to)).body);
}

/** Registration at the "companies chosen" step for a fresh company; returns the ids and the SMS number. */
async function chosen(options: Parameters<typeof createCompany>[0] = {}) {
  const company = await createCompany(options);
  const { registrationId } = await start({ immatriculation: company.immatriculation });
  const res = await companies(registrationId, [company.idTier]);
  expect(res.status).toBe(200);
  const { moyensContacts } = (await res.json()) as { moyensContacts: { id: string; type: string; masked: string }[] };
  const { rows } = await t.db.query<{ contact_mobile: string }>("SELECT contact_mobile FROM companies WHERE id_tier = $1", [
    company.idTier,
  ]);
  return { id: registrationId, company, moyensContacts, sms: toE164(rows[0]!.contact_mobile, "FR")! };
}

/** Registration verified (code by SMS) for a fresh company. */
async function verified(options: Parameters<typeof createCompany>[0] = {}) {
  const r = await chosen(options);
  const code = await sendSmsCode(r.id, r.sms);
  expect((await verify(r.id, code)).status).toBe(200);
  return r;
}

const backdateCode = (id: string, seconds = 61) =>
  t.db.query(`UPDATE registrations SET code_sent_at = now() - make_interval(secs => $2) WHERE id_hash = $1`, [
    hashSecretToken(id),
    seconds,
  ]);

describe("POST /api/registration — identification", () => {
  it("finds the demo company by its SIREN 552100554", async () => {
    const res = await identify({ immatriculation: "552100554" });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { registrationId: string; entreprisesTrouvees: unknown[] };
    expect(Object.keys(body).sort()).toEqual(["entreprisesTrouvees", "registrationId"]);
    expect(body.registrationId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.entreprisesTrouvees).toEqual([DEMO]);
    // only the SHA-256 of the id is stored
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations WHERE id_hash = $1", [
      hashSecretToken(body.registrationId),
    ]);
    expect(rows[0]!.n).toBe(1);
  });

  it.each([
    ["customer number", { numeroClient: "C-100200" }],
    ["customer number, other case and spaces", { numeroClient: "  c-100200 " }],
    ["SIREN with spaces", { immatriculation: "552 100 554" }],
    ["SIRET of the SIREN", { immatriculation: "552 100 554 00013" }],
    ["French VAT number of the SIREN", { immatriculation: `FR ${String((12 + 3 * (552100554 % 97)) % 97).padStart(2, "0")} 552100554` }],
    ["both numbers", { immatriculation: "552100554", numeroClient: "C-100200" }],
    ["blank customer number ignored", { immatriculation: "552100554", numeroClient: " " }],
  ])("finds it by %s", async (_label, body) => {
    const res = await identify(body);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { entreprisesTrouvees: unknown[] }).entreprisesTrouvees).toEqual([DEMO]);
  });

  it("a SIREN finds the companies registered with a SIRET of it (and the other way round)", async () => {
    const siren = withLuhnDigit("61234567");
    const a = await createCompany({ siren, nic: "0001" });
    const b = await createCompany({ siren, nic: "0002" });
    const bySiren = (await (await identify({ immatriculation: siren })).json()) as { entreprisesTrouvees: { idTier: string }[] };
    expect(bySiren.entreprisesTrouvees.map((e) => e.idTier).sort()).toEqual([a.idTier, b.idTier].sort());
    const bySiret = (await (await identify({ immatriculation: withLuhnDigit(`${siren}0009`) })).json()) as {
      entreprisesTrouvees: { idTier: string }[];
    };
    expect(bySiret.entreprisesTrouvees.map((e) => e.idTier).sort()).toEqual([a.idTier, b.idTier].sort());
    const sirenCompany = await createCompany();
    const bySiretOfSiren = (await (await identify({ immatriculation: withLuhnDigit(`${sirenCompany.siren}0001`) })).json()) as {
      entreprisesTrouvees: { idTier: string }[];
    };
    expect(bySiretOfSiren.entreprisesTrouvees.map((e) => e.idTier)).toEqual([sirenCompany.idTier]);
  });

  it("never tells whether the companies have an account (the multi account's company is found like any other)", async () => {
    const res = await identify({ numeroClient: "C-100101" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { entreprisesTrouvees: Record<string, unknown>[] };
    expect(Object.keys(body.entreprisesTrouvees[0]!).sort()).toEqual(Object.keys(DEMO).sort());
  });

  it("nothing found by registration number → 404 « Aucune entreprise ne correspond. »", async () => {
    const p = await expectProblem(await identify({ immatriculation: "732829320" }), 404);
    expect(p.detail).toBe("Aucune entreprise ne correspond.");
    // both numbers that do not designate the same company
    expect((await expectProblem(await identify({ immatriculation: "552100554", numeroClient: "C-100101" }), 404)).detail).toBe(
      problemDetail("noCompany", "fr-FR"),
    );
  });

  it("nothing found by customer number → 404 « Désolé, ce code client n'est pas reconnu. »", async () => {
    const p = await expectProblem(await identify({ numeroClient: "C-999999" }), 404);
    expect(p.detail).toBe("Désolé, ce code client n'est pas reconnu.");
    // a customer number of another country
    expect((await expectProblem(await identify({ pays: "BE", numeroClient: "C-100200" }), 404)).detail).toBe(
      problemDetail("unknownCustomer", "fr-FR"),
    );
  });

  it.each<[string, Record<string, unknown>, { path: string; message: string }[]]>([
    ["neither number", {}, [{ path: "immatriculation", message: "Un des deux champs est obligatoire" }]],
    [
      "blank numbers",
      { immatriculation: "  ", numeroClient: "" },
      [{ path: "immatriculation", message: "Un des deux champs est obligatoire" }],
    ],
    [
      "invalid SIREN",
      { immatriculation: "552100555" },
      [{ path: "immatriculation", message: "Numéro d'immatriculation invalide pour ce pays." }],
    ],
    [
      "French number for Belgium",
      { pays: "BE", immatriculation: "552100554" },
      [{ path: "immatriculation", message: "Numéro d'immatriculation invalide pour ce pays." }],
    ],
    ["bad e-mail", { numeroClient: "C-100200", email: "pas-un-email" }, [{ path: "email", message: "Adresse e-mail invalide." }]],
    ["short mobile", { numeroClient: "C-100200", mobile: "06 12 34" }, [{ path: "mobile", message: "Numéro de mobile invalide." }]],
    [
      "mobile with letters",
      { numeroClient: "C-100200", mobile: "06 12 AB 56 78" },
      [{ path: "mobile", message: "Numéro de mobile invalide." }],
    ],
    [
      "mobile of 16 digits",
      { numeroClient: "C-100200", mobile: "+33 6 12 34 56 78 90 12 3" },
      [{ path: "mobile", message: "Numéro de mobile invalide." }],
    ],
    [
      "mobile with a + inside",
      { numeroClient: "C-100200", mobile: "06+12345678" },
      [{ path: "mobile", message: "Numéro de mobile invalide." }],
    ],
    [
      "mobile as a number",
      { numeroClient: "C-100200", mobile: 612345678 },
      [{ path: "mobile", message: "Doit être une chaîne de caractères." }],
    ],
    [
      "missing e-mail and mobile",
      { numeroClient: "C-100200", email: undefined, mobile: null },
      [
        { path: "email", message: "Champ obligatoire" },
        { path: "mobile", message: "Champ obligatoire" },
      ],
    ],
    ["unknown country", { pays: "DE", numeroClient: "C-100200" }, [{ path: "pays", message: "Pays invalide." }]],
    ["missing country", { pays: undefined, numeroClient: "C-100200" }, [{ path: "pays", message: "Champ obligatoire" }]],
    [
      "number of the wrong type",
      { immatriculation: 552100554 },
      [{ path: "immatriculation", message: "Doit être une chaîne de caractères." }],
    ],
    [
      "everything wrong at once",
      { pays: "FR", immatriculation: "123", email: "x", mobile: "y" },
      [
        { path: "immatriculation", message: "Numéro d'immatriculation invalide pour ce pays." },
        { path: "email", message: "Adresse e-mail invalide." },
        { path: "mobile", message: "Numéro de mobile invalide." },
      ],
    ],
  ])("%s → 422 with the field errors", async (_label, body, errors) => {
    const p = await expectProblem(await identify(body), 422);
    expect(p.errors).toEqual(errors);
  });

  it("malformed bodies → 400 / 415 / 422, never 500", async () => {
    const raw = async (init: RequestInit) => t.app.request("/api/registration", await withBotCheck(t.app, init), nextAddress());
    await expectProblem(await raw({ method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }), 400);
    await expectProblem(await raw({ method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" }), 415);
    for (const body of [null, [], "x", 42]) await expectProblem(await raw(json(body)), 422);
  });
});

describe("POST /api/registration/{id}/companies", () => {
  it("gives the masked contact means of the demo company", async () => {
    const { registrationId } = await start({ immatriculation: "552100554" });
    const res = await companies(registrationId, ["1007001"]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      moyensContacts: [
        { id: "email-1", type: "email", masked: "c***@v***.test" },
        { id: "sms-1", type: "sms", masked: "+33 6 ** ** ** 44" },
      ],
    });
  });

  it("masking rules", () => {
    expect(maskEmail("jean.dupont@ferme.fr")).toBe("j***@f***.fr");
    expect(maskMobile("+33611223312")).toBe("+33 6 ** ** ** 12");
    expect(maskMobile("+32470123456")).toBe("+32 4 ** ** ** 56");
    expect(maskMobile("+352621123456")).toBe("+352 6 ** ** ** 56");
    expect(maskMobile("+447700900123")).toBe("+44 7 * ** ** ** 23");
    expect(toE164("06 11 22 33 12", "FR")).toBe("+33611223312");
    expect(toE164("0032 470 12 34 56", "BE")).toBe("+32470123456");
    expect(toE164("612 345 678", "ES")).toBe("+34612345678");
  });

  it("removes duplicates across the chosen companies, in their order", async () => {
    const siren = withLuhnDigit("62345678");
    const a = await createCompany({ siren, nic: "0001", email: "Dup@Ferme-Dup.test", mobile: "06 55 44 33 22" });
    const b = await createCompany({ siren, nic: "0002", email: "dup@ferme-dup.test", mobile: "+33 6 55 44 33 22" });
    const c = await createCompany({ siren, nic: "0003", email: "autre@ferme-dup.test", mobile: null });
    const { registrationId, entreprisesTrouvees } = await start({ immatriculation: siren });
    expect(entreprisesTrouvees).toHaveLength(3);
    const res = await companies(registrationId, [b.idTier, a.idTier, c.idTier, a.idTier]);
    expect(await res.json()).toEqual({
      moyensContacts: [
        { id: "email-1", type: "email", masked: "d***@f***.test" },
        { id: "email-2", type: "email", masked: "a***@f***.test" },
        { id: "sms-1", type: "sms", masked: "+33 6 ** ** ** 22" },
      ],
    });
  });

  it.each([
    ["an empty list", []],
    ["a company that was not found", ["1004217"]],
    ["a mix", ["1007001", "nope"]],
    ["not a list", "1007001"],
    ["numbers", [1007001]],
    ["missing", undefined],
  ])("%s → 422 « Sélectionnez au moins une entreprise »", async (_label, idTiers) => {
    const { registrationId } = await start({ immatriculation: "552100554" });
    const p = await expectProblem(await companies(registrationId, idTiers), 422);
    expect(p.errors).toEqual([{ path: "idTiers", message: "Sélectionnez au moins une entreprise" }]);
  });

  it("a company that already has an account → 409 account-exists", async () => {
    const { registrationId, entreprisesTrouvees } = await start({ numeroClient: "C-100101" }); // the multi account's FRA company
    expect(entreprisesTrouvees.map((e) => e.idTier)).toEqual(["1004217"]);
    const p = await expectProblem(await companies(registrationId, ["1004217"]), 409);
    expect(p.type).toBe("urn:macc:problem:account-exists");
    expect(p.detail).toBe("Vous ne vous souvenez plus de votre mot de passe ? Souhaitez-vous le réinitialiser ?");
  });

  it("no contact means → 422 no-contact-means with an empty errors list", async () => {
    const bare = await createCompany({ email: null, mobile: null });
    const { registrationId } = await start({ immatriculation: bare.siren });
    const res = await companies(registrationId, [bare.idTier]);
    const p = await expectProblem(res.clone(), 422);
    expect(p.type).toBe("urn:macc:problem:no-contact-means");
    expect(p.detail).toBe(
      "Aucuns moyens de contacts disponibles pour finaliser la procédure. Merci de contacter la MACC pour réaliser votre inscription.",
    );
    expect(((await res.json()) as { errors: unknown }).errors).toEqual([]);
  });

  it("unknown, malformed or expired registration → 404 « Cette inscription a expiré. Recommencez. »", async () => {
    for (const id of ["A".repeat(43), "short", "bad*id", "A".repeat(44)]) {
      const p = await expectProblem(await companies(id, ["1007001"]), 404);
      expect(p.detail).toBe("Cette inscription a expiré. Recommencez.");
      expect(p.type).toBe("urn:macc:problem:registration-expired");
    }
  });
});

describe("POST /api/registration/{id}/code and /verify", () => {
  it("sends the code by e-mail (outbox, channel email) and the code verifies", async () => {
    const { registrationId } = await start({ immatriculation: "552100554" });
    await companies(registrationId, ["1007001"]);
    const before = await outboxIds();
    const res = await requestCode(registrationId, "email-1");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ resendAfter: 60, expiresIn: 600 });
    const mail = await waitForMail(t.db, (m) => m.to === "contact@vallee-verte.test" && m.subject === "Votre code de vérification MACC");
    expect(mail.text).toMatch(/Votre code de vérification MACC : \d{6}\. Il est valable 10 minutes\./);
    const row = await newMessage(before, "contact@vallee-verte.test");
    expect(row.channel).toBe("email");
    const v = await verify(registrationId, codeIn(row.body));
    expect(v.status).toBe(200);
    expect(await v.json()).toEqual({ verified: true });
  });

  it("sends the code by SMS (outbox, channel sms, to the number), translated per X-langue", async () => {
    const r = await chosen({ mobile: "06 98 76 54 32" });
    expect(r.moyensContacts.find((m) => m.type === "sms")?.masked).toBe("+33 6 ** ** ** 32");
    const before = await outboxIds();
    expect((await requestCode(r.id, "sms-1", { "X-langue": "en-GB" })).status).toBe(202);
    const sms = await newMessage(before, "+33698765432");
    expect(sms.channel).toBe("sms");
    expect(sms.subject).toBeNull();
    expect(sms.body).toMatch(/^Your MACC verification code: \d{6}\. It is valid for 10 minutes\.$/);
    expect((await verify(r.id, codeIn(sms.body))).status).toBe(200);
  });

  it.each([
    ["fr-FR", /^Votre code de vérification MACC : \d{6}\. Il est valable 10 minutes\.$/],
    ["nl-BE", /^Uw MACC-verificatiecode: \d{6}\./],
    ["de-LU", /^Ihr MACC-Bestätigungscode: \d{6}\./],
    ["es-ES", /^Su código de verificación MACC: \d{6}\./],
    ["it-IT", /^Il Suo codice di verifica MACC: \d{6}\./],
  ])("SMS text in %s", async (langue, pattern) => {
    const r = await chosen();
    const before = await outboxIds();
    expect((await requestCode(r.id, "sms-1", { "X-langue": langue })).status).toBe(202);
    expect((await newMessage(before, r.sms)).body).toMatch(pattern);
  });

  it("only the code's HMAC is stored", async () => {
    const r = await chosen();
    const code = await sendSmsCode(r.id, r.sms);
    const { rows } = await t.db.query<{ code_hash: string }>("SELECT code_hash FROM registrations WHERE id_hash = $1", [
      hashSecretToken(r.id),
    ]);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it("resend cool-down: 429 with Retry-After; afterwards a new code replaces the old one", async () => {
    const r = await chosen();
    const first = await sendSmsCode(r.id, r.sms);
    const again = await requestCode(r.id, "sms-1");
    const p = await expectProblem(again, 429);
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(p.detail).toMatch(/^Veuillez patienter (\d+\ssecondes?|1\sminute) avant de demander un nouveau code\.$/);
    await backdateCode(r.id);
    let second = await sendSmsCode(r.id, r.sms);
    while (second === first) {
      await backdateCode(r.id);
      second = await sendSmsCode(r.id, r.sms);
    }
    const old = await expectProblem(await verify(r.id, first), 422);
    expect(old.errors).toEqual([{ path: "code", message: "Code incorrect." }]);
    expect((await verify(r.id, second)).status).toBe(200);
  });

  it("wrong code → 422 with remainingTries; the 5th wrong try and any after → 410; a new code resets the tries", async () => {
    const r = await chosen();
    const code = await sendSmsCode(r.id, r.sms);
    const wrong = code === "000000" ? "000001" : "000000";
    for (const remaining of [4, 3, 2, 1]) {
      const res = await verify(r.id, wrong);
      const p = (await expectProblem(res.clone(), 422)) as Problem;
      expect(p.type).toBe("urn:macc:problem:validation");
      expect(p.errors).toEqual([{ path: "code", message: "Code incorrect." }]);
      expect(((await res.json()) as Problem).remainingTries).toBe(remaining);
    }
    const fifth = await expectProblem(await verify(r.id, wrong), 410);
    expect(fifth.detail).toBe("Trop d'essais. Demandez un nouveau code.");
    expect((await expectProblem(await verify(r.id, code), 410)).detail).toBe(problemDetail("codeTooManyTries", "fr-FR")); // even the right one
    await backdateCode(r.id);
    const fresh = await sendSmsCode(r.id, r.sms);
    expect((await verify(r.id, fresh)).status).toBe(200);
  });

  it("malformed codes count as wrong tries; a missing one is a plain 422", async () => {
    const r = await chosen();
    await sendSmsCode(r.id, r.sms);
    const res = await verify(r.id, "12ab");
    const p = (await res.json()) as Problem;
    expect(res.status).toBe(422);
    expect(p.remainingTries).toBe(4);
    const missing = await expectProblem(await verify(r.id, undefined), 422);
    expect(missing.errors).toEqual([{ path: "code", message: "Champ obligatoire" }]);
    await expectProblem(await verify(r.id, 123456), 422);
  });

  it("an expired code → 410 « Ce code a expiré. Demandez-en un nouveau. »", async () => {
    const r = await chosen();
    const code = await sendSmsCode(r.id, r.sms);
    await t.db.query("UPDATE registrations SET code_expires_at = now() - interval '1 second' WHERE id_hash = $1", [hashSecretToken(r.id)]);
    const p = await expectProblem(await verify(r.id, code), 410);
    expect(p.detail).toBe("Ce code a expiré. Demandez-en un nouveau.");
    expect(p.type).toBe("urn:macc:problem:code-expired");
  });

  it("a used code → 410", async () => {
    const r = await chosen();
    const code = await sendSmsCode(r.id, r.sms);
    expect((await verify(r.id, code)).status).toBe(200);
    const p = await expectProblem(await verify(r.id, code), 410);
    expect(p.type).toBe("urn:macc:problem:code-used");
  });

  it("steps out of order → 409; an unknown contact means → 422", async () => {
    const company = await createCompany();
    const { registrationId } = await start({ immatriculation: company.siren });
    expect((await expectProblem(await requestCode(registrationId, "sms-1"), 409)).detail).toBe("Choisissez d'abord une entreprise.");
    await companies(registrationId, [company.idTier]);
    expect((await expectProblem(await verify(registrationId, "123456"), 409)).detail).toBe("Demandez d'abord un code.");
    const bad = await expectProblem(await requestCode(registrationId, "sms-9"), 422);
    expect(bad.errors).toEqual([{ path: "moyenContact", message: "Choisissez un moyen de contact." }]);
    expect((await expectProblem(await requestCode(registrationId, undefined), 422)).errors).toEqual([
      { path: "moyenContact", message: "Champ obligatoire" },
    ]);
  });

  it("choosing the companies again starts the verification over", async () => {
    const r = await verified();
    await companies(r.id, [r.company.idTier]);
    expect((await expectProblem(await complete(r.id), 409)).detail).toBe(problemDetail("verifyFirst", "fr-FR"));
  });
});

describe("POST /api/registration/{id}/complete", () => {
  it("creates the account, links the companies in order, logs in (same body and cookie as /api/auth/login)", async () => {
    const siren = withLuhnDigit("63456789");
    const a = await createCompany({ siren, nic: "0001" });
    const b = await createCompany({ siren, nic: "0002" });
    const email = newEmail();
    const res0 = await post(
      "/api/registration",
      { pays: "FR", immatriculation: siren, email: email.toUpperCase(), mobile: "07 11 22 33 44" },
      { "X-langue": "nl-BE" },
    );
    const { registrationId } = (await res0.json()) as { registrationId: string };
    await companies(registrationId, [b.idTier, a.idTier]);
    const { rows: m } = await t.db.query<{ contact_mobile: string }>("SELECT contact_mobile FROM companies WHERE id_tier = $1", [b.idTier]);
    const code = await sendSmsCode(registrationId, toE164(m[0]!.contact_mobile, "FR")!);
    expect((await verify(registrationId, code)).status).toBe(200);

    const res = await complete(registrationId);
    expect(res.status).toBe(201);
    const cookie = refreshCookie(res);
    expect(cookie).toBeTruthy();
    expect(res.headers.getSetCookie().join()).toMatch(/HttpOnly/);
    const body = (await res.json()) as {
      accessToken: string;
      expiresIn: number;
      idleTimeout: number;
      user: { uuidCompte: string; infosConnexion: { emailLogin: string }; token: string; entreprises: { idTier: string; token: string }[] };
    };
    expect(Object.keys(body).sort()).toEqual(["accessToken", "expiresIn", "idleTimeout", "user"]);
    expect(body.expiresIn).toBe(900);
    expect(body.idleTimeout).toBe(1800);
    expect(body.user.infosConnexion.emailLogin).toBe(email);
    expect(body.user.entreprises.map((e) => e.idTier)).toEqual([b.idTier, a.idTier]);
    expect((await t.app.request("/api/me", { headers: { Authorization: `Bearer ${body.accessToken}` } })).status).toBe(200);
    // The browser that registered is the account's first known device.
    expect(res.headers.getSetCookie().find((c) => c.startsWith("macc_device="))).toMatch(
      new RegExp(
        `^macc_device=${body.user.uuidCompte}\\.[\\w-]{22}\\.\\d+\\.[\\w-]{43}; Max-Age=31536000; Path=/api/auth; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );

    const account = (
      await t.db.query<{ password_hash: string; mobile: string; langue: string; pays: string; changed: boolean }>(
        "SELECT password_hash, mobile, langue, pays, password_changed_at IS NOT NULL AS changed FROM accounts WHERE email = $1",
        [email],
      )
    ).rows[0]!;
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account.password_hash, PASSWORD)).toBe(true);
    expect(account).toMatchObject({ mobile: "07 11 22 33 44", langue: "nl-BE", pays: "FR", changed: false });

    // the same body as a login with the new password, which works
    const login = await t.app.request("/api/auth/login", await botJson(t.app, { email, password: PASSWORD }), nextAddress());
    expect(login.status).toBe(200);
    const loginBody = (await login.json()) as typeof body;
    expect(Object.keys(loginBody).sort()).toEqual(Object.keys(body).sort());
    expect(loginBody.user.entreprises.map((e) => e.idTier)).toEqual([b.idTier, a.idTier]);
    // the refresh cookie of the registration works
    const refreshed = await t.app.request("/api/auth/refresh", {
      method: "POST",
      headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` },
    });
    expect(refreshed.status).toBe(200);

    // the registration is gone; the companies now have an account
    await expectProblem(await complete(registrationId), 404);
    const again = await start({ immatriculation: siren });
    expect((await expectProblem(await companies(again.registrationId, [a.idTier]), 409)).type).toBe("urn:macc:problem:account-exists");
  });

  it("the demo company C-100200 can be registered end to end by e-mail", async () => {
    const email = newEmail();
    const res0 = await post("/api/registration", { pays: "FR", numeroClient: "C-100200", email, mobile: "+33 6 12 34 56 78" });
    const { registrationId } = (await res0.json()) as { registrationId: string };
    await companies(registrationId, ["1007001"]);
    const before = await outboxIds();
    expect((await requestCode(registrationId, "email-1")).status).toBe(202);
    const code = codeIn((await newMessage(before, "contact@vallee-verte.test")).body);
    expect((await verify(registrationId, code)).status).toBe(200);
    const res = await complete(registrationId);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { entreprises: { idTier: string; raisonSocial: string }[] } };
    expect(body.user.entreprises).toMatchObject([{ idTier: "1007001", raisonSocial: "Ferme de la Vallée Verte", pays: "FR" }]);
  });

  it.each<[string, unknown, unknown, { path: string; message: string }[]]>([
    [
      "too weak",
      "abc",
      "abc",
      [
        { path: "motDePasse", message: "Le mot de passe doit contenir au moins 8 caractères." },
        { path: "motDePasse", message: "Le mot de passe doit contenir au moins une majuscule." },
        { path: "motDePasse", message: "Le mot de passe doit contenir au moins un chiffre." },
      ],
    ],
    [
      "different confirmation",
      PASSWORD,
      `${PASSWORD}x`,
      [{ path: "confirmerMotDePasse", message: "Le mot de passe de confirmation est différent." }],
    ],
    ["missing confirmation", PASSWORD, null, [{ path: "confirmerMotDePasse", message: "Champ obligatoire" }]],
  ])("password rules: %s → 422, nothing created", async (_label, motDePasse, confirmer, errors) => {
    const r = await verified();
    const p = await expectProblem(await complete(r.id, motDePasse, confirmer), 422);
    expect(p.errors).toEqual(errors);
    const { rows } = await t.db.query("SELECT 1 FROM account_companies WHERE id_tier = $1", [r.company.idTier]);
    expect(rows).toHaveLength(0);
    expect((await complete(r.id)).status).toBe(201); // still possible afterwards
  });

  it("not verified → 409 « Vérifiez d'abord votre code. »", async () => {
    const r = await chosen();
    await sendSmsCode(r.id, r.sms);
    const p = await expectProblem(await complete(r.id), 409);
    expect(p.detail).toBe("Vérifiez d'abord votre code.");
  });

  it("an e-mail already used by an account → 409 account-exists, nothing created", async () => {
    const company = await createCompany();
    const res0 = await post("/api/registration", {
      pays: "FR",
      immatriculation: company.siren,
      email: "Multi@Demo.macc.test",
      mobile: "0612345678",
    });
    const { registrationId } = (await res0.json()) as { registrationId: string };
    await companies(registrationId, [company.idTier]);
    const { rows: m } = await t.db.query<{ contact_mobile: string }>("SELECT contact_mobile FROM companies WHERE id_tier = $1", [
      company.idTier,
    ]);
    const code = await sendSmsCode(registrationId, toE164(m[0]!.contact_mobile, "FR")!);
    await verify(registrationId, code);
    const p = await expectProblem(await complete(registrationId), 409);
    expect(p.type).toBe("urn:macc:problem:account-exists");
    expect(p.detail).toBe("Un compte existe déjà pour cette adresse e-mail.");
    const { rows } = await t.db.query("SELECT 1 FROM account_companies WHERE id_tier = $1", [company.idTier]);
    expect(rows).toHaveLength(0);
  });

  it("an unexpected failure during the creation leaves nothing half-created", async () => {
    const r = await verified();
    const { rows: reg } = await t.db.query<{ email: string }>("SELECT email FROM registrations WHERE id_hash = $1", [
      hashSecretToken(r.id),
    ]);
    const sessionsBefore = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions")).rows[0]!.n;
    // The chosen company disappears between the verification and the completion: linking it fails.
    await t.db.query("DELETE FROM companies WHERE id_tier = $1", [r.company.idTier]);
    const origError = console.error;
    console.error = () => undefined;
    try {
      await expectProblem(await complete(r.id), 500);
    } finally {
      console.error = origError;
    }
    expect((await t.db.query("SELECT 1 FROM accounts WHERE email = $1", [reg[0]!.email])).rows).toHaveLength(0);
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions")).rows[0]!.n).toBe(sessionsBefore);
    // the registration itself is still there (rolled back), so the user can try again
    expect((await t.db.query("SELECT 1 FROM registrations WHERE id_hash = $1", [hashSecretToken(r.id)])).rows).toHaveLength(1);
  });

  it("a company that got an account meanwhile → 409 account-exists at completion", async () => {
    const r = await verified();
    const { rows } = await t.db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = 'stale@demo.macc.test'");
    await t.db.query("INSERT INTO account_companies (uuid_compte, id_tier, position, role) VALUES ($1, $2, 9, 'owner')", [
      rows[0]!.uuid_compte,
      r.company.idTier,
    ]);
    const p = await expectProblem(await complete(r.id), 409);
    expect(p.detail).toBe(problemDetail("accountExists", "fr-FR"));
    await t.db.query("DELETE FROM account_companies WHERE id_tier = $1", [r.company.idTier]);
  });
});

describe("registration expiry, bot check and limits", () => {
  it("an expired registration → 404 on every step; housekeeping removes it", async () => {
    const r = await verified();
    await t.db.query("UPDATE registrations SET expires_at = now() - interval '1 second' WHERE id_hash = $1", [hashSecretToken(r.id)]);
    for (const res of [
      await companies(r.id, [r.company.idTier]),
      await requestCode(r.id, "sms-1"),
      await verify(r.id, "123456"),
      await complete(r.id),
    ]) {
      expect((await expectProblem(res, 404)).detail).toBe("Cette inscription a expiré. Recommencez.");
    }
    await housekeeping(t.db);
    expect((await t.db.query("SELECT 1 FROM registrations WHERE id_hash = $1", [hashSecretToken(r.id)])).rows).toHaveLength(0);
  });

  it("the bot check is required on each step", async () => {
    const r = await chosen();
    const calls: [string, unknown][] = [
      ["/api/registration", { pays: "FR", immatriculation: "552100554", email: newEmail(), mobile: "0612345678" }],
      [`/api/registration/${r.id}/companies`, { idTiers: [r.company.idTier] }],
      [`/api/registration/${r.id}/code`, { moyenContact: "sms-1" }],
      [`/api/registration/${r.id}/verify`, { code: "123456" }],
      [`/api/registration/${r.id}/complete`, { motDePasse: PASSWORD, confirmerMotDePasse: PASSWORD }],
    ];
    for (const [path, body] of calls) {
      const p = await expectProblem(await t.app.request(path, json(body), nextAddress()), 403);
      expect(p.type).toBe("urn:macc:problem:bot-check");
      expect(p.detail).toBe("La vérification anti-robot a échoué. Réessayez.");
    }
    // nothing happened: no code was sent, no try counted
    const { rows } = await t.db.query<{ code_sent_at: string | null; code_tries: number }>(
      "SELECT code_sent_at, code_tries FROM registrations WHERE id_hash = $1",
      [hashSecretToken(r.id)],
    );
    expect(rows[0]).toEqual({ code_sent_at: null, code_tries: 0 });
  });

  it("identification: limited per client address (429 + Retry-After)", async () => {
    const limited = await createTestApp({ registrationIdentifyMaxPerClient: 2 }, t.db);
    const env = fromAddress("192.0.2.201");
    const send = async () =>
      limited.app.request(
        "/api/registration",
        await botJson(limited.app, { pays: "FR", numeroClient: "C-999998", email: newEmail(), mobile: "0612345678" }),
        env,
      );
    await expectProblem(await send(), 404);
    await expectProblem(await send(), 404);
    const res = await send();
    const p = await expectProblem(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(p.detail).toMatch(/réessayer dans \d+\s(minute|seconde)s?\.$/);
  });

  it("identification: limited per registration number and per customer number", async () => {
    const limited = await createTestApp({ registrationIdentifyMaxPerNumber: 2 }, t.db);
    const company = await createCompany();
    const send = async (body: Record<string, unknown>) =>
      limited.app.request(
        "/api/registration",
        await botJson(limited.app, { pays: "FR", email: newEmail(), mobile: "0612345678", ...body }),
        nextAddress(),
      );
    expect((await send({ immatriculation: company.siren })).status).toBe(201);
    expect((await send({ immatriculation: withLuhnDigit(`${company.siren}0001`) })).status).toBe(201); // SIRET of it: same key
    await expectProblem(await send({ immatriculation: company.siren }), 429);
    expect((await send({ numeroClient: company.numeroClient })).status).toBe(201);
    expect((await send({ numeroClient: company.numeroClient.toLowerCase() })).status).toBe(201);
    const res = await send({ numeroClient: company.numeroClient });
    await expectProblem(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("code sending: limited per registration and per client address", async () => {
    const perRegistration = await createTestApp({ registrationCodeMaxPerRegistration: 2 }, t.db);
    const r = await chosen();
    const send = async (app = perRegistration.app, id = r.id) =>
      app.request(`/api/registration/${id}/code`, await botJson(app, { moyenContact: "sms-1" }), nextAddress());
    expect((await send()).status).toBe(202);
    await backdateCode(r.id);
    expect((await send()).status).toBe(202);
    await backdateCode(r.id);
    const res = await send();
    await expectProblem(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(60);

    const perClient = await createTestApp({ registrationCodeMaxPerClient: 1 }, t.db);
    const env = fromAddress("192.0.2.202");
    const r1 = await chosen();
    const r2 = await chosen();
    const fromOne = async (id: string) =>
      perClient.app.request(`/api/registration/${id}/code`, await botJson(perClient.app, { moyenContact: "sms-1" }), env);
    expect((await fromOne(r1.id)).status).toBe(202);
    await expectProblem(await fromOne(r2.id), 429);
  });

  it("code checking: limited per client address", async () => {
    const limited = await createTestApp({ registrationVerifyMaxPerClient: 2 }, t.db);
    const r = await chosen();
    const code = await sendSmsCode(r.id, r.sms);
    const env = fromAddress("192.0.2.203");
    const check = async (c: string) =>
      limited.app.request(`/api/registration/${r.id}/verify`, await botJson(limited.app, { code: c }), env);
    const wrong = code === "000000" ? "000001" : "000000";
    await expectProblem(await check(wrong), 422);
    await expectProblem(await check(wrong), 422);
    const res = await check(code);
    await expectProblem(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
