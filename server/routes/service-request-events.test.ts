/**
 * Service requests' status timeline (issue 28, step 2): the after-sales system's signed events
 * (signature, clock skew, replayed ids, the transition table, off without a secret), the customer
 * told of each change by e-mail and SMS in their language, exactly once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  INTEGRATION_SIGNATURE_HEADER,
  INTEGRATION_TIMESTAMP_HEADER,
  type ServiceRequestAnswer,
} from "../../src/contract/service-request.ts";
import { DEMO_INTEGRATION_SECRET, loadConfig } from "../config.ts";
import {
  createTestApp,
  demoLogin,
  expectProblem,
  fromAddress,
  json,
  outbox,
  settleMail,
  TRACTOR_REQUEST,
  waitForMail,
  type TestContext,
} from "../test-support.ts";
import { integrationSignature } from "./service-request-events.ts";

const FRA = "1004217";
let t: TestContext;
let token = "";
let events = 0;

beforeAll(async () => {
  t = await createTestApp();
  token = (await demoLogin(t.app, "multi@demo.macc.test", "10.79.1.1")).company[FRA]!;
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});
beforeEach(async () => {
  await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'service-request%' OR key LIKE 'sms:%'");
});

let keys = 0;
/** A new request of multi@ for FRA's tractor, answered in `langue`. */
async function newRequest(langue = "de-BE"): Promise<string> {
  const res = await t.app.request(
    "/api/me/service-requests",
    json({ ...TRACTOR_REQUEST, langue }, { Authorization: `Bearer ${token}`, "Idempotency-Key": `events-test-${Date.now()}-${++keys}` }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as ServiceRequestAnswer).reference;
}

interface Signing {
  secret?: string;
  timestamp?: number;
  signature?: string;
}

function send(reference: string, body: unknown, s: Signing = {}) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const timestamp = String(s.timestamp ?? Math.floor(Date.now() / 1000));
  return t.app.request(`/api/integrations/service-requests/${reference}/events`, {
    method: "POST",
    body: raw,
    headers: {
      "Content-Type": "application/json",
      [INTEGRATION_TIMESTAMP_HEADER]: timestamp,
      [INTEGRATION_SIGNATURE_HEADER]: s.signature ?? integrationSignature(s.secret ?? DEMO_INTEGRATION_SECRET, timestamp, raw),
    },
  });
}

const event = (status: string, extra: Record<string, unknown> = {}) => ({
  eventId: `evt-${Date.now()}-${++events}`,
  type: "status",
  status,
  at: new Date().toISOString(),
  ...extra,
});

const timeline = async (reference: string) =>
  (await t.app.request(`/api/me/service-requests/${reference}/timeline`, { headers: { Authorization: `Bearer ${token}` } })).json();

describe("the integration endpoint", () => {
  it("applies a change once, tells the customer in their language by e-mail and SMS, answers a replayed id as before", async () => {
    const reference = await newRequest("de-BE");
    const assigned = event("assigned", { technician: "Atelier Dupont", message: "Wir rufen Sie morgen an." });
    const first = await send(reference, assigned);
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toEqual({ reference, eventId: assigned.eventId, status: "assigned" });

    const again = await send(reference, assigned);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(answer);
    // The same id for another event: refused.
    await expectProblem(await send(reference, { ...assigned, technician: "Autre" }), 409);

    const mail = await waitForMail(
      t.db,
      (m) => m.to === "multi@demo.macc.test" && (m.subject ?? "") === `Serviceanfrage ${reference}: zugewiesen`,
    );
    expect(mail.text).toContain("Bearbeitet von: Atelier Dupont");
    expect(mail.text).toContain("Wir rufen Sie morgen an.");
    await settleMail(t.db);
    const sent = (await outbox(t.db)).filter((m) => (m.subject ?? m.text).includes(`${reference}: zugewiesen`));
    // One e-mail and one SMS, however often the event came.
    expect(sent.length).toBe(2);
    expect(sent.find((m) => m.subject === null)?.text).toBe(`MACC: Serviceanfrage ${reference}: zugewiesen.`);

    const window = { date: "2026-12-03", from: "08:00", to: "10:00" };
    expect((await send(reference, event("scheduled", { window }))).status).toBe(200);
    const scheduled = await waitForMail(t.db, (m) => (m.subject ?? "") === `Serviceanfrage ${reference}: Einsatz geplant`);
    expect(scheduled.text).toContain("Einsatz geplant am Donnerstag, 3. Dezember 2026 zwischen 08:00 und 10:00 Uhr.");

    const read = (await timeline(reference)) as {
      status: string;
      technician: string;
      window: unknown;
      cancellable: boolean;
      entries: { status: string | null }[];
    };
    expect(read).toMatchObject({ status: "scheduled", technician: "Atelier Dupont", window, cancellable: false });
    expect(read.entries.map((e) => e.status)).toEqual(["received", "assigned", "scheduled"]);

    expect((await send(reference, event("done"))).status).toBe(200);
    // Closed: nothing follows.
    const refused = await expectProblem(await send(reference, event("assigned", { technician: "X" })), 409);
    expect(refused.type).toBe("urn:macc:problem:transition-not-allowed");
  });

  it("refuses an illegal change with 409 and applies nothing", async () => {
    const reference = await newRequest("fr-FR");
    expect((await send(reference, event("cancelled"))).status).toBe(200);
    const problem = await expectProblem(
      await send(reference, event("scheduled", { window: { date: "2026-12-01", from: "14:00", to: "16:00" } })),
      409,
    );
    expect(problem).toMatchObject({ from: "cancelled", to: "scheduled", allowed: [] });
    const rows = await t.db.query<{ status: string }>("SELECT status FROM service_requests WHERE reference = $1", [reference]);
    expect(rows.rows[0]?.status).toBe("cancelled");
  });

  it("refuses a bad signature, a stale or future timestamp, a missing header (401), an unknown request (404)", async () => {
    const reference = await newRequest();
    const e = event("waiting-for-parts");
    expect((await expectProblem(await send(reference, e, { secret: "another-secret" }), 401)).type).toBe(
      "urn:macc:problem:invalid-signature",
    );
    expect((await expectProblem(await send(reference, e, { signature: "sha256=00" }), 401)).type).toBe(
      "urn:macc:problem:invalid-signature",
    );
    const now = Math.floor(Date.now() / 1000);
    expect((await expectProblem(await send(reference, e, { timestamp: now - 301 }), 401)).type).toBe("urn:macc:problem:stale-signature");
    expect((await expectProblem(await send(reference, e, { timestamp: now + 301 }), 401)).type).toBe("urn:macc:problem:stale-signature");
    expect((await send(reference, e, { timestamp: now - 200 })).status).toBe(200);
    const unsigned = await t.app.request(`/api/integrations/service-requests/${reference}/events`, json(e));
    await expectProblem(unsigned, 401);
    // The signature covers the body: another body under the same signature is refused.
    const ts = String(now);
    const signature = integrationSignature(DEMO_INTEGRATION_SECRET, ts, JSON.stringify(e));
    const tampered = await t.app.request(`/api/integrations/service-requests/${reference}/events`, {
      method: "POST",
      body: JSON.stringify({ ...e, status: "done" }),
      headers: { "Content-Type": "application/json", [INTEGRATION_TIMESTAMP_HEADER]: ts, [INTEGRATION_SIGNATURE_HEADER]: signature },
    });
    await expectProblem(tampered, 401);
    await expectProblem(await send("D-2026-ZZZZZZ", event("done")), 404);
    await expectProblem(await send("not-a-reference", event("done")), 404);
  });

  it("validates the event (422 in field order, 400 for broken JSON), never 500", async () => {
    const reference = await newRequest();
    const missing = await expectProblem(await send(reference, { type: "status", status: "assigned", at: "yesterday" }), 422);
    expect(missing.errors?.map((e) => e.path)).toEqual(["eventId", "at"]);
    const needs = await expectProblem(await send(reference, event("assigned")), 422);
    expect(needs.errors?.map((e) => e.path)).toEqual(["technician"]);
    const window = await expectProblem(
      await send(reference, event("scheduled", { window: { date: "2026-12-01", from: "16:00", to: "14:00" } })),
      422,
    );
    expect(window.errors?.map((e) => e.path)).toEqual(["window.to"]);
    await expectProblem(await send(reference, event("received")), 422);
    await expectProblem(await send(reference, { ...event("done"), type: "note" }), 422);
    await expectProblem(await send(reference, "{not json"), 400);
    await expectProblem(await send(reference, "[]"), 422);
  });

  it.each([
    ["off by default", {}, undefined],
    ["the documented demo secret with the demo outbox", { DEMO_OUTBOX: "1" }, DEMO_INTEGRATION_SECRET],
    ["never the demo secret in production", { DEMO_OUTBOX: "1", NODE_ENV: "production" }, undefined],
    ["the secret set", { INTEGRATION_SECRET: " s3cret ", DEMO_OUTBOX: "1" }, "s3cret"],
  ])("INTEGRATION_SECRET: %s", (_, env, secret) => {
    expect(loadConfig(env).integrationSecret).toBe(secret);
  });

  it("is off (404) without INTEGRATION_SECRET", async () => {
    const off = await createTestApp({ integrationSecret: undefined }, t.db);
    const res = await off.app.request("/api/integrations/service-requests/D-2026-ABCDEF/events", json(event("done")));
    await expectProblem(res, 404);
  });
});

describe("the customer", () => {
  const me = () => ({ Authorization: `Bearer ${token}` });
  const cancel = (reference: string, headers: Record<string, string> = me()) =>
    t.app.request(`/api/me/service-requests/${reference}/cancel`, { method: "POST", headers });
  const write = (reference: string, message: unknown, headers: Record<string, string> = me()) =>
    t.app.request(
      `/api/me/service-requests/${reference}/messages`,
      json({ message }, { ...headers, "Idempotency-Key": `events-message-${Date.now()}-${++keys}` }),
    );

  it("cancels a request not yet scheduled, once, and is told by e-mail and SMS", async () => {
    const reference = await newRequest("it-IT");
    const first = await cancel(reference);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: "cancelled", cancellable: false });
    const again = await cancel(reference);
    expect(again.status).toBe(200);
    const read = (await timeline(reference)) as { entries: { status: string | null; author: string }[] };
    expect(read.entries.map((e) => [e.status, e.author])).toEqual([
      ["received", "customer"],
      ["cancelled", "customer"],
    ]);
    await waitForMail(t.db, (m) => m.subject === `Richiesta di intervento ${reference}: richiesta annullata`);
    await waitForMail(t.db, (m) => m.to === "sav@macc.fr" && m.subject === `[SAV] Demande ${reference} annulée par le client`);
    await settleMail(t.db);
    expect((await outbox(t.db)).filter((m) => (m.subject ?? m.text).includes(`${reference}: richiesta annullata`)).length).toBe(2);
    // Closed: the after-sales system cannot reopen it, the customer cannot write on it.
    await expectProblem(await send(reference, event("assigned", { technician: "X" })), 409);
    await expectProblem(await write(reference, "Encore là ?"), 409);
  });

  it("cannot cancel once scheduled (409), writes messages on an open request", async () => {
    const reference = await newRequest("fr-FR");
    expect((await send(reference, event("scheduled", { window: { date: "2026-12-04", from: "13:30", to: "15:00" } }))).status).toBe(200);
    const refused = await expectProblem(await cancel(reference), 409);
    expect(refused.detail).toContain("ne peut plus être annulée");
    const res = await write(reference, "Le portail de la cour sera ouvert.\n\nMerci !");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entries: { kind: string; message: string | null }[] };
    expect(body.entries.at(-1)).toMatchObject({ kind: "message", message: "Le portail de la cour sera ouvert.\n\nMerci !" });
    // The after-sales service reads it in French (FRA's staff), a reply going to the customer.
    const staff = await waitForMail(
      t.db,
      (m) => m.to === "sav@macc.fr" && m.subject === `[SAV] Message du client sur la demande ${reference}`,
    );
    expect(staff.text).toContain("Le portail de la cour sera ouvert.");
    const invalid = await expectProblem(await write(reference, ""), 422);
    expect(invalid.errors?.map((e) => e.path)).toEqual(["message"]);
  });

  it("finds nothing of another customer's request (404), with or without a company token", async () => {
    const reference = await newRequest();
    const uk = await demoLogin(t.app, "uk@demo.macc.test", "10.79.1.2");
    const other = { Authorization: `Bearer ${Object.values(uk.company)[0] ?? uk.account}` };
    await expectProblem(await t.app.request(`/api/me/service-requests/${reference}/timeline`, { headers: other }), 404);
    await expectProblem(await cancel(reference, other), 404);
    await expectProblem(await write(reference, "Bonjour", other), 404);
    expect((await timeline(reference)) as { status: string }).toMatchObject({ status: "received" });
  });
});

describe("the customer's notification preference for service requests (issue 30)", () => {
  const prefer = async (channel: string | null) => {
    await t.db.query("DELETE FROM notification_preferences WHERE uuid_compte = (SELECT uuid_compte FROM accounts WHERE email = $1)", [
      "multi@demo.macc.test",
    ]);
    if (channel === null) return;
    const res = await t.app.request("/api/me/notification-preferences", {
      ...json({ "service-requests": channel }, { Authorization: `Bearer ${token}` }),
      method: "PUT",
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  afterAll(() => prefer(null));
  const statusMessages = async (reference: string) => {
    await settleMail(t.db);
    const { rows } = await t.db.query<{ subject: string | null; headers: Record<string, string> | null }>(
      "SELECT subject, headers FROM outbox WHERE coalesce(subject, body) LIKE $1",
      [`%${reference}: zugewiesen%`],
    );
    return rows;
  };

  it.each([
    ["nothing chosen: e-mail and SMS, as before preferences", null, { mail: 1, sms: 1 }],
    ["e-mail and SMS", "email-and-sms", { mail: 1, sms: 1 }],
    ["e-mail", "email", { mail: 1, sms: 0 }],
    ["SMS", "sms", { mail: 0, sms: 1 }],
    ["none", "none", { mail: 0, sms: 0 }],
  ])("%s", async (_, channel, expected) => {
    await prefer(channel);
    const reference = await newRequest("de-BE");
    expect((await send(reference, event("assigned", { technician: "Atelier Dupont" }))).status).toBe(200);
    const sent = await statusMessages(reference);
    expect({ mail: sent.filter((m) => m.subject !== null).length, sms: sent.filter((m) => m.subject === null).length }).toEqual(expected);
    // Each e-mail carries its type's one-click unsubscribe (RFC 8058).
    for (const mail of sent.filter((m) => m.subject !== null)) {
      expect(mail.headers?.["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      const token = /token=([^>]+)>$/.exec(mail.headers?.["list-unsubscribe"] ?? "")![1]!;
      expect(Buffer.from(token.split(".")[0]!, "base64url").toString()).toMatch(/\.service-requests$/);
    }
  });

  it("the e-mail's one-click unsubscribe keeps the SMS of e-mail and SMS; the customer's own cancellation follows it too", async () => {
    await prefer(null);
    const reference = await newRequest("de-BE");
    expect((await send(reference, event("assigned", { technician: "Atelier Dupont" }))).status).toBe(200);
    const [mail] = (await statusMessages(reference)).filter((m) => m.subject !== null);
    const link = /^<(.+)>$/.exec(mail!.headers!["list-unsubscribe"]!)![1]!;
    const oneClick = await t.app.request(link.slice(link.indexOf("/api/")), {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(oneClick.status).toBe(200);
    const preferences = await t.app.request("/api/me/notification-preferences", { headers: { Authorization: `Bearer ${token}` } });
    expect(((await preferences.json()) as Record<string, string>)["service-requests"]).toBe("sms");

    const cancelled = await t.app.request(`/api/me/service-requests/${reference}/cancel`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(cancelled.status).toBe(200);
    await settleMail(t.db);
    const told = (await outbox(t.db)).filter(
      (m) => m.to !== "sav@macc.fr" && (m.subject ?? m.text).includes(`${reference}: Anfrage storniert`),
    );
    expect(told.map((m) => (m.subject === null ? "sms" : "mail"))).toEqual(["sms"]);
  });
});

describe("the product fleet's lines (GET /me/products)", () => {
  interface Fleet {
    items: { codeFamille: string; openRequest: { reference: string; status: string; window: unknown } | null }[];
  }
  const fleet = async (authorization = `Bearer ${token}`) => {
    const res = await t.app.request("/api/me/products", { headers: { Authorization: authorization } });
    expect(res.status).toBe(200);
    return (await res.json()) as Fleet;
  };
  const lineOf = async (codeFamille: string, authorization?: string) =>
    (await fleet(authorization)).items.find((i) => i.codeFamille === codeFamille)!.openRequest;

  it("each carries the account's newest open request of its family, its state and the visit's window while scheduled", async () => {
    // The other tests' requests closed: this one is the only open one.
    await t.db.query("UPDATE service_requests SET status = 'done'");
    expect((await fleet()).items.map((i) => i.openRequest)).toEqual((await fleet()).items.map(() => null));

    const reference = await newRequest("fr-FR");
    expect(await lineOf("MACH")).toEqual({ reference, status: "received", window: null });
    expect((await fleet()).items.filter((i) => i.openRequest).map((i) => i.codeFamille)).toEqual(["MACH"]);

    const window = { date: "2026-12-04", from: "13:30", to: "15:00" };
    expect((await send(reference, event("scheduled", { window }))).status).toBe(200);
    expect(await lineOf("MACH")).toEqual({ reference, status: "scheduled", window });
    // Any other state: no window (the visit booked is past or off).
    expect((await send(reference, event("waiting-for-parts"))).status).toBe(200);
    expect(await lineOf("MACH")).toEqual({ reference, status: "waiting-for-parts", window: null });

    // A newer open request of the family is the one shown; another account of the company sees neither.
    const newer = await newRequest("fr-FR");
    expect((await lineOf("MACH"))?.reference).toBe(newer);
    const workshop = await demoLogin(t.app, "atelier@demo.macc.test", "10.79.1.4");
    expect(await lineOf("MACH", `Bearer ${workshop.company[FRA]}`)).toBeNull();

    for (const r of [reference, newer]) expect((await send(r, event("done"))).status).toBe(200);
    expect(await lineOf("MACH")).toBeNull();
  });
});

describe("the demo outbox's buttons", () => {
  it("list each open request with the changes the table allows, and send one signed through the endpoint", async () => {
    const reference = await newRequest("en-GB");
    const page = await (await t.app.request("/demo/outbox")).text();
    const row = new RegExp(`<li><strong>${reference}</strong> \\(Reçue\\) : (.*?)</li>`).exec(page)?.[1] ?? "";
    expect([...row.matchAll(/<button type="submit">([^<]+)<\/button>/g)].map((m) => m[1])).toEqual([
      "Prise en charge",
      "Planifiée",
      "En attente de pièces",
      "Terminée",
      "Annulée",
    ]);
    const press = (status: string) =>
      t.app.request(
        `/demo/outbox/service-requests/${reference}/events`,
        { method: "POST", body: new URLSearchParams({ status }) },
        fromAddress("10.79.1.3"),
      );
    const sent = await press("scheduled");
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(`La demande ${reference} est maintenant « Planifiée ».`);
    await waitForMail(t.db, (m) => m.subject === `Service request ${reference}: visit scheduled`);
    expect((await press("done")).status).toBe(200);
    // Closed: gone from the buttons, and a further change is the endpoint's 409.
    expect(await (await t.app.request("/demo/outbox")).text()).not.toContain(`<strong>${reference}</strong>`);
    await expectProblem(await press("assigned"), 409);
    await expectProblem(await press("nonsense"), 422);
  });
});
