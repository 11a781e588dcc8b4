/**
 * The action banner's entries (issue 30): due@'s information to confirm within 45 days and its 2
 * invoices since the last visit; told by role (the accountant of invoices, not of machines);
 * dismissed until the entry changes, on every device; the back office's signed events; malformed
 * input, another customer's entries and unsigned calls refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationsAnswer } from "../../src/contract/notifications.ts";
import type { NotificationSources } from "../queries/customer-notifications.ts";
import { createTestApp, demoLogin, expectProblem, json, signedPost, type TestContext } from "../test-support.ts";
import { entriesOf } from "./notifications.ts";

const FRA = "1004217"; // multi@'s first company; comptable@ is its accountant, atelier@ its workshop
const DUE = "1009045"; // due@'s company, confirmed 2 years and 10½ months ago

let t: TestContext;
let due = "";
let multi = "";
let accountant = "";
let workshop = "";
let events = 0;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, "X-Requested-With": "macc" });
const read = async (token: string) => {
  const res = await t.app.request("/api/me/notifications", { headers: bearer(token) });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return (await res.json()) as NotificationsAnswer;
};
const setState = (token: string, key: string, body: unknown) =>
  t.app.request(`/api/me/notifications/${encodeURIComponent(key)}/state`, { ...json(body, bearer(token)), method: "PUT" });

const signed = (body: unknown, secret?: string) => signedPost(t.app, "/api/integrations/notifications/events", body, secret);
const eventId = () => `notif-test-${Date.now()}-${++events}`;

beforeAll(async () => {
  t = await createTestApp();
  due = (await demoLogin(t.app, "due@demo.macc.test", "10.84.0.1")).company[DUE]!;
  multi = (await demoLogin(t.app, "multi@demo.macc.test", "10.84.0.2")).company[FRA]!;
  accountant = (await demoLogin(t.app, "comptable@demo.macc.test", "10.84.0.3")).company[FRA]!;
  workshop = (await demoLogin(t.app, "atelier@demo.macc.test", "10.84.0.4")).company[FRA]!;
});
afterAll(() => t.close());

describe("GET /api/me/notifications", () => {
  it("lists due@'s information to confirm in 45 days first, then its 2 invoices since the last visit", async () => {
    const answer = await read(due);
    expect(answer.entries.map((e) => e.kind)).toEqual(["freshness", "invoices"]);
    expect(answer.entries[0]).toMatchObject({ key: "freshness", action: true, dueInDays: 45, read: false });
    expect(answer.entries[1]).toMatchObject({ key: "invoices", count: 2, action: false });
    expect(answer).toMatchObject({ total: 2, actionRequired: 1 });
  });

  it("tells each member what their role reads: the accountant the invoices, the workshop not", async () => {
    expect((await read(multi)).entries.find((e) => e.kind === "invoices")?.count).toBe(2);
    const invoice = { eventId: eventId(), type: "invoice", idTier: FRA, numero: "FA2026-99001" };
    const sent = await signed(invoice);
    expect(sent.status, await sent.clone().text()).toBe(200);
    // multi@ (owner), comptable@ (accountant); not atelier@ (workshop).
    expect(await sent.json()).toEqual({ eventId: invoice.eventId, type: "invoice", recipients: 2 });
    expect((await read(multi)).entries.find((e) => e.kind === "invoices")?.count).toBe(3);
    expect((await read(accountant)).entries.map((e) => e.kind)).toContain("invoices");
    expect((await read(workshop)).entries.map((e) => e.kind)).not.toContain("invoices");

    const document = { eventId: eventId(), type: "document", codeFamille: "MACH", title: "Notice du relevage avant" };
    expect((await signed(document)).status).toBe(200);
    expect((await read(workshop)).entries.find((e) => e.kind === "documents")).toMatchObject({ count: 1, codeFamille: "MACH" });
    expect((await read(accountant)).entries.map((e) => e.kind)).not.toContain("documents");
  });

  it("refuses an account-level token (403) and no token (401)", async () => {
    const account = (await demoLogin(t.app, "multi@demo.macc.test", "10.84.0.5")).account;
    await expectProblem(await t.app.request("/api/me/notifications", { headers: bearer(account) }), 403);
    await expectProblem(await t.app.request("/api/me/notifications"), 401);
  });
});

describe("read and dismissed", () => {
  it("the information to confirm, dismissed while due, comes back once the limit is passed", () => {
    const sources: NotificationSources = {
      ...{ derniereMiseAJour: "2023-12-01", since: "2026-11-01T00:00:00Z", bankPending: null, invitations: null },
      ...{ requests: [], invoices: null, documents: null, states: [] },
    };
    const freshness = (day: string) => entriesOf(sources, "owner", new Date(`${day}T12:00:00`)).find((e) => e.kind === "freshness")!;
    expect(freshness("2026-11-01").dueInDays).toBe(30);
    expect(freshness("2026-11-01").fingerprint).toBe(freshness("2026-12-01").fingerprint); // the last day still within it
    expect(freshness("2026-12-02").dueInDays).toBe(-1);
    expect(freshness("2026-12-02").fingerprint).not.toBe(freshness("2026-12-01").fingerprint);
  });

  it("dismisses an entry until it changes, for every session of the account", async () => {
    const before = await read(due);
    const invoices = before.entries.find((e) => e.key === "invoices")!;
    const res = await setState(due, "invoices", { fingerprint: invoices.fingerprint, state: "dismissed" });
    expect(res.status, await res.clone().text()).toBe(200);
    // Another device of the same account: a session of its own.
    const other = (await demoLogin(t.app, "due@demo.macc.test", "10.84.0.6")).company[DUE]!;
    expect((await read(due)).entries.map((e) => e.key)).toEqual(["freshness"]);

    // A new invoice changes the entry: it shows again, with the new one counted.
    expect((await signed({ eventId: eventId(), type: "invoice", idTier: DUE, numero: "FG2026-00999" })).status).toBe(200);
    const after = await read(other);
    expect(after.entries.find((e) => e.key === "invoices")).toBeDefined();
    expect(after).toMatchObject({ total: 2, actionRequired: 1 });
  });

  it("marks an entry read without hiding it", async () => {
    const freshness = (await read(due)).entries[0]!;
    expect((await setState(due, "freshness", { fingerprint: freshness.fingerprint, state: "read" })).status).toBe(200);
    expect((await read(due)).entries[0]).toMatchObject({ key: "freshness", read: true });
  });

  it("refuses a changed version (409), another customer's entry (404) and malformed input (problem+json)", async () => {
    await expectProblem(await setState(due, "freshness", { fingerprint: "old-version", state: "dismissed" }), 409);
    // multi@'s FRA has no information to confirm: due@'s entry is not theirs.
    await expectProblem(await setState(multi, "freshness", { fingerprint: "x", state: "read" }), 404);
    // A service request of another account, named by its id.
    await expectProblem(
      await setState(due, "service-request:00000000-0000-4000-8000-000000000000", { fingerprint: "x", state: "read" }),
      404,
    );
    await expectProblem(await setState(due, "not-a-kind", { fingerprint: "x", state: "read" }), 404);
    const invalid = await expectProblem(await setState(due, "freshness", { fingerprint: "", state: "gone" }), 422);
    expect(invalid.errors?.map((e) => e.path).sort()).toEqual(["fingerprint", "state"]);
    await expectProblem(
      await t.app.request("/api/me/notifications/freshness/state", {
        method: "PUT",
        body: "{",
        headers: { ...bearer(due), "Content-Type": "application/json" },
      }),
      400,
    );
  });
});

describe("POST /api/integrations/notifications/events", () => {
  it("answers a replayed id as the first time and refuses the id reused for another event (409)", async () => {
    const invoice = { eventId: eventId(), type: "invoice", idTier: DUE, numero: "FG2026-01000" };
    const first = await signed(invoice);
    expect(first.status).toBe(200);
    const again = await signed(invoice);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    await expectProblem(await signed({ ...invoice, numero: "FG2026-01001" }), 409);
  });

  it("refuses unsigned, wrongly signed and malformed events, and unknown companies or families (404)", async () => {
    const body = { eventId: eventId(), type: "invoice", idTier: DUE, numero: "FG2026-01002" };
    const unsigned = await t.app.request("/api/integrations/notifications/events", json(body));
    expect((await expectProblem(unsigned, 401)).type).toBe("urn:macc:problem:invalid-signature");
    await expectProblem(await signed(body, "another-secret"), 401);
    await expectProblem(await signed({ ...body, type: "payment" }), 422);
    await expectProblem(await signed({ eventId: eventId(), type: "invoice", idTier: DUE }), 422);
    await expectProblem(await signed("[1]"), 422);
    await expectProblem(await signed({ ...body, eventId: eventId(), idTier: "9999999" }), 404);
    await expectProblem(await signed({ eventId: eventId(), type: "document", codeFamille: "NOPE", title: "x" }), 404);
  });

  it("is off without INTEGRATION_SECRET (404)", async () => {
    const off = await createTestApp({ integrationSecret: undefined }, t.db);
    const res = await off.app.request("/api/integrations/notifications/events", json({}));
    await expectProblem(res, 404);
    await off.close();
  });
});

describe("the demo outbox's back-office buttons", () => {
  it("send a signed new invoice that the company's members see at once, and show on the page", async () => {
    const before = (await read(due)).entries.find((e) => e.kind === "invoices")?.count ?? 0;
    const form = new FormData();
    form.set("type", "invoice");
    form.set("target", DUE);
    const res = await t.app.request("/demo/outbox/notifications/events", { method: "POST", body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.text()).toContain("est annoncé à 1 membre(s)");
    expect((await read(due)).entries.find((e) => e.kind === "invoices")?.count).toBe(before + 1);
    const page = await (await t.app.request("/demo/outbox")).text();
    expect(page).toContain("Événements du back-office");
    const wrong = new FormData();
    wrong.set("type", "payment");
    wrong.set("target", DUE);
    await expectProblem(await t.app.request("/demo/outbox/notifications/events", { method: "POST", body: wrong }), 422);
  });
});

describe("GET /api/me/notifications/history", () => {
  it("lists the current entries, dismissed ones too, then each event of 12 months newest first, paged; by role", async () => {
    const res = await t.app.request("/api/me/notifications/history", { headers: bearer(due) });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { items: { kind: string; read: boolean; subject?: string }[]; page: number; more: boolean };
    expect(body.page).toBe(1);
    expect(body.items[0]).toMatchObject({ kind: "freshness" });
    const invoices = body.items.filter((i) => i.kind === "invoice");
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(invoices.map((i) => i.subject)).toContain("FG2026-00999");
    // The workshop reads no invoices: none in its centre either.
    const workshopRes = await t.app.request("/api/me/notifications/history", { headers: bearer(workshop) });
    const workshopBody = (await workshopRes.json()) as { items: { kind: string }[] };
    expect(workshopBody.items.some((i) => i.kind === "invoice" || i.kind === "invoices")).toBe(false);
    const second = await t.app.request("/api/me/notifications/history?page=2", { headers: bearer(due) });
    expect(((await second.json()) as { items: unknown[] }).items).toEqual([]);
    await expectProblem(await t.app.request("/api/me/notifications/history?page=zero", { headers: bearer(due) }), 400);
  });
});

describe("the information confirmed", () => {
  // Why due@'s banner can show « 2 nouvelles factures » alone: once the confirmation screen is
  // passed, the information is fresh for 3 more years, so its entry goes at once (the cached
  // answer is dropped by the company's change); the invoices since the last visit stay.
  it("takes the information-to-confirm entry off at once, and leaves the other entries", async () => {
    expect((await read(due)).entries.map((e) => e.key)).toContain("freshness");
    const before = (await read(due)).entries.filter((e) => e.key !== "freshness");
    const res = await t.app.request("/api/me/confirmation", { method: "POST", headers: bearer(due) });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await read(due);
    expect(after.entries).toEqual(before);
    expect(after.actionRequired).toBe(0);
  });
});
