/** Adviser job titles and contact-form services in the language of each of the ten locales; contact messages sent once per Idempotency-Key. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { LOCALES } from "../../src/contract/constants.ts";
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
import type { FooterContact } from "./footer.ts";

let t: TestContext;
let company: Record<string, string> = {};

const FRA = "1004217"; // adviser Claire Lemoine
const AGR = "2000873"; // adviser Julien Moreau

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request(
    "/api/auth/login",
    await withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
    fromAddress("10.9.0.1"),
  );
  const body = (await res.json()) as { user: { entreprises: { idTier: string; token: string }[] } };
  company = Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token]));
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

interface AdviserAnswer {
  adviser: { fonction: string } | null;
  service: { nomSousService: string; mail1: string; mail2: string };
}
const adviser = async (idTier: string, query = "", headers: Record<string, string> = {}) => {
  const res = await t.app.request(`/api/me/adviser${query}`, { headers: { Authorization: `Bearer ${company[idTier]}`, ...headers } });
  expect(res.status).toBe(200);
  return (await res.json()) as AdviserAnswer;
};

const TITLES: Record<string, Record<string, string>> = {
  [FRA]: {
    fr: "Conseillère commerciale",
    en: "Sales adviser",
    nl: "Commercieel adviseur",
    de: "Vertriebsberaterin",
    es: "Asesora comercial",
    it: "Consulente commerciale",
  },
  [AGR]: {
    fr: "Technicien conseil agricole",
    en: "Agricultural field adviser",
    nl: "Technisch landbouwadviseur",
    de: "Landwirtschaftlicher Fachberater",
    es: "Técnico asesor agrícola",
    it: "Tecnico consulente agricolo",
  },
};
const SERVICES: Record<string, Record<string, string>> = {
  [FRA]: {
    fr: "Service clients",
    en: "Customer service",
    nl: "Klantendienst",
    de: "Kundendienst",
    es: "Atención al cliente",
    it: "Servizio clienti",
  },
  [AGR]: {
    fr: "Service adhérents",
    en: "Member services",
    nl: "Ledenservice",
    de: "Mitgliederservice",
    es: "Servicio de socios",
    it: "Servizio soci",
  },
};
const cases = [FRA, AGR].flatMap((idTier) => LOCALES.map((locale) => [idTier, locale] as const));

describe("GET /api/me/adviser in every locale", () => {
  it.each(cases)("company %s in %s: job title and service in that language (X-langue and langue)", async (idTier, locale) => {
    const language = locale.slice(0, 2);
    const byHeader = await adviser(idTier, "", { "X-langue": locale });
    expect(byHeader.adviser?.fonction).toBe(TITLES[idTier]![language]);
    expect(byHeader.service.nomSousService).toBe(SERVICES[idTier]![language]);
    // `langue` wins over the header, underscore accepted.
    const byQuery = await adviser(idTier, `?langue=${locale.replace("-", "_")}`, { "X-langue": language === "fr" ? "en-GB" : "fr-FR" });
    expect(byQuery).toEqual(byHeader);
  });

  it("a missing job title falls back to the adviser's own (network language) title", async () => {
    const id = (await t.db.query<{ id: string }>("SELECT adviser_id AS id FROM company_advisers WHERE id_tier = $1", [AGR])).rows[0]!.id;
    const saved = (
      await t.db.query<{ fonction: string }>("SELECT fonction FROM adviser_function_names WHERE adviser_id = $1 AND langue = 'de'", [id])
    ).rows[0]!;
    await t.db.query("DELETE FROM adviser_function_names WHERE adviser_id = $1 AND langue = 'de'", [id]);
    try {
      expect((await adviser(AGR, "?langue=de-LU")).adviser?.fonction).toBe("Technicien conseil agricole");
      expect((await adviser(AGR, "?langue=en-GB")).adviser?.fonction).toBe("Agricultural field adviser");
    } finally {
      await t.db.query("INSERT INTO adviser_function_names (adviser_id, langue, fonction) VALUES ($1, 'de', $2)", [id, saved.fonction]);
    }
  });
});

describe("POST /api/me/contact with the service named as the form shows it", () => {
  it.each(cases)("company %s in %s: each service of the list reaches its own address", async (idTier, locale) => {
    const network = idTier === AGR ? "AGR" : "FRA";
    const list = (await (await t.app.request(`/api/servicesMACC/reseau/${network}/type/gen?langue=${locale}`)).json()) as FooterContact;
    const last = list.listSousServices.at(-1)!;
    await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'contact:account:%'"); // 20 messages from one account
    const res = await t.app.request(
      "/api/me/contact",
      await withBotCheck(
        t.app,
        json(
          { service: last.nomSousService, subject: `Test ${locale}`, message: "Un message assez long pour passer." },
          { Authorization: `Bearer ${company[idTier]}`, "X-langue": locale },
        ),
      ),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = (await t.db.query<{ recipient: string }>("SELECT recipient FROM contact_messages WHERE id = $1", [id])).rows[0];
    expect(row?.recipient).toBe(`${last.mail1}${last.mail2}`);
  });

  it("the AGR service's team reads the service's French name (its e-mail is in French), the customer the name they chose", async () => {
    await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'contact:account:%'");
    const subject = `Frage ${Date.now()}`;
    const res = await t.app.request(
      "/api/me/contact",
      await withBotCheck(
        t.app,
        json(
          { service: "Pflanzenbauberatung", subject, message: "Eine Nachricht, die lang genug ist." },
          { Authorization: `Bearer ${company[AGR]}`, "X-langue": "de-BE" },
        ),
      ),
    );
    expect(res.status).toBe(201);
    const toService = await waitForMail(t.db, (m) => m.to === "agronomie@agrimacc.fr" && (m.subject ?? "").includes(subject));
    expect(toService.text).toContain("Service demandé : Conseil agronomique");
    const ack = await waitForMail(t.db, (m) => m.to === "multi@demo.macc.test" && m.text.includes(subject));
    expect(ack.text).toContain("Pflanzenbauberatung");
  });
});

describe("POST /api/me/contact: the service's mail in the language of the company's network", () => {
  /** Multi's Belgian company, moved to other networks for a row. */
  const BLG = "3000452";

  it.each([
    {
      network: "BLG",
      locale: "nl-BE",
      to: "klantendienst@macc.be",
      subject: "[Contactformulier]",
      service: "Gevraagde dienst: Klantendienst",
    },
    {
      network: "BLG",
      locale: "fr-BE",
      to: "klantendienst@macc.be",
      subject: "[Formulaire de contact]",
      service: "Service demandé : Service clients",
    },
    {
      network: "BLG",
      locale: "de-BE",
      to: "klantendienst@macc.be",
      subject: "[Formulaire de contact]",
      service: "Service demandé : Service clients",
    },
    {
      network: "GBR",
      locale: "fr-FR",
      to: "customer.service@macc.co.uk",
      subject: "[Contact form]",
      service: "Service requested: Customer service",
    },
    {
      network: "ESP",
      locale: "en-GB",
      to: "atencion.cliente@macc.es",
      subject: "[Formulario de contacto]",
      service: "Servicio solicitado: Atención al cliente",
    },
    {
      network: "ITA",
      locale: "nl-BE",
      to: "servizio.clienti@macc.it",
      subject: "[Modulo di contatto]",
      service: "Servizio richiesto: Servizio clienti",
    },
  ])("$network, a customer writing in $locale: $subject to $to", async ({ network, locale, to, subject, service }) => {
    await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'contact:account:%'");
    await t.db.query("UPDATE companies SET code_reseau = $1 WHERE id_tier = $2", [network, BLG]);
    try {
      const title = `Question ${network} ${locale} ${Date.now()}`;
      const res = await t.app.request(
        "/api/me/contact",
        await withBotCheck(
          t.app,
          json(
            { service: "Customer service", subject: title, message: "Un message assez long pour passer." },
            { Authorization: `Bearer ${company[BLG]}`, "X-langue": locale },
          ),
        ),
      );
      expect(res.status).toBe(201);
      const mail = await waitForMail(t.db, (m) => m.to === to && (m.subject ?? "").includes(title));
      expect(mail.subject).toBe(`${subject} ${title}`);
      expect(mail.text).toContain(service);
    } finally {
      await t.db.query("UPDATE companies SET code_reseau = 'BLG' WHERE id_tier = $1", [BLG]);
    }
  });
});

describe("POST /api/me/contact with an Idempotency-Key: a message sent again is recorded once", () => {
  const message = (subject: string) => ({ service: "Service clients", subject, message: "Bonjour, pouvez-vous me rappeler ?" });
  const send = async (body: unknown, key?: string) =>
    t.app.request(
      "/api/me/contact",
      await withBotCheck(t.app, json(body, { Authorization: `Bearer ${company[FRA]}`, ...(key ? { "Idempotency-Key": key } : {}) })),
    );
  const stored = async (subject: string) =>
    (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages WHERE subject = $1", [subject])).rows[0]!.n;
  const queued = async (subject: string) =>
    (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_queue WHERE subject LIKE $1 OR body LIKE $1", [`%${subject}%`]))
      .rows[0]!.n;
  const sentFromAccount = async () =>
    (await t.db.query<{ n: number }>("SELECT coalesce(sum(count), 0)::int AS n FROM rate_limits WHERE key LIKE 'contact:account:%'"))
      .rows[0]!.n;

  beforeAll(() => t.db.query("DELETE FROM rate_limits WHERE key LIKE 'contact:account:%'"));

  it("the same key again: the first answer, marked replayed; one message, two e-mails, one counted towards the limit", async () => {
    const subject = `Rappel ${Date.now()}`;
    const key = crypto.randomUUID();
    const first = await send(message(subject), key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.text();
    const again = await send(message(subject), key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    expect(await stored(subject)).toBe(1);
    expect(await queued(subject)).toBe(2);
    expect(await sentFromAccount()).toBe(1);
  });

  it("5 concurrent requests with one key: one message, five equal answers", async () => {
    const subject = `Concurrent ${Date.now()}`;
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(message(subject), key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1);
    expect(await stored(subject)).toBe(1);
  });

  it("the key of another message → 422 idempotency-key-reused, nothing stored; a malformed key → 400", async () => {
    const key = crypto.randomUUID();
    expect((await send(message(`Premier ${Date.now()}`), key)).status).toBe(201);
    const other = `Autre ${Date.now()}`;
    const reused = await expectProblem(await send(message(other), key), 422);
    expect(reused.type).toBe("urn:macc:problem:idempotency-key-reused");
    expect(await stored(other)).toBe(0);
    const malformed = await expectProblem(await send(message(other), "short"), 400);
    expect(malformed.type).toBe("urn:macc:problem:idempotency-key");
    expect(await stored(other)).toBe(0);
  });

  it("a refused message does not use its key up: corrected, it goes through with the same key", async () => {
    const key = crypto.randomUUID();
    const subject = `Corrigé ${Date.now()}`;
    await expectProblem(await send({ ...message(subject), message: "court" }, key), 422);
    expect((await send(message(subject), key)).status).toBe(201);
    expect(await stored(subject)).toBe(1);
  });

  it("without the header, each request is a new message (integrations that send none keep working)", async () => {
    const subject = `Sans clé ${Date.now()}`;
    expect((await send(message(subject))).status).toBe(201);
    expect((await send(message(subject))).status).toBe(201);
    expect(await stored(subject)).toBe(2);
  });
});
