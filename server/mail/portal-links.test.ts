/**
 * The e-mails' links to portal screens: each locale's route in its language, on its country site's
 * portal (`PORTAL_BASE`, per locale), and the setting's forms and refusals.
 */
import { describe, expect, it } from "vitest";
import type { Locale } from "../../src/contract/constants.ts";
import { defaultConfig, loadConfig, StartupError } from "../config.ts";
import { portalLink } from "./portal-links.ts";

const config = { publicUrl: "https://macc.example", portalBases: defaultConfig().portalBases };

describe("portalLink", () => {
  // Written out, not read from the route tables: a changed table must show here.
  const rows: [Locale, bills: string, product: string, forgotten: string][] = [
    ["fr-FR", "/mon-compte/factures", "/mon-compte/parc-produits/MACH%2F2", "/mot-de-passe-oublie"],
    ["fr-BE", "/mon-compte/factures", "/mon-compte/parc-produits/MACH%2F2", "/mot-de-passe-oublie"],
    ["fr-LU", "/mon-compte/factures", "/mon-compte/parc-produits/MACH%2F2", "/mot-de-passe-oublie"],
    ["de-BE", "/mein-konto/rechnungen", "/mein-konto/meine-produkte/MACH%2F2", "/passwort-vergessen"],
    ["de-LU", "/mein-konto/rechnungen", "/mein-konto/meine-produkte/MACH%2F2", "/passwort-vergessen"],
    ["en-GB", "/my-account/bills", "/my-account/MACC-products/MACH%2F2", "/forgotten-password"],
    ["es-ES", "/mi-cuenta/facturas", "/mi-cuenta/productos-MACC/MACH%2F2", "/contrasena-olvidada"],
    ["it-IT", "/il-mio-account/fatture", "/il-mio-account/prodotti-MACC/MACH%2F2", "/password-dimenticata"],
    ["nl-BE", "/mijn-account/facturen", "/mijn-account/mijn-producten/MACH%2F2", "/wachtwoord-vergeten"],
    ["nl-NL", "/mijn-account/facturen", "/mijn-account/mijn-producten/MACH%2F2", "/wachtwoord-vergeten"],
  ];

  it.each(rows)("%s: the route in its language, under the default portal", (locale, bills, product, forgotten) => {
    expect(portalLink(config, locale, "FACTURES")).toBe(`https://macc.example/portail${bills}`);
    expect(portalLink(config, locale, "PARC_PRODUITS_DETAIL", { params: { codeFamille: "MACH/2" } })).toBe(
      `https://macc.example/portail${product}`,
    );
    expect(portalLink(config, locale, "MOT_DE_PASSE_OUBLIE", { query: { alerte: "a b" } })).toBe(
      `https://macc.example/portail${forgotten}?alerte=a+b`,
    );
  });

  it.each(rows)("%s: on its own country site when PORTAL_BASE names it", (locale, bills) => {
    const own = loadConfig({
      PUBLIC_URL: "https://macc.example",
      PORTAL_BASE: `/portail,${locale}=https://${locale}.macc.example/portal/`,
    });
    expect(portalLink(own, locale, "FACTURES")).toBe(`https://${locale.toLowerCase()}.macc.example/portal${bills}`);
    // The other locales keep the default.
    const other: Locale = locale === "fr-FR" ? "en-GB" : "fr-FR";
    expect(portalLink(own, other, "FACTURES")).toMatch(/^https:\/\/macc\.example\/portail\//);
  });

  it("takes an account's language as it is kept (lower case, underscore, language only), and fr-FR's for none or an unknown one", () => {
    expect(portalLink(config, "en_gb", "FACTURES")).toBe("https://macc.example/portail/my-account/bills");
    expect(portalLink(config, "nl", "FACTURES")).toBe("https://macc.example/portail/mijn-account/facturen");
    expect(portalLink(config, null, "FACTURES")).toBe("https://macc.example/portail/mon-compte/factures");
    expect(portalLink(config, "pt-PT", "FACTURES")).toBe("https://macc.example/portail/mon-compte/factures");
  });
});

describe("PORTAL_BASE", () => {
  const bases = (value: string | undefined) => loadConfig({ PORTAL_BASE: value }).portalBases;

  it("is /portail for every locale by default; one path for all; a default and per-locale bases, paths or addresses", () => {
    expect(bases(undefined)).toEqual({ default: "/portail", locales: {} });
    expect(bases("/espace-client/")).toEqual({ default: "/espace-client", locales: {} });
    expect(bases("/portail, en-GB=https://www.macc.co.uk/portal, nl-BE=/nl/portaal/")).toEqual({
      default: "/portail",
      locales: { "en-GB": "https://www.macc.co.uk/portal", "nl-BE": "/nl/portaal" },
    });
    expect(bases("de-LU=/de/portal")).toEqual({ default: "/portail", locales: { "de-LU": "/de/portal" } });
  });

  it("refuses an unknown locale, a relative path and an address that is not http(s)", () => {
    expect(() => bases("en-US=/portal")).toThrow(StartupError);
    expect(() => bases("portail")).toThrow(/PORTAL_BASE: portail/);
    expect(() => bases("en-GB=ftp://macc.example/portal")).toThrow(StartupError);
  });
});
