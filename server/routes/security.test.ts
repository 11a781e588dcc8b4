/**
 * Security the customer can see (issue 29, step 3): the devices list (browser and system, masked
 * address, first and last use, "this device"), signing out one device or all others (their refresh
 * and their access tokens are refused at once), another account's device is not found; the activity
 * log: logins, failed attempts counted on one line, company switches, keyset pages, the kind filter,
 * the owner's view of the team's lines and nobody else's; malformed input answered problem+json.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityAnswer, DevicesAnswer } from "../../src/contract/security.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import {
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  outbox,
  refreshCookie,
  settleMail,
  waitForMail,
  withBotCheck,
  type TestContext,
} from "../test-support.ts";

const FRA = "1004217"; // multi@'s first company: comptable@ is its accountant
const OWNER = "multi@demo.macc.test";
const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0";

let t: TestContext;

interface Login {
  account: string;
  company: Record<string, string>;
  refresh: string;
}

async function login(email: string, address: string, userAgent: string, password = DEMO_PASSWORD): Promise<Login> {
  const init = json({ email, password }, { "User-Agent": userAgent });
  const res = await t.app.request("/api/auth/login", await withBotCheck(t.app, init), fromAddress(address));
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { idTier: string; token: string }[] } };
  return {
    account: body.accessToken,
    company: Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token])),
    refresh: refreshCookie(res)!,
  };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const get = (path: string, token: string) => t.app.request(path, { headers: bearer(token) }, fromAddress("10.84.0.1"));
const devices = async (token: string) => {
  const res = await get("/api/me/security/devices", token);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as DevicesAnswer).devices;
};
const activity = async (token: string, query = "") => {
  const res = await get(`/api/me/security/activity${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ActivityAnswer;
};
/** The one password change allowed, from the demo password to `next`. */
async function changePassword(token: string, next: string) {
  const body = { ancienMotDePasse: DEMO_PASSWORD, nouveauMotDePasse: next, confirmerMotDePasse: next };
  const res = await t.app.request("/api/me/password", json(body, bearer(token)));
  expect(res.status, await res.clone().text()).toBe(204);
}
const refresh = (cookie: string) =>
  t.app.request("/api/auth/refresh", { method: "POST", headers: { Cookie: `macc_refresh=${cookie}`, "X-Requested-With": "macc" } });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

describe("devices", () => {
  it("lists the account's live sessions with browser, system, masked address, first and last use, and this device", async () => {
    const laptop = await login("stale@demo.macc.test", "203.0.113.42", CHROME_WINDOWS);
    await login("stale@demo.macc.test", "198.51.100.7", FIREFOX_LINUX);
    const list = await devices(laptop.account);
    expect(list).toHaveLength(2);
    const mine = list.find((d) => d.current)!;
    expect(mine).toMatchObject({ browser: "Chrome 124", system: "Windows", form: "computer", address: "203.0.113.x", place: null });
    expect(Date.parse(mine.firstUsedAt)).toBeLessThanOrEqual(Date.parse(mine.lastUsedAt));
    expect(list.find((d) => !d.current)).toMatchObject({ browser: "Firefox 126", system: "Linux", address: "198.51.100.x" });
    // Never the full address.
    expect(JSON.stringify(list)).not.toMatch(/203\.0\.113\.42|198\.51\.100\.7/);
  });

  it("signs out one device: its refresh and its access token are refused; the others go on", async () => {
    const first = await login("atelier@demo.macc.test", "10.84.1.1", CHROME_WINDOWS);
    const second = await login("atelier@demo.macc.test", "10.84.1.2", FIREFOX_LINUX);
    const other = (await devices(first.account)).find((d) => !d.current)!;
    const res = await t.app.request(`/api/me/security/devices/${other.id}`, { method: "DELETE", headers: bearer(first.account) });
    expect(res.status, await res.clone().text()).toBe(204);
    await expectProblem(await get("/api/me/security/devices", second.account), 401);
    await expectProblem(await refresh(second.refresh), 401);
    expect((await devices(first.account)).map((d) => d.current)).toEqual([true]);
    const lines = (await activity(first.account, "?kind=sign-ins")).entries;
    expect(lines[0]).toMatchObject({ kind: "device-signed-out", detail: { change: "one", browser: "Firefox 126" } });
  });

  it("another account's device, an unknown one and a malformed id are not found", async () => {
    const mine = await login("welcome@demo.macc.test", "10.84.2.1", CHROME_WINDOWS);
    const theirs = await login("uk@demo.macc.test", "10.84.2.2", CHROME_WINDOWS);
    const theirDevice = (await devices(theirs.account))[0]!.id;
    for (const id of [theirDevice, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await expectProblem(await t.app.request(`/api/me/security/devices/${id}`, { method: "DELETE", headers: bearer(mine.account) }), 404);
    }
    // Theirs goes on.
    expect(await devices(theirs.account)).toHaveLength(1);
  });

  it("signs out all other devices: each one's refresh fails, this one goes on", async () => {
    const keep = await login("welcome@demo.macc.test", "10.84.3.1", CHROME_WINDOWS);
    const a = await login("welcome@demo.macc.test", "10.84.3.2", FIREFOX_LINUX);
    const b = await login("welcome@demo.macc.test", "10.84.3.3", FIREFOX_LINUX);
    const res = await t.app.request("/api/me/security/devices/sign-out-others", { method: "POST", headers: bearer(keep.account) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { signedOut: number }).signedOut).toBeGreaterThanOrEqual(2);
    for (const s of [a, b]) await expectProblem(await refresh(s.refresh), 401);
    expect(await devices(keep.account)).toHaveLength(1);
    expect((await refresh(keep.refresh)).status).toBe(200);
  });

  it("needs a session", async () => {
    await expectProblem(await t.app.request("/api/me/security/devices"), 401);
    await expectProblem(await t.app.request("/api/me/security/devices/sign-out-others", { method: "POST" }), 401);
    await expectProblem(await t.app.request("/api/me/security/activity"), 401);
  });
});

describe("activity", () => {
  it("records logins and counts failed attempts against the account on one line, without the password or the address", async () => {
    for (let i = 0; i < 3; i++) {
      const init = json({ email: "uk@demo.macc.test", password: `Wrong-guess-${i}` }, { "User-Agent": FIREFOX_LINUX });
      await expectProblem(await t.app.request("/api/auth/login", await withBotCheck(t.app, init), fromAddress(`10.84.4.${i + 1}`)), 401);
    }
    const uk = await login("uk@demo.macc.test", "10.84.4.9", CHROME_WINDOWS);
    const { entries } = await activity(uk.account);
    expect(entries[0]).toMatchObject({ kind: "login", count: 1, actor: null, detail: { browser: "Chrome 124", address: "10.84.4.x" } });
    const failed = entries.filter((e) => e.kind === "login-failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ count: 3, detail: { browser: "Firefox 126" } });
    expect(JSON.stringify(entries)).not.toMatch(/Wrong-guess|10\.84\.4\.\d/);
  });

  it("pages newest first with a keyset cursor, and filters by kind", async () => {
    const owner = await login(OWNER, "10.84.5.1", CHROME_WINDOWS);
    for (let i = 0; i < 22; i++) {
      const res = await t.app.request("/api/me/security/company-switch", { method: "POST", headers: bearer(owner.company[FRA]!) });
      expect(res.status, await res.clone().text()).toBe(204);
    }
    const first = await activity(owner.account);
    expect(first.entries).toHaveLength(20);
    expect(first.next).toBe(first.entries[19]!.id);
    const second = await activity(owner.account, `?after=${first.next}`);
    expect(second.entries.length).toBeGreaterThan(0);
    const ids = [...first.entries, ...second.entries].map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const switches = await activity(owner.account, "?kind=account");
    expect(switches.entries.every((e) => ["profile", "email", "password"].includes(e.kind))).toBe(true);
    const signIns = await activity(owner.account, "?kind=sign-ins");
    expect(signIns.entries[0]).toMatchObject({ kind: "company-switch", detail: { company: expect.any(String) } });
  });

  it("shows the company's owner the team's lines with who did them; an accountant reads only their own", async () => {
    const accountant = await login("comptable@demo.macc.test", "10.84.6.1", FIREFOX_LINUX);
    const res = await t.app.request("/api/me/security/company-switch", { method: "POST", headers: bearer(accountant.company[FRA]!) });
    expect(res.status).toBe(204);
    const owner = await login(OWNER, "10.84.6.2", CHROME_WINDOWS);
    const switched = await t.app.request("/api/me/security/company-switch", { method: "POST", headers: bearer(owner.company[FRA]!) });
    expect(switched.status).toBe(204);
    const view = await activity(owner.company[FRA]!, "?kind=sign-ins");
    expect(view.team).toBe(true);
    expect(view.entries.find((e) => e.actor === "comptable@demo.macc.test")).toMatchObject({ kind: "company-switch" });
    // The owner's own line in the company is both theirs and the team's: shown once.
    expect(view.entries[0]).toMatchObject({ kind: "company-switch", actor: null });
    expect(new Set(view.entries.map((e) => e.id)).size).toBe(view.entries.length);
    // Account-level token: the owner's own lines only.
    expect((await activity(owner.account)).entries.every((e) => e.actor === null)).toBe(true);
    const theirs = await activity(accountant.company[FRA]!);
    expect(theirs.team).toBe(false);
    expect(theirs.entries.every((e) => e.actor === null)).toBe(true);
  });

  it("refuses a malformed filter or cursor (400 problem+json)", async () => {
    const uk = await login("uk@demo.macc.test", "10.84.7.1", CHROME_WINDOWS);
    for (const query of ["?kind=everything", "?after=abc", "?after=-1", `?after=${"9".repeat(30)}`]) {
      await expectProblem(await get(`/api/me/security/activity${query}`, uk.account), 400);
    }
  });

  it("refuses the company switch with an account-level token", async () => {
    const uk = await login("uk@demo.macc.test", "10.84.8.1", CHROME_WINDOWS);
    await expectProblem(await t.app.request("/api/me/security/company-switch", { method: "POST", headers: bearer(uk.account) }), 403);
  });

  it("records the account's changes with the change (a password change, an invitation by the owner), never a password or a token", async () => {
    const welcome = await login("welcome@demo.macc.test", "10.84.9.1", CHROME_WINDOWS);
    await changePassword(welcome.account, "Moisson-2027!");
    expect((await activity(welcome.account, "?kind=account")).entries[0]).toMatchObject({
      kind: "password",
      detail: { change: "changed" },
    });

    const owner = await login(OWNER, "10.84.9.2", CHROME_WINDOWS);
    const invited = await t.app.request(
      "/api/me/team/invitations",
      json({ email: "journal@example.test", role: "accountant", invitationPath: "/invitation" }, bearer(owner.company[FRA]!)),
    );
    expect(invited.status, await invited.clone().text()).toBe(201);
    const team = await activity(owner.company[FRA]!, "?kind=team");
    expect(team.entries[0]).toMatchObject({
      kind: "invitation",
      actor: null,
      detail: { email: "journal@example.test", role: "accountant", change: "sent" },
    });

    const { rows } = await t.db.query<{ detail: unknown }>("SELECT detail FROM account_activity");
    const all = JSON.stringify(rows);
    expect(all).not.toMatch(/Macc2026|Moisson-2027|token/i);
  });
});

describe("alerts", () => {
  const linkIn = (text: string) => /[?&]alerte=([\w-]+)/.exec(text)?.[1];
  const notMe = (token: string) =>
    t.app.request("/api/security/not-me", json({ token, resetPath: "/portail/mot-de-passe-oublie" }), fromAddress("10.84.10.9"));

  it("mails a sign-in from a device without the account's device cookie, not from a known one", async () => {
    const res = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "uk@demo.macc.test", password: DEMO_PASSWORD }, { "User-Agent": FIREFOX_LINUX })),
      fromAddress("10.84.10.1"),
    );
    expect(res.status).toBe(200);
    const mail = await waitForMail(t.db, (m) => m.to === "uk@demo.macc.test" && m.text.includes("10.84.10.x"));
    expect(mail.subject).toBe("New sign-in to your MACC account");
    expect(mail.text).toContain("Firefox 126, Linux, 10.84.10.x");
    expect(linkIn(mail.text)).toBeTruthy();
    expect(mail.text).toContain("/portail/forgotten-password?alerte=");
    const device = /^macc_device=([^;]*)/.exec(res.headers.getSetCookie().find((c) => c.startsWith("macc_device="))!)![1]!;
    await settleMail(t.db);
    const before = (await outbox(t.db)).length;
    const again = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "uk@demo.macc.test", password: DEMO_PASSWORD }, { Cookie: `macc_device=${device}` })),
      fromAddress("10.84.10.2"),
    );
    expect(again.status).toBe(200);
    await settleMail(t.db);
    expect((await outbox(t.db)).length).toBe(before);
  });

  it("“this wasn't me” ends every session, mails a reset link, works once, and needs no session", async () => {
    const a = await login("stale@demo.macc.test", "10.84.11.1", CHROME_WINDOWS);
    const b = await login("stale@demo.macc.test", "10.84.11.2", FIREFOX_LINUX);
    const mail = await waitForMail(t.db, (m) => m.to === "stale@demo.macc.test" && /alerte=/.test(m.text));
    const token = linkIn(mail.text)!;
    const res = await notMe(token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { signedOut: number }).signedOut).toBeGreaterThanOrEqual(2);
    for (const s of [a, b]) {
      await expectProblem(await refresh(s.refresh), 401);
      await expectProblem(await get("/api/me/security/devices", s.account), 401);
    }
    const reset = await waitForMail(t.db, (m) => m.to === "stale@demo.macc.test" && /mot-de-passe-oublie\?token=/.test(m.text));
    expect(reset.text).toContain("/portail/mot-de-passe-oublie?token=");
    await expectProblem(await notMe(token), 410);
    await expectProblem(await notMe("unknown-token"), 410);
    await expectProblem(await t.app.request("/api/security/not-me", json({ resetPath: "/x" })), 422);
  });

  it("the password change's mail carries the link", async () => {
    const atelier = await login("atelier@demo.macc.test", "10.84.12.1", CHROME_WINDOWS);
    await changePassword(atelier.account, "Semailles-2027!");
    const mail = await waitForMail(
      t.db,
      (m) => m.to === "atelier@demo.macc.test" && /mot de passe MACC a été modifié/.test(m.subject ?? ""),
    );
    expect(linkIn(mail.text)).toBeTruthy();
    expect(mail.text).toContain("Ce n'était pas moi");
  });
});

describe("housekeeping", () => {
  it("deletes the activity past 12 months and the used or expired alert links", async () => {
    const { housekeeping } = await import("../jobs/housekeeping.ts");
    const uk = (await t.db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = 'uk@demo.macc.test'")).rows[0]!
      .uuid_compte;
    await t.db.query(
      "INSERT INTO account_activity (uuid_compte, kind, category, at) VALUES ($1, 'profile', 'account', now() - interval '13 months')",
      [uk],
    );
    await t.db.query(
      "INSERT INTO security_alert_links (token_hash, uuid_compte, kind, expires_at) VALUES ('old-link', $1, 'new-device', now() - interval '2 days')",
      [uk],
    );
    await housekeeping(t.db);
    const left = await t.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM account_activity WHERE at < now() - interval '12 months')::int + (SELECT count(*) FROM security_alert_links WHERE token_hash = 'old-link')::int AS n",
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});
