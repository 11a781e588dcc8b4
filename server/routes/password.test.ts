import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemDetail } from "../../src/contract/problem-details.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import {
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  outbox,
  refreshCookie,
  withBotCheck,
  waitForMail,
  type TestContext,
} from "../test-support.ts";

let t: TestContext;
let counter = 0;
const nextAddress = () => fromAddress(`10.1.${Math.floor(++counter / 250)}.${counter % 250}`);
const NEW_PASSWORD = "Nouveau2026";
const RULES = {
  length: "Le mot de passe doit contenir au moins 8 caractères.",
  uppercase: "Le mot de passe doit contenir au moins une majuscule.",
  lowercase: "Le mot de passe doit contenir au moins une minuscule.",
  digit: "Le mot de passe doit contenir au moins un chiffre.",
  common: "Ce mot de passe est trop courant : choisissez-en un autre.",
};
const MISMATCH = "Le mot de passe de confirmation est différent.";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A fresh account linked to the first demo company, with the demo password. */
async function newAccount(label: string): Promise<string> {
  const email = `${label}-${++counter}@test.macc.test`.toLowerCase();
  const hash = await hashPassword(DEMO_PASSWORD);
  const { rows } = await t.db.query<{ uuid_compte: string }>(
    "INSERT INTO accounts (email, password_hash, langue, pays) VALUES ($1, $2, 'fr-FR', 'FR') RETURNING uuid_compte",
    [email, hash],
  );
  await t.db.query("INSERT INTO account_companies (uuid_compte, id_tier, position, role) VALUES ($1, '1006612', 0, 'owner')", [
    rows[0]!.uuid_compte,
  ]);
  return email;
}

interface Session {
  token: string;
  companyToken: string;
  cookie: string;
}

async function login(email: string, password = DEMO_PASSWORD, app = t.app): Promise<Session> {
  const res = await app.request("/api/auth/login", await withBotCheck(app, json({ email, password })), nextAddress());
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { token: string }[] } };
  return { token: body.accessToken, companyToken: body.user.entreprises[0]!.token, cookie: refreshCookie(res)! };
}

const refresh = (cookie: string) =>
  t.app.request("/api/auth/refresh", { method: "POST", headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` } });
const me = (token: string) => t.app.request("/api/me", { headers: { Authorization: `Bearer ${token}` } });
const bearer = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });

const change = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request("/api/me/password", json(body, bearer(token, headers)));
const changeBody = (ancien: string, nouveau = NEW_PASSWORD, confirmer = nouveau) => ({
  ancienMotDePasse: ancien,
  nouveauMotDePasse: nouveau,
  confirmerMotDePasse: confirmer,
});

const forgot = async (
  email: unknown,
  headers: Record<string, string> = {},
  app = t.app,
  resetPath: unknown = "/portail/mot-de-passe-oublie",
) => app.request("/api/auth/forgot", await withBotCheck(app, json({ email, resetPath }, headers)), nextAddress());
const checkLink = (token: unknown) => t.app.request("/api/auth/reset/check", json({ token }));
const resetPw = (token: unknown, nouveau = NEW_PASSWORD, confirmer = nouveau) =>
  t.app.request("/api/auth/reset", json({ token, nouveauMotDePasse: nouveau, confirmerMotDePasse: confirmer }));

async function passwordChangedAt(email: string) {
  return (await t.db.query<{ password_changed_at: Date | null }>("SELECT password_changed_at FROM accounts WHERE email = $1", [email]))
    .rows[0]?.password_changed_at;
}

/** Asks for a reset link and returns the token from the e-mail (waits for it in the outbox). */
async function resetToken(
  email: string,
  headers: Record<string, string> = {},
): Promise<{ token: string; mail: { subject: string | null; text: string; html: string | null } }> {
  const before = (await outbox(t.db)).length;
  expect((await forgot(email, headers)).status).toBe(202);
  const mail = await waitForMail(t.db, (m) => m.to === email && /token=/.test(m.text));
  expect((await outbox(t.db)).length).toBeGreaterThan(before);
  const token = /[?&]token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toMatch(/^[\w-]{43}$/);
  return { token: token!, mail };
}

describe("GET /api/me/password", () => {
  const state = (token: string) => t.app.request("/api/me/password", { headers: bearer(token) });

  it("requires a bearer token", async () => {
    await expectProblem(await t.app.request("/api/me/password"), 401);
  });

  it("modifiable until the one change is made, then not (for every token of the account)", async () => {
    const email = await newAccount("state");
    const { token, companyToken } = await login(email);
    const before = await state(token);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("no-store");
    expect(await before.json()).toEqual({ modifiable: true });
    expect((await change(token, changeBody(DEMO_PASSWORD))).status).toBe(204);
    expect(await (await state(token)).json()).toEqual({ modifiable: false });
    expect(await (await state(companyToken)).json()).toEqual({ modifiable: false });
  });
});

describe("POST /api/me/password", () => {
  it("requires a bearer token", async () => {
    await expectProblem(await t.app.request("/api/me/password", json(changeBody(DEMO_PASSWORD))), 401);
  });

  it.each<[string, string, string, { path: string; message: string }[]]>([
    [
      "too short, no upper case, no digit",
      "abc",
      "abc",
      [
        { path: "nouveauMotDePasse", message: RULES.length },
        { path: "nouveauMotDePasse", message: RULES.uppercase },
        { path: "nouveauMotDePasse", message: RULES.digit },
      ],
    ],
    ["no lower case", "ABCDEFG1", "ABCDEFG1", [{ path: "nouveauMotDePasse", message: RULES.lowercase }]],
    ["no digit", "Abcdefgh", "Abcdefgh", [{ path: "nouveauMotDePasse", message: RULES.digit }]],
    ["a common password", "Azerty2026!", "Azerty2026!", [{ path: "nouveauMotDePasse", message: RULES.common }]],
    ["confirmation differs", NEW_PASSWORD, `${NEW_PASSWORD}x`, [{ path: "confirmerMotDePasse", message: MISMATCH }]],
    [
      "rules and confirmation",
      "abcdefgh",
      "x",
      [
        { path: "nouveauMotDePasse", message: RULES.uppercase },
        { path: "nouveauMotDePasse", message: RULES.digit },
        { path: "confirmerMotDePasse", message: MISMATCH },
      ],
    ],
  ])("%s → 422 with one message per problem", async (_l, nouveau, confirmer, errors) => {
    const { token } = await login("multi@demo.macc.test");
    const body = await expectProblem(await change(token, changeBody(DEMO_PASSWORD, nouveau, confirmer)), 422);
    expect(body.errors).toEqual(errors);
  });

  it.each<[string, RequestInit, number]>([
    ["malformed JSON", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" }, 400],
    ["not JSON", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" }, 415],
    ["an array", json([1, 2]), 422],
    ["wrong types", json({ ancienMotDePasse: 1, nouveauMotDePasse: true, confirmerMotDePasse: null }), 422],
    ["missing fields", json({}), 422],
  ])("%s → 4xx problem", async (_l, init, status) => {
    const { token } = await login("multi@demo.macc.test");
    const headers = { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` };
    const body = await expectProblem(await t.app.request("/api/me/password", { ...init, headers }), status);
    if (_l === "missing fields") {
      expect(body.errors).toEqual([
        { path: "ancienMotDePasse", message: "Champ obligatoire" },
        { path: "nouveauMotDePasse", message: "Champ obligatoire" },
        { path: "confirmerMotDePasse", message: "Champ obligatoire" },
      ]);
    }
    if (_l === "wrong types")
      expect(body.errors?.[0]).toEqual({ path: "ancienMotDePasse", message: "Doit être une chaîne de caractères." });
  });

  it("wrong old password → 422 on ancienMotDePasse (never 401)", async () => {
    const email = await newAccount("wrong-old");
    const { token } = await login(email);
    const body = await expectProblem(await change(token, changeBody("Mauvais2026")), 422);
    expect(body.errors).toEqual([{ path: "ancienMotDePasse", message: "Votre ancien mot de passe est invalide." }]);
    expect(await passwordChangedAt(email)).toBeNull();
    expect((await me(token)).status).toBe(200); // still logged in
  });

  it("throttles wrong old passwords per account (5 per 15 min → 429 with Retry-After)", async () => {
    const email = await newAccount("throttle");
    const { token } = await login(email);
    for (let i = 0; i < 5; i++) await expectProblem(await change(token, changeBody(`Mauvais${i}Abc`)), 422);
    const res = await change(token, changeBody(DEMO_PASSWORD));
    const body = await expectProblem(res, 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(body.detail).toMatch(/Veuillez réessayer dans 1[45]\sminutes/);
  });

  it("changes the password once: other sessions revoked, caller kept, notice sent; then 409", async () => {
    const email = await newAccount("change");
    const caller = await login(email);
    const other = await login(email);
    const res = await change(caller.companyToken, changeBody(DEMO_PASSWORD), { "X-langue": "en-GB" });
    expect(res.status).toBe(204);

    const row = (
      await t.db.query<{ password_hash: string; password_changed_at: Date | null }>(
        "SELECT password_hash, password_changed_at FROM accounts WHERE email = $1",
        [email],
      )
    ).rows[0]!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, NEW_PASSWORD)).toBe(true);
    expect(row.password_changed_at).not.toBeNull();

    // the other session is gone (its tokens and its refresh cookie)
    await expectProblem(await me(other.token), 401);
    await expectProblem(await refresh(other.cookie), 401);
    // the caller's session stays valid
    expect((await me(caller.token)).status).toBe(200);
    expect((await me(caller.companyToken)).status).toBe(200);
    expect((await refresh(caller.cookie)).status).toBe(200);

    // login: old password refused, new one accepted
    const old = await t.app.request("/api/auth/login", await withBotCheck(t.app, json({ email, password: DEMO_PASSWORD })), nextAddress());
    await expectProblem(old, 401);
    await login(email, NEW_PASSWORD);

    // The change's alert (its logins' new-device alerts go to the same address).
    const mail = await waitForMail(t.db, (m) => m.to === email && /password was changed/.test(m.subject ?? ""));
    expect(mail.text).toMatch(/\?alerte=[\w-]{43}/);
    expect(mail.html).toContain('lang="en"');

    const again = await expectProblem(await change(caller.token, changeBody(NEW_PASSWORD, "Troisieme2026")), 409);
    expect(again.detail).toBe(
      "Vous avez déjà modifié votre mot de passe une fois. Utilisez « Mot de passe oublié ? » pour le changer à nouveau.",
    );
    expect(again.type).toBe("urn:macc:problem:password-already-changed");
  });

  it("works with the account-level token too", async () => {
    const email = await newAccount("account-token");
    const { token } = await login(email);
    expect((await change(token, changeBody(DEMO_PASSWORD))).status).toBe(204);
  });
});

describe("POST /api/auth/forgot", () => {
  it("answers 202 {} for known and unknown e-mails alike, in the same time", async () => {
    const known = await newAccount("timing");
    // warm-up (first mail starts the local SMTP receiver)
    expect((await forgot(known)).status).toBe(202);
    expect((await forgot("nobody-warm@test.macc.test")).status).toBe(202);
    await waitForMail(t.db, (m) => m.to === known);
    const durations: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 4; i++) {
      for (const kind of i % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
        const started = performance.now();
        const res = await forgot(kind === "known" ? known : `nobody-${i}@test.macc.test`);
        durations[kind].push(performance.now() - started);
        expect(res.status).toBe(202);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({});
      }
    }
    // Both answers are held to the same fixed minimum, which covers the extra work for a known
    // account; comparing the two medians would only measure the machine's load.
    for (const d of [...durations.known, ...durations.unknown]) expect(d).toBeGreaterThanOrEqual(395);
    // only the known account got a mail
    expect((await outbox(t.db)).filter((m) => m.to.startsWith("nobody-"))).toEqual([]);
  });

  it("sends a working single-use link (French by default) and the reset revokes every session", async () => {
    const email = await newAccount("reset");
    const s1 = await login(email);
    const s2 = await login(email);
    const { token, mail } = await resetToken(email);
    expect(mail.subject).toBe("Réinitialisation de votre mot de passe MACC");
    expect(mail.text).toContain(`${t.config.publicUrl}/portail/mot-de-passe-oublie?token=${token}`);
    expect(mail.text).toContain("30 minutes");
    expect(mail.html).toContain(`href="${t.config.publicUrl}/portail/mot-de-passe-oublie?token=${token}"`);
    expect(mail.html).toContain("MACC");
    expect(mail.html).toContain('lang="fr"');
    // only the hash is stored
    const stored = await t.db.query("SELECT 1 FROM password_reset_tokens WHERE token_hash = $1", [token]);
    expect(stored.rows).toEqual([]);

    // Checking the link when it is opened does not use it, however often.
    expect((await checkLink(token)).status).toBe(204);
    expect((await checkLink(token)).status).toBe(204);
    expect((await resetPw(token)).status).toBe(204);
    await expectProblem(await me(s1.token), 401);
    await expectProblem(await refresh(s1.cookie), 401);
    await expectProblem(await refresh(s2.cookie), 401);
    await login(email, NEW_PASSWORD);
    expect(await passwordChangedAt(email)).toBeNull(); // a reset is not the one allowed change
    await waitForMail(t.db, (m) => m.to === email && m.subject === "Votre mot de passe MACC a été modifié");

    const reused = await expectProblem(await resetPw(token, "Encore2026x"), 410);
    expect(reused.detail).toBe("Ce lien de réinitialisation n'est plus valide. Demandez-en un nouveau.");
    expect(reused.type).toBe("urn:macc:problem:reset-link-invalid");
    // Opened again, the used link says so before anything is typed.
    expect(await expectProblem(await checkLink(token), 410)).toMatchObject({ type: "urn:macc:problem:reset-link-invalid" });
  });

  it.each([
    ["en-GB", "Reset your MACC password"],
    ["nl-BE", "Uw MACC-wachtwoord opnieuw instellen"],
    ["de-LU", "Ihr MACC-Passwort zurücksetzen"],
    ["es-ES", "Restablecer su contraseña MACC"],
    ["it-IT", "Reimpostazione della Sua password MACC"],
    ["xx-XX", "Réinitialisation de votre mot de passe MACC"],
  ])("X-langue %s → mail in that language", async (langue, subject) => {
    const email = await newAccount(`lang-${langue}`);
    const { mail } = await resetToken(email, { "X-langue": langue });
    expect(mail.subject).toBe(subject);
  });

  it("a link expires", async () => {
    const email = await newAccount("expired");
    const { token } = await resetToken(email);
    await t.db.query(
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE uuid_compte = (SELECT uuid_compte FROM accounts WHERE email = $1)",
      [email],
    );
    await expectProblem(await checkLink(token), 410);
    await expectProblem(await resetPw(token), 410);
  });

  it("a new request invalidates the older link", async () => {
    const email = await newAccount("superseded");
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect(second.token).not.toBe(first.token);
    await expectProblem(await checkLink(first.token), 410);
    expect((await checkLink(second.token)).status).toBe(204);
    await expectProblem(await resetPw(first.token), 410);
    expect((await resetPw(second.token)).status).toBe(204);
  });

  it("a reset after the one change leaves password_changed_at as it was", async () => {
    const email = await newAccount("change-then-reset");
    const { token: bearerToken } = await login(email);
    expect((await change(bearerToken, changeBody(DEMO_PASSWORD))).status).toBe(204);
    const changedAt = await passwordChangedAt(email);
    const { token } = await resetToken(email);
    expect((await resetPw(token, "Troisieme2026")).status).toBe(204);
    expect(await passwordChangedAt(email)).toEqual(changedAt);
  });

  it.each<[string, unknown, unknown, string]>([
    ["missing e-mail", undefined, "/a", "email"],
    ["invalid e-mail", "not-an-email", "/a", "email"],
    ["e-mail not a string", 42, "/a", "email"],
    ["missing path", "a@b.test", undefined, "resetPath"],
    ["relative path", "a@b.test", "portail/x", "resetPath"],
    ["protocol-relative path", "a@b.test", "//evil.test/x", "resetPath"],
    ["double slash inside", "a@b.test", "/portail//x", "resetPath"],
    ["absolute URL", "a@b.test", "https://evil.test/x", "resetPath"],
    ["query string", "a@b.test", "/x?next=https://evil.test", "resetPath"],
    ["backslash", "a@b.test", "/\\evil.test", "resetPath"],
    ["too long", "a@b.test", `/${"a".repeat(300)}`, "resetPath"],
    ["path not a string", "a@b.test", ["/a"], "resetPath"],
  ])("%s → 422", async (_l, email, resetPath, path) => {
    const res = await t.app.request("/api/auth/forgot", await withBotCheck(t.app, json({ email, resetPath })), nextAddress());
    const body = await expectProblem(res, 422);
    expect(body.errors?.map((e) => e.path)).toContain(path);
  });

  it.each<[string, RequestInit, number]>([
    ["malformed JSON", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }, 400],
    ["form body", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "email=a" }, 415],
    ["null body", json(null), 422],
  ])("%s → %i problem", async (_l, init, status) => {
    await expectProblem(await t.app.request("/api/auth/forgot", await withBotCheck(t.app, init), nextAddress()), status);
  });

  it("throttles per e-mail and per client address (429 with Retry-After)", async () => {
    const fast = await createTestApp({ forgotMinDurationMs: 0, forgotMaxPerEmail: 2, forgotMaxPerClient: 3 }, t.db);
    const email = `throttled-${++counter}@test.macc.test`;
    const env = fromAddress("10.9.0.1");
    const send = async (e: string, from = env) =>
      fast.app.request("/api/auth/forgot", await withBotCheck(fast.app, json({ email: e, resetPath: "/r" })), from);
    expect((await send(email)).status).toBe(202);
    expect((await send(email, fromAddress("10.9.0.2"))).status).toBe(202);
    const perEmail = await send(email, fromAddress("10.9.0.3"));
    await expectProblem(perEmail, 429);
    expect(Number(perEmail.headers.get("retry-after"))).toBeGreaterThan(0);
    // per address: 10.9.0.1 already made 1 request
    expect((await send("other1@test.macc.test")).status).toBe(202);
    expect((await send("other2@test.macc.test")).status).toBe(202);
    const perClient = await send("other3@test.macc.test");
    const body = await expectProblem(perClient, 429);
    expect(body.detail).toMatch(/^Trop de demandes de réinitialisation\. Veuillez réessayer dans \d+\sminutes?\.$/);
    expect(perClient.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("uses PUBLIC_URL for the link", async () => {
    const other = await createTestApp({ publicUrl: "https://extranet.macc.example", forgotMinDurationMs: 0 }, t.db);
    const email = await newAccount("public-url");
    expect((await forgot(email, {}, other.app, "/fr/mot-de-passe-oublie")).status).toBe(202);
    const mail = await waitForMail(t.db, (m) => m.to === email);
    expect(mail.text).toMatch(/https:\/\/extranet\.macc\.example\/fr\/mot-de-passe-oublie\?token=[\w-]{43}/);
    await other.close();
  });
});

describe("POST /api/auth/reset/check — failures", () => {
  it.each([
    ["unknown token", "x".repeat(43)],
    ["short token", "abc"],
    ["odd characters", "<script>"],
  ])("%s → 410", async (_l, token) => {
    expect((await expectProblem(await checkLink(token), 410)).detail).toBe(problemDetail("resetLinkInvalid", "fr-FR"));
  });

  it.each<[string, RequestInit, number]>([
    ["malformed JSON", { method: "POST", headers: { "Content-Type": "application/json" }, body: "[" }, 400],
    ["no content type", { method: "POST", body: "{}" }, 415],
    ["missing token", json({}), 422],
    ["token not a string", json({ token: 1 }), 422],
    ["empty token", json({ token: "" }), 422],
    ["too long token", json({ token: "x".repeat(201) }), 422],
  ])("%s → %i problem", async (_l, init, status) => {
    await expectProblem(await t.app.request("/api/auth/reset/check", init), status);
  });
});

describe("POST /api/auth/reset — failures", () => {
  it.each([
    ["unknown token", "x".repeat(43)],
    ["short token", "abc"],
    ["odd characters", "<script>"],
  ])("%s → 410", async (_l, token) => {
    const body = await expectProblem(await resetPw(token), 410);
    expect(body.detail).toBe(problemDetail("resetLinkInvalid", "fr-FR"));
  });

  it("rules and confirmation → 422, and the link stays usable", async () => {
    const email = await newAccount("reset-rules");
    const { token } = await resetToken(email);
    const weak = await expectProblem(await resetPw(token, "abc"), 422);
    expect(weak.errors).toEqual([
      { path: "nouveauMotDePasse", message: RULES.length },
      { path: "nouveauMotDePasse", message: RULES.uppercase },
      { path: "nouveauMotDePasse", message: RULES.digit },
    ]);
    const mismatch = await expectProblem(await resetPw(token, NEW_PASSWORD, "Autre2026x"), 422);
    expect(mismatch.errors).toEqual([{ path: "confirmerMotDePasse", message: MISMATCH }]);
    expect((await resetPw(token)).status).toBe(204);
  });

  it.each<[string, RequestInit, number]>([
    ["malformed JSON", { method: "POST", headers: { "Content-Type": "application/json" }, body: "[" }, 400],
    ["no content type", { method: "POST", body: "{}" }, 415],
    ["missing fields", json({}), 422],
    ["wrong types", json({ token: 1, nouveauMotDePasse: [], confirmerMotDePasse: {} }), 422],
    ["too long token", json({ token: "x".repeat(201), nouveauMotDePasse: NEW_PASSWORD, confirmerMotDePasse: NEW_PASSWORD }), 422],
  ])("%s → %i problem", async (_l, init, status) => {
    await expectProblem(await t.app.request("/api/auth/reset", init), status);
  });
});

describe("mail and the demo outbox", () => {
  it("the receiver stores text and HTML; /demo/outbox.json lists newest first", async () => {
    await t.mailer.send({ to: "first@test.macc.test", subject: "Premier", text: "un", html: "<p>un</p>" });
    await t.mailer.send({
      to: "second@test.macc.test",
      subject: "Second <b>",
      text: "deux https://example.test/x?a=1&b=2",
      html: "<p>deux</p><script>alert(1)</script>",
    });
    const res = await t.app.request("/demo/outbox.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const outbox = (await res.json()) as { to: string; subject: string; text: string; html: string; createdAt: string }[];
    // This test's two messages: an earlier test's mail may still be delivered meanwhile, between or after them.
    const list = outbox.filter((mail) => ["first@test.macc.test", "second@test.macc.test"].includes(mail.to));
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ to: "second@test.macc.test", subject: "Second <b>" });
    expect(list[0]?.html.trim()).toBe("<p>deux</p><script>alert(1)</script>");
    expect(list[0]?.text.trim()).toBe("deux https://example.test/x?a=1&b=2");
    expect(list[1]).toMatchObject({ to: "first@test.macc.test", subject: "Premier" });
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(list[1]!.createdAt));
  });

  it("/demo/outbox is an escaped HTML page under the strict CSP, HTML parts in a sandboxed frame", async () => {
    const res = await t.app.request("/demo/outbox");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self'; style-src 'self'/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=|srcdoc/i);
    expect(html).toContain("Second &lt;b&gt;");
    expect(html).toMatch(/<iframe sandbox="" title="Version HTML : Second &lt;b&gt;" src="\/demo\/outbox\/[0-9a-f-]{36}\.html"/);
    expect(html).toContain('<a href="https://example.test/x?a=1&amp;b=2">');
    expect(html.indexOf("second@test.macc.test")).toBeLessThan(html.indexOf("first@test.macc.test"));
    // Its styles from a sheet of its own, which the policy allows.
    expect(html).toContain('<link rel="stylesheet" href="/demo/outbox.css">');
    const sheet = await t.app.request("/demo/outbox.css");
    expect([sheet.status, sheet.headers.get("content-type")]).toEqual([200, "text/css; charset=utf-8"]);
    expect(await sheet.text()).toMatch(/pre \{ white-space: pre-wrap;/);
  });

  it("an e-mail's HTML at its own address: its inline styles allowed, no script, an origin of its own; 404 otherwise", async () => {
    const page = await (await t.app.request("/demo/outbox")).text();
    const src = /src="(\/demo\/outbox\/[0-9a-f-]{36}\.html)"/.exec(page)![1]!;
    const res = await t.app.request(src);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp.split(/;\s*/)).toEqual([
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      "img-src data:",
      "frame-ancestors 'self'",
      "sandbox",
    ]);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // As sent: the script it carries is refused by the policy and the frame's sandbox, not rewritten.
    expect((await res.text()).trim()).toBe("<p>deux</p><script>alert(1)</script>");
    for (const path of [
      "/demo/outbox/00000000-0000-4000-8000-000000000000.html",
      "/demo/outbox/1%20OR%201=1.html",
      "/demo/outbox/x.html",
    ]) {
      expect((await t.app.request(path)).status).toBe(404);
    }
  });

  it("the outbox pages exist only when the demo outbox is switched on", async () => {
    const off = await createTestApp({ demoOutbox: false }, t.db);
    expect((await off.app.request("/demo/outbox")).status).toBe(404);
    expect((await off.app.request("/demo/outbox.json")).status).toBe(404);
    expect((await off.app.request("/demo/outbox.css")).status).toBe(404);
  });
});
