/**
 * Notification preferences and what they change (issue 30): the channels per type with their
 * defaults and refusals; the day's invoice digest, once, by preference, under one instance's lock;
 * a new document mailed at once in the account's language; every such e-mail's RFC 8058 one-click
 * unsubscribe, which works without a session and only as a form POST.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationPreferencesAnswer } from "../../src/contract/notifications.ts";
import { dayOf, queueInvoiceDigest } from "../jobs/notification-digest.ts";
import { createTestApp, demoLogin, expectProblem, json, settleMail, waitForMail, signedPost, type TestContext } from "../test-support.ts";

const DUE = "1009045";
let t: TestContext;
let due = "";
let events = 0;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, "X-Requested-With": "macc" });
const preferences = async (token = due) => {
  const res = await t.app.request("/api/me/notification-preferences", { headers: bearer(token) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as NotificationPreferencesAnswer;
};
const change = (body: unknown, token = due) =>
  t.app.request("/api/me/notification-preferences", { ...json(body, bearer(token)), method: "PUT" });

const signed = (body: unknown, secret?: string) => signedPost(t.app, "/api/integrations/notifications/events", body, secret);
const digestDeps = () => ({ db: t.db, config: t.config, secret: () => Promise.resolve(Buffer.from("test-token-secret")) });
const unsubscribeLink = (headers: Record<string, string>) => /^<(.+)>$/.exec(headers["list-unsubscribe"]!)![1]!;
const outboxHeaders = async (subject: string) => {
  const { rows } = await t.db.query<{ headers: Record<string, string> }>(
    "SELECT headers FROM outbox WHERE subject = $1 ORDER BY created_at DESC",
    [subject],
  );
  return rows[0]?.headers;
};

beforeAll(async () => {
  t = await createTestApp();
  due = (await demoLogin(t.app, "due@demo.macc.test", "10.85.0.1")).company[DUE]!;
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

describe("/api/me/notification-preferences", () => {
  it("answers every type's channel, e-mail by default (service requests: e-mail and SMS); changes only those sent", async () => {
    expect(await preferences()).toMatchObject({
      invoices: "email",
      documents: "email",
      "service-requests": "email-and-sms",
      security: "email",
    });
    const res = await change({ "service-requests": "sms" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ "service-requests": "sms", invoices: "email" });
    expect((await preferences())["service-requests"]).toBe("sms");
  });

  it("refuses SMS where it is not offered, security alerts switched off, and malformed input (problem+json)", async () => {
    const sms = await expectProblem(await change({ invoices: "sms" }), 422);
    expect(sms.errors?.map((e) => e.path)).toEqual(["invoices"]);
    const security = await expectProblem(await change({ security: "none" }), 422);
    expect(security.errors?.[0]?.message).toContain("sécurité");
    await expectProblem(await change("[]"), 422);
    await expectProblem(await t.app.request("/api/me/notification-preferences", { method: "PUT", body: "{}", headers: bearer(due) }), 415);
    await expectProblem(await t.app.request("/api/me/notification-preferences"), 401);
  });
});

describe("the day's invoice digest", () => {
  it("queues one message per member and company, once, in the account's language with its one-click unsubscribe", async () => {
    await signed({ eventId: `digest-${++events}`, type: "invoice", idTier: DUE, numero: "FG2026-05001" });
    await signed({ eventId: `digest-${++events}`, type: "invoice", idTier: DUE, numero: "FG2026-05002" });
    const first = await queueInvoiceDigest({ ...digestDeps(), mailer: t.mailer }, dayOf(new Date()));
    expect(first.locked).toBe(false);
    expect(first.queued).toBeGreaterThanOrEqual(1);
    const again = await queueInvoiceDigest(digestDeps(), dayOf(new Date()));
    expect(again.queued).toBe(0);
    const mail = await waitForMail(
      t.db,
      (m) => m.to === "due@demo.macc.test" && /nouvelles factures pour des Grands Champs/.test(m.subject ?? ""),
    );
    expect(mail.text).toContain("Me désabonner");
    const headers = (await outboxHeaders(mail.subject!))!;
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeLink(headers)).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
  });
});

describe("a new document and the one-click unsubscribe", () => {
  it("mails the family's owners at once; the link's form POST unsubscribes without a session, and the next document is not mailed", async () => {
    const title = `Notice ${Date.now()}`;
    expect((await signed({ eventId: `doc-${++events}`, type: "document", codeFamille: "ALIM", title })).status).toBe(200);
    const mail = await waitForMail(t.db, (m) => m.to === "due@demo.macc.test" && m.subject === `Nouveau document : ${title}`);
    const link = unsubscribeLink((await outboxHeaders(mail.subject!))!);
    const path = link.slice(link.indexOf("/api/"));

    // A GET (a mail scanner) changes nothing: a page with the button.
    const page = await t.app.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Me désabonner");
    expect((await preferences()).documents).toBe("email");
    // Not JSON: the one endpoint that takes a form.
    await expectProblem(await t.app.request(path, json({ "List-Unsubscribe": "One-Click" })), 415);
    const wrong = new URLSearchParams({ "List-Unsubscribe": "Yes" });
    await expectProblem(await t.app.request(path, { method: "POST", body: wrong }), 422);
    const oneClick = await t.app.request(path, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    expect(oneClick.status, await oneClick.clone().text()).toBe(200);
    expect((await preferences()).documents).toBe("none");

    const next = `Notice ${Date.now()} bis`;
    await signed({ eventId: `doc-${++events}`, type: "document", codeFamille: "ALIM", title: next });
    await settleMail(t.db);
    const { rows } = await t.db.query("SELECT 1 FROM outbox WHERE recipient = 'due@demo.macc.test' AND subject = $1", [
      `Nouveau document : ${next}`,
    ]);
    expect(rows).toHaveLength(0);
  });

  it("refuses a link this server did not sign, or one changed (404), and a malformed one (400)", async () => {
    const forged = `${Buffer.from("00000000-0000-4000-8000-000000000000.documents").toString("base64url")}.${"A".repeat(32)}`;
    await expectProblem(await t.app.request(`/api/notifications/unsubscribe?token=${forged}`), 404);
    await expectProblem(await t.app.request("/api/notifications/unsubscribe?token=nope"), 400);
  });
});
