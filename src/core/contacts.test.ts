import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { FooterContact as FooterContactSchema } from "../contract/footer";
import type { Locale, Theme } from "../contract/constants";
import type { Entreprise, User } from "./types";
import {
  companyPhone,
  footerNetwork,
  getFooter,
  isFooterContact,
  readCachedFooter,
  serviceEmail,
  telHref,
  writeCachedFooter,
  type FooterContact,
} from "./contacts";
import { MemoryStorage } from "../test/memory-storage";

const company = (codeReseau: string): Entreprise => ({
  idTier: "1",
  codeReseau,
  formeJuridique: "SA",
  raisonSocial: "Ferme",
  immatriculation: "BE0123",
  numeroClient: "C1",
  derniereMiseAJour: null,
});
const user = (codeReseau: string): User => ({
  uuidCompte: "u",
  infosConnexion: { emailLogin: "a@b.c" },
  codeReseau,
  entreprises: [],
});

const CONTACT: FooterContact = {
  adresseTitre: "MACC France",
  adresseLigne1: "1 rue des Champs",
  adresseLigne2: null,
  codePostal: "75001",
  ville: "Paris",
  listSousServices: [{ nomSousService: "SAV", telephone1: "01 02 03 04 05", mail1: "sav", mail2: "@macc.fr" }],
};

describe("footerNetwork (SPEC §7)", () => {
  type Auth = Parameters<typeof footerNetwork>[0];
  const anonymous: Auth = { auth: { user: null, companyId: null } };
  /** A customer of `userNetwork` acting for a company of `companyNetwork` (none: no company chosen). */
  const logged = (userNetwork: string, companyNetwork: string | null): Auth => ({
    auth: { user: { ...user(userNetwork), entreprises: [company(companyNetwork ?? "FRA")] }, companyId: companyNetwork ? "1" : null },
  });
  it.each<[string, Auth, Locale, Theme, string]>([
    ["logged → the selected company's network", logged("FRA", "EXP"), "fr-FR", "MACC", "EXP"],
    ["logged, AGR company", logged("AGR", "AGR"), "en-GB", "AGRI", "AGR"],
    ["logged, locale does not matter", logged("ITA", "ITA"), "nl-BE", "MACC", "ITA"],
    ["logged without a company → the user's network", logged("FIL", null), "fr-FR", "MACC", "FIL"],
    ["anonymous fr-FR", anonymous, "fr-FR", "MACC", "FRA"],
    ["anonymous fr-BE", anonymous, "fr-BE", "MACC", "BLG"],
    ["anonymous de-LU", anonymous, "de-LU", "MACC", "BLG"],
    ["anonymous nl-NL", anonymous, "nl-NL", "MACC", "BLG"],
    ["anonymous en-GB", anonymous, "en-GB", "MACC", "GBR"],
    ["anonymous es-ES", anonymous, "es-ES", "MACC", "ESP"],
    ["anonymous it-IT", anonymous, "it-IT", "MACC", "ITA"],
    ["anonymous, agri theme", anonymous, "fr-FR", "AGRI", "AGR"],
    ["anonymous, agri theme, en-GB", anonymous, "en-GB", "AGRI", "AGR"],
    ["a company chosen without an account → locale", { auth: { user: null, companyId: "1" } }, "es-ES", "MACC", "ESP"],
  ])("%s", (_label, auth, locale, theme, network) => {
    expect(footerNetwork(auth, locale, theme)).toBe(network);
  });
});

describe("serviceEmail (mail1 followed by mail2)", () => {
  it.each<[Parameters<typeof serviceEmail>[0], string | null]>([
    [{ mail1: "contact", mail2: "@macc.fr" }, "contact@macc.fr"],
    [{ mail1: "contact@", mail2: "macc.fr" }, "contact@macc.fr"],
    [{ mail1: "sav@macc.fr", mail2: null }, "sav@macc.fr"],
    [{ mail1: "sav@macc.fr" }, "sav@macc.fr"],
    [{ mail1: null, mail2: "info@macc.be" }, "info@macc.be"],
    [{ mail1: " contact", mail2: "@macc.fr " }, "contact@macc.fr"],
    [{ mail1: "contact", mail2: null }, null],
    [{ mail1: null, mail2: null }, null],
    [{}, null],
  ])("%j → %j", (service, email) => {
    expect(serviceEmail(service)).toBe(email);
  });
});

describe("companyPhone (the first service with a phone), never split across lines", () => {
  const contact = (...phones: Array<string | null>): FooterContact => ({
    adresseTitre: "MACC",
    adresseLigne1: "1 rue des Champs",
    codePostal: "49000",
    ville: "Angers",
    listSousServices: phones.map((telephone1, i) => ({ nomSousService: `Service ${i}`, telephone1 })),
  });
  it.each<[FooterContact | null, string | null]>([
    [contact("02 41 22 10 00"), "02\u00a041\u00a022\u00a010\u00a000"],
    [contact(null, "+32 2 555 12 00"), "+32\u00a02\u00a0555\u00a012\u00a000"],
    [contact("0241221000"), "0241221000"],
    [contact(null), null],
    [null, null],
  ])("%j → %j", (data, phone) => {
    expect(companyPhone(data)).toBe(phone);
  });
});

describe("telHref (a tel: link's address)", () => {
  it.each([
    ["02 41 22 10 00", "tel:0241221000"],
    ["+32 2 555 12 00", "tel:+3225551200"],
    ["02\u00a041\u00a022\u00a010\u00a000", "tel:0241221000"],
    ["(0)3 26-99.99.99", "tel:0326999999"],
  ])("%j → %j", (number, href) => {
    expect(telHref(number)).toBe(href);
  });
});

describe("isFooterContact (shape of the footer call's answer): the contract's schema, without valibot", () => {
  const service = CONTACT.listSousServices[0]!;
  it.each<[string, unknown, boolean]>([
    ["the full answer", CONTACT, true],
    [
      "no second address line, nulls for absent means",
      { ...CONTACT, adresseLigne2: undefined, listSousServices: [{ nomSousService: "SAV", telephone1: null, mail1: null, mail2: null }] },
      true,
    ],
    ["no services at all", { ...CONTACT, listSousServices: [] }, true],
    ["extra fields are tolerated", { ...CONTACT, fax: "01" }, true],
    ["null", null, false],
    ["an array", [CONTACT], false],
    ["a string", "MACC", false],
    ["a numeric title", { ...CONTACT, adresseTitre: 3 }, false],
    ["no town", { ...CONTACT, ville: undefined }, false],
    ["a numeric second line", { ...CONTACT, adresseLigne2: 12 }, false],
    ["services not a list", { ...CONTACT, listSousServices: service }, false],
    ["a service without a name", { ...CONTACT, listSousServices: [{ ...service, nomSousService: undefined }] }, false],
    ["a service with a numeric phone", { ...CONTACT, listSousServices: [{ ...service, telephone1: 123 }] }, false],
    ["a service that is null", { ...CONTACT, listSousServices: [null] }, false],
  ])("%s → %s", (_label, value, expected) => {
    expect(isFooterContact(value)).toBe(expected);
    expect(v.is(FooterContactSchema, value)).toBe(expected);
  });
});

describe("footer cache per network in local storage", () => {
  it("round-trips for the same network and language", () => {
    const storage = new MemoryStorage();
    writeCachedFooter("FRA", "fr-FR", CONTACT, storage);
    expect(readCachedFooter("FRA", "fr-FR", storage)).toEqual(CONTACT);
  });

  it.each<[string, string, string]>([
    ["other language", "FRA", "en-GB"],
    ["other network", "BLG", "fr-FR"],
  ])("%s → null", (_label, network, langue) => {
    const storage = new MemoryStorage();
    writeCachedFooter("FRA", "fr-FR", CONTACT, storage);
    expect(readCachedFooter(network, langue, storage)).toBeNull();
  });

  it("one entry per network", () => {
    const storage = new MemoryStorage();
    const agri = { ...CONTACT, adresseTitre: "AGRIMACC" };
    writeCachedFooter("FRA", "fr-FR", CONTACT, storage);
    writeCachedFooter("AGR", "fr-FR", agri, storage);
    expect(readCachedFooter("FRA", "fr-FR", storage)?.adresseTitre).toBe("MACC France");
    expect(readCachedFooter("AGR", "fr-FR", storage)?.adresseTitre).toBe("AGRIMACC");
  });

  it.each<[string, string]>([
    ["corrupt JSON", "{not json"],
    ["JSON null", "null"],
    ["a bare string", '"hello"'],
    ["missing data", JSON.stringify({ langue: "fr-FR" })],
    ["data of the wrong shape", JSON.stringify({ langue: "fr-FR", data: { adresseTitre: 3 } })],
  ])("%s → null", (_label, raw) => {
    const storage = new MemoryStorage();
    writeCachedFooter("FRA", "fr-FR", CONTACT, storage);
    const key = storage.key(0)!;
    storage.setItem(key, raw);
    expect(readCachedFooter("FRA", "fr-FR", storage)).toBeNull();
  });

  it.each([["nothing stored"]])("%s → null", () => {
    expect(readCachedFooter("FRA", "fr-FR", new MemoryStorage())).toBeNull();
  });

  it("no storage (blocked) → null, and writing does not throw", () => {
    expect(readCachedFooter("FRA", "fr-FR", null)).toBeNull();
    expect(() => writeCachedFooter("FRA", "fr-FR", CONTACT, null)).not.toThrow();
  });

  it("a full storage does not throw", () => {
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    expect(() => writeCachedFooter("FRA", "fr-FR", CONTACT, full)).not.toThrow();
  });
});

describe("getFooter (GET /servicesMACC/reseau/{codeReseau}/type/gen?langue=)", () => {
  it.each<[string, Locale, string]>([
    ["FRA", "fr-FR", "/servicesMACC/reseau/FRA/type/gen"],
    ["BLG", "nl-BE", "/servicesMACC/reseau/BLG/type/gen"],
    ["AGR", "en-GB", "/servicesMACC/reseau/AGR/type/gen"],
  ])("network %s, %s → %s, cached in localStorage", async (network, langue, path) => {
    const request = vi.fn(async () => CONTACT as unknown);
    const data = await getFooter(request as Parameters<typeof getFooter>[0], network, langue);
    expect(data).toEqual(CONTACT);
    expect(request).toHaveBeenCalledWith(path, expect.objectContaining({ query: { langue } }));
    expect(readCachedFooter(network, langue)).toEqual(CONTACT);
  });

  it("rejects a malformed answer and caches nothing", async () => {
    const request = vi.fn(async () => ({ adresseTitre: "x" }) as unknown);
    await expect(getFooter(request as Parameters<typeof getFooter>[0], "FRA", "fr-FR")).rejects.toBeTruthy();
    expect(readCachedFooter("FRA", "fr-FR")).toBeNull();
  });
});
