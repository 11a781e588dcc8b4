import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test-support.ts";
import { migrate } from "../db/migrate.ts";
import { seedDemoIfEmpty } from "./seed.ts";
import { luhnValid } from "./seed-helpers.ts";
import { formatCompanyName, nameContainsLegalForm } from "../../src/core/company-name.ts";
import { checkCompanyNumber, isCompanyCountry } from "../../src/contract/company-numbers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

const q = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows;

describe("migrations and seed", () => {
  it("records migrations and does not re-apply them", async () => {
    const rows = await q<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => r.version)).toContain("0001_initial");
    expect(await migrate(t.db)).toEqual([]);
  });

  it("seeds only once", async () => {
    const again = await seedDemoIfEmpty(t.db);
    expect(again.seeded).toBe(false);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM accounts"))[0]?.n).toBe(8);
  });

  it("makes every account the owner of its companies, but multi@'s first company's accountant and workshop (issue 29)", async () => {
    const rows = await q<{ email: string; id_tier: string; role: string }>(
      `SELECT a.email, ac.id_tier, ac.role FROM account_companies ac JOIN accounts a USING (uuid_compte)
       WHERE ac.role <> 'owner' ORDER BY a.email`,
    );
    expect(rows).toEqual([
      { email: "atelier@demo.macc.test", id_tier: "1004217", role: "workshop" },
      { email: "comptable@demo.macc.test", id_tier: "1004217", role: "accountant" },
    ]);
  });

  it("hashes passwords with argon2id", async () => {
    const rows = await q<{ password_hash: string }>("SELECT password_hash FROM accounts");
    for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("has the registration target without account", async () => {
    const rows = await q<{ id_tier: string; contact_email: string; contact_mobile: string; linked: boolean }>(
      `SELECT id_tier, contact_email, contact_mobile,
              EXISTS (SELECT 1 FROM account_companies ac WHERE ac.id_tier = c.id_tier) AS linked
       FROM companies c WHERE immatriculation = '552100554' AND numero_client = 'C-100200'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.linked).toBe(false);
    expect(rows[0]?.contact_email).toMatch(/@/);
    expect(rows[0]?.contact_mobile).toMatch(/^\+33 [67]/);
  });

  it("French immatriculations are Luhn-valid SIRET/SIREN; Belgian numbers pass modulo 97", async () => {
    const rows = await q<{ immatriculation: string; pays: string }>("SELECT immatriculation, pays FROM companies");
    for (const r of rows) {
      if (r.pays === "FR") {
        expect(r.immatriculation).toMatch(/^\d{9}(\d{5})?$/);
        expect(luhnValid(r.immatriculation.slice(0, 9))).toBe(true);
        expect(luhnValid(r.immatriculation)).toBe(true);
      } else if (r.pays === "BE") {
        const m = /^BE(\d{4})\.(\d{3})\.(\d{3})$/.exec(r.immatriculation);
        expect(m).not.toBeNull();
        const digits = m!.slice(1).join("");
        expect(97 - (Number(digits.slice(0, 8)) % 97)).toBe(Number(digits.slice(8)));
      } else if (r.pays === "GB") {
        expect(r.immatriculation).toMatch(/^\d{8}$/);
      }
    }
  });

  it("every immatriculation is valid for its company's country (shared rules)", async () => {
    const rows = await q<{ immatriculation: string; pays: string }>("SELECT immatriculation, pays FROM companies");
    for (const r of rows) {
      expect(isCompanyCountry(r.pays)).toBe(true);
      if (isCompanyCountry(r.pays)) expect(checkCompanyNumber(r.pays, r.immatriculation).valid, r.immatriculation).toBe(true);
    }
    expect(checkCompanyNumber("FR", "552100554").kind).toBe("siren");
  });

  it("company names do not hold their legal form, which is placed per country when shown", async () => {
    const rows = await q<{ id_tier: string; raison_sociale: string; forme_juridique: string; pays: string }>(
      "SELECT id_tier, raison_sociale, forme_juridique, pays FROM companies",
    );
    for (const r of rows) expect(nameContainsLegalForm(r.raison_sociale, r.forme_juridique), r.raison_sociale).toBe(false);
    const shown = Object.fromEntries(rows.map((r) => [r.id_tier, formatCompanyName(r.raison_sociale, r.forme_juridique, r.pays)]));
    expect(shown).toMatchObject({
      "2000873": "GAEC du Bocage Vendéen",
      "4000128": "Greenfield Farm Supplies Ltd",
      "3000452": "Agri Services Wallonie SRL",
    });
  });

  it("every demo account has complete personal data", async () => {
    const rows = await q<Record<string, string | null>>(
      "SELECT civilite, nom, prenom, fonction, mobile, telephone, adresse, code_postal, ville, pays FROM accounts",
    );
    for (const r of rows) {
      expect(["M.", "Mme"]).toContain(r.civilite);
      for (const k of ["nom", "prenom", "fonction", "mobile", "telephone", "adresse", "code_postal", "ville"]) expect(r[k]).toBeTruthy();
      expect(["FR", "GB"]).toContain(r.pays);
    }
  });

  it("seeds realistic invoices", async () => {
    const per = await q<{ id_tier: string; n: number; years: number; unpaid: number; refs: number }>(
      `SELECT id_tier, count(*)::int AS n,
              (EXTRACT(YEAR FROM max(date_facture)) - EXTRACT(YEAR FROM min(date_facture)))::int AS years,
              count(*) FILTER (WHERE NOT paid)::int AS unpaid,
              count(reference)::int AS refs
       FROM invoices GROUP BY id_tier`,
    );
    const fra = per.find((r) => r.id_tier === "1004217");
    const agr = per.find((r) => r.id_tier === "2000873");
    expect(fra?.n).toBeGreaterThanOrEqual(2000);
    expect(fra?.years).toBeGreaterThanOrEqual(5);
    expect(fra?.unpaid).toBeGreaterThan(0);
    expect(fra?.refs).toBeGreaterThan(1000);
    expect(agr?.n).toBeGreaterThanOrEqual(200);
    expect(per.find((r) => r.id_tier === "4000128")).toBeUndefined(); // UK: none
    const sample = await q<{ lines: { quantity: number; unitPriceCents: number; vatRate: number }[]; amount_cents: string | number }>(
      "SELECT lines, amount_cents FROM invoices WHERE id_tier = '1004217' LIMIT 20",
    );
    for (const s of sample) {
      expect(s.lines.length).toBeGreaterThan(0);
      const total = s.lines.reduce((sum, l) => sum + Math.round(l.quantity * l.unitPriceCents * (1 + l.vatRate)), 0);
      expect(Number(s.amount_cents)).toBe(total);
    }
  });

  it("seeds products, purchases and documents (one family without documents)", async () => {
    const families = await q<{ code_famille: string; fr: string; en: string; docs: number }>(
      `SELECT p.code_famille,
              (SELECT nom FROM product_names n WHERE n.code_famille = p.code_famille AND langue = 'fr') AS fr,
              (SELECT nom FROM product_names n WHERE n.code_famille = p.code_famille AND langue = 'en') AS en,
              (SELECT count(*)::int FROM product_documents d WHERE d.code_famille = p.code_famille) AS docs
       FROM products p ORDER BY position`,
    );
    expect(families.length).toBeGreaterThanOrEqual(6);
    expect(families.every((f) => f.fr && f.en)).toBe(true);
    expect(families.filter((f) => f.docs === 0).length).toBe(1);
    const bought = await q<{ code_famille: string }>(
      "SELECT DISTINCT code_famille FROM company_product_purchases WHERE id_tier = '1004217'",
    );
    expect(bought.length).toBeGreaterThanOrEqual(3);
    expect(bought.map((b) => b.code_famille)).toContain(families.find((f) => f.docs === 0)?.code_famille);
    const uk = await q<{ n: number }>("SELECT count(*)::int AS n FROM company_product_purchases WHERE id_tier = '4000128'");
    expect(uk[0]?.n).toBe(0);
  });

  it("generates valid PDF documents carrying their title, and videos with a duration", async () => {
    const pdfs = await q<{ title: string; file_bytes: Uint8Array }>("SELECT title, file_bytes FROM product_documents WHERE type = 'pdf'");
    expect(pdfs.length).toBeGreaterThan(5);
    for (const p of pdfs) {
      const text = Buffer.from(p.file_bytes).toString("latin1");
      expect(text.startsWith("%PDF-1.4")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
      expect(text.slice(startxref, startxref + 4)).toBe("xref");
      const obj1 = Number(/0000000000 65535 f \n(\d{10})/.exec(text)?.[1]);
      expect(text.slice(obj1, obj1 + 7)).toBe("1 0 obj");
      expect(text).toContain(`(${p.title.replace(/[\u2013\u2014]/g, "-")})`);
    }
    const videos = await q<{ url: string; duration_seconds: number }>(
      "SELECT url, duration_seconds FROM product_documents WHERE type = 'video'",
    );
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) {
      expect(v.url).toMatch(/^https:\/\//);
      expect(v.duration_seconds).toBeGreaterThan(0);
    }
  });

  it("gives advisers with an SVG photo to the FRA and AGR companies, none to UK", async () => {
    const rows = await q<{ id_tier: string; photo: Uint8Array; photo_type: string }>(
      `SELECT ca.id_tier, a.photo, a.photo_type FROM company_advisers ca JOIN advisers a ON a.id = ca.adviser_id`,
    );
    const tiers = rows.map((r) => r.id_tier);
    expect(tiers).toContain("1004217");
    expect(tiers).toContain("2000873");
    expect(tiers).not.toContain("4000128");
    for (const r of rows) {
      expect(r.photo_type).toBe("image/svg+xml");
      expect(Buffer.from(r.photo).toString("utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);
    }
  });

  it("seeds every network's footer with 2-4 sub-services", async () => {
    const rows = await q<{ code_reseau: string; n: number }>(
      "SELECT f.code_reseau, count(s.id)::int AS n FROM footer_contacts f LEFT JOIN footer_sub_services s USING (code_reseau) GROUP BY f.code_reseau",
    );
    expect(rows.map((r) => r.code_reseau).sort()).toEqual(["AGR", "BLG", "ESP", "EXP", "FIL", "FRA", "GBR", "ITA"]);
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(2);
      expect(r.n).toBeLessThanOrEqual(4);
    }
  });
});
