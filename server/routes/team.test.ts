/**
 * A company's team (issue 29, step 2): the owner lists, invites (the same answer whether the address
 * has an account or not), changes a role, suspends, removes, resends and revokes; the invitee reads
 * the invitation and accepts it with a new account or their own; a change applies to sessions
 * already open; the last owner stays; another company's member or invitation is not found.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InvitationSent, TeamAnswer } from "../../src/contract/team.ts";
import {
  createTestApp,
  demoLogin,
  expectProblem,
  fromAddress,
  json,
  settleMail,
  waitForMail,
  withBotCheck,
  type TestContext,
} from "../test-support.ts";

const FRA = "1004217"; // multi@'s first company: comptable@ (accountant) and atelier@ (workshop) are in its team
const AGR = "2000873"; // multi@'s second company
const PATH = "/mon-compte/invitation";
/** A last day well ahead (the contract takes up to 10 years). */
const NEXT_YEAR = `${new Date().getFullYear() + 1}-04-30`;

let t: TestContext;
let owner: Record<string, string> = {};
let ownerAccount = "";
let accountant = "";
let ukToken = "";
let address = 0;

const from = () => fromAddress(`10.83.${Math.floor(++address / 250)}.${address % 250}`);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, "X-Requested-With": "macc" });
const call = (path: string, init: RequestInit) => t.app.request(path, init, from());
const get = (path: string, token: string) => call(path, { headers: bearer(token) });
const post = (path: string, body: unknown, token?: string) => call(path, json(body, token ? bearer(token) : {}));
const patch = (path: string, body: unknown, token: string) => call(path, { ...json(body, bearer(token)), method: "PATCH" });
const del = (path: string, token: string) => call(path, { method: "DELETE", headers: bearer(token) });

const team = async (token = owner[FRA]!) => {
  const res = await get("/api/me/team", token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TeamAnswer;
};
const idOf = async (email: string) =>
  (await t.db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = $1", [email])).rows[0]!.uuid_compte;

/** A security alert (a new-device sign-in…), which its logins send beside the team's mails. */
const isSecurityAlert = (m: { text: string }) => /[?&]alerte=/.test(m.text);

/** Invites `email` to FRA; the link's token read from the mail. */
async function invite(email: string, role = "accountant", extra: Record<string, unknown> = {}) {
  const res = await post("/api/me/team/invitations", { email, role, invitationPath: PATH, ...extra }, owner[FRA]);
  expect(res.status, await res.clone().text()).toBe(201);
  const sent = (await res.json()) as InvitationSent;
  const mail = await waitForMail(t.db, (m) => m.to === email);
  const token = /[?&]token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  return { sent, mail, token: token! };
}

async function login(email: string, password: string) {
  const res = await t.app.request("/api/auth/login", await withBotCheck(t.app, json({ email, password })), from());
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { accessToken: string; user: { entreprises: { idTier: string; token: string; role: string }[] } };
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  const multi = await demoLogin(t.app, "multi@demo.macc.test", "10.83.200.1");
  owner = multi.company;
  ownerAccount = multi.account;
  accountant = (await demoLogin(t.app, "comptable@demo.macc.test", "10.83.200.2")).company[FRA]!;
  const uk = await demoLogin(t.app, "uk@demo.macc.test", "10.83.200.3");
  ukToken = Object.values(uk.company)[0]!;
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});
beforeEach(async () => {
  await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'invitations:%'");
});

describe("the team list", () => {
  it("lists the members with role and state, owner first, and the caller marked", async () => {
    const { members } = await team();
    expect(members[0]).toMatchObject({ email: "multi@demo.macc.test", role: "owner", status: "active", you: true });
    expect(members.find((m) => m.email === "comptable@demo.macc.test")).toMatchObject({
      role: "accountant",
      status: "active",
      endsOn: null,
    });
    expect(members.find((m) => m.email === "atelier@demo.macc.test")).toMatchObject({ role: "workshop" });
  });

  it("is refused to a role without team (403 forbidden-role) and needs a company token", async () => {
    expect((await expectProblem(await get("/api/me/team", accountant), 403)).type).toBe("urn:macc:problem:forbidden-role");
    expect((await expectProblem(await get("/api/me/team", ownerAccount), 403)).type).toBe("urn:macc:problem:company-required");
    await expectProblem(await get("/api/me/team", "nope"), 401);
  });
});

describe("an invitation", () => {
  it("answers the same whether or not the address has an account, and mails a single-use link in the inviter's language", async () => {
    const fresh = await post(
      "/api/me/team/invitations",
      { email: "nobody.yet@example.test", role: "accountant", invitationPath: PATH },
      owner[FRA],
    );
    const known = await post(
      "/api/me/team/invitations",
      { email: "uk@demo.macc.test", role: "read-only", invitationPath: PATH, langue: "en-GB" },
      owner[FRA],
    );
    expect([fresh.status, known.status]).toEqual([201, 201]);
    const [a, b] = [(await fresh.json()) as Record<string, unknown>, (await known.json()) as Record<string, unknown>];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    // Not the new-device alert of its logins (issue 29 step 3).
    const mail = await waitForMail(t.db, (m) => m.to === "uk@demo.macc.test" && !isSecurityAlert(m));
    expect(mail.subject).toMatch(/invites you/);
    expect(mail.text).toContain(`${PATH}?token=`);
    const french = await waitForMail(t.db, (m) => m.to === "nobody.yet@example.test");
    expect(french.text).toMatch(/avec le rôle comptable/);
    const { invitations } = await team();
    expect(invitations.map((i) => i.email)).toEqual(expect.arrayContaining(["nobody.yet@example.test", "uk@demo.macc.test"]));
    expect(invitations.find((i) => i.email === "uk@demo.macc.test")).toMatchObject({ role: "read-only", status: "invited" });
  });

  it("refuses malformed input with 422 field errors in form order, a member's address with 409, a non-JSON body with 415", async () => {
    const bad = await expectProblem(
      await post("/api/me/team/invitations", { email: "no", role: "boss", endsOn: "2001-01-01", invitationPath: PATH }, owner[FRA]),
      422,
    );
    expect(bad.errors?.map((e) => e.path)).toEqual(["email", "role", "endsOn"]);
    expect(
      (
        await expectProblem(
          await post("/api/me/team/invitations", { email: "comptable@demo.macc.test", role: "full", invitationPath: PATH }, owner[FRA]),
          409,
        )
      ).type,
    ).toBe("urn:macc:problem:already-member");
    await expectProblem(
      await call("/api/me/team/invitations", {
        method: "POST",
        headers: { ...bearer(owner[FRA]!), "Content-Type": "text/plain" },
        body: "x",
      }),
      415,
    );
    expect(
      (
        await expectProblem(
          await post("/api/me/team/invitations", { email: "x@example.test", role: "full", invitationPath: PATH }, accountant),
          403,
        )
      ).type,
    ).toBe("urn:macc:problem:forbidden-role");
  });

  it("is limited per address with 429 and Retry-After", async () => {
    let res: Response | undefined;
    for (let i = 0; i < 6; i++)
      res = await post("/api/me/team/invitations", { email: "flood@example.test", role: "full", invitationPath: PATH }, owner[FRA]);
    const problem = await expectProblem(res!, 429);
    expect(problem.type).toBe("urn:macc:problem:too-many-requests");
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is read by its link (a POST), never accepted by reading it; an unknown token is 410", async () => {
    const { token } = await invite("reader@example.test", "workshop");
    const view = await post("/api/invitations/view", { token });
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ email: "reader@example.test", role: "workshop", pays: "FR" });
    expect((await team()).invitations.find((i) => i.email === "reader@example.test")?.status).toBe("invited");
    const gone = await expectProblem(await post("/api/invitations/view", { token: "not-a-token" }), 410);
    expect(gone).toMatchObject({ type: "urn:macc:problem:invitation-link-invalid", reason: "unknown" });
    await expectProblem(await post("/api/invitations/view", {}), 422);
    expect((await t.app.request(`/api/invitations/view?token=${token}`)).status).toBe(404);
  });

  it("resent, draws a new link (the old one no longer works); revoked, its link is gone; another company's is 404", async () => {
    const first = await invite("resend@example.test");
    await t.db.query("DELETE FROM outbox WHERE recipient = 'resend@example.test'");
    const res = await post(`/api/me/team/invitations/${first.sent.id}/resend`, undefined, owner[FRA]);
    expect(res.status, await res.clone().text()).toBe(200);
    const mail = await waitForMail(t.db, (m) => m.to === "resend@example.test");
    const second = /[?&]token=([\w-]+)/.exec(mail.text)![1]!;
    expect(second).not.toBe(first.token);
    await expectProblem(await post("/api/invitations/view", { token: first.token }), 410);
    expect((await post("/api/invitations/view", { token: second })).status).toBe(200);
    // From another company (multi@'s AGR, uk@'s): not found.
    await expectProblem(await post(`/api/me/team/invitations/${first.sent.id}/resend`, undefined, owner[AGR]), 404);
    await expectProblem(await del(`/api/me/team/invitations/${first.sent.id}`, ukToken), 404);
    await expectProblem(await del(`/api/me/team/invitations/not-a-uuid`, owner[FRA]!), 404);
    expect((await del(`/api/me/team/invitations/${first.sent.id}`, owner[FRA]!)).status).toBe(204);
    expect((await expectProblem(await post("/api/invitations/view", { token: second }), 410)) as unknown).toMatchObject({
      reason: "revoked",
    });
    expect((await team()).invitations.some((i) => i.email === "resend@example.test")).toBe(false);
  });
});

describe("accepting", () => {
  it("with a new account: password rules, the company's mobile; then the invitee logs in and reads only invoices; the link is spent", async () => {
    const { token } = await invite("new.accountant@example.test", "accountant");
    const weak = await expectProblem(
      await post("/api/invitations/accept", { token, pays: "FR", mobile: "12", motDePasse: "short", confirmerMotDePasse: "short" }),
      422,
    );
    expect(weak.errors?.map((e) => e.path)).toEqual(["mobile"]);
    const rules = await expectProblem(
      await post("/api/invitations/accept", {
        token,
        pays: "FR",
        mobile: "06 12 34 56 78",
        motDePasse: "short",
        confirmerMotDePasse: "other",
      }),
      422,
    );
    expect(rules.errors?.map((e) => e.path)).toContain("motDePasse");
    const ok = await post("/api/invitations/accept", {
      token,
      pays: "FR",
      mobile: "06 12 34 56 78",
      motDePasse: "Tracteur2026!",
      confirmerMotDePasse: "Tracteur2026!",
    });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(await ok.json()).toMatchObject({ email: "new.accountant@example.test", role: "accountant" });
    expect(await expectProblem(await post("/api/invitations/view", { token }), 410)).toMatchObject({ reason: "accepted" });

    const session = await login("new.accountant@example.test", "Tracteur2026!");
    expect(session.user.entreprises.map((e) => [e.idTier, e.role])).toEqual([[FRA, "accountant"]]);
    const scoped = session.user.entreprises[0]!.token;
    expect((await get("/api/me/invoices", scoped)).status).toBe(200);
    expect((await expectProblem(await get("/api/me/products", scoped), 403)).type).toBe("urn:macc:problem:forbidden-role");
    expect((await team()).members.find((m) => m.email === "new.accountant@example.test")).toMatchObject({
      role: "accountant",
      status: "active",
    });
  });

  it("an address that has an account is told to log in (409), then joins with its own session; another account cannot (403)", async () => {
    const { token } = await invite("stale@demo.macc.test", "read-only", { endsOn: NEXT_YEAR });
    const exists = await expectProblem(
      await post("/api/invitations/accept", {
        token,
        pays: "FR",
        mobile: "06 12 34 56 78",
        motDePasse: "Tracteur2026!",
        confirmerMotDePasse: "Tracteur2026!",
      }),
      409,
    );
    expect(exists.type).toBe("urn:macc:problem:account-exists");
    const someoneElse = (await demoLogin(t.app, "welcome@demo.macc.test", "10.83.201.1")).account;
    await expectProblem(await post("/api/invitations/join", { token }, someoneElse), 403);
    await expectProblem(await post("/api/invitations/join", { token }), 401);
    const stale = await demoLogin(t.app, "stale@demo.macc.test", "10.83.201.2");
    const joined = await post("/api/invitations/join", { token }, stale.account);
    expect(joined.status, await joined.clone().text()).toBe(200);
    const again = await login("stale@demo.macc.test", "Macc2026!");
    expect(again.user.entreprises.find((e) => e.idTier === FRA)?.role).toBe("read-only");
    expect((await team()).members.find((m) => m.email === "stale@demo.macc.test")?.endsOn).toBe(NEXT_YEAR);
  });
});

describe("the owner's changes", () => {
  it("a role change applies to the member's open session at once and is mailed in their language", async () => {
    const id = await idOf("atelier@demo.macc.test");
    await t.db.query("UPDATE accounts SET langue = 'de-BE' WHERE uuid_compte = $1", [id]);
    const workshop = (await demoLogin(t.app, "atelier@demo.macc.test", "10.83.202.1")).company[FRA]!;
    expect((await get("/api/me/products", workshop)).status).toBe(200);
    expect((await get("/api/me/invoices", workshop)).status).toBe(403);
    expect((await patch(`/api/me/team/members/${id}`, { role: "accountant" }, owner[FRA]!)).status).toBe(200);
    expect((await get("/api/me/invoices", workshop)).status).toBe(200);
    expect((await get("/api/me/products", workshop)).status).toBe(403);
    const mail = await waitForMail(t.db, (m) => m.to === "atelier@demo.macc.test" && !isSecurityAlert(m));
    expect(mail.text).toContain("Buchhaltung");
    // Suspended: refused at once; reinstated: back.
    expect((await patch(`/api/me/team/members/${id}`, { suspended: true }, owner[FRA]!)).status).toBe(200);
    expect((await expectProblem(await get("/api/me/invoices", workshop), 403)).type).toBe("urn:macc:problem:forbidden-role");
    expect((await team()).members.find((m) => m.id === id)?.status).toBe("suspended");
    expect((await patch(`/api/me/team/members/${id}`, { suspended: false, role: "workshop" }, owner[FRA]!)).status).toBe(200);
    expect((await get("/api/me/products", workshop)).status).toBe(200);
  });

  it("an end date past ends the access (the role check refuses); a past date cannot be set by the API", async () => {
    const id = await idOf("atelier@demo.macc.test");
    const workshop = (await demoLogin(t.app, "atelier@demo.macc.test", "10.83.203.1")).company[FRA]!;
    await expectProblem(await patch(`/api/me/team/members/${id}`, { endsOn: "2020-01-01" }, owner[FRA]!), 422);
    expect((await patch(`/api/me/team/members/${id}`, { endsOn: NEXT_YEAR }, owner[FRA]!)).status).toBe(200);
    expect((await get("/api/me/products", workshop)).status).toBe(200);
    await t.db.query("UPDATE account_companies SET ends_on = current_date - 1 WHERE uuid_compte = $1 AND id_tier = $2", [id, FRA]);
    expect((await expectProblem(await get("/api/me/products", workshop), 403)).type).toBe("urn:macc:problem:forbidden-role");
    expect((await team()).members.find((m) => m.id === id)?.status).toBe("ended");
    expect((await patch(`/api/me/team/members/${id}`, { endsOn: null }, owner[FRA]!)).status).toBe(200);
    expect((await get("/api/me/products", workshop)).status).toBe(200);
  });

  it("the last owner can neither leave nor be demoted or suspended (409 last-owner, said in the caller's language)", async () => {
    const me = await idOf("multi@demo.macc.test");
    const demote = await expectProblem(await patch(`/api/me/team/members/${me}`, { role: "full" }, owner[FRA]!), 409);
    expect(demote.type).toBe("urn:macc:problem:last-owner");
    await expectProblem(await patch(`/api/me/team/members/${me}`, { suspended: true }, owner[FRA]!), 409);
    const leave = await call(`/api/me/team/members/${me}`, { method: "DELETE", headers: { ...bearer(owner[FRA]!), "X-langue": "en-GB" } });
    expect((await expectProblem(leave, 409)).detail).toMatch(/at least one active owner/);
    await expectProblem(await patch(`/api/me/team/members/${me}`, { role: "boss" }, owner[FRA]!), 422);
  });

  it("removes a member (their session loses the company at once, they are told); another company's member is 404", async () => {
    const { token } = await invite("leaving@example.test", "full");
    await post("/api/invitations/accept", {
      token,
      pays: "FR",
      mobile: "06 12 34 56 78",
      motDePasse: "Tracteur2026!",
      confirmerMotDePasse: "Tracteur2026!",
    });
    const member = (await login("leaving@example.test", "Tracteur2026!")).user.entreprises[0]!.token;
    expect((await get("/api/me/team", member)).status).toBe(200);
    // A full member reads the team but does not change it.
    const id = await idOf("leaving@example.test");
    expect((await expectProblem(await patch(`/api/me/team/members/${id}`, { role: "owner" }, member), 403)).type).toBe(
      "urn:macc:problem:forbidden-role",
    );
    await expectProblem(await del(`/api/me/team/members/${id}`, ukToken), 404);
    await expectProblem(await del(`/api/me/team/members/${id}`, owner[AGR]!), 404);
    await expectProblem(await patch(`/api/me/team/members/${id}`, { role: "full" }, ukToken), 404);
    expect((await del(`/api/me/team/members/${id}`, owner[FRA]!)).status).toBe(204);
    expect((await get("/api/me/team", member)).status).toBe(401);
    await waitForMail(t.db, (m) => m.to === "leaving@example.test" && /plus accès/.test(m.text));
  });
});
