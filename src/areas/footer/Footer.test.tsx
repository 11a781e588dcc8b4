import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-footer";
import { getCore } from "../../core/index";
import { company, deferred, mount, problem, resetPage, sessionRoutes, stubApi, user, waitFor, signIn } from "../../test/elements";
import { readCachedFooter, writeCachedFooter, type FooterContact } from "../../core/contacts";

const FRANCE: FooterContact = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  adresseLigne2: "BP 40",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [
    { nomSousService: "Service après-vente", telephone1: "03 26 00 00 01", mail1: "sav", mail2: "@macc.fr" },
    { nomSousService: "Service commercial", telephone1: "+33 3 26 00 00 02", mail1: "commercial@", mail2: "macc.fr" },
    { nomSousService: "Comptabilité", telephone1: null, mail1: "compta@macc.fr", mail2: null },
  ],
};

const footerKey = (network: string, langue = "fr-FR") => `GET /api/servicesMACC/reseau/${network}/type/gen?langue=${langue}`;

beforeEach(() => resetPage());

describe("<macc-footer>", () => {
  it("shows a loading skeleton first, then the address and every sub-service with tel:/mailto: links", async () => {
    const answer = deferred();
    stubApi({ [footerKey("FRA")]: answer.handler });
    const { root, screen } = await mount("<macc-footer></macc-footer>");

    const section = root.querySelector('section[aria-labelledby="footer-contact"]')!;
    expect(section.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status", { name: "Chargement des coordonnées" })).toBeTruthy();
    expect(root.querySelector("address")).toBeNull();

    answer.resolve({ body: FRANCE });
    const address = await waitFor(() => {
      const found = root.querySelector("address");
      if (!found) throw new Error("no address yet");
      return found;
    });
    expect(section.getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByRole("status", { name: "Chargement des coordonnées" })).toBeNull();
    expect(address.textContent).toContain("MACC France");
    expect(address.textContent).toContain("12 route des Moissons");
    expect(address.textContent).toContain("BP 40");
    expect(address.textContent).toContain("51100 Reims");

    const services = screen.getByRole("list", { name: "Nos services" });
    expect(services.querySelectorAll("li")).toHaveLength(3);
    for (const name of ["Service après-vente", "Service commercial", "Comptabilité"]) {
      expect(services.textContent).toContain(name);
    }

    const links = (name: RegExp) => screen.getByRole("link", { name }).getAttribute("href");
    expect(links(/Téléphone : 03 26 00 00 01/)).toBe("tel:0326000001");
    expect(links(/Téléphone : \+33 3 26 00 00 02/)).toBe("tel:+33326000002");
    // SPEC §3: the e-mail is mail1 followed by mail2.
    expect(links(/E-mail : sav@macc\.fr/)).toBe("mailto:sav@macc.fr");
    expect(links(/E-mail : commercial@macc\.fr/)).toBe("mailto:commercial@macc.fr");
    expect(links(/E-mail : compta@macc\.fr/)).toBe("mailto:compta@macc.fr");
    // No phone number, no tel: link.
    expect(root.querySelectorAll('a[href^="tel:"]')).toHaveLength(2);
  });

  it("an address without a second line shows no empty line", async () => {
    stubApi({ [footerKey("FRA")]: { body: { ...FRANCE, adresseLigne2: null } } });
    const { root } = await mount("<macc-footer></macc-footer>");
    const address = await waitFor(() => root.querySelector("address") ?? Promise.reject(new Error("no address")));
    expect(address.querySelectorAll("br")).toHaveLength(2);
  });

  it.each<[string, Partial<FooterContact>, string[]]>([
    ["French", {}, ["MACC France", "12 route des Moissons", "BP 40", "51100 Reims"]],
    [
      "Dutch",
      { codePostal: "3811 LP", ville: "Amersfoort", adresseLigne2: null },
      ["MACC France", "12 route des Moissons", "3811 LP Amersfoort"],
    ],
    [
      "British (town, then postcode)",
      { codePostal: "CV34 6XZ", ville: "Warwick" },
      ["MACC France", "12 route des Moissons", "BP 40", "Warwick", "CV34 6XZ"],
    ],
    [
      "British, London",
      { codePostal: "EC1A 1BB", ville: "London", adresseLigne2: null },
      ["MACC France", "12 route des Moissons", "London", "EC1A 1BB"],
    ],
  ])("a %s address, line by line in its country's order", async (_label, changes, lines) => {
    stubApi({ [footerKey("FRA")]: { body: { ...FRANCE, ...changes } } });
    const { root } = await mount("<macc-footer></macc-footer>");
    const address = await waitFor(() => root.querySelector("address") ?? Promise.reject(new Error("no address")));
    expect(address.innerHTML.split("<br>").map((line) => line.replace(/<[^>]+>/g, ""))).toEqual(lines);
  });

  it("links to the country site's pages under the page's data-site-base", async () => {
    resetPage({ locale: "nl-BE", portalBase: "/be-nl/portaal", siteBase: "/be-nl" });
    stubApi({ [footerKey("BLG", "nl-BE")]: { body: FRANCE } });
    const { screen } = await mount("<macc-footer></macc-footer>");
    expect(screen.getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/be-nl/faq");
    expect(screen.getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("/be-nl/portaal/contact");
  });

  describe("requests the network of SPEC §7 with the langue query", () => {
    it.each<[string, string, string, string]>([
      ["fr-FR", "", "FRA", "fr-FR"],
      ["nl-BE", "", "BLG", "nl-BE"],
      ["fr-LU", "", "BLG", "fr-LU"],
      ["en-GB", "", "GBR", "en-GB"],
      ["es-ES", "", "ESP", "es-ES"],
      ["it-IT", "", "ITA", "it-IT"],
      ["fr-FR", 'theme="agri"', "AGR", "fr-FR"],
      ["nl-BE", 'theme="agri"', "AGR", "nl-BE"],
    ])("locale %s %s → %s", async (locale, themeAttr, network, langue) => {
      const api = stubApi({ [footerKey(network, langue)]: { body: FRANCE } });
      await mount(`<macc-footer locale="${locale}" ${themeAttr}></macc-footer>`);
      await waitFor(() => expect(api.calls).toHaveLength(1));
      const [call] = api.calls;
      expect(call!.method).toBe("GET");
      expect(call!.path).toBe(`/api/servicesMACC/reseau/${network}/type/gen?langue=${langue}`);
      expect(call!.query.get("langue")).toBe(langue);
      expect(call!.headers["x-langue"]).toBe("fr-FR"); // the page's locale
      expect(call!.headers.authorization).toBeUndefined();
    });

    it("the page locale decides when the element has no locale attribute", async () => {
      resetPage({ locale: "nl-BE", portalBase: "/portail" });
      const api = stubApi({ [footerKey("BLG", "nl-BE")]: { body: FRANCE } });
      await mount("<macc-footer></macc-footer>");
      await waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]!.headers["x-langue"]).toBe("nl-BE");
    });

    it.each<[string, string]>([
      ["ESP", "ESP"],
      ["AGR", "AGR"],
      ["GBR", "GBR"],
    ])("a logged-in customer of a %s company → the company's network %s, whatever the locale", async (codeReseau, network) => {
      const api = stubApi({ ...sessionRoutes(), [footerKey(network)]: { body: FRANCE } });
      signIn(user([company({ codeReseau })]));
      await mount("<macc-footer></macc-footer>");
      await waitFor(() => expect(api.callsTo(`GET /api/servicesMACC/reseau/${network}/type/gen`)).toHaveLength(1));
      // Public data: the footer never sends the token, so a lapsed session cannot get in its way.
      expect(api.callsTo(`GET /api/servicesMACC/reseau/${network}/type/gen`)[0]!.headers.authorization).toBeUndefined();
      expect(api.calls.filter((c) => c.path.includes("/servicesMACC/"))).toHaveLength(1);
    });

    it("logging in while the footer is shown reloads the company's network", async () => {
      const api = stubApi({
        ...sessionRoutes(),
        [footerKey("FRA")]: { body: FRANCE },
        [footerKey("ITA")]: { body: { ...FRANCE, adresseTitre: "MACC Italia" } },
      });
      const { root } = await mount("<macc-footer></macc-footer>");
      await waitFor(() => expect(root.querySelector("address")?.textContent).toContain("MACC France"));
      signIn(user([company({ codeReseau: "ITA" })]));
      await waitFor(() => expect(root.querySelector("address")?.textContent).toContain("MACC Italia"));
      expect(api.calls.filter((c) => c.method === "GET").map((c) => c.path)).toEqual([
        "/api/servicesMACC/reseau/FRA/type/gen?langue=fr-FR",
        "/api/servicesMACC/reseau/ITA/type/gen?langue=fr-FR",
      ]);
    });
  });

  describe("local-storage cache per network", () => {
    it("a cached entry renders at once, then is refreshed from the API", async () => {
      writeCachedFooter("FRA", "fr-FR", { ...FRANCE, adresseTitre: "MACC France (en cache)" });
      const answer = deferred();
      const api = stubApi({ [footerKey("FRA")]: answer.handler });
      const { root, screen } = await mount("<macc-footer></macc-footer>");

      expect(root.querySelector("address")?.textContent).toContain("MACC France (en cache)");
      expect(screen.queryByRole("status", { name: "Chargement des coordonnées" })).toBeNull();
      await answer.started;
      expect(api.calls).toHaveLength(1);

      answer.resolve({ body: FRANCE });
      await waitFor(() => expect(root.querySelector("address strong")?.textContent).toBe("MACC France"));
      expect(readCachedFooter("FRA", "fr-FR")?.adresseTitre).toBe("MACC France");
    });

    it("a successful answer is cached under its network", async () => {
      stubApi({ [footerKey("GBR", "en-GB")]: { body: FRANCE } });
      const { root } = await mount('<macc-footer locale="en-GB"></macc-footer>');
      await waitFor(() => expect(root.querySelector("address")).not.toBeNull());
      expect(readCachedFooter("GBR", "en-GB")).toEqual(FRANCE);
      expect(readCachedFooter("FRA", "fr-FR")).toBeNull();
    });

    it("a cached entry in another language is not used", async () => {
      writeCachedFooter("FRA", "fr-FR", { ...FRANCE, adresseTitre: "En cache" });
      const answer = deferred();
      stubApi({ [footerKey("BLG", "fr-BE")]: answer.handler });
      const { root, screen } = await mount('<macc-footer locale="fr-BE"></macc-footer>');
      expect(screen.getByRole("status", { name: "Chargement des coordonnées" })).toBeTruthy();
      expect(root.querySelector("address")).toBeNull();
      answer.resolve({ body: FRANCE });
      await waitFor(() => expect(root.querySelector("address")).not.toBeNull());
    });

    it("a failed refresh keeps the cached contact block", async () => {
      writeCachedFooter("FRA", "fr-FR", FRANCE);
      const api = stubApi({ [footerKey("FRA")]: problem(500) });
      const { root, screen } = await mount("<macc-footer></macc-footer>");
      await waitFor(() => expect(api.calls).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 20));
      expect(root.querySelector("address")?.textContent).toContain("MACC France");
      expect(screen.queryByText(/Nos coordonnées ne peuvent pas être affichées/)).toBeNull();
    });
  });

  it.each<[string, number]>([
    ["a 500 problem", 500],
    ["a 404", 404],
  ])("%s → the error message, legal links still there, an error toast", async (_label, status) => {
    stubApi({ [footerKey("FRA")]: problem(status) });
    const { root, screen } = await mount("<macc-footer></macc-footer>");
    expect(await screen.findByText("Nos coordonnées ne peuvent pas être affichées pour le moment.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
    expect(root.querySelector("address")).toBeNull();
    expect(screen.queryByRole("status", { name: "Chargement des coordonnées" })).toBeNull();
    expect(screen.getByRole("link", { name: "Mentions légales" }).getAttribute("href")).toBe("/mentions-legales");
    expect(screen.getByRole("link", { name: "Plan du site" }).getAttribute("href")).toBe("/plan-du-site");
    expect(screen.getByRole("link", { name: "Notre engagement pour la protection des données" })).toBeTruthy();
    await waitFor(() =>
      expect(getCore().toasts.getState().toasts).toEqual([
        expect.objectContaining({ kind: "error", message: "Une erreur vient de se produire, merci de contacter la MACC" }),
      ]),
    );
  });

  it("after a failure, “Try again” asks again and shows the block", async () => {
    let answer = problem(500);
    const api = stubApi({ [footerKey("FRA")]: () => answer });
    const { root, screen } = await mount("<macc-footer></macc-footer>");
    const retry = await screen.findByRole("button", { name: "Réessayer" });
    answer = { body: FRANCE };
    retry.click();
    await waitFor(() => expect(root.querySelector("address")?.textContent).toContain(FRANCE.adresseTitre));
    expect(api.callsTo(footerKey("FRA"))).toHaveLength(2);
  });

  it("a malformed answer → the error message, nothing cached", async () => {
    stubApi({ [footerKey("FRA")]: { body: { adresseTitre: "incomplet" } } });
    const { screen } = await mount("<macc-footer></macc-footer>");
    expect(await screen.findByText(/Nos coordonnées ne peuvent pas être affichées/)).toBeTruthy();
    expect(readCachedFooter("FRA", "fr-FR")).toBeNull();
  });

  describe("links", () => {
    it("legal, useful and social links in French", async () => {
      stubApi({ [footerKey("FRA")]: { body: FRANCE } });
      const { screen } = await mount("<macc-footer></macc-footer>");
      const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
      expect(href("Contact")).toBe("/portail/contact");
      expect(href("FAQ")).toBe("/faq");
      expect(href("Idées")).toBe("/idees");
      expect(href("Actualités")).toBe("/actualites");
      expect(href("Mentions légales")).toBe("/mentions-legales");
      const social = screen.getByRole("link", { name: "MACC sur LinkedIn (s'ouvre dans un nouvel onglet)" });
      expect(social.getAttribute("target")).toBe("_blank");
      expect(social.getAttribute("rel")).toContain("noopener");
      expect(screen.getByRole("contentinfo", { name: "Pied de page du site" })).toBeTruthy();
    });

    it.each([
      ["", "FRA", "MACC"],
      ['theme="agri"', "AGR", "AGRIMACC"],
    ])("the brand follows the theme (%s): LinkedIn link and copyright name %s", async (themeAttr, network, brand) => {
      stubApi({ [footerKey(network)]: { body: FRANCE } });
      const { root, screen } = await mount(`<macc-footer ${themeAttr}></macc-footer>`);
      const social = screen.getByRole("link", { name: `${brand} sur LinkedIn (s'ouvre dans un nouvel onglet)` });
      expect(social.getAttribute("href")).toBe(`https://www.linkedin.com/company/${brand.toLowerCase()}`);
      expect(root.querySelector(".footer__bottom")!.textContent).toMatch(new RegExp(`© ${brand} · v\\d`));
      if (brand === "AGRIMACC") expect(root.querySelector(".footer__bottom")!.textContent).not.toMatch(/(^|[^I])MACC/);
    });

    it.each<[string, string, string | null, boolean]>([
      ["fr-FR visitor", "fr-FR", null, true],
      ["nl-BE visitor", "nl-BE", null, true],
      ["en-GB visitor", "en-GB", null, false],
      ["fr-FR page, GBR customer", "fr-FR", "GBR", false],
      ["fr-FR page, FRA customer", "fr-FR", "FRA", true],
    ])("careers link: %s → %s", async (_label, locale, codeReseau, shown) => {
      const network = codeReseau ?? { "fr-FR": "FRA", "nl-BE": "BLG", "en-GB": "GBR" }[locale]!;
      stubApi({ ...sessionRoutes(), [footerKey(network, locale)]: { body: FRANCE } });
      if (codeReseau) signIn(user([company({ codeReseau })]));
      const { root } = await mount(`<macc-footer locale="${locale}"></macc-footer>`);
      const careers = root.querySelector('a[href="/carrieres"], a[href="/careers"], a[href="/vacatures"]');
      expect(Boolean(careers)).toBe(shown);
      // The rest of the useful links stay.
      expect(root.querySelector('nav[aria-labelledby="footer-links"]')!.querySelectorAll("a").length).toBe(shown ? 5 : 4);
    });
  });
});
