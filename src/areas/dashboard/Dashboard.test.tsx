import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-dashboard";
import { getCore } from "../../core/index";
import {
  company,
  deferred,
  mount,
  problem,
  resetPage,
  sessionRoutes,
  stubApi,
  user,
  type Mounted,
  type RouteHandler,
  waitFor,
  signIn,
} from "../../test/elements";

const SUMMARY = "GET /api/me/summary";
const NOTIFICATIONS = "GET /api/me/notifications";
const NOTHING_TO_DO = { body: { entries: [], total: 0, actionRequired: 0 } };
const FEATURES = "GET /api/features";

/** Numbers as the element's locale writes them (fr-FR: a narrow no-break space between thousands). */
const fmt = (n: number) => new Intl.NumberFormat("fr-FR").format(n);

const TEXT = {
  title: "Mon compte",
  anonymous: "Connectez-vous pour accéder à votre compte.",
  logIn: "Se connecter",
  invoices: "Mes factures",
  information: "Mes informations",
  informationDetail: "Vos coordonnées et celles de votre entreprise",
  fleet: "Mon parc produits",
  requests: "Mes demandes d'intervention",
  requestsDetail: "Suivez vos demandes au service après-vente",
  team: "Mon équipe",
  teamDetail: "Qui voit l'espace client de votre entreprise, et avec quel rôle",
  bank: "Coordonnées bancaires",
  allPaid: "Toutes vos factures sont payées",
  // French plurals: "one" for 1, "many" for whole millions ("1 000 000 de …"), "other" otherwise.
  unpaid: (n: number) =>
    n === 1 ? "1 facture impayée" : n % 1_000_000 === 0 ? `${fmt(n)} de factures impayées` : `${fmt(n)} factures impayées`,
  products: (n: number) =>
    n === 0 ? "Aucun produit pour le moment" : n === 1 ? "1 produit" : n % 1_000_000 === 0 ? `${fmt(n)} de produits` : `${fmt(n)} produits`,
};

const HREF = {
  invoices: "/portail/mon-compte/factures",
  information: "/portail/mon-compte/mes-informations",
  fleet: "/portail/mon-compte/parc-produits",
  requests: "/portail/mon-compte/demandes-intervention",
  team: "/portail/mon-compte/equipe",
  bank: "/portail/mon-compte/coordonnee-bancaire",
  login: "/portail/mon-compte/connexion",
};

const summary = ({ unpaid = 2, total = 40, products = 5, adviser = true } = {}) => ({ invoices: { unpaid, total }, products, adviser });

function api(handler: RouteHandler = { body: summary() }, features: string[] = [], banner: RouteHandler = NOTHING_TO_DO) {
  // The basket requests have their own tests (BasketRequests.test.tsx): none sent here.
  return stubApi({
    ...sessionRoutes(),
    [SUMMARY]: handler,
    [NOTIFICATIONS]: banner,
    [FEATURES]: { body: { features } },
  });
}

const logIn = (codeReseau = "FRA", extra: Parameters<typeof company>[0] = {}) => signIn(user([company({ codeReseau, ...extra })]));

/** Each tile as [title, detail, href]. */
function tiles(view: Mounted): Array<[string, string, string | null]> {
  return [...view.root.querySelectorAll<HTMLAnchorElement>(".tiles > li > a")].map((a) => [
    a.querySelector(".tile__title")!.textContent!,
    a.querySelector(".tile__detail")!.textContent!,
    a.getAttribute("href"),
  ]);
}

const titles = (view: Mounted) => tiles(view).map(([title]) => title);
const detailOf = (view: Mounted, title: string) => tiles(view).find(([t]) => t === title)?.[1];

async function mountLoaded(html = "<macc-dashboard></macc-dashboard>") {
  const view = await mount(html);
  // The tiles drawn (after the banner's answer) and their counts read.
  await waitFor(() => {
    expect(view.root.querySelector(".tiles")).not.toBeNull();
    expect(view.root.querySelector(".tiles .skeleton")).toBeNull();
  });
  return view;
}

beforeEach(() => resetPage());

describe("<macc-dashboard>", () => {
  it("anonymous: a prompt to log in, no tiles, no request", async () => {
    const calls = stubApi({});
    const view = await mount("<macc-dashboard></macc-dashboard>");
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByText(TEXT.anonymous)).toBeTruthy();
    expect(view.screen.getByRole("link", { name: TEXT.logIn }).getAttribute("href")).toBe(HREF.login);
    expect(view.root.querySelector(".tiles")).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.calls).toHaveLength(0);
  });

  it("logged in: the company line and one tile per part of the account, with the counts of GET /me/summary", async () => {
    const calls = api();
    logIn("FRA", { formeJuridique: "SARL", raisonSocial: "Ferme des Tilleuls", immatriculation: "552100554" });
    const view = await mountLoaded();
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.root.querySelector(".company-line")!.textContent).toBe("SARL Ferme des Tilleuls · 552100554");
    expect(tiles(view)).toEqual([
      [TEXT.invoices, TEXT.unpaid(2), HREF.invoices],
      [TEXT.information, TEXT.informationDetail, HREF.information],
      [TEXT.fleet, TEXT.products(5), HREF.fleet],
      [TEXT.requests, TEXT.requestsDetail, HREF.requests],
      [TEXT.team, TEXT.teamDetail, HREF.team],
    ]);
    const [call] = calls.callsTo(SUMMARY);
    expect(call!.headers.authorization).toBe("Bearer company-token-1");
    expect(calls.callsTo(SUMMARY)).toHaveLength(1);
  });

  describe("the invoices tile, by network and theme", () => {
    it.each<[string, string, boolean]>([
      ["FRA", "", true],
      ["AGR", "", true],
      ["FIL", "", true],
      ["EXP", "", true],
      ["BLG", "", false],
      ["GBR", "", false],
      ["ESP", "", false],
      ["ITA", "", false],
      ["GBR", ' theme="agri"', true],
      ["BLG", ' theme="agri"', true],
      ["FRA", ' theme="macc"', true],
    ])("network %s%s → invoices tile: %s", async (network, attribute, shown) => {
      api();
      logIn(network);
      const view = await mountLoaded(`<macc-dashboard${attribute}></macc-dashboard>`);
      expect(titles(view).includes(TEXT.invoices)).toBe(shown);
      expect(view.root.querySelector(`a[href="${HREF.invoices}"]`) !== null).toBe(shown);
      expect(titles(view)).toEqual([...(shown ? [TEXT.invoices] : []), TEXT.information, TEXT.fleet, TEXT.requests, TEXT.team]);
    });
  });

  describe("the bank details tile: the server's flag, fr-FR only", () => {
    it.each<[string, string[], boolean]>([
      ["fr-FR", ["coordonnee-bancaire"], true],
      ["fr-FR", [], false],
      ["fr-BE", ["coordonnee-bancaire"], false],
      ["en-GB", ["coordonnee-bancaire"], false],
    ])("%s, features %j → tile: %s", async (locale, features, shown) => {
      const calls = api(undefined, features);
      logIn("FRA");
      const view = await mountLoaded(`<macc-dashboard locale="${locale}"></macc-dashboard>`);
      // Other locales have no such route: the flags are not even asked for.
      await waitFor(() => expect(calls.callsTo(FEATURES)).toHaveLength(locale === "fr-FR" ? 1 : 0));
      await waitFor(() => expect(view.root.querySelector(`a[href="${HREF.bank}"]`) !== null).toBe(shown));
      expect(titles(view).includes(TEXT.bank)).toBe(shown);
    });
  });

  describe("the counts", () => {
    it.each<[number, string]>([
      [0, TEXT.allPaid],
      [1, TEXT.unpaid(1)],
      [2, TEXT.unpaid(2)],
      [1234, "1\u202f234 factures impayées"],
      [2_000_000, "2\u202f000\u202f000 de factures impayées"],
    ])("%i unpaid invoices → %j", async (unpaid, detail) => {
      api({ body: summary({ unpaid, total: 2000 }) });
      logIn();
      const view = await mountLoaded();
      expect(detailOf(view, TEXT.invoices)).toBe(detail);
    });

    it.each<[number, string]>([
      [0, TEXT.products(0)],
      [1, TEXT.products(1)],
      [7, TEXT.products(7)],
      [1_000_000, "1\u202f000\u202f000 de produits"],
    ])("%i products → %j", async (products, detail) => {
      api({ body: summary({ products }) });
      logIn();
      const view = await mountLoaded();
      expect(detailOf(view, TEXT.fleet)).toBe(detail);
    });
  });

  it("the service requests tile counts the account's open requests (none: what the list is for)", async () => {
    api({ body: { ...summary(), openServiceRequests: 3 } });
    logIn();
    const view = await mountLoaded();
    await waitFor(() => expect(detailOf(view, TEXT.requests)).toMatch(/^3\D/));
  });

  it("until the banner knows what needs the customer, the tiles wait below its skeleton: an empty banner pushes nothing up", async () => {
    const banner = deferred();
    api({ body: summary() }, [], banner.handler);
    logIn();
    const view = await mount("<macc-dashboard></macc-dashboard>");
    await banner.started;
    expect(view.root.querySelector(".action-banner--loading")).not.toBeNull();
    expect(titles(view)).toEqual([]);
    banner.resolve(NOTHING_TO_DO);
    await waitFor(() => expect(titles(view)).toEqual([TEXT.invoices, TEXT.information, TEXT.fleet, TEXT.requests, TEXT.team]));
    expect(view.root.querySelector(".action-banner")).toBeNull();
  });

  it("while the summary loads: the tiles are there and usable, skeletons in place of the counts", async () => {
    const answer = deferred();
    api(answer.handler);
    logIn();
    const view = await mount("<macc-dashboard></macc-dashboard>");
    await answer.started;
    await waitFor(() => expect(titles(view)).toEqual([TEXT.invoices, TEXT.information, TEXT.fleet, TEXT.requests, TEXT.team]));
    const links = [...view.root.querySelectorAll<HTMLAnchorElement>(".tiles a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([HREF.invoices, HREF.information, HREF.fleet, HREF.requests, HREF.team]);
    const skeletonIn = (title: string) =>
      links.find((a) => a.querySelector(".tile__title")!.textContent === title)!.querySelector(".tile__detail .skeleton");
    expect(skeletonIn(TEXT.invoices)).not.toBeNull();
    expect(skeletonIn(TEXT.fleet)).not.toBeNull();
    expect(detailOf(view, TEXT.information)).toBe(TEXT.informationDetail);

    answer.resolve({ body: summary({ unpaid: 0, products: 1 }) });
    await waitFor(() => expect(detailOf(view, TEXT.fleet)).toBe(TEXT.products(1)));
    expect(detailOf(view, TEXT.invoices)).toBe(TEXT.allPaid);
    expect(view.root.querySelector(".tiles .skeleton")).toBeNull();
  });

  it.each<[string, RouteHandler]>([
    ["500", problem(500)],
    ["404", problem(404)],
    ["an answer that is not a summary", { body: { invoices: 3 } }],
  ])(
    "summary failure (%s): the tiles without their counts, no toast; only the basket requests, read with it, say so",
    async (_label, handler) => {
      const calls = api(handler);
      logIn();
      const view = await mount("<macc-dashboard></macc-dashboard>");
      await waitFor(() => expect(calls.callsTo(SUMMARY)).toHaveLength(1));
      await waitFor(() => expect(view.root.querySelector(".tiles .skeleton")).toBeNull());
      expect(tiles(view)).toEqual([
        [TEXT.invoices, "", HREF.invoices],
        [TEXT.information, TEXT.informationDetail, HREF.information],
        [TEXT.fleet, "", HREF.fleet],
        [TEXT.requests, TEXT.requestsDetail, HREF.requests],
        [TEXT.team, TEXT.teamDetail, HREF.team],
      ]);
      expect([...view.root.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent)).toEqual([
        "Vos demandes de panier ne peuvent pas être affichées pour le moment.",
      ]);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    },
  );

  it("reloads the counts when the customer switches company (and follows its network)", async () => {
    const calls = api((call) => ({ body: summary({ unpaid: call.headers.authorization === "Bearer company-token-2" ? 9 : 2 }) }));
    signIn(
      user([
        company({ idTier: "T1", codeReseau: "FRA" }),
        company({ idTier: "T2", codeReseau: "FIL", token: "company-token-2", raisonSocial: "GAEC du Val" }),
      ]),
    );
    const view = await mountLoaded();
    expect(detailOf(view, TEXT.invoices)).toBe(TEXT.unpaid(2));
    getCore().store.getState().chooseCompany("T2");
    await waitFor(() => expect(detailOf(view, TEXT.invoices)).toBe(TEXT.unpaid(9)));
    expect(calls.callsTo(SUMMARY)).toHaveLength(2);
    expect(view.root.querySelector(".company-line")!.textContent).toContain("GAEC du Val");
  });
});
