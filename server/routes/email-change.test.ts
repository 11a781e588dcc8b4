/**
 * The login e-mail change (issue 26 item 8): `PUT /api/me/profile` with another address records a
 * pending change and mails its links; the new address's link applies it once, the old address's
 * cancels it; a taken address gets the same answer, and its owner a notice instead of a link.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import {
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  settleMail,
  waitForMail,
  withBotCheck,
  type TestContext,
} from "../test-support.ts";

let t: TestContext;
let counter = 0;
const nextAddress = () => fromAddress(`10.7.${Math.floor(++counter / 250)}.${counter % 250}`);
const PAGE = "/portail/mon-compte/changement-email";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

const login = async (email: string) =>
  t.app.request("/api/auth/login", await withBotCheck(t.app, json({ email, password: DEMO_PASSWORD })), nextAddress());
const loginStatus = async (email: string) => (await login(email)).status;

async function companyToken(email: string): Promise<string> {
  const res = await login(email);
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { user: { entreprises: { token: string }[] } }).user.entreprises[0]!.token;
}

type Profile = {
  user: Record<string, string | null> & { email: string };
  entreprise: Record<string, string | null>;
  emailChange: { email: string; expiresAt: string } | null;
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const getProfile = async (token: string) => (await (await t.app.request("/api/me/profile", { headers: auth(token) })).json()) as Profile;

/** PUT /api/me/profile with the current data, `email` and what changing it needs. */
async function askChange(token: string, email: string, headers: Record<string, string> = {}, user: Record<string, string> = {}) {
  const p = await getProfile(token);
  const { idTier: _i, numeroClient: _n, pays: _p, derniereMiseAJour: _d, ...entreprise } = p.entreprise;
  return t.app.request("/api/me/profile", {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...auth(token), ...headers },
    body: JSON.stringify({ user: { ...p.user, ...user, email }, entreprise, motDePasse: DEMO_PASSWORD, emailChangePath: PAGE }),
  });
}

const openLink = (link: "confirm" | "cancel", token: string) =>
  t.app.request(`/api/email-change/${link}`, json({ token }, { "X-langue": "en-GB" }));

/** The newest mail to `to` whose text matches, and the token of its `?token=` or `?cancel=` link. */
async function mailTo(to: string, text: RegExp) {
  const mail = await waitForMail(t.db, (m) => m.to === to && text.test(m.text));
  const link = /(https?:\/\/\S+)\?(token|cancel)=([\w-]+)/.exec(mail.text);
  return { ...mail, url: link?.[1], token: link?.[3] };
}
const confirmLinkTo = (to: string) => mailTo(to, /\?token=/);
/** The notice to `to` about the change to `asked` (an address mails are delivered in the background: the older ones may be there first). */
const cancelLinkTo = (to: string, asked: string) => mailTo(to, new RegExp(`${asked.replace(/[.]/g, "\\.")}[^]*\\?cancel=`));

async function expectGone(res: Response, reason: string) {
  const problem = await expectProblem(res, 410);
  expect(problem.type).toBe("urn:macc:problem:email-change-link-invalid");
  expect((problem as unknown as { reason: string }).reason).toBe(reason);
}

describe("asking for another login e-mail", () => {
  it("is pending: the login stays, the new address gets a single-use link, the old one a notice with a cancel link", async () => {
    const token = await companyToken("welcome@demo.macc.test");
    const res = await askChange(token, " Camille.Nouvelle@Exploitation.test ", { "X-langue": "fr-FR" }, { ville: "Niort" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Profile;
    expect(body.user.email).toBe("welcome@demo.macc.test");
    // The other fields are saved as before.
    expect(body.user.ville).toBe("Niort");
    expect(body.emailChange?.email).toBe("camille.nouvelle@exploitation.test");
    const hours = (Date.parse(body.emailChange!.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await getProfile(token)).toEqual(body);

    const link = await confirmLinkTo("camille.nouvelle@exploitation.test");
    expect(link.subject).toBe("Confirmez votre nouvelle adresse e-mail MACC");
    expect(link.url).toBe(`${t.config.publicUrl}${PAGE}`);
    expect(link.text).toContain("valable 24 heures");
    const notice = await cancelLinkTo("welcome@demo.macc.test", "camille.nouvelle@exploitation.test");
    expect(notice.text).toContain("camille.nouvelle@exploitation.test");
    expect(notice.url).toBe(`${t.config.publicUrl}${PAGE}`);
    // Only their hashes are stored.
    const { rows } = await t.db.query<{ confirm_hash: string; cancel_hash: string }>(
      "SELECT confirm_hash, cancel_hash FROM email_changes WHERE new_email = 'camille.nouvelle@exploitation.test'",
    );
    expect(rows[0]!.confirm_hash).not.toContain(link.token);
    expect(rows[0]!.cancel_hash).not.toContain(notice.token);

    expect(await loginStatus("camille.nouvelle@exploitation.test")).toBe(401);
    expect(await loginStatus("welcome@demo.macc.test")).toBe(200);
  });

  it("needs the current password and the links' page (422 each), never 409", async () => {
    const token = await companyToken("stale@demo.macc.test");
    const p = await getProfile(token);
    const { idTier: _i, numeroClient: _n, pays: _p, derniereMiseAJour: _d, ...entreprise } = p.entreprise;
    const put = (extra: Record<string, string>) =>
      t.app.request("/api/me/profile", {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...auth(token) },
        body: JSON.stringify({ user: { ...p.user, email: "autre@martin.test" }, entreprise, ...extra }),
      });
    const missing = await expectProblem(await put({}), 422);
    expect(missing.errors).toEqual([
      { path: "motDePasse", message: "Champ obligatoire" },
      { path: "emailChangePath", message: "Champ obligatoire" },
    ]);
    const badPath = await expectProblem(await put({ motDePasse: DEMO_PASSWORD, emailChangePath: "https://evil.test/x" }), 422);
    expect(badPath.errors?.[0]?.path).toBe("emailChangePath");
    const wrong = await expectProblem(await put({ motDePasse: "Mauvais2026x", emailChangePath: PAGE }), 422);
    expect(wrong.errors).toEqual([{ path: "motDePasse", message: "Mot de passe invalide." }]);
    expect((await getProfile(token)).emailChange).toBeNull();
  });
});

describe("the new address's link", () => {
  it("applies the change once: the login is the new address; used again, or the cancel link after it, says it was applied", async () => {
    const token = await companyToken("uk@demo.macc.test");
    expect((await askChange(token, "oliver@greenfield.test")).status).toBe(200);
    const link = await confirmLinkTo("oliver@greenfield.test");
    const notice = await cancelLinkTo("uk@demo.macc.test", "oliver@greenfield.test");

    const res = await openLink("confirm", link.token!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ email: "oliver@greenfield.test" });
    const profile = await getProfile(token);
    expect(profile.user.email).toBe("oliver@greenfield.test");
    expect(profile.emailChange).toBeNull();
    expect(await loginStatus("oliver@greenfield.test")).toBe(200);
    expect(await loginStatus("uk@demo.macc.test")).toBe(401);

    await expectGone(await openLink("confirm", link.token!), "applied");
    await expectGone(await openLink("cancel", notice.token!), "applied");
    // Back to the demo's address for the other tests.
    expect((await askChange(token, "uk@demo.macc.test")).status).toBe(200);
    expect((await openLink("confirm", (await confirmLinkTo("uk@demo.macc.test")).token!)).status).toBe(200);
  });

  it("opened twice at once, applies once", async () => {
    const token = await companyToken("reset@demo.macc.test");
    expect((await askChange(token, "twice@ferme.test")).status).toBe(200);
    const link = await confirmLinkTo("twice@ferme.test");
    const answers = await Promise.all([openLink("confirm", link.token!), openLink("confirm", link.token!)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410]);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM email_changes WHERE new_email = 'twice@ferme.test' AND ended_reason = 'applied'",
    );
    expect(rows[0]!.n).toBe(1);
    expect((await askChange(token, "reset@demo.macc.test")).status).toBe(200);
    expect((await openLink("confirm", (await confirmLinkTo("reset@demo.macc.test")).token!)).status).toBe(200);
  });

  it("expired after 24 h: both links say so, the profile no longer shows it, the login is unchanged", async () => {
    const token = await companyToken("stale@demo.macc.test");
    expect((await askChange(token, "late@martin.test")).status).toBe(200);
    const link = await confirmLinkTo("late@martin.test");
    const notice = await cancelLinkTo("stale@demo.macc.test", "late@martin.test");
    await t.db.query("UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE new_email = 'late@martin.test'");
    await expectGone(await openLink("confirm", link.token!), "expired");
    await expectGone(await openLink("cancel", notice.token!), "expired");
    expect((await getProfile(token)).emailChange).toBeNull();
    expect((await getProfile(token)).user.email).toBe("stale@demo.macc.test");
  });

  it("a newer request supersedes the older one: its links no longer work, the newer's do", async () => {
    const token = await companyToken("stale@demo.macc.test");
    expect((await askChange(token, "first@martin.test")).status).toBe(200);
    const first = await confirmLinkTo("first@martin.test");
    const firstNotice = await cancelLinkTo("stale@demo.macc.test", "first@martin.test");
    const second = await askChange(token, "second@martin.test");
    expect(((await second.json()) as Profile).emailChange?.email).toBe("second@martin.test");
    await expectGone(await openLink("confirm", first.token!), "superseded");
    await expectGone(await openLink("cancel", firstNotice.token!), "superseded");
    expect((await openLink("confirm", (await confirmLinkTo("second@martin.test")).token!)).status).toBe(200);
    expect((await askChange(token, "stale@demo.macc.test")).status).toBe(200);
    expect((await openLink("confirm", (await confirmLinkTo("stale@demo.macc.test")).token!)).status).toBe(200);
  });

  it("an address another account took meanwhile: 409, nothing changes, and it stays refused", async () => {
    const token = await companyToken("welcome@demo.macc.test");
    expect((await askChange(token, "contested@ferme.test")).status).toBe(200);
    const link = await confirmLinkTo("contested@ferme.test");
    await t.db.query("UPDATE accounts SET email = 'contested@ferme.test' WHERE email = 'reset@demo.macc.test'");
    try {
      const problem = await expectProblem(await openLink("confirm", link.token!), 409);
      expect(problem.type).toBe("urn:macc:problem:email-taken");
      expect(problem.detail).toBe("This e-mail address is already in use.");
      await expectProblem(await openLink("confirm", link.token!), 409);
      expect((await getProfile(token)).user.email).toBe("welcome@demo.macc.test");
      expect((await getProfile(token)).emailChange).toBeNull();
    } finally {
      await t.db.query("UPDATE accounts SET email = 'reset@demo.macc.test' WHERE email = 'contested@ferme.test'");
    }
  });

  it("an unknown token → 410 unknown; a body without one → 422", async () => {
    await expectGone(await openLink("confirm", "x".repeat(43)), "unknown");
    await expectGone(await openLink("cancel", "x".repeat(43)), "unknown");
    await expectProblem(await t.app.request("/api/email-change/confirm", json({})), 422);
  });
});

describe("cancelling", () => {
  it("the old address's link cancels without logging in, once; the new address's link then says cancelled", async () => {
    const token = await companyToken("stale@demo.macc.test");
    expect((await askChange(token, "cancel-me@martin.test")).status).toBe(200);
    const link = await confirmLinkTo("cancel-me@martin.test");
    const notice = await cancelLinkTo("stale@demo.macc.test", "cancel-me@martin.test");
    const res = await openLink("cancel", notice.token!);
    expect(res.status).toBe(204);
    expect((await getProfile(token)).emailChange).toBeNull();
    await expectGone(await openLink("cancel", notice.token!), "cancelled");
    await expectGone(await openLink("confirm", link.token!), "cancelled");
    expect((await getProfile(token)).user.email).toBe("stale@demo.macc.test");
  });

  it("from the profile: DELETE /api/me/email-change (401 without a token)", async () => {
    const token = await companyToken("stale@demo.macc.test");
    expect((await askChange(token, "changed-mind@martin.test")).status).toBe(200);
    const link = await confirmLinkTo("changed-mind@martin.test");
    await expectProblem(await t.app.request("/api/me/email-change", { method: "DELETE" }), 401);
    const res = await t.app.request("/api/me/email-change", { method: "DELETE", headers: auth(token) });
    expect(res.status).toBe(204);
    expect((await getProfile(token)).emailChange).toBeNull();
    await expectGone(await openLink("confirm", link.token!), "cancelled");
    // Nothing pending: nothing to do.
    expect((await t.app.request("/api/me/email-change", { method: "DELETE", headers: auth(token) })).status).toBe(204);
  });
});

describe("an address that already has an account", () => {
  it("answers as a free one; its owner is told in their language, with no link; the old address gets its notice; nothing changes", async () => {
    const token = await companyToken("welcome@demo.macc.test");
    const normalise = async (res: Response, asked: string) => ({
      status: res.status,
      headers: [...res.headers.entries()],
      body: (await res.text()).replaceAll(asked, "<asked>").replace(/"expiresAt":"[^"]+"/, ""),
    });
    const free = await normalise(await askChange(token, "libre@ferme.test"), "libre@ferme.test");
    const taken = await normalise(await askChange(token, "uk@demo.macc.test"), "uk@demo.macc.test");
    expect(taken).toEqual(free);
    expect(taken.status).toBe(200);

    // uk@'s account reads English: the notice says someone tried, and carries no link.
    const owner = await mailTo("uk@demo.macc.test", /Someone tried/);
    expect(owner.subject).toBe("Your e-mail address was offered for another MACC account");
    expect(owner.token).toBeUndefined();
    expect(owner.html).not.toContain("href");
    expect((await cancelLinkTo("welcome@demo.macc.test", "uk@demo.macc.test")).token).toBeDefined();
    expect((await getProfile(token)).emailChange?.email).toBe("uk@demo.macc.test");
    expect((await getProfile(token)).user.email).toBe("welcome@demo.macc.test");
    expect(await loginStatus("uk@demo.macc.test")).toBe(200);
    // The link never sent cannot be guessed; the change can only be cancelled.
    expect((await t.app.request("/api/me/email-change", { method: "DELETE", headers: auth(token) })).status).toBe(204);
  });
});
