/** Adviser job titles and contact-form services in the language of each of the ten locales. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../db/seed.ts";
import { LOCALES } from "../../src/core/constants.ts";
import { createTestApp, fromAddress, json, settleMail, waitForMail, withBotCheck, type TestContext } from "../test-support.ts";
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

  it("the service's team reads the service's French name (its e-mail is in French), the customer the name they chose", async () => {
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
