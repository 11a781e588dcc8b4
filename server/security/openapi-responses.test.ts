/**
 * The contract the elements rely on: a walk of every operation of the generated document with valid input, as
 * the demo accounts (each account's company reads; the registration, password and basket flows end to
 * end), and every answer's status, Content-Type and body checked against the document's response
 * (ajv over the dereferenced document, see contract.ts). The fuzz checks the 2xx it meets the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTEGRATION_SIGNATURE_HEADER, INTEGRATION_TIMESTAMP_HEADER } from "../../src/contract/service-request.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { integrationSignature } from "../routes/service-request-events.ts";
import {
  BASKET_REQUEST,
  createTestApp,
  fromAddress,
  json,
  refreshCookie,
  settleMail,
  waitForMail,
  withBotCheck,
  type TestContext,
} from "../test-support.ts";
import { bankDetailsForm, contract, fillPath, type Operation } from "./contract.ts";

const { operations, checkResponse } = await contract();
const byId = new Map(operations.map((op) => [op.id, op]));

let t: TestContext;
const seen = new Set<string>();
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ features: ["coordonnee-bancaire"], forgotMinDurationMs: 0, botCheckMaxNumber: 10 });
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

interface Call {
  params?: Record<string, string>;
  query?: string;
  token?: string;
  body?: unknown;
  form?: FormData;
  /** A raw body (a photo) and its media type. */
  raw?: { bytes: Uint8Array<ArrayBuffer>; type: string };
  headers?: Record<string, string>;
}

/** Calls the operation `id` with valid input; expects a 2xx matching the document and returns its parsed JSON body. */
async function call<T = Record<string, unknown>>(id: string, c: Call = {}): Promise<{ res: Response; body: T }> {
  const op: Operation | undefined = byId.get(id);
  if (!op) throw new Error(`no operation ${id} in the document`);
  const headers: Record<string, string> = { ...(c.token ? { Authorization: `Bearer ${c.token}` } : {}), ...c.headers };
  let init: RequestInit = { method: op.method, headers };
  if (c.form) init.body = c.form;
  else if (c.raw) init = { method: op.method, headers: { ...headers, "Content-Type": c.raw.type }, body: c.raw.bytes };
  else if (c.body !== undefined) init = { ...json(c.body, headers), method: op.method };
  if (op.botCheck) init = await withBotCheck(t.app, init);
  const res = await t.app.request(`${fillPath(op, c.params ?? {})}${c.query ?? ""}`, init, fromAddress(`10.66.0.${++address % 250}`));
  expect(res.status, `${id}: ${await res.clone().text()}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${id}: ${await res.clone().text()}`).toBeLessThan(300);
  const body = (await checkResponse(op, res)) as T;
  seen.add(id);
  return { res, body };
}

interface LoginBody {
  accessToken: string;
  user: { entreprises: { idTier: string; token: string }[] };
}
const login = async (email: string, password = DEMO_PASSWORD) => (await call<LoginBody>("login", { body: { email, password } })).body;

describe("every operation with valid input answers what the document says", () => {
  it("the check itself refuses an answer that breaks the document", async () => {
    const health = byId.get("getHealth")!;
    const answer = (body: unknown, type = "application/json") => new Response(JSON.stringify(body), { headers: { "Content-Type": type } });
    await expect(checkResponse(health, answer({ status: "ok" }))).resolves.toEqual({ status: "ok" });
    await expect(checkResponse(health, answer({ status: "fine" }))).rejects.toThrow(/does not match/);
    await expect(checkResponse(health, answer({ status: "ok" }, "text/plain"))).rejects.toThrow(/Content-Type/);
    await expect(checkResponse(health, new Response("{}", { status: 201 }))).rejects.toThrow(/status not in the document/);
  });

  it("public reads", async () => {
    await call("getHealth");
    await call("getFeatures");
    await call("getBotCheckChallenge");
    await call("getBotCheckChallenge", { query: `?maxnumber=${2 * t.config.botCheckMaxNumber}` });
    for (const code of ["FRA", "AGR", "BLG", "GBR"])
      await call("getFooterContact", { params: { codeReseau: code }, query: "?langue=en_GB" });
    await call("getBasketItems", { query: "?ids=1001,1007,9999" });
    await call("getBasketItemImage", { params: { id: "1001" } });
    await call("getOutboxPage");
    await call("getOutboxStyles");
    await call("getOutbox");
  });

  it("each demo account's reads, with its company token and its account-level token", async () => {
    for (const email of ["multi", "stale", "welcome", "uk", "reset"].map((n) => `${n}@demo.macc.test`)) {
      const session = await login(email);
      await call("getMe", { token: session.accessToken });
      for (const company of session.user.entreprises) {
        const token = company.token;
        await call("getMe", { token });
        await call("getProfile", { token });
        await call("getSummary", { token });
        const invoices = await call<{ items: { id: string }[]; years: { year: number }[] }>("listInvoices", {
          token,
          query: "?pageSize=5&sort=amount&order=asc&status=unpaid",
        });
        await call("listInvoices", { token, query: "?q=F&annee=2025" });
        if (invoices.body.items[0]) await call("getInvoicePdf", { token, params: { id: invoices.body.items[0].id } });
        const products = await call<{ items: { codeFamille: string }[] }>("listProducts", { token, query: "?langue=nl-BE" });
        // Each family of the first company, the first of the others (the same answers otherwise).
        for (const p of company === session.user.entreprises[0] ? products.body.items : products.body.items.slice(0, 1)) {
          const family = await call<{ documents: { technical: { id: string; type: string }[]; sav: { id: string; type: string }[] } }>(
            "getProduct",
            { token, params: { codeFamille: p.codeFamille.toLowerCase() } },
          );
          const pdf = [...family.body.documents.technical, ...family.body.documents.sav].find((d) => d.type === "pdf");
          if (pdf) await call("getDocument", { token, params: { id: pdf.id } });
        }
        const adviser = await call<{ adviser: { id: string; photoUrl: string | null } | null }>("getAdviser", {
          token,
          query: "?langue=de-BE",
        });
        if (adviser.body.adviser?.photoUrl) await call("getAdviserPhoto", { params: { id: adviser.body.adviser.id } });
        await call("getMyBasketRequests", { token });
        const bank = await call<{ inForce: { id: string } | null; pending: { id: string } | null }>("getBankDetails", { token });
        for (const version of [bank.body.inForce, bank.body.pending]) {
          if (version) await call("getBankDetailsRib", { token, params: { id: version.id } });
        }
      }
    }
  });

  it("the yearly archive", async () => {
    const stale = await login("stale@demo.macc.test");
    const token = stale.user.entreprises[0]!.token;
    const { body } = await call<{ years: { year: number }[] }>("listInvoices", { token });
    await call("getInvoiceArchive", { token, params: { file: `${body.years.at(-1)!.year}.zip` } });
  });

  it("writes of a logged-in customer: profile, confirmation, contact, bank details, basket, password change, refresh, logout", async () => {
    const multi = await login("multi@demo.macc.test");
    const token = multi.user.entreprises[0]!.token;
    const profile = await call<{ user: Record<string, unknown>; entreprise: Record<string, unknown> }>("getProfile", { token });
    await call("putProfile", { token, body: { user: { ...profile.body.user, ville: "Angers" }, entreprise: profile.body.entreprise } });
    await call("confirmInformation", { token });
    const footer = await call<{ listSousServices: { nomSousService: string }[] }>("getFooterContact", { params: { codeReseau: "FRA" } });
    const contact = {
      token,
      body: {
        service: footer.body.listSousServices[0]!.nomSousService,
        subject: "Question",
        message: "Bonjour, une question sur ma facture.",
      },
      headers: { "Idempotency-Key": "walk-contact-0001" },
    };
    await call("postContact", contact);
    await call("postContact", contact); // the replay
    // Its acknowledgement, once delivered to the outbox: the HTML version at its own address.
    await waitForMail(t.db, (m) => m.to === "multi@demo.macc.test" && m.text.includes("Question"));
    const mail = await t.db.query<{ id: string }>("SELECT id FROM outbox WHERE html IS NOT NULL ORDER BY created_at DESC LIMIT 1");
    await call("getOutboxMailHtml", { params: { file: `${mail.rows[0]!.id}.html` } });
    await call("postBankDetails", { token, form: bankDetailsForm("GAEC des Prés") });
    const basket = BASKET_REQUEST;
    await call("postBasketRequest", { token, body: basket, headers: { "Idempotency-Key": "walk-basket-0001" } });
    await call("postBasketRequest", { token, body: basket, headers: { "Idempotency-Key": "walk-basket-0001" } }); // the replay
    await call("postBasketRequest", {
      body: { ...basket, theme: "AGRI", items: ["1007"] },
      headers: { "Idempotency-Key": "walk-basket-0002" },
    });
    await call("getMyBasketRequests", { token });

    // A service request with a photo, its replay, the owner's reads, the staff's signed link.
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]);
    const photo = await call<{ id: string }>("postServiceRequestPhoto", { token, raw: { bytes: png, type: "image/png" } });
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x77, 0x65, 0x62, 0x6d]);
    const video = await call<{ id: string }>("postServiceRequestVideo", { token, raw: { bytes: webm, type: "video/webm" } });
    const serviceRequest = {
      token,
      body: {
        codeFamille: "MACH",
        codeProduit: "MACH-SEMOIR-4M",
        kind: "maintenance",
        description: "Révision avant les semis d'automne.",
        urgency: "can-wait",
        location: "other",
        otherAddress: "Hangar de la Grande Pièce",
        callTime: "afternoon",
        photos: [photo.body.id],
        video: video.body.id,
        langue: "fr-FR",
      },
      headers: { "Idempotency-Key": "walk-service-request-0001" },
    };
    const made = await call<{ reference: string; photos: { id: string }[] }>("postServiceRequest", serviceRequest);
    await call("postServiceRequest", serviceRequest); // the replay
    await call("listServiceRequests", { token, query: "?state=open" });
    await call("getServiceRequest", { token, params: { reference: made.body.reference } });
    await call("getServiceRequestPhoto", { token, params: { reference: made.body.reference, photo: photo.body.id } });
    const staff = await waitForMail(t.db, (m) => m.to === "sav@macc.fr" && m.text.includes(made.body.reference));
    const link = new URL(/https?:\/\/\S+\/api\/service-request-photos\/\S+/.exec(staff.text)![0]);
    await call("getServiceRequestPhotoSigned", { params: { photo: photo.body.id }, query: link.search });
    await call("getServiceRequestVideo", { token, params: { reference: made.body.reference, video: video.body.id } });
    const videoLink = new URL(/https?:\/\/\S+\/api\/service-request-videos\/\S+/.exec(staff.text)![0]);
    await call("getServiceRequestVideoSigned", { params: { video: video.body.id }, query: videoLink.search });
    // Its timeline: a message, a signed change from the after-sales system (and its replay), the customer's cancellation.
    const reference = { reference: made.body.reference };
    const message = {
      token,
      params: reference,
      body: { message: "Le hangar est ouvert." },
      headers: { "Idempotency-Key": "walk-message-0001" },
    };
    await call("postServiceRequestMessage", message);
    await call("postServiceRequestMessage", message); // the replay
    const event = JSON.stringify({
      eventId: "walk-event-0001",
      type: "status",
      status: "assigned",
      at: new Date().toISOString(),
      technician: "Atelier",
    });
    const signedAt = String(Math.floor(Date.now() / 1000));
    const signed = {
      params: reference,
      raw: { bytes: new TextEncoder().encode(event), type: "application/json" },
      headers: {
        [INTEGRATION_TIMESTAMP_HEADER]: signedAt,
        [INTEGRATION_SIGNATURE_HEADER]: integrationSignature(t.config.integrationSecret!, signedAt, event),
      },
    };
    await call("postServiceRequestEvent", signed);
    await call("postServiceRequestEvent", signed); // the replay
    await call("getServiceRequestTimeline", { token, params: reference });
    await call("cancelServiceRequest", { token, params: reference });
    // The demo outbox's button (a form): signed and sent through the endpoint.
    const other = await call<{ reference: string }>("postServiceRequest", {
      ...serviceRequest,
      body: { ...serviceRequest.body, photos: [], video: null },
      headers: { "Idempotency-Key": "walk-service-request-0002" },
    });
    const form = new FormData();
    form.set("status", "assigned");
    const button = await call("postDemoServiceRequestEvent", { params: { reference: other.body.reference }, form });
    expect(await button.res.text()).toContain(`La demande ${other.body.reference} est maintenant « Prise en charge ».`);

    const uk = await login("uk@demo.macc.test");
    await call("getPasswordState", { token: uk.accessToken });
    await call("changePassword", {
      token: uk.accessToken,
      body: { ancienMotDePasse: DEMO_PASSWORD, nouveauMotDePasse: "Nouveau2026", confirmerMotDePasse: "Nouveau2026" },
    });

    const session = await call("login", { body: { email: "stale@demo.macc.test", password: DEMO_PASSWORD } });
    const cookie = refreshCookie(session.res)!;
    const refreshed = await call("refresh", { headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${cookie}` } });
    await call("logout", { headers: { "X-Requested-With": "macc", Cookie: `macc_refresh=${refreshCookie(refreshed.res)!}` } });
  });

  it("the login e-mail change: asked, applied by its link, asked again, cancelled by the other link, and from the profile", async () => {
    const welcome = await login("welcome@demo.macc.test");
    const token = welcome.user.entreprises[0]!.token;
    const profile = await call<{ user: Record<string, unknown>; entreprise: Record<string, unknown> }>("getProfile", { token });
    const ask = (email: string) =>
      call("putProfile", {
        token,
        body: {
          user: { ...profile.body.user, email },
          entreprise: profile.body.entreprise,
          motDePasse: DEMO_PASSWORD,
          emailChangePath: "/portail/mon-compte/changement-email",
        },
      });
    const linkIn = async (to: string, kind: "token" | "cancel") =>
      new RegExp(`[?&]${kind}=([\\w-]+)`).exec((await waitForMail(t.db, (m) => m.to === to && m.text.includes(`?${kind}=`))).text)![1]!;
    await ask("walk.change@ferme.test");
    await call("confirmEmailChange", { body: { token: await linkIn("walk.change@ferme.test", "token") } });
    await ask("walk.again@ferme.test");
    await call("cancelEmailChangeByLink", { body: { token: await linkIn("walk.change@ferme.test", "cancel") } });
    await call("cancelEmailChange", { token });
  });

  it("forgotten password and reset", async () => {
    await call("forgotPassword", { body: { email: "reset@demo.macc.test", resetPath: "/portail/mot-de-passe-oublie" } });
    const mail = await waitForMail(t.db, (m) => m.to === "reset@demo.macc.test" && /token=/.test(m.text));
    const token = /[?&]token=([\w-]+)/.exec(mail.text)![1]!;
    await call("checkResetLink", { body: { token } });
    await call("resetPassword", { body: { token, nouveauMotDePasse: "Reprise2026", confirmerMotDePasse: "Reprise2026" } });
  });

  it("registration, its five steps", async () => {
    const email = "walk@ferme.test";
    const started = await call<{ registrationId: string; entreprisesTrouvees: { idTier: string }[] }>("startRegistration", {
      body: { pays: "FR", immatriculation: "552100554", email, mobile: "+33 6 12 34 56 78" },
    });
    const params = { id: started.body.registrationId };
    const chosen = await call<{ moyensContacts: { id: string; type: string }[] }>("chooseRegistrationCompanies", {
      params,
      body: { idTiers: started.body.entreprisesTrouvees.map((c) => c.idTier) },
    });
    const means = chosen.body.moyensContacts.find((m) => m.type === "email") ?? chosen.body.moyensContacts[0]!;
    await call("sendRegistrationCode", { params, body: { moyenContact: means.id } });
    const mail = await waitForMail(t.db, (m) => /code de vérification MACC : \d{6}/.test(m.text));
    await call("verifyRegistrationCode", { params, body: { code: /(\d{6})/.exec(mail.text)![1]! } });
    await call("completeRegistration", { params, body: { motDePasse: "Inscrit2026", confirmerMotDePasse: "Inscrit2026" } });
  });

  it("the team: list, invite, read the link, accept with a new account, join with one, change, resend, revoke, remove", async () => {
    const multi = await login("multi@demo.macc.test");
    const token = multi.user.entreprises[0]!.token;
    await call("getTeam", { token });
    const invitationPath = "/invitation";
    const linkOf = async (to: string) =>
      /[?&]token=([\w-]+)/.exec((await waitForMail(t.db, (m) => m.to === to && /invitation\?token=/.test(m.text))).text)![1]!;
    await call("inviteMember", { token, body: { email: "walk.new@example.test", role: "accountant", invitationPath } });
    const fresh = await linkOf("walk.new@example.test");
    await call("getInvitation", { body: { token: fresh } });
    const password = "Tracteur2026!";
    await call("acceptInvitation", {
      body: { token: fresh, pays: "FR", mobile: "06 12 34 56 78", motDePasse: password, confirmerMotDePasse: password },
    });
    await call("inviteMember", { token, body: { email: "stale@demo.macc.test", role: "read-only", invitationPath, endsOn: null } });
    const known = await linkOf("stale@demo.macc.test");
    await call("joinInvitation", { token: (await login("stale@demo.macc.test")).accessToken, body: { token: known } });
    const { body: team } = await call<{ members: { id: string; email: string }[] }>("getTeam", { token });
    const member = team.members.find((m) => m.email === "walk.new@example.test")!.id;
    await call("updateMember", { token, params: { id: member }, body: { role: "workshop", suspended: false } });
    const { body: sent } = await call<{ id: string }>("inviteMember", {
      token,
      body: { email: "walk.later@example.test", role: "full", invitationPath },
    });
    await call("resendInvitation", { token, params: { id: sent.id } });
    await call("revokeInvitation", { token, params: { id: sent.id } });
    await call("removeMember", { token, params: { id: member } });
  });

  it("security: devices, signing out one and the others, the activity, a company switch, and an alert's link", async () => {
    await login("comptable@demo.macc.test"); // a second device to sign out
    const { accessToken: token, user } = await login("comptable@demo.macc.test");
    const { body } = await call<{ devices: { id: string; current: boolean }[] }>("listDevices", { token });
    await call("signOutDevice", { token, params: { id: body.devices.find((d) => !d.current)!.id } });
    await login("comptable@demo.macc.test");
    await call("signOutOtherDevices", { token });
    await call("recordCompanySwitch", { token: user.entreprises[0]!.token });
    await call("listActivity", { token, query: "?kind=sign-ins" });
    const link = "walk-not-me-token";
    await t.db.query(
      `INSERT INTO security_alert_links (token_hash, uuid_compte, kind, expires_at)
       SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex'), uuid_compte, 'new-device', now() + interval '1 day' FROM accounts WHERE email = 'comptable@demo.macc.test'`,
      [link],
    );
    await call("securityAlertNotMe", { body: { token: link, resetPath: "/portail/mon-compte/mot-de-passe-oublie" } });
  });

  it("notifications: the banner's entries, one dismissed, and a back-office event signed", async () => {
    const token = (await login("due@demo.macc.test")).user.entreprises[0]!.token;
    const { body } = await call<{ entries: { key: string; fingerprint: string }[] }>("getNotifications", { token });
    const entry = body.entries[0]!;
    await call("putNotificationState", { token, params: { key: entry.key }, body: { fingerprint: entry.fingerprint, state: "dismissed" } });
    await call("getNotificationHistory", { token, query: "?page=1" });
    const event = JSON.stringify({ eventId: "walk-notification-0001", type: "invoice", idTier: "1009045", numero: "FG2026-09999" });
    const signedAt = String(Math.floor(Date.now() / 1000));
    await call("postNotificationEvent", {
      raw: { bytes: new TextEncoder().encode(event), type: "application/json" },
      headers: {
        [INTEGRATION_TIMESTAMP_HEADER]: signedAt,
        [INTEGRATION_SIGNATURE_HEADER]: integrationSignature(t.config.integrationSecret!, signedAt, event),
      },
    });
    // The demo outbox's back-office button (a form): signed and sent through the endpoint.
    const form = new FormData();
    form.set("type", "document");
    form.set("target", "MACH");
    const button = await call("postDemoNotificationEvent", { form });
    expect(await button.res.text()).toContain("Le document");
    // The document's e-mail and its one-click unsubscribe (RFC 8058), without a session.
    const mail = await waitForMail(t.db, (m) => (m.subject ?? "").startsWith("Nouveau document"));
    const { rows } = await t.db.query<{ headers: Record<string, string> }>("SELECT headers FROM outbox WHERE subject = $1", [mail.subject]);
    const unsubscribe = new URL(/^<(.+)>$/.exec(rows[0]!.headers["list-unsubscribe"]!)![1]!).searchParams.get("token")!;
    await call("getUnsubscribePage", { query: `?token=${unsubscribe}` });
    const oneClick = new FormData();
    oneClick.set("List-Unsubscribe", "One-Click");
    await call("postUnsubscribe", { query: `?token=${unsubscribe}`, form: oneClick });
    await call("getNotificationPreferences", { token });
    await call("putNotificationPreferences", { token, body: { documents: "email", "service-requests": "sms" } });
    await call("postDemoNotificationDigest");
  });

  it("visited every operation of the document", () => {
    expect(operations.map((op) => op.id).filter((id) => !seen.has(id))).toEqual([]);
  });
});
