/** The basket API: catalogue, pictures, validation (exactly once) and the customer's requests. */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_RETENTION_DAYS, LOCALES, OFFLINE_QUEUE_MAX_AGE_DAYS } from "../../src/contract/constants.ts";
import { createApp } from "../app.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { PUBLIC_CACHE } from "../http/etag.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import { CONTROL_CHARACTERS, INVALID_COMPANY_NUMBER, INVALID_COUNTRY, INVALID_MOBILE, NOT_A_STRING, REQUIRED } from "../http/schemas.ts";
import {
  BASKET_REQUEST,
  botCheckHeader,
  createTestApp,
  expectProblem,
  fromAddress,
  json,
  settleMail,
  solveBotCheck,
  type TestContext,
  withBotCheck,
} from "../test-support.ts";
import { BASKET_MAX_PER_CLIENT, BASKET_MESSAGES, drawBasketReference } from "./basket.ts";

let t: TestContext;

beforeAll(async () => {
  // Many baskets below name the same test mobile; the day's SMS limit per number has tests of its own.
  t = await createTestApp({ smsMaxPerNumberPerDay: 1000 });
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

interface ItemsAnswer {
  items: { id: string; nom: string; description: string; codeReseau: string; image: string }[];
  unknown: string[];
}
const items = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.request(`/api/basket/items${query}`, { headers });
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as ItemsAnswer };
};

describe("GET /api/basket/items", () => {
  it("answers the items in the order asked, each once, and lists the unknown ids", async () => {
    const { res, body } = await items("?ids=1007,1001,9999,1007,1001,abc_-1");
    expect(body.items.map((i) => i.id)).toEqual(["1007", "1001"]);
    expect(body.unknown).toEqual(["9999", "abc_-1"]);
    expect(body.items[1]).toEqual({
      id: "1001",
      nom: "Semence de blé tendre certifiée",
      description: "Variété d'hiver productive et résistante à la verse, sac de 25 kg.",
      codeReseau: "FRA",
      image: "/api/basket/items/1001/image",
    });
    expect(body.items[0]?.codeReseau).toBe("AGR");
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE);
    expect(res.headers.get("vary")).toMatch(/X-langue/i);
  });

  it("serves the twelve demo items, six per network", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => String(1001 + i));
    const { body } = await items(`?ids=${ids.join(",")}`);
    expect(body.unknown).toEqual([]);
    expect(body.items.filter((i) => i.codeReseau === "FRA")).toHaveLength(6);
    expect(body.items.filter((i) => i.codeReseau === "AGR")).toHaveLength(6);
    expect(body.items.every((i) => i.nom && i.description)).toBe(true);
  });

  it.each([
    ["fr-FR", "Semence de blé tendre certifiée"],
    ["fr-BE", "Semence de blé tendre certifiée"],
    ["fr-LU", "Semence de blé tendre certifiée"],
    ["de-BE", "Zertifiziertes Weichweizen-Saatgut"],
    ["de-LU", "Zertifiziertes Weichweizen-Saatgut"],
    ["en-GB", "Certified soft wheat seed"],
    ["es-ES", "Semilla certificada de trigo blando"],
    ["it-IT", "Seme certificato di grano tenero"],
    ["nl-BE", "Gecertificeerd zaaizaad zachte tarwe"],
    ["nl-NL", "Gecertificeerd zaaizaad zachte tarwe"],
  ])("names the items in the language of %s (X-langue and ?langue=)", async (locale, nom) => {
    expect((await items("?ids=1001", { "X-langue": locale })).body.items[0]?.nom).toBe(nom);
    expect((await items(`?ids=1001&langue=${locale.replace("-", "_")}`)).body.items[0]?.nom).toBe(nom);
  });

  it("falls back to French: no or an unknown X-langue, or a missing translation", async () => {
    expect((await items("?ids=1002", { "X-langue": "pt-PT" })).body.items[0]?.nom).toBe("Ammonitrate 33,5 %");
    await t.db.query("DELETE FROM basket_item_texts WHERE item_id = '1003' AND langue = 'it'");
    const answer = await items("?ids=1003,1002", { "X-langue": "it-IT" });
    expect(answer.body.items.map((i) => i.nom)).toEqual(["Buses anti-dérive (lot de 12)", "Nitrato ammonico 33,5%"]);
  });

  it("lists a withdrawn item as unknown", async () => {
    await t.db.query("UPDATE basket_items SET withdrawn_at = now() WHERE id = '1012'");
    try {
      const { body } = await items("?ids=1012,1011");
      expect(body.items.map((i) => i.id)).toEqual(["1011"]);
      expect(body.unknown).toEqual(["1012"]);
      await expectProblem(await t.app.request("/api/basket/items/1012/image"), 404);
    } finally {
      await t.db.query("UPDATE basket_items SET withdrawn_at = NULL WHERE id = '1012'");
    }
  });

  it.each([
    ["no ids", ""],
    ["an empty list", "?ids="],
    ["an empty id", "?ids=1001,,1002"],
    ["a trailing comma", "?ids=1001,"],
    ["an id with a space inside", "?ids=10%2001"],
    ["an id with a dot", "?ids=1001.5"],
    ["an id over 64 characters", `?ids=${"9".repeat(65)}`],
    ["51 ids", `?ids=${Array.from({ length: 51 }, (_, i) => 2000 + i).join(",")}`],
    ["an unknown langue", "?ids=1001&langue=xx-XX"],
  ])("%s → 400", async (_name, query) => {
    const problem = await expectProblem(await t.app.request(`/api/basket/items${query}`), 400);
    expect(problem.errors?.[0]?.path).toMatch(/^(ids|langue)$/);
  });

  it("accepts 50 ids, duplicates counted", async () => {
    const { body } = await items(`?ids=${Array.from({ length: 50 }, () => "1001").join(",")}`);
    expect(body.items).toHaveLength(1);
  });

  it("a control character in ids → 422", async () => {
    await expectProblem(await t.app.request("/api/basket/items?ids=1001%00"), 422);
  });
});

describe("GET /api/basket/items/{id}/image", () => {
  it("serves an SVG with an ETag, a long public cache and a restrictive policy", async () => {
    const res = await t.app.request("/api/basket/items/1005/image");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 240 240">/);
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(svg));

    for (const tag of [etag!, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await t.app.request("/api/basket/items/1005/image", { headers: { "If-None-Match": tag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
    }
    const stale = await t.app.request("/api/basket/items/1005/image", { headers: { "If-None-Match": '"0000"' } });
    expect(stale.status).toBe(200);
  });

  it("gives each item its own picture", async () => {
    const tags = new Set<string | null>();
    for (let id = 1001; id <= 1012; id++) tags.add((await t.app.request(`/api/basket/items/${id}/image`)).headers.get("etag"));
    expect(tags.size).toBe(12);
  });

  it.each(["9999", "a.b", "x".repeat(65), "%00"])("unknown or malformed id %s → 404 problem", async (id) => {
    await expectProblem(await t.app.request(`/api/basket/items/${id}/image`), 404);
  });
});

// ---------------------------------------------------------------------------------------------
// POST /api/basket/requests

const VALID = BASKET_REQUEST;
type Body = Record<string, unknown>;

let addressCount = 0;
/** A client address of its own, so that each test starts with an empty rate-limit window. */
const newAddress = () => `10.31.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;
const newKey = () => `key-${randomUUID()}`;

interface Submission {
  key?: string;
  address?: string;
  /** The X-Bot-Check value; solved afresh by default, null for none. */
  bot?: string | null;
  headers?: Record<string, string>;
  app?: TestContext["app"];
}
async function submit(body: unknown, { key = newKey(), address = newAddress(), bot, headers = {}, app = t.app }: Submission = {}) {
  const solution = bot === undefined ? await solveBotCheck(app) : bot;
  const res = await app.request(
    "/api/basket/requests",
    json(body, { "Idempotency-Key": key, ...(solution === null ? {} : { "X-Bot-Check": solution }), ...headers }),
    fromAddress(address),
  );
  return { res, text: await res.clone().text(), key, address };
}

interface Created {
  id: string;
  reference: string;
  createdAt: string;
  items: { id: string; nom: string }[];
  sms: boolean;
}

/** Requests, call-back mails queued and SMS recorded so far. */
async function counts() {
  const { rows } = await t.db.query<{ requests: number; mails: number; sms: number }>(
    `SELECT (SELECT count(*) FROM basket_requests)::int AS requests,
            (SELECT count(*) FROM mail_queue WHERE subject LIKE '[Panier]%')::int AS mails,
            (SELECT count(*) FROM outbox WHERE channel = 'sms')::int AS sms`,
  );
  return rows[0]!;
}

const stored = async (id: string) =>
  (
    await t.db.query<Record<string, unknown>>(
      `SELECT r.*, (SELECT json_agg(json_build_object('id', i.item_id, 'nom', i.nom) ORDER BY i.position)
                    FROM basket_request_items i WHERE i.request_id = r.id) AS items
       FROM basket_requests r WHERE r.id = $1`,
      [id],
    )
  ).rows[0]!;
const mailOf = async (reference: string) =>
  (
    await t.db.query<{ recipient: string; reply_to: string | null; subject: string; body: string; html: string }>(
      "SELECT recipient, reply_to, subject, body, html FROM mail_queue WHERE subject LIKE $1",
      [`%${reference}%`],
    )
  ).rows;
const smsOf = async (reference: string) =>
  (
    await t.db.query<{ recipient: string; body: string }>("SELECT recipient, body FROM outbox WHERE channel = 'sms' AND body LIKE $1", [
      `%${reference}%`,
    ])
  ).rows;

/** Six characters of Crockford's base 32 (no I, L, O or U). */
const REFERENCE_PART = "[0-9A-HJKMNP-TV-Z]{6}";

describe("basket references: short, and telling nobody how many requests were sent", () => {
  it("6 characters that cannot be misread, drawn at random (1,000 draws: all valid, all different)", () => {
    const drawn = Array.from({ length: 1000 }, drawBasketReference);
    for (const part of drawn) expect(part).toMatch(new RegExp(`^${REFERENCE_PART}$`));
    expect(new Set(drawn).size).toBe(1000);
  });

  it("two requests in a row get unrelated references, not a counter's next number", async () => {
    const first = JSON.parse((await submit(VALID)).text) as Created;
    const second = JSON.parse((await submit(VALID)).text) as Created;
    const partOf = (reference: string) => reference.slice(-6);
    expect(partOf(first.reference)).not.toMatch(/^\d+$/);
    expect(partOf(second.reference)).not.toBe(partOf(first.reference));
  });
});

describe("confirmation SMS per destination number and day (an anonymous basket names any mobile)", () => {
  const limited = () => createApp({ db: t.db, config: { ...t.config, smsMaxPerNumberPerDay: 2 }, mailer: t.mailer });

  it("past the limit the request is kept and the answer says no SMS was sent; another number still gets one", async () => {
    const app = limited();
    const to = { ...VALID, mobile: "06 11 22 33 01" };
    const sent = [];
    for (let i = 0; i < 3; i++) {
      const { res, text } = await submit(to, { app });
      expect(res.status).toBe(201);
      sent.push(JSON.parse(text) as Created);
    }
    expect(sent.map((b) => b.sms)).toEqual([true, true, false]);
    expect(await smsOf(sent[2]!.reference)).toEqual([]);
    expect((await stored(sent[2]!.id)).sms_sent_at).toBeNull();
    const other = JSON.parse((await submit({ ...VALID, mobile: "06 11 22 33 02" }, { app })).text) as Created;
    expect(other.sms).toBe(true);
  });

  it("holds under concurrency: 6 baskets at once to one number send exactly 2 SMS", async () => {
    const app = limited();
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit({ ...VALID, mobile: "06 11 22 33 03" }, { app })));
    const bodies = answers.map(({ text }) => JSON.parse(text) as Created);
    expect(bodies.filter((b) => b.sms)).toHaveLength(2);
  });
});

describe("POST /api/basket/requests: a visitor's basket", () => {
  it("stores the request, queues one mail to the sales service and sends one SMS", async () => {
    const before = await counts();
    const { res, text } = await submit({ ...VALID, items: ["1002", "1001", "1002"], unknownField: "ignored" });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    const body = JSON.parse(text) as Created;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: expect.stringMatching(new RegExp(`^P-${new Date().getUTCFullYear()}-${REFERENCE_PART}$`)),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      items: [
        { id: "1002", nom: "Ammonitrate 33,5 %" },
        { id: "1001", nom: "Semence de blé tendre certifiée" },
      ],
      sms: true,
    });
    expect(await counts()).toEqual({ requests: before.requests + 1, mails: before.mails + 1, sms: before.sms + 1 });

    const row = await stored(body.id);
    expect(row).toMatchObject({
      reference: body.reference,
      uuid_compte: null,
      id_tier: null,
      nom: "Jean Dupont",
      societe: "GAEC des Prés",
      mobile: "06 12 34 56 78",
      mobile_e164: "+33612345678",
      immat: "552100554",
      pays: "FR",
      langue: "fr-FR",
      theme: "MACC",
      code_reseau: "FRA",
      adviser_id: null,
      recipient: "service.clients@macc.fr",
      status: "sent",
      items: body.items,
    });
    expect(row.sms_sent_at).not.toBeNull();

    const [mail, ...others] = await mailOf(body.reference);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ recipient: "service.clients@macc.fr", reply_to: null });
    expect(mail!.subject).toBe(`[Panier] Demande de rappel ${body.reference} – GAEC des Prés`);
    for (const line of [
      "Un visiteur du site a validé son panier",
      "Nom : Jean Dupont — société : GAEC des Prés",
      "Mobile : 06 12 34 56 78 (+33612345678)",
      "Immatriculation : 552100554 (FR) — langue : fr-FR",
      "Articles (2) :",
      "• Ammonitrate 33,5 % (réf. 1002)",
      "• Semence de blé tendre certifiée (réf. 1001)",
    ]) {
      expect(mail!.body).toContain(line);
    }
    expect(mail!.html).toContain("GAEC des Pr\u00e9s".normalize());
    expect(await smsOf(body.reference)).toEqual([
      {
        recipient: "+33612345678",
        body: `MACC : votre demande ${body.reference} est bien enregistrée. Nous vous rappellerons dans les meilleurs délais.`,
      },
    ]);
  });

  it("escapes the customer's text in the mail's HTML", async () => {
    const { text } = await submit({ ...VALID, nom: "<b>Jean</b> & Cie" });
    const { reference } = JSON.parse(text) as Created;
    const [mail] = await mailOf(reference);
    expect(mail!.html).toContain("&lt;b&gt;Jean&lt;/b&gt; &amp; Cie");
    expect(mail!.html).not.toContain("<b>Jean");
  });

  it("visitor in the AGRI theme: the AGR sales service and an AGRIMACC SMS", async () => {
    const { res, text } = await submit({ ...VALID, items: ["1007"], theme: "AGRI" });
    expect(res.status).toBe(201);
    const body = JSON.parse(text) as Created;
    expect(await stored(body.id)).toMatchObject({ theme: "AGRI", code_reseau: "AGR", recipient: "adherents@agrimacc.fr" });
    expect((await mailOf(body.reference))[0]?.recipient).toBe("adherents@agrimacc.fr");
    expect((await smsOf(body.reference))[0]?.body).toMatch(/^AGRIMACC : votre demande /);
  });

  const NETWORK_OF: Record<string, [network: string, recipient: string, sms: string]> = {
    "fr-FR": ["FRA", "service.clients@macc.fr", "MACC : votre demande P-"],
    "fr-BE": ["BLG", "klantendienst@macc.be", "MACC : votre demande P-"],
    "fr-LU": ["BLG", "klantendienst@macc.be", "MACC : votre demande P-"],
    "de-BE": ["BLG", "klantendienst@macc.be", "MACC: Ihre Anfrage P-"],
    "de-LU": ["BLG", "klantendienst@macc.be", "MACC: Ihre Anfrage P-"],
    "en-GB": ["GBR", "customer.service@macc.co.uk", "MACC: your request P-"],
    "es-ES": ["ESP", "atencion.cliente@macc.es", "MACC: su solicitud P-"],
    "it-IT": ["ITA", "servizio.clienti@macc.it", "MACC: la Sua richiesta P-"],
    "nl-BE": ["BLG", "klantendienst@macc.be", "MACC: uw aanvraag P-"],
    "nl-NL": ["BLG", "klantendienst@macc.be", "MACC: uw aanvraag P-"],
  };
  it.each(LOCALES.map((l) => [l, ...NETWORK_OF[l]!] as const))(
    "langue %s: the %s sales service (%s), the SMS and the item names in that language",
    async (langue, network, recipient, sms) => {
      const { res, text } = await submit({ ...VALID, items: ["1003"], langue }, { headers: { "X-langue": "fr-FR" } });
      expect(res.status).toBe(201);
      const body = JSON.parse(text) as Created;
      expect(await stored(body.id)).toMatchObject({ langue, code_reseau: network, recipient });
      const [message] = await smsOf(body.reference);
      expect(message?.body.startsWith(sms)).toBe(true);
      const { body: catalogue } = await items("?ids=1003", { "X-langue": langue });
      expect(body.items).toEqual([{ id: "1003", nom: catalogue.items[0]!.nom }]);
    },
  );

  it("accepts a mobile of another country in its international form, and a lower-case country", async () => {
    const { res, text } = await submit({ ...VALID, mobile: "+32 470 12 34 56", pays: "fr" });
    expect(res.status).toBe(201);
    expect(await stored((JSON.parse(text) as Created).id)).toMatchObject({ mobile_e164: "+32470123456", pays: "FR" });
  });
});

describe("POST /api/basket/requests: exactly once", () => {
  it("a repeated key with the same body answers the first answer and does nothing more", async () => {
    const first = await submit(VALID);
    expect(first.res.status).toBe(201);
    const after = await counts();
    for (const bot of [undefined, null, "not-a-solution"]) {
      const again = await submit({ ...VALID, mobile: "0612345678" }, { key: first.key, address: first.address, bot });
      expect(again.res.status).toBe(201);
      expect(again.res.headers.get("idempotent-replayed")).toBe("true");
      expect(again.text).toBe(first.text);
    }
    expect(await counts()).toEqual(after);
  });

  it("the same key with another body → 422, nothing stored", async () => {
    const first = await submit(VALID);
    const after = await counts();
    for (const other of [
      { ...VALID, nom: "Paul Martin" },
      { ...VALID, items: ["1002", "1001"] },
      { ...VALID, theme: "AGRI" },
    ]) {
      const problem = await expectProblem((await submit(other, { key: first.key })).res, 422);
      expect(problem.type).toBe("urn:macc:problem:idempotency-key-reused");
    }
    expect(await counts()).toEqual(after);
  });

  it.each([
    ["missing", undefined],
    ["too short", "abc1234"],
    ["too long", "k".repeat(129)],
    ["with a space", "key with space"],
    ["with a dot", "key.12345678"],
    ["not ASCII", "clé-1234567"],
  ])("Idempotency-Key %s → 400", async (_name, key) => {
    const headers: Record<string, string> = { ...(await botCheckHeader(t.app)) };
    if (key !== undefined) headers["Idempotency-Key"] = key;
    const problem = await expectProblem(await t.app.request("/api/basket/requests", json(VALID, headers), fromAddress(newAddress())), 400);
    expect(problem.type).toBe("urn:macc:problem:idempotency-key");
  });

  it("accepts keys of 8 and 128 characters", async () => {
    expect((await submit(VALID, { key: `k-${randomUUID().slice(0, 6)}` })).res.status).toBe(201);
    expect((await submit(VALID, { key: `${randomUUID()}`.padEnd(128, "x") })).res.status).toBe(201);
  });

  it("10 concurrent submissions of one key: one request, one mail, one SMS, ten equal answers", async () => {
    const before = await counts();
    const key = newKey();
    const address = newAddress();
    const solutions = await Promise.all(Array.from({ length: 10 }, () => solveBotCheck(t.app)));
    const answers = await Promise.all(solutions.map((bot) => submit(VALID, { key, address, bot })));
    expect(answers.map((a) => a.res.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.res.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    expect(await counts()).toEqual({ requests: before.requests + 1, mails: before.mails + 1, sms: before.sms + 1 });
  });

  it("a retry sent with the same bot-check solution while the first runs gets the first answer", async () => {
    const before = await counts();
    const key = newKey();
    const bot = await solveBotCheck(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(VALID, { key, bot })));
    expect(answers.map((a) => a.res.status)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await counts()).toEqual({ requests: before.requests + 1, mails: before.mails + 1, sms: before.sms + 1 });
  });

  it("a refused submission does not use its key up", async () => {
    const key = newKey();
    await expectProblem((await submit({ ...VALID, items: ["9999"] }, { key })).res, 422);
    await expectProblem((await submit(VALID, { key, bot: null })).res, 403);
    const { res } = await submit(VALID, { key });
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keys outlive the offline queue's maximum age (housekeeping): a replay days later gets the first answer", async () => {
    const queued = await submit(VALID);
    const old = await submit(VALID);
    const recent = await submit(VALID);
    // A submission kept on a device for the queue's whole life, replayed at its end.
    await t.db.query("UPDATE idempotency_keys SET created_at = now() - make_interval(days => $2) WHERE key = $1", [
      queued.key,
      OFFLINE_QUEUE_MAX_AGE_DAYS,
    ]);
    await t.db.query("UPDATE idempotency_keys SET created_at = now() - make_interval(days => $2, hours => 1) WHERE key = $1", [
      old.key,
      IDEMPOTENCY_KEY_RETENTION_DAYS,
    ]);
    await housekeeping(t.db);
    const keys = await t.db.query<{ key: string }>("SELECT key FROM idempotency_keys WHERE key = ANY($1::text[]) ORDER BY created_at", [
      [queued.key, old.key, recent.key],
    ]);
    expect(keys.rows.map((r) => r.key)).toEqual([queued.key, recent.key]);
    const before = await counts();
    const replay = await submit(VALID, { key: queued.key });
    expect(replay.res.status).toBe(201);
    expect(replay.res.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(queued.text);
    expect(await counts()).toEqual(before);
    // Past the retention, the key is a new one.
    const again = await submit(VALID, { key: old.key });
    expect(again.res.headers.get("idempotent-replayed")).toBeNull();
    expect(again.text).not.toBe(old.text);
  });

  it("says so when the SMS provider fails, in the answer and in its replays", async () => {
    const failing = createApp({
      db: t.db,
      config: t.config,
      mailer: t.mailer,
      sms: { send: () => Promise.reject(new Error("gateway down")) },
    });
    const first = await submit(VALID, { app: failing });
    expect(first.res.status).toBe(201);
    const body = JSON.parse(first.text) as Created;
    expect(body.sms).toBe(false);
    expect((await stored(body.id)).sms_sent_at).toBeNull();
    expect(await smsOf(body.reference)).toEqual([]);
    const again = await submit(VALID, { key: first.key, app: failing });
    expect(again.text).toBe(first.text);
  });
});

describe("POST /api/basket/requests: refusals", () => {
  it("bot check missing, malformed or already used → 403, nothing stored", async () => {
    const used = await solveBotCheck(t.app);
    expect((await submit(VALID, { bot: used })).res.status).toBe(201);
    const after = await counts();
    for (const bot of [null, "", "bm90IGpzb24=", used]) {
      const problem = await expectProblem((await submit(VALID, { bot })).res, 403);
      expect(problem.type).toBe("urn:macc:problem:bot-check");
    }
    expect(await counts()).toEqual(after);
  });

  it(`${BASKET_MAX_PER_CLIENT} requests per client address an hour, then 429 with Retry-After; replays still answered`, async () => {
    const address = newAddress();
    let first: Awaited<ReturnType<typeof submit>> | undefined;
    for (let i = 0; i < BASKET_MAX_PER_CLIENT; i++) {
      const sent = await submit(VALID, { address });
      expect(sent.res.status).toBe(201);
      first ??= sent;
    }
    const after = await counts();
    const refused = await submit(VALID, { address });
    const problem = await expectProblem(refused.res, 429);
    expect(problem.detail).toMatch(/^Vous avez envoyé trop de demandes\. Veuillez réessayer dans \d+\s(minutes?|secondes?)\.$/);
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(3500);
    const replay = await submit(VALID, { key: first!.key, address });
    expect(replay.res.status).toBe(201);
    expect(replay.text).toBe(first!.text);
    expect((await submit(VALID, { address: newAddress() })).res.status).toBe(201);
    expect((await counts()).requests).toBe(after.requests + 1);
  });

  it("behind trusted proxies, the limit is per forwarded client address", async () => {
    const proxied = await createTestApp({ trustProxy: 1 }, t.db);
    const shared = newAddress();
    for (let i = 0; i < BASKET_MAX_PER_CLIENT; i++) {
      const { res } = await submit(VALID, { app: proxied.app, address: shared, headers: { "X-Forwarded-For": "198.51.100.7" } });
      expect(res.status).toBe(201);
    }
    await expectProblem(
      (await submit(VALID, { app: proxied.app, address: shared, headers: { "X-Forwarded-For": "198.51.100.7" } })).res,
      429,
    );
    const other = await submit(VALID, { app: proxied.app, address: shared, headers: { "X-Forwarded-For": "198.51.100.8" } });
    expect(other.res.status).toBe(201);
    await settleMail(t.db);
    await proxied.close();
  });

  it("unknown or withdrawn items → 422 on items, listed in `unknown`", async () => {
    await t.db.query("UPDATE basket_items SET withdrawn_at = now() WHERE id = '1011'");
    try {
      const before = await counts();
      const problem = (await expectProblem((await submit({ ...VALID, items: ["1001", "9999", "1011"] })).res, 422)) as {
        unknown?: string[];
      };
      expect(problem).toMatchObject({ errors: [{ path: "items", message: BASKET_MESSAGES.unknownItems }], unknown: ["9999", "1011"] });
      expect(await counts()).toEqual(before);
    } finally {
      await t.db.query("UPDATE basket_items SET withdrawn_at = NULL WHERE id = '1011'");
    }
  });

  const E = BASKET_MESSAGES;
  const fifty = Array.from({ length: 51 }, (_, i) => String(5000 + i));
  it.each<[string, Body, { path: string; message: string }[]]>([
    [
      "empty body",
      {},
      [
        { path: "nom", message: REQUIRED },
        { path: "societe", message: REQUIRED },
        { path: "pays", message: REQUIRED },
        { path: "immat", message: REQUIRED },
        { path: "mobile", message: REQUIRED },
        { path: "langue", message: REQUIRED },
        { path: "items", message: E.emptyBasket },
      ],
    ],
    ["blank name", { nom: "   " }, [{ path: "nom", message: REQUIRED }]],
    ["name not a string", { nom: 42 }, [{ path: "nom", message: NOT_A_STRING }]],
    ["name over 100", { nom: "n".repeat(101) }, [{ path: "nom", message: "100 caractères au maximum." }]],
    ["company null", { societe: null }, [{ path: "societe", message: REQUIRED }]],
    ["company over 150", { societe: "s".repeat(151) }, [{ path: "societe", message: "150 caractères au maximum." }]],
    ["mobile not a mobile", { mobile: "02 41 22 10 00" }, [{ path: "mobile", message: INVALID_MOBILE }]],
    [
      "mobile of another country's national form",
      { mobile: "06 12 34 56 78", pays: "BE", immat: "0403.170.701" },
      [{ path: "mobile", message: INVALID_MOBILE }],
    ],
    ["mobile with letters", { mobile: "06 12 AB 56 78" }, [{ path: "mobile", message: INVALID_MOBILE }]],
    ["mobile over 40", { mobile: "0".repeat(41) }, [{ path: "mobile", message: "40 caractères au maximum." }]],
    ["registration number with a wrong check digit", { immat: "552100555" }, [{ path: "immat", message: INVALID_COMPANY_NUMBER }]],
    ["registration number of another country", { immat: "0403.170.701" }, [{ path: "immat", message: INVALID_COMPANY_NUMBER }]],
    ["registration number over 40", { immat: "5".repeat(41) }, [{ path: "immat", message: "40 caractères au maximum." }]],
    [
      "country not served: only the country is reported",
      { pays: "DE", mobile: "nope", immat: "nope" },
      [{ path: "pays", message: INVALID_COUNTRY }],
    ],
    ["country not a string", { pays: ["FR"] }, [{ path: "pays", message: NOT_A_STRING }]],
    ["language not a locale", { langue: "fr" }, [{ path: "langue", message: "Langue inconnue." }]],
    ["language with an underscore", { langue: "fr_FR" }, [{ path: "langue", message: "Langue inconnue." }]],
    ["no items", { items: [] }, [{ path: "items", message: E.emptyBasket }]],
    ["items not a list", { items: "1001,1002" }, [{ path: "items", message: E.badItems }]],
    ["an item id not a string", { items: [1001] }, [{ path: "items", message: E.badItems }]],
    ["an item id with a space", { items: ["10 01"] }, [{ path: "items", message: E.badItems }]],
    ["51 items", { items: fifty }, [{ path: "items", message: E.tooManyItems }]],
    ["unknown theme", { theme: "agri" }, [{ path: "theme", message: E.badTheme }]],
    [
      "a line break in the company",
      { societe: "GAEC\ndes Prés" },
      [{ path: "societe", message: "Retour à la ligne non autorisé dans ce champ." }],
    ],
    ["a control character in the name", { nom: "Jean\u0000" }, [{ path: "nom", message: CONTROL_CHARACTERS }]],
    [
      "several at once, in form order",
      { items: [], langue: "xx", mobile: "1", nom: "" },
      [
        { path: "nom", message: REQUIRED },
        { path: "mobile", message: INVALID_MOBILE },
        { path: "langue", message: "Langue inconnue." },
        { path: "items", message: E.emptyBasket },
      ],
    ],
  ])("%s → 422", async (_name, change, errors) => {
    const before = await counts();
    const body = Object.keys(change).length === 0 ? {} : { ...VALID, ...change };
    const problem = await expectProblem((await submit(body)).res, 422);
    expect(problem.errors).toEqual(errors);
    expect(await counts()).toEqual(before);
  });

  it("50 distinct items are accepted as far as the catalogue check", async () => {
    const problem = (await expectProblem((await submit({ ...VALID, items: fifty.slice(1) })).res, 422)) as { unknown?: string[] };
    expect(problem.unknown).toHaveLength(50);
  });

  it.each([
    ["a JSON array", "[]", "application/json", 422],
    ["a JSON string", '"basket"', "application/json", 422],
    ["malformed JSON", "{", "application/json", 400],
    ["a form", "nom=x", "application/x-www-form-urlencoded", 415],
  ])("%s → %s", async (_name, raw, type, status) => {
    const res = await t.app.request(
      "/api/basket/requests",
      { method: "POST", headers: { "Content-Type": type, "Idempotency-Key": newKey(), ...(await botCheckHeader(t.app)) }, body: raw },
      fromAddress(newAddress()),
    );
    await expectProblem(res, status);
  });
});

describe("POST /api/basket/requests: a logged-in customer", () => {
  let account = "";
  let accountToken = "";
  const companyToken: Record<string, string> = {};

  beforeAll(async () => {
    const res = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
      fromAddress("10.32.0.1"),
    );
    const body = (await res.json()) as {
      accessToken: string;
      user: { uuidCompte: string; entreprises: { idTier: string; token: string }[] };
    };
    account = body.user.uuidCompte;
    accountToken = body.accessToken;
    for (const e of body.user.entreprises) companyToken[e.idTier] = e.token;
  });

  it("links the request to the account and the selected company, and tells the company's adviser", async () => {
    const { res, text } = await submit({ ...VALID, theme: "AGRI" }, { headers: { Authorization: `Bearer ${companyToken["1004217"]}` } });
    expect(res.status).toBe(201);
    const body = JSON.parse(text) as Created;
    const row = await stored(body.id);
    expect(row).toMatchObject({ uuid_compte: account, id_tier: "1004217", code_reseau: "FRA", recipient: "claire.lemoine@macc.fr" });
    expect(row.adviser_id).not.toBeNull();
    const [mail] = await mailOf(body.reference);
    expect(mail).toMatchObject({ recipient: "claire.lemoine@macc.fr", reply_to: "multi@demo.macc.test" });
    expect(mail!.body).toContain("Un client connecté à son espace client a validé son panier");
    expect(mail!.body).toContain("Compte client : Mme Sophie Durand <multi@demo.macc.test>");
    expect(mail!.body).toContain(
      "Entreprise sélectionnée : SAS Établissements Durand et Fils — n° client C-100101 (tiers 1004217, réseau FRA)",
    );
    expect((await smsOf(body.reference))[0]?.body).toMatch(/^MACC : /);
  });

  it("the AGR company's adviser, with an AGRIMACC SMS", async () => {
    const { text } = await submit(VALID, { headers: { Authorization: `Bearer ${companyToken["2000873"]}` } });
    const body = JSON.parse(text) as Created;
    expect(await stored(body.id)).toMatchObject({ id_tier: "2000873", code_reseau: "AGR", recipient: "julien.moreau@agrimacc.fr" });
    expect((await smsOf(body.reference))[0]?.body).toMatch(/^AGRIMACC : /);
  });

  it("a company without an adviser: its network's sales service", async () => {
    const { text } = await submit(VALID, { headers: { Authorization: `Bearer ${companyToken["3000452"]}` } });
    const body = JSON.parse(text) as Created;
    expect(await stored(body.id)).toMatchObject({
      id_tier: "3000452",
      code_reseau: "BLG",
      recipient: "klantendienst@macc.be",
      adviser_id: null,
    });
  });

  it("an account-level token: linked to the account, routed like a visitor", async () => {
    const { text } = await submit({ ...VALID, langue: "en-GB" }, { headers: { Authorization: `Bearer ${accountToken}` } });
    const body = JSON.parse(text) as Created;
    expect(await stored(body.id)).toMatchObject({
      uuid_compte: account,
      id_tier: null,
      code_reseau: "GBR",
      recipient: "customer.service@macc.co.uk",
    });
  });

  it("the same key sent by a visitor and by a customer are two different requests → 422", async () => {
    const first = await submit(VALID, { headers: { Authorization: `Bearer ${companyToken["1004217"]}` } });
    expect(first.res.status).toBe(201);
    await expectProblem((await submit(VALID, { key: first.key })).res, 422);
    await expectProblem(
      (await submit(VALID, { key: first.key, headers: { Authorization: `Bearer ${companyToken["2000873"]}` } })).res,
      422,
    );
    const replay = await submit(VALID, { key: first.key, headers: { Authorization: `Bearer ${companyToken["1004217"]}` } });
    expect(replay.text).toBe(first.text);
  });

  it.each([
    ["a malformed token", "Bearer nope"],
    ["a forged token", `Bearer ${"x".repeat(40)}.${"y".repeat(43)}`],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["an empty value", ""],
  ])("%s → 401 (never a silent visitor), nothing stored", async (_name, authorization) => {
    const before = await counts();
    const { res } = await submit(VALID, { headers: { Authorization: authorization } });
    await expectProblem(res, 401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await counts()).toEqual(before);
  });

  it("a token of a company no longer linked to the account → 401, nothing stored", async () => {
    const login = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "stale@demo.macc.test", password: DEMO_PASSWORD })),
      fromAddress("10.32.0.2"),
    );
    const { user } = (await login.json()) as { user: { uuidCompte: string; entreprises: { idTier: string; token: string }[] } };
    await t.db.query("DELETE FROM account_companies WHERE uuid_compte = $1", [user.uuidCompte]);
    const before = await counts();
    await expectProblem((await submit(VALID, { headers: { Authorization: `Bearer ${user.entreprises[0]!.token}` } })).res, 401);
    expect(await counts()).toEqual(before);
  });
});

describe("POST /api/basket/requests: the staff mail in the language of the receiving network", () => {
  /** How each staff language reads: the subject's start, the reference's label, an item's reference, and a locale of it. */
  const WORDS = {
    fr: { subject: "[Panier] Demande de rappel", reference: "Référence :", item: "(réf. 1003)", locale: "fr-FR" },
    en: { subject: "[Basket] Call-back request", reference: "Reference:", item: "(ref. 1003)", locale: "en-GB" },
    nl: { subject: "[Winkelmandje] Terugbelverzoek", reference: "Referentie:", item: "(ref. 1003)", locale: "nl-BE" },
    es: { subject: "[Cesta] Solicitud de llamada", reference: "Referencia:", item: "(ref. 1003)", locale: "es-ES" },
    it: { subject: "[Carrello] Richiesta di richiamata", reference: "Riferimento:", item: "(rif. 1003)", locale: "it-IT" },
  } as const;
  /** FIL and EXP have no locale of their own: a logged-in customer of a company moved to that network. */
  const BLG_COMPANY = "3000452";
  let companyToken = "";

  beforeAll(async () => {
    const res = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
      fromAddress("10.33.0.1"),
    );
    const { user } = (await res.json()) as { user: { entreprises: { idTier: string; token: string }[] } };
    companyToken = user.entreprises.find((e) => e.idTier === BLG_COMPANY)!.token;
  });

  it.each([
    { network: "FRA", langue: "fr-FR", recipient: "service.clients@macc.fr", lang: "fr" },
    { network: "AGR", langue: "fr-FR", theme: "AGRI", recipient: "adherents@agrimacc.fr", lang: "fr" },
    { network: "FIL", langue: "en-GB", company: true, recipient: "filiales@macc.fr", lang: "fr" },
    { network: "EXP", langue: "es-ES", company: true, recipient: "export@macc.fr", lang: "fr" },
    { network: "GBR", langue: "en-GB", recipient: "customer.service@macc.co.uk", lang: "en" },
    { network: "ESP", langue: "es-ES", recipient: "atencion.cliente@macc.es", lang: "es" },
    { network: "ITA", langue: "it-IT", recipient: "servizio.clienti@macc.it", lang: "it" },
    { network: "BLG", langue: "nl-BE", recipient: "klantendienst@macc.be", lang: "nl" },
    { network: "BLG", langue: "fr-BE", recipient: "klantendienst@macc.be", lang: "fr" },
    { network: "BLG", langue: "de-BE", recipient: "klantendienst@macc.be", lang: "fr" },
  ] as const)("$network, a request in $langue: mail to $recipient in $lang", async (row) => {
    const theme = "theme" in row ? { theme: row.theme } : {};
    const company = "company" in row;
    if (company) await t.db.query("UPDATE companies SET code_reseau = $1 WHERE id_tier = $2", [row.network, BLG_COMPANY]);
    try {
      const { res, text } = await submit(
        { ...VALID, items: ["1003"], langue: row.langue, ...theme },
        company ? { headers: { Authorization: `Bearer ${companyToken}` } } : {},
      );
      expect(res.status).toBe(201);
      const body = JSON.parse(text) as Created;
      expect(await stored(body.id)).toMatchObject({ code_reseau: row.network, recipient: row.recipient });
      const words = WORDS[row.lang];
      const [mail, ...others] = await mailOf(body.reference);
      expect(others).toEqual([]);
      expect(mail!.recipient).toBe(row.recipient);
      expect(mail!.subject).toBe(`${words.subject} ${body.reference} – GAEC des Prés`);
      expect(mail!.body).toContain(`${words.reference} ${body.reference}`);
      expect(mail!.html).toContain(`<html lang="${row.lang}">`);
      // The item named in the staff's language, the request's language stated as it was made.
      const { body: catalogue } = await items("?ids=1003", { "X-langue": words.locale });
      expect(mail!.body).toContain(`• ${catalogue.items[0]!.nom} ${words.item}`);
      expect(mail!.body).toContain(row.langue);
    } finally {
      if (company) await t.db.query("UPDATE companies SET code_reseau = 'BLG' WHERE id_tier = $1", [BLG_COMPANY]);
    }
  });
});

describe("GET /api/me/basket-requests", () => {
  const login = async (email: string) => {
    const res = await t.app.request(
      "/api/auth/login",
      await withBotCheck(t.app, json({ email, password: DEMO_PASSWORD })),
      fromAddress("10.33.0.1"),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string; user: { entreprises: { idTier: string; token: string }[] } };
    return { account: body.accessToken, company: Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token])) };
  };
  interface Listed {
    requests: { id: string; reference: string; createdAt: string; status: string; items: { id: string; nom: string }[] }[];
  }
  const list = async (token: string) => {
    const res = await t.app.request("/api/me/basket-requests", { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    return ((await res.json()) as Listed).requests;
  };
  const sendAs = async (token: string | null, body: Body = VALID, address = newAddress()) => {
    const { res, text } = await submit(body, { address, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    expect(res.status).toBe(201);
    return JSON.parse(text) as Created;
  };

  it("lists the account's requests for the selected company, newest first, with the items named as sent", async () => {
    const welcome = await login("welcome@demo.macc.test");
    expect(await list(welcome.company["1006612"]!)).toEqual([]);
    const older = await sendAs(welcome.company["1006612"]!, { ...VALID, items: ["1004", "1010"] });
    await sendAs(null, { ...VALID, items: ["1005"] }); // as a visitor
    await sendAs(welcome.account, { ...VALID, items: ["1006"] }); // account-level token
    const newer = await sendAs(welcome.company["1006612"]!, { ...VALID, items: ["1009"], langue: "de-BE" });
    await t.db.query("UPDATE basket_item_texts SET nom = 'Renamed' WHERE item_id = '1004'");

    expect(await list(welcome.company["1006612"]!)).toEqual([
      {
        id: newer.id,
        reference: newer.reference,
        createdAt: newer.createdAt,
        status: "sent",
        items: [{ id: "1009", nom: "Bordeauxbrühe 20 %" }],
      },
      {
        id: older.id,
        reference: older.reference,
        createdAt: older.createdAt,
        status: "sent",
        items: [
          { id: "1004", nom: "Aliment vaches laitières VL 18" },
          { id: "1010", nom: "Seau à lécher minéral" },
        ],
      },
    ]);
    expect(newer.createdAt > older.createdAt).toBe(true);
  });

  it("shows neither another company's requests of the same account nor another customer's", async () => {
    const multi = await login("multi@demo.macc.test");
    const uk = await login("uk@demo.macc.test");
    const agr = await sendAs(multi.company["2000873"]!);
    const fra = await sendAs(multi.company["1004217"]!);
    const ukRequest = await sendAs(uk.company["4000128"]!);
    const ids = async (token: string) => (await list(token)).map((r) => r.id);
    expect(await ids(multi.company["2000873"]!)).toContain(agr.id);
    expect(await ids(multi.company["2000873"]!)).not.toContain(fra.id);
    expect(await ids(multi.company["1004217"]!)).toContain(fra.id);
    expect(await ids(multi.company["1004217"]!)).not.toContain(agr.id);
    expect(await ids(uk.company["4000128"]!)).toEqual([ukRequest.id]);
    for (const token of [multi.company["2000873"]!, multi.company["1004217"]!]) expect(await ids(token)).not.toContain(ukRequest.id);
  });

  it("the 20 newest", async () => {
    const { company } = await login("reset@demo.macc.test");
    const token = company["1008010"]!;
    const sent: string[] = [];
    for (let i = 0; i < 22; i++) sent.push((await sendAs(token, VALID, `10.34.0.${1 + Math.floor(i / 10)}`)).id);
    expect((await list(token)).map((r) => r.id)).toEqual(sent.slice(2).reverse());
  });

  it("needs a token (401) of a company (403)", async () => {
    await expectProblem(await t.app.request("/api/me/basket-requests"), 401);
    await expectProblem(await t.app.request("/api/me/basket-requests", { headers: { Authorization: "Bearer nope" } }), 401);
    const { account } = await login("multi@demo.macc.test");
    const problem = await expectProblem(
      await t.app.request("/api/me/basket-requests", { headers: { Authorization: `Bearer ${account}` } }),
      403,
    );
    expect(problem.type).toBe("urn:macc:problem:company-required");
  });
});
