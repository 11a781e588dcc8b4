import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import "../../../elements/macc-product-fleet";
import { getCore } from "../../core/index";
import {
  company,
  deferred,
  listen,
  mount,
  problem,
  resetPage,
  sessionRoutes,
  stubApi,
  user,
  type Mounted,
  type RouteHandler,
  type StubResponse,
  waitFor,
  signIn,
} from "../../test/elements";

const LIST = "GET /api/me/products";
const DETAIL = (code: string) => `GET /api/me/products/${code}`;
const DOCUMENT = (id: string) => `GET /api/me/documents/${id}`;

const TEXT = {
  title: "Mon parc produits",
  anonymous: "Connectez-vous pour consulter vos produits.",
  logIn: "Se connecter",
  empty: "Vous n'avez aucun produit MACC.",
  listFailed: "Vos produits ne peuvent pas être affichés pour le moment.",
  tryAgain: "Réessayer",
  caption: "Les produits MACC achetés par votre entreprise",
  columns: ["Produit", "Quantité", "Date du dernier achat", "Documents du produit"],
  afterSales: "Service après-vente",
  technical: "Documents techniques & vidéo",
  request: "Demander une intervention",
  back: "Retour à mon parc produits",
  code: (code: string) => `Code produit : ${code}`,
  tabs: "Documentation du produit",
  technicalHeading: "Documentation technique",
  afterSalesHeading: "Documentation après-vente",
  noDocuments: "Aucun document pour ce produit.",
  purchases: "Vos achats",
  purchaseColumns: ["Date d'achat", "Quantité"],
  notFound: "Produit introuvable",
  notFoundText: "Ce produit ne fait pas partie de votre parc. Vérifiez l'adresse ou revenez à vos produits.",
  detailFailed: "Ce produit ne peut pas être affiché pour le moment.",
  loadingProduct: "Chargement du produit",
  open: (title: string) => `Ouvrir le PDF ${title}`,
  watch: (title: string) => `Voir la vidéo ${title} (s'ouvre dans un nouvel onglet)`,
  pdfMeta: (kb: string) => `PDF, ${kb} Ko`,
  pdf: "PDF",
  video: (m: number, s: number) => `Vidéo, ${m} min ${s} s`,
  openFailed: "Le document n'a pas pu être ouvert. Veuillez réessayer.",
};

const HREF = {
  login: "/portail/mon-compte/connexion",
  list: "/portail/mon-compte/parc-produits",
  detail: (code: string) => `/portail/mon-compte/parc-produits/${encodeURIComponent(code)}`,
  sav: (code: string) => `/portail/mon-compte/parc-produits/${encodeURIComponent(code)}/sav`,
};

const PRODUCTS = {
  items: [
    { codeFamille: "SEM-3000", produit: "Semoir Maxi-Graine 3000", quantite: 2, dateDernierAchat: "2025-09-14" },
    { codeFamille: "PUL 750", produit: "Pulvérisateur Précis 750", quantite: 1250, dateDernierAchat: "2024-04-02" },
  ],
};

type Doc = {
  id: string | number;
  title: string;
  langue?: string;
  type: "pdf" | "video";
  sizeBytes?: number | null;
  url?: string | null;
  durationSeconds?: number | null;
};

function detail({ technical, sav }: { technical?: Doc[]; sav?: Doc[] } = {}) {
  return {
    codeFamille: "SEM-3000",
    produit: "Semoir Maxi-Graine 3000",
    achats: [
      { dateAchat: "2025-09-14", quantite: 1 },
      { dateAchat: "2019-03-18", quantite: 1500 },
    ],
    documents: {
      technical: technical ?? [
        { id: "notice", title: "Notice d'utilisation", type: "pdf", sizeBytes: 2_457_600 },
        { id: 42, title: "Fiche technique", type: "pdf", sizeBytes: 300 },
        { id: "video-1", title: "Réglage du semis", type: "video", url: "https://videos.macc.test/reglage", durationSeconds: 274 },
      ],
      sav: sav ?? [{ id: "pieces", title: "Catalogue des pièces", type: "pdf", sizeBytes: null }],
    },
  };
}

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({ ...sessionRoutes(), [LIST]: { body: PRODUCTS }, [DETAIL("SEM-3000")]: { body: detail() }, ...routes });
}

const logIn = () => signIn(user([company()]));

const tbodyRows = (table: Element) => [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
const documents = (view: Mounted) =>
  [...view.root.querySelectorAll(".documents > li")].map((li) => [
    li.querySelector("strong")!.textContent,
    li.querySelector(".document__meta")!.textContent,
    li.querySelector("a, button")!.textContent,
  ]);

async function mountList(html = "<macc-product-fleet></macc-product-fleet>") {
  const view = await mount(html);
  await waitFor(() => expect(view.root.querySelector("tbody[aria-busy=false], .alert")).not.toBeNull());
  return view;
}
async function mountDetail(html = '<macc-product-fleet family="SEM-3000"></macc-product-fleet>') {
  const view = await mount(html);
  // Loaded, failed or not found: the back link and the loading title (p + h1) are there from the first render.
  await waitFor(() => expect(view.root.querySelector(".product-code, .alert, h1 + p")).not.toBeNull());
  return view;
}

beforeEach(() => resetPage());

describe("<macc-product-fleet>", () => {
  it.each<[string]>([
    ["<macc-product-fleet></macc-product-fleet>"],
    ['<macc-product-fleet family="SEM-3000" view="sav"></macc-product-fleet>'],
  ])("anonymous (%s): a prompt to log in, no request", async (html) => {
    const calls = stubApi({});
    const view = await mount(html);
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByText(TEXT.anonymous)).toBeTruthy();
    expect(view.screen.getByRole("link", { name: TEXT.logIn }).getAttribute("href")).toBe(HREF.login);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.calls).toHaveLength(0);
  });

  describe("the list", () => {
    it("asks for the products in the element's language, with the company's token; a row per family with its three links", async () => {
      const calls = api();
      logIn();
      const view = await mountList();
      const [call] = calls.callsTo(LIST);
      expect(call!.query.get("langue")).toBe("fr-FR");
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();

      const table = view.screen.getByRole("table", { name: TEXT.caption });
      expect([...table.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(TEXT.columns);
      expect(tbodyRows(table).map((r) => r.slice(0, 3))).toEqual([
        ["Semoir Maxi-Graine 3000", "2", "14/09/2025"],
        ["Pulvérisateur Précis 750", "1\u202f250", "02/04/2024"],
      ]);
      expect(table.querySelector("tbody tr > th[scope=row]")!.textContent).toBe("Semoir Maxi-Graine 3000");
      const links = [...table.querySelectorAll("tbody a")].map((a) => [a.textContent, a.getAttribute("href")]);
      expect(links).toEqual([
        [`${TEXT.afterSales} — Semoir Maxi-Graine 3000`, HREF.sav("SEM-3000")],
        [`${TEXT.technical} — Semoir Maxi-Graine 3000`, HREF.detail("SEM-3000")],
        [`${TEXT.request} — Semoir Maxi-Graine 3000`, "/portail/mon-compte/parc-produits/SEM-3000/demande"],
        [`${TEXT.afterSales} — Pulvérisateur Précis 750`, "/portail/mon-compte/parc-produits/PUL%20750/sav"],
        [`${TEXT.technical} — Pulvérisateur Précis 750`, "/portail/mon-compte/parc-produits/PUL%20750"],
        [`${TEXT.request} — Pulvérisateur Précis 750`, "/portail/mon-compte/parc-produits/PUL%20750/demande"],
      ]);
    });

    it("a line with an open service request: its state (and the visit while scheduled), linked to its timeline, one data request", async () => {
      const calls = api({
        [LIST]: {
          body: {
            items: [
              {
                ...PRODUCTS.items[0],
                openRequest: {
                  reference: "D-2026-7K3M9Q",
                  status: "scheduled",
                  window: { date: "2026-12-04", from: "13:30", to: "15:00" },
                },
              },
              { ...PRODUCTS.items[1], openRequest: { reference: "D-2026-AB12CD", status: "waiting-for-parts", window: null } },
              { codeFamille: "ENGR", produit: "Engrais", quantite: 3, dateDernierAchat: "2023-01-02", openRequest: null },
            ],
          },
        },
      });
      logIn();
      // In the source language: these texts are in the catalogs once extracted, the states moved to the shared one.
      const view = await mountList('<macc-product-fleet locale="en-GB"></macc-product-fleet>');
      const statuses = [...view.root.querySelectorAll("tbody tr")].map((tr) => {
        const a = tr.querySelector<HTMLAnchorElement>("th .fleet-request");
        return a && [a.textContent, a.getAttribute("href")];
      });
      expect(statuses).toEqual([
        [
          "Service request D-2026-7K3M9Q: Visit scheduled on 4 December 2026, 13:30–15:00",
          "/portail/my-account/service-requests?ref=D-2026-7K3M9Q",
        ],
        ["Service request D-2026-AB12CD: Waiting for parts", "/portail/my-account/service-requests?ref=D-2026-AB12CD"],
        null,
      ]);
      // Beside it, a machine of the family may still get its own request.
      expect(view.screen.getAllByRole("link", { name: /^Request a service — / })).toHaveLength(3);
      expect(calls.calls.map((c) => c.path.split("?")[0]).filter((path) => path!.startsWith("/api/me/"))).toEqual(["/api/me/products"]);

      const events = listen<{ route: string; params: object; path: string }>("macc-navigate", document, (e) => e.preventDefault());
      fireEvent.click(view.screen.getByRole("link", { name: /D-2026-AB12CD/ }));
      expect(events.map((e) => e.detail)).toEqual([
        { route: "SERVICE_REQUESTS", params: {}, path: "/portail/my-account/service-requests?ref=D-2026-AB12CD" },
      ]);
    });

    it("cards on narrow screens: each cell labelled by its column (the links' cell not), rows and headers keep their roles", async () => {
      api();
      logIn();
      const view = await mountList();
      const table = view.screen.getByRole("table", { name: TEXT.caption });
      for (const tr of table.querySelectorAll("tbody tr")) {
        expect([...tr.children].map((c) => [c.getAttribute("role"), c.getAttribute("data-label")])).toEqual([
          ["rowheader", TEXT.columns[0]],
          ["cell", TEXT.columns[1]],
          ["cell", TEXT.columns[2]],
          ["cell", null],
        ]);
      }
      expect([...table.querySelectorAll("thead th")].map((th) => th.getAttribute("role"))).toEqual(Array(4).fill("columnheader"));
    });

    it("a link navigates in place (macc-navigate with the family)", async () => {
      api();
      logIn();
      const events = listen<{ route: string; params: object; path: string }>("macc-navigate", document, (e) => e.preventDefault());
      const view = await mountList();
      fireEvent.click(view.screen.getByRole("link", { name: `${TEXT.afterSales} — Semoir Maxi-Graine 3000` }));
      expect(events.map((e) => e.detail)).toEqual([
        { route: "PARC_PRODUITS_DETAIL_SAV", params: { codeFamille: "SEM-3000" }, path: HREF.sav("SEM-3000") },
      ]);
    });

    it("agri theme: the table caption and the empty-list message name AGRIMACC", async () => {
      api();
      logIn();
      const view = await mountList('<macc-product-fleet theme="agri"></macc-product-fleet>');
      expect(view.screen.getByRole("table", { name: "Les produits AGRIMACC achetés par votre entreprise" })).toBeTruthy();
      view.el.remove();
      api({ [LIST]: { body: { items: [] } } });
      const empty = await mountList('<macc-product-fleet theme="agri"></macc-product-fleet>');
      expect(empty.root.querySelector(".alert")!.textContent).toBe("Vous n'avez aucun produit AGRIMACC.");
    });

    it("empty list: “You have no MACC products.”, no table", async () => {
      api({ [LIST]: { body: { items: [] } } });
      logIn();
      const view = await mountList();
      expect(view.root.querySelector(".alert")!.textContent).toBe(TEXT.empty);
      expect(view.root.querySelector("table")).toBeNull();
    });

    it("while loading: skeleton rows in a busy table body", async () => {
      const answer = deferred();
      api({ [LIST]: answer.handler });
      logIn();
      const view = await mount("<macc-product-fleet></macc-product-fleet>");
      await answer.started;
      const tbody = view.root.querySelector("tbody")!;
      expect(tbody.getAttribute("aria-busy")).toBe("true");
      expect(tbody.querySelectorAll(".skeleton")).toHaveLength(4);
      answer.resolve({ body: PRODUCTS });
      await waitFor(() => expect(tbody.getAttribute("aria-busy")).toBe("false"));
      expect(tbody.querySelectorAll("tr")).toHaveLength(2);
      expect(tbody.querySelector(".skeleton")).toBeNull();
    });

    it.each<[string, StubResponse]>([
      ["500", problem(500)],
      ["403", problem(403)],
      ["an answer that is not a list", { body: { produits: [] } }],
    ])("failure (%s): a message and “try again”, which reloads; no toast", async (_label, failure) => {
      let attempts = 0;
      const calls = api({ [LIST]: () => (++attempts === 1 ? failure : { body: PRODUCTS }) });
      logIn();
      const view = await mount("<macc-product-fleet></macc-product-fleet>");
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.listFailed);
      expect(view.root.querySelector("table")).toBeNull();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(view.screen.getByRole("button", { name: TEXT.tryAgain }));
      await waitFor(() => expect(view.root.querySelectorAll("tbody tr")).toHaveLength(2));
      expect(calls.callsTo(LIST)).toHaveLength(2);
      expect(view.screen.queryByText(TEXT.listFailed)).toBeNull();
    });

    it("asks again in the element's new language", async () => {
      const calls = api();
      logIn();
      const view = await mountList();
      view.el.setAttribute("locale", "en-GB");
      await waitFor(() => expect(calls.callsTo(LIST)).toHaveLength(2));
      expect(calls.callsTo(LIST)[1]!.query.get("langue")).toBe("en-GB");
    });
  });

  describe("a product (family)", () => {
    it("technical documents by default: title, code, tabs, documents with their kind and size, purchases", async () => {
      const calls = api();
      logIn();
      const view = await mountDetail();
      const [call] = calls.callsTo(DETAIL("SEM-3000"));
      expect(call!.query.get("langue")).toBe("fr-FR");
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      expect(calls.callsTo(LIST)).toHaveLength(0);

      expect(view.screen.getByRole("heading", { level: 1, name: "Semoir Maxi-Graine 3000" })).toBeTruthy();
      expect(view.root.querySelector(".product-code")!.textContent).toBe(TEXT.code("SEM-3000"));
      expect(view.screen.getByRole("link", { name: TEXT.back }).getAttribute("href")).toBe(HREF.list);
      const tabs = view.screen.getByRole("list", { name: TEXT.tabs });
      expect([...tabs.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")])).toEqual([
        [TEXT.technical, HREF.detail("SEM-3000"), "page"],
        [TEXT.afterSales, HREF.sav("SEM-3000"), null],
      ]);
      expect(view.screen.getByRole("heading", { level: 2, name: TEXT.technicalHeading })).toBeTruthy();
      expect(documents(view)).toEqual([
        ["Notice d'utilisation", TEXT.pdfMeta("2\u202f400"), TEXT.open("Notice d'utilisation")],
        ["Fiche technique", TEXT.pdfMeta("1"), TEXT.open("Fiche technique")],
        ["Réglage du semis", TEXT.video(4, 34), TEXT.watch("Réglage du semis")],
      ]);
      const video = view.root.querySelector<HTMLAnchorElement>(".documents a")!;
      expect([video.getAttribute("href"), video.target, video.rel]).toEqual([
        "https://videos.macc.test/reglage",
        "_blank",
        "noopener noreferrer",
      ]);

      expect(view.screen.getByRole("heading", { level: 2, name: TEXT.purchases })).toBeTruthy();
      const purchases = view.root.querySelectorAll("table.data")[0]!;
      expect([...purchases.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(TEXT.purchaseColumns);
      expect([...purchases.querySelectorAll("tbody tr:first-child td")].map((td) => td.getAttribute("data-label"))).toEqual(
        TEXT.purchaseColumns,
      );
      expect(tbodyRows(purchases)).toEqual([
        ["14/09/2025", "1"],
        ["18/03/2019", "1\u202f500"],
      ]);
    });

    it('view="sav": the after-sales documents, the after-sales tab current', async () => {
      api();
      logIn();
      const view = await mountDetail('<macc-product-fleet family="SEM-3000" view="sav"></macc-product-fleet>');
      expect(view.screen.getByRole("heading", { level: 2, name: TEXT.afterSalesHeading })).toBeTruthy();
      expect(view.screen.queryByRole("heading", { level: 2, name: TEXT.technicalHeading })).toBeNull();
      expect(documents(view)).toEqual([["Catalogue des pièces", TEXT.pdf, TEXT.open("Catalogue des pièces")]]);
      const current = view.root.querySelector('.tabs a[aria-current="page"]')!;
      expect(current.textContent).toBe(TEXT.afterSales);
    });

    it.each<[string, string, string[], string[]]>([
      ["en-GB", "French leaflets say so", ["PDF, 1 KB, in French", "Video, 4 min 34 s", "PDF, in Dutch"], ["fr", "en", "nl"]],
      [
        "fr-FR",
        "a French leaflet says nothing more",
        ["PDF, 1 Ko", "Vidéo, 4 min 34 s, en anglais", "PDF, en néerlandais"],
        ["fr", "en", "nl"],
      ],
    ])("%s: %s; each title is marked with its own language", async (locale, _label, metas, langs) => {
      api({
        [DETAIL("SEM-3000")]: {
          body: detail({
            technical: [
              { id: 42, title: "Fiche technique", langue: "fr", type: "pdf", sizeBytes: 300 },
              {
                id: "video-1",
                title: "Sowing set-up",
                langue: "en",
                type: "video",
                url: "https://videos.macc.test/r",
                durationSeconds: 274,
              },
              { id: "nl", title: "Zaaimachine", langue: "nl", type: "pdf", sizeBytes: null },
            ],
          }),
        },
      });
      logIn();
      const view = await mountDetail(`<macc-product-fleet family="SEM-3000" locale="${locale}"></macc-product-fleet>`);
      await waitFor(() => expect(documents(view).map(([, meta]) => meta)).toEqual(metas));
      expect([...view.root.querySelectorAll(".documents strong > span")].map((span) => span.getAttribute("lang"))).toEqual(langs);
      // The button's hidden name reads the title in its language too.
      expect(view.root.querySelector('.documents button [lang="fr"]')!.textContent).toBe("Fiche technique");
    });

    it.each<[string, string, Parameters<typeof detail>[0]]>([
      ["technical", "", { technical: [] }],
      ["after-sales", ' view="sav"', { sav: [] }],
    ])("no %s documents: “No documents for this product.”", async (_label, attribute, docs) => {
      api({ [DETAIL("SEM-3000")]: { body: detail(docs) } });
      logIn();
      const view = await mountDetail(`<macc-product-fleet family="SEM-3000"${attribute}></macc-product-fleet>`);
      expect(view.root.querySelector(".alert")!.textContent).toBe(TEXT.noDocuments);
      expect(view.root.querySelector(".documents")).toBeNull();
      // The purchases are still there.
      expect(view.screen.getByRole("heading", { level: 2, name: TEXT.purchases })).toBeTruthy();
    });

    it("the family is trimmed and encoded in the address", async () => {
      const calls = api({
        "GET /api/me/products/PUL%20750": { body: { ...detail(), codeFamille: "PUL 750", produit: "Pulvérisateur Précis 750" } },
      });
      logIn();
      const view = await mountDetail('<macc-product-fleet family="  PUL 750 "></macc-product-fleet>');
      expect(calls.callsTo("GET /api/me/products/PUL%20750")).toHaveLength(1);
      expect(view.screen.getByRole("heading", { level: 1, name: "Pulvérisateur Précis 750" })).toBeTruthy();
    });

    it("a blank family shows the list", async () => {
      const calls = api();
      logIn();
      await mountList('<macc-product-fleet family="  "></macc-product-fleet>');
      expect(calls.callsTo(LIST)).toHaveLength(1);
    });

    it("404: the not-found state with a way back, no retry, no toast", async () => {
      api({ [DETAIL("SEM-3000")]: problem(404, "Not in your fleet") });
      logIn();
      const view = await mount('<macc-product-fleet family="SEM-3000"></macc-product-fleet>');
      expect(await view.screen.findByRole("heading", { level: 1, name: TEXT.notFound })).toBeTruthy();
      expect(view.screen.getByText(TEXT.notFoundText)).toBeTruthy();
      expect(view.screen.getByRole("link", { name: TEXT.back }).getAttribute("href")).toBe(HREF.list);
      expect(view.screen.queryByRole("button", { name: TEXT.tryAgain })).toBeNull();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
    });

    it("while loading: a labelled skeleton title", async () => {
      const answer = deferred();
      api({ [DETAIL("SEM-3000")]: answer.handler });
      logIn();
      const view = await mount('<macc-product-fleet family="SEM-3000"></macc-product-fleet>');
      await answer.started;
      expect(view.screen.getByRole("status", { name: TEXT.loadingProduct })).toBeTruthy();
      answer.resolve({ body: detail() });
      await view.screen.findByRole("heading", { level: 1, name: "Semoir Maxi-Graine 3000" });
      expect(view.screen.queryByRole("status", { name: TEXT.loadingProduct })).toBeNull();
    });

    it.each<[string, StubResponse]>([
      ["500", problem(500)],
      ["an answer that is not a product", { body: { codeFamille: "SEM-3000" } }],
    ])("failure (%s): a message and “try again”, which reloads", async (_label, failure) => {
      let attempts = 0;
      const calls = api({ [DETAIL("SEM-3000")]: () => (++attempts === 1 ? failure : { body: detail() }) });
      logIn();
      const view = await mount('<macc-product-fleet family="SEM-3000"></macc-product-fleet>');
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.detailFailed);
      expect(view.screen.queryByRole("heading", { level: 1, name: TEXT.notFound })).toBeNull();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(view.screen.getByRole("button", { name: TEXT.tryAgain }));
      await view.screen.findByRole("heading", { level: 1, name: "Semoir Maxi-Graine 3000" });
      expect(calls.callsTo(DETAIL("SEM-3000"))).toHaveLength(2);
    });
  });

  describe("opening a PDF", () => {
    function captureOpens() {
      const opened: Array<{ blob: Blob; target: string; rel: string; download: string }> = [];
      const blobs = new Map<string, Blob>();
      const spies = [
        vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
          const url = `blob:test/${blobs.size + 1}`;
          blobs.set(url, blob as Blob);
          return url;
        }),
        vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined),
        vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
          opened.push({ blob: blobs.get(this.href)!, target: this.target, rel: this.rel, download: this.getAttribute("download") ?? "" });
        }),
      ];
      onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
      return opened;
    }
    const PDF: StubResponse = { body: "%PDF-1.4", headers: { "Content-Type": "application/pdf" } };

    it.each<[string, string]>([
      ["Notice d'utilisation", "notice"],
      ["Fiche technique", "42"],
    ])("%s: GET /me/documents/%s with the token, opened in a new tab", async (title, id) => {
      const opened = captureOpens();
      const calls = api({ [DOCUMENT(id)]: PDF });
      logIn();
      const view = await mountDetail();
      fireEvent.click(view.screen.getByRole("button", { name: TEXT.open(title) }));
      await waitFor(() => expect(opened).toHaveLength(1));
      expect(calls.callsTo(DOCUMENT(id))[0]!.headers.authorization).toBe("Bearer company-token-1");
      expect(opened[0]).toMatchObject({ target: "_blank", rel: "noopener", download: "" });
      expect(opened[0]!.blob.type).toBe("application/pdf");
    });

    it("busy while it loads; a failure says so under that document, no toast; a new try opens it", async () => {
      const opened = captureOpens();
      const answer = deferred();
      let attempts = 0;
      const calls = api({ [DOCUMENT("notice")]: (call) => (++attempts === 1 ? answer.handler(call) : PDF) });
      logIn();
      const view = await mountDetail();
      const open = view.screen.getByRole("button", { name: TEXT.open("Notice d'utilisation") });
      fireEvent.click(open);
      await answer.started;
      await waitFor(() => expect(open.getAttribute("aria-disabled")).toBe("true"));
      fireEvent.click(open);
      answer.resolve(problem(500));
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(TEXT.openFailed);
      expect(alert.closest("li")!.querySelector("strong")!.textContent).toBe("Notice d'utilisation");
      expect(opened).toHaveLength(0);
      expect(calls.callsTo(DOCUMENT("notice"))).toHaveLength(1);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(open);
      await waitFor(() => expect(opened).toHaveLength(1));
      expect(view.root.querySelector('[role="alert"]')).toBeNull();
    });
  });
});
