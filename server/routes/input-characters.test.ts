import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { CONTROL_CHARACTERS, SINGLE_LINE } from "../http/schemas.ts";
import { createTestApp, expectProblem, fromAddress, json, outbox, settleMail, withBotCheck, type TestContext } from "../test-support.ts";

/**
 * Control characters in any text input: a 422 naming the field, never a 500 (PostgreSQL refuses
 * NUL) and never a forged line in an e-mail (CR/LF only in the contact message).
 */
let t: TestContext;
let counter = 0;
const nextAddress = () => fromAddress(`10.7.${Math.floor(++counter / 250)}.${counter % 250}`);
let companyToken = "";

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request(
    "/api/auth/login",
    await withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
    nextAddress(),
  );
  const body = (await res.json()) as { user: { entreprises: { idTier: string; token: string }[] } };
  companyToken = body.user.entreprises.find((e) => e.idTier === "1004217")!.token;
}, 120_000);
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

const NUL = "a\u0000b";
const CRLF = "Durand\r\nBcc: victime@example.test";
const bearer = () => ({ Authorization: `Bearer ${companyToken}` });
const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(`/api/${path}`, await withBotCheck(t.app, json(body, headers)), nextAddress());
const profile = (change: (b: { user: Record<string, unknown>; entreprise: Record<string, unknown> }) => void) => {
  const body = {
    user: { civilite: "Mme", nom: "Durand", prenom: "Sophie", email: "multi@demo.macc.test", pays: "FR" },
    entreprise: { raison_sociale: "Établissements Durand et Fils", formeJuridique: "SAS", immatriculation: "81234567300019" },
  };
  change(body);
  return t.app.request("/api/me/profile", {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...bearer() },
    body: JSON.stringify(body),
  });
};
const contact = (subject: string, message: string) => post("me/contact", { service: "Service clients", subject, message }, bearer());
const REG = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/** [endpoint and field, request with `value` in that field, the field's path in the problem]. */
const cases: [string, (value: string) => Response | Promise<Response>, string][] = [
  ["GET /me/invoices ?q", (v) => t.app.request(`/api/me/invoices?q=${encodeURIComponent(v)}`, { headers: bearer() }), "q"],
  ["GET /bot-check/challenge ?maxnumber", (v) => t.app.request(`/api/bot-check/challenge?maxnumber=${encodeURIComponent(v)}`), "maxnumber"],
  ["POST /auth/login email", (v) => post("auth/login", { email: v, password: "x" }), "email"],
  ["POST /auth/login password", (v) => post("auth/login", { email: "multi@demo.macc.test", password: v }), "password"],
  ["POST /auth/forgot email", (v) => post("auth/forgot", { email: v }), "email"],
  ["POST /auth/reset/check token", (v) => post("auth/reset/check", { token: v }), "token"],
  [
    "POST /auth/reset token",
    (v) => post("auth/reset", { token: v, nouveauMotDePasse: "Nouveau2026!", confirmerMotDePasse: "Nouveau2026!" }),
    "token",
  ],
  [
    "POST /me/password ancienMotDePasse",
    (v) => post("me/password", { ancienMotDePasse: v, nouveauMotDePasse: "Nouveau2026!", confirmerMotDePasse: "Nouveau2026!" }, bearer()),
    "ancienMotDePasse",
  ],
  ["PUT /me/profile user.nom", (v) => profile((b) => (b.user.nom = v)), "user.nom"],
  ["PUT /me/profile user.ville", (v) => profile((b) => (b.user.ville = v)), "user.ville"],
  ["PUT /me/profile entreprise.raison_sociale", (v) => profile((b) => (b.entreprise.raison_sociale = v)), "entreprise.raison_sociale"],
  ["POST /me/contact subject", (v) => contact(v, "Un message assez long."), "subject"],
  [
    "POST /me/contact service",
    (v) => post("me/contact", { service: v, subject: "Objet", message: "Un message assez long." }, bearer()),
    "service",
  ],
  [
    "POST /registration numeroClient",
    (v) => post("registration", { pays: "FR", numeroClient: v, email: "a@b.test", mobile: "+33612345678" }),
    "numeroClient",
  ],
  [
    "POST /registration email",
    (v) => post("registration", { pays: "FR", numeroClient: "C-100200", email: v, mobile: "+33612345678" }),
    "email",
  ],
  ["POST /registration/{id}/companies idTiers.0", (v) => post(`registration/${REG}/companies`, { idTiers: [v] }), "idTiers.0"],
  ["POST /registration/{id}/code moyenContact", (v) => post(`registration/${REG}/code`, { moyenContact: v }), "moyenContact"],
  ["POST /registration/{id}/verify code", (v) => post(`registration/${REG}/verify`, { code: v }), "code"],
  [
    "POST /registration/{id}/complete motDePasse",
    (v) => post(`registration/${REG}/complete`, { motDePasse: v, confirmerMotDePasse: v }),
    "motDePasse",
  ],
];

describe.each([
  ["NUL", NUL, CONTROL_CHARACTERS],
  ["CR/LF", CRLF, SINGLE_LINE],
])("%s in a single-line field → 422 with the field's message", (_label, value, message) => {
  it.each(cases)("%s", async (_endpoint, send, path) => {
    const problem = await expectProblem(await send(value), 422);
    expect(problem.errors).toContainEqual({ path, message });
  });
});

describe("the contact message is the one multi-line field", () => {
  it("keeps its line breaks", async () => {
    const res = await contact("Objet", "Bonjour,\r\nune question sur ma facture.\n\nMerci");
    expect(res.status).toBe(201);
  });

  it("refuses NUL and the other control characters", async () => {
    for (const bad of ["a\u0000b", "bip\u0007bip", "esc\u001b[31m", "c1\u0085"]) {
      const problem = await expectProblem(await contact("Objet", `Un message ${bad} assez long.`), 422);
      expect(problem.errors).toEqual([{ path: "message", message: CONTROL_CHARACTERS }]);
    }
  });

  it("a name with CR/LF never reaches the service's e-mail as a forged line", async () => {
    await expectProblem(await profile((b) => (b.user.nom = CRLF)), 422);
    const mails = await outbox(t.db);
    expect(mails.some((m) => /^Bcc:/m.test(m.text))).toBe(false);
  });
});
