import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import "../../../elements/macc-invoices";
import "../../../elements/macc-portal";
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
  type ApiCall,
  type ApiStub,
  type Mounted,
  type RouteHandler,
  type StubResponse,
  waitFor,
  signIn,
} from "../../test/elements";

const LIST = "GET /api/me/invoices";
const PDF = (id: string) => `GET /api/me/invoices/${id}/pdf`;
const ZIP = (year: number) => `GET /api/me/invoices/archive/${year}.zip`;

/** Numbers as fr-FR writes them (a narrow no-break space between thousands). */
const fmt = (n: number) => new Intl.NumberFormat("fr-FR").format(n);

const TEXT = {
  title: "Mes factures",
  anonymous: "Connectez-vous pour consulter vos factures.",
  logIn: "Se connecter",
  notAvailable:
    "Les factures ne sont pas encore disponibles en ligne dans votre pays. Votre service client peut vous en envoyer des copies.",
  contactUs: "Contactez-nous",
  none: "Vous n'avez pas encore de facture. Notre équipe commerciale se fera un plaisir de vous accompagner pour votre première commande.",
  contactSales: "Contacter notre équipe commerciale",
  noMatch: "Aucune facture ne correspond à votre recherche.",
  range: (from: number, to: number, total: number) => `${fmt(from)}–${fmt(to)} sur ${fmt(total)} factures`,
  rangeMore: (from: number, to: number, total: number) => `${fmt(from)}–${fmt(to)} sur plus de ${fmt(total)} factures`,
  searchHint: "Avec 2 caractères ou moins, seul le début du numéro de facture est recherché.",
  loadFailed: "Vos factures ne peuvent pas être affichées pour le moment.",
  updateFailed: "La liste n'a pas pu être mise à jour. Veuillez réessayer.",
  tryAgain: "Réessayer",
  search: "Numéro ou référence de facture",
  searchForm: "Rechercher une facture",
  searchButton: "Rechercher",
  year: "Année",
  allYears: "Toutes les années",
  archiveYear: (year: number) => `${year} (archives)`,
  status: "Statut",
  clear: "Effacer les filtres",
  archiveNote: (year: number) =>
    `Les factures de ${year} proviennent de notre comptabilité clients : leur affichage peut prendre un peu plus de temps.`,
  paid: "Payée",
  unpaid: "Impayée",
  pdf: (number: string) => `PDF facture ${number}`,
  downloadFailed: "Échec du téléchargement",
  zip: (year: number) => `Télécharger toutes les factures de ${year} (ZIP)`,
  preparing: "Préparation de l'archive…",
  zipFailed: "L'archive n'a pas pu être téléchargée. Veuillez réessayer.",
  pages: "Pagination des factures",
  previous: "Précédent",
  next: "Suivant",
  page: (n: number) => `Aller à la page ${n}`,
  columns: ["Numéro", "Date de facture", "Référence", "Montant", "Échéance", "Statut", "Télécharger"],
};

const HREF = { login: "/portail/mon-compte/connexion", contacts: "/portail/contact", contactForm: "/portail/contact/formulaire-contact" };

// ---------------------------------------------------------------------------------------------
// A small invoice server: filters, sorts and pages like the API.

interface InvoiceBody {
  id: string;
  number: string;
  date: string;
  reference: string | null;
  amountCents: number;
  currency: string;
  dueDate: string | null;
  paid: boolean;
}

/** Invoice n (1 = the oldest): one a month going back from December 2026 at n = count. */
function invoice(n: number, overrides: Partial<InvoiceBody> = {}): InvoiceBody {
  const year = 2020 + Math.floor((n - 1) / 12);
  const month = ((n - 1) % 12) + 1;
  const mm = String(month).padStart(2, "0");
  return {
    id: `inv-${n}`,
    number: `F${year}-${String(n).padStart(4, "0")}`,
    date: `${year}-${mm}-15`,
    reference: `CDE-${n}`,
    amountCents: 10_000 + n * 100,
    currency: "EUR",
    dueDate: `${year}-${mm}-28`,
    paid: n > 3,
    ...overrides,
  };
}
const invoices = (count: number) => Array.from({ length: count }, (_, i) => invoice(count - i));

const ARCHIVE_UNTIL = 2022;

function server(all: InvoiceBody[]): (call: ApiCall) => StubResponse {
  return ({ query }) => {
    const page = Number(query.get("page"));
    const pageSize = Number(query.get("pageSize"));
    const q = query.get("q")?.toLowerCase();
    const year = query.get("year") ?? query.get("annee");
    const status = query.get("status");
    const order = query.get("order") === "asc" ? 1 : -1;
    const key = (i: InvoiceBody) => (query.get("sort") === "amount" ? i.amountCents : query.get("sort") === "number" ? i.number : i.date);
    const matching = all
      .filter((i) => !q || i.number.toLowerCase().includes(q) || (i.reference ?? "").toLowerCase().includes(q))
      .filter((i) => !year || i.date.startsWith(`${year}-`))
      .filter((i) => !status || i.paid === (status === "paid"))
      .sort((a, b) => (key(a) < key(b) ? -order : key(a) > key(b) ? order : 0));
    const years = [...new Set(all.map((i) => Number(i.date.slice(0, 4))))]
      .sort((a, b) => b - a)
      .map((y) => ({ year: y, archive: y <= ARCHIVE_UNTIL }));
    return { body: { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize, years } };
  };
}

function api(list: RouteHandler = server(invoices(60)), extra: Record<string, RouteHandler> = {}) {
  return stubApi({ ...sessionRoutes(), [LIST]: list, ...extra });
}

const logIn = (codeReseau = "FRA") => signIn(user([company({ codeReseau })]));

// ---------------------------------------------------------------------------------------------
// Reading the screen

const TAG = "<macc-invoices></macc-invoices>";

const tbody = (view: Mounted) => view.root.querySelector("tbody")!;
/** Each row's cells as text (the download cell left out); none when there is no table. */
const rows = (view: Mounted) =>
  [...view.root.querySelectorAll("tbody tr:not(.skeleton-row)")].map((tr) => [...tr.children].slice(0, 6).map((c) => c.textContent));
const numbers = (view: Mounted) => rows(view).map((r) => r[0]);
const statusLine = (view: Mounted) => view.root.querySelector(".results > [role=status]")!.textContent;
const field = <E extends HTMLElement>(view: Mounted, id: string) => view.root.getElementById(id) as E;
const lastQuery = (calls: ApiStub) => Object.fromEntries(calls.callsTo(LIST).at(-1)!.query);

/** Mounts and waits for the list (no skeleton rows, not busy). */
async function mountList(html = TAG) {
  const view = await mount(html);
  await settled(view);
  return view;
}
async function settled(view: Mounted) {
  await waitFor(() => {
    expect(view.root.querySelector("tbody[aria-busy=false], .alert, .invoice-list[aria-busy=false]")).not.toBeNull();
    expect(view.root.querySelector(".skeleton-row")).toBeNull();
  });
}
/** Waits for the answer to the n-th list request to be on screen. */
async function answered(view: Mounted, calls: ApiStub, n: number) {
  await waitFor(() => expect(calls.callsTo(LIST)).toHaveLength(n));
  await settled(view);
}

const select = (view: Mounted, id: string, value: string) => fireEvent.change(field(view, id), { target: { value } });
const type = (view: Mounted, value: string) => fireEvent.change(field(view, "invoice-search"), { target: { value } });
const button = (view: Mounted, name: string) => view.screen.getByRole("button", { name });
const sortButton = (view: Mounted, label: string) =>
  [...view.root.querySelectorAll<HTMLButtonElement>("thead .sort-button")].find((b) => b.firstChild!.textContent === label)!;
const ariaSort = (view: Mounted) => [...view.root.querySelectorAll("thead th")].map((th) => th.getAttribute("aria-sort"));

beforeEach(() => resetPage());

describe("<macc-invoices>", () => {
  it("anonymous: a prompt to log in, no request", async () => {
    const calls = stubApi({});
    const view = await mount(TAG);
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByText(TEXT.anonymous)).toBeTruthy();
    expect(view.screen.getByRole("link", { name: TEXT.logIn }).getAttribute("href")).toBe(HREF.login);
    expect(view.root.querySelector("table")).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.calls).toHaveLength(0);
  });

  describe("networks", () => {
    it.each<[string, string]>([
      ["GBR", ""],
      ["BLG", ""],
      ["ESP", ""],
      ["ITA", ' theme="macc"'],
    ])("%s company%s: a clear message and a link to the contacts, no request", async (network, attribute) => {
      const calls = stubApi({});
      logIn(network);
      const view = await mount(`<macc-invoices${attribute}></macc-invoices>`);
      expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
      expect(view.root.querySelector(".alert")!.textContent).toBe(TEXT.notAvailable);
      expect(view.screen.getByRole("link", { name: TEXT.contactUs }).getAttribute("href")).toBe(HREF.contacts);
      expect(view.root.querySelector("table, form")).toBeNull();
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.calls).toHaveLength(0);
    });

    it.each<[string, string]>([
      ["FRA", ""],
      ["AGR", ""],
      ["FIL", ""],
      ["EXP", ""],
      ["GBR", ' theme="agri"'],
    ])("%s company%s: the list", async (network, attribute) => {
      const calls = api(server(invoices(3)));
      logIn(network);
      const view = await mountList(`<macc-invoices${attribute}></macc-invoices>`);
      expect(rows(view)).toHaveLength(3);
      expect(calls.callsTo(LIST)).toHaveLength(1);
      expect(view.root.querySelector(".alert")).toBeNull();
    });
  });

  describe("the list", () => {
    it("asks for the first page, newest first, with the company's token; shows every column", async () => {
      const calls = api(
        server([
          invoice(2, { amountCents: 123_456, paid: false }),
          invoice(1, { reference: null, dueDate: null, currency: "GBP", amountCents: 9_900, paid: true }),
        ]),
      );
      logIn();
      const view = await mountList();
      const [call] = calls.callsTo(LIST);
      expect(Object.fromEntries(call!.query)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
      expect(call!.headers.authorization).toBe("Bearer company-token-1");

      expect([...view.root.querySelectorAll("thead th")].map((th) => th.textContent!.replace(/[▲▼↕]/, ""))).toEqual(TEXT.columns);
      expect(rows(view)).toEqual([
        ["F2020-0002", "15/02/2020", "CDE-2", "1\u202f234,56\u00a0€", "28/02/2020", TEXT.unpaid],
        ["F2020-0001", "15/01/2020", "—", "99,00\u00a0£GB", "—", TEXT.paid],
      ]);
      // The invoice number heads its row; each row has its own PDF button.
      expect(tbody(view).querySelector("tr > th[scope=row]")!.textContent).toBe("F2020-0002");
      expect(view.screen.getByRole("button", { name: TEXT.pdf("F2020-0001") })).toBeTruthy();
      expect(statusLine(view)).toBe(TEXT.range(1, 2, 2));
      expect(view.root.querySelector(".pagination")).toBeNull();
      expect(view.screen.getByRole("search", { name: TEXT.searchForm })).toBeTruthy();
    });

    it("no invoice at all: an invitation to contact the sales team, with the contact form's link; no filters", async () => {
      api({ body: { items: [], total: 0, page: 1, pageSize: 25, years: [] } });
      logIn();
      const view = await mount(TAG);
      const link = await view.screen.findByRole("link", { name: TEXT.contactSales });
      expect(link.getAttribute("href")).toBe(HREF.contactForm);
      expect(view.root.querySelector(".alert")!.textContent).toBe(TEXT.none + TEXT.contactSales);
      expect(view.root.querySelector("table, form, .pagination")).toBeNull();
    });

    it("while the first page loads: skeleton rows in a busy table body, then the invoices", async () => {
      const answer = deferred();
      api(answer.handler);
      logIn();
      const view = await mount(TAG);
      await answer.started;
      expect(tbody(view).getAttribute("aria-busy")).toBe("true");
      expect(tbody(view).querySelectorAll(".skeleton-row")).toHaveLength(8);
      expect(statusLine(view)).toBe("");
      answer.resolve(server(invoices(3))({ query: new URLSearchParams("page=1&pageSize=25") } as ApiCall));
      await settled(view);
      expect(tbody(view).getAttribute("aria-busy")).toBe("false");
      expect(numbers(view)).toEqual(["F2020-0003", "F2020-0002", "F2020-0001"]);
    });

    it.each<[string, RouteHandler]>([
      ["500", problem(500)],
      ["403", problem(403)],
      ["an answer that is not a page", { body: { items: "none" } }],
    ])("load failure (%s): a message and “try again”, which reloads; no toast", async (_label, failure) => {
      let attempts = 0;
      const ok = server(invoices(3));
      const calls = api((call) => (++attempts === 1 ? (typeof failure === "function" ? failure(call) : failure) : ok(call)));
      logIn();
      const view = await mount(TAG);
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.loadFailed);
      expect(view.root.querySelector("table")).toBeNull();
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(button(view, TEXT.tryAgain));
      await waitFor(() => expect(numbers(view)).toHaveLength(3));
      expect(calls.callsTo(LIST)).toHaveLength(2);
      expect(view.screen.queryByText(TEXT.loadFailed)).toBeNull();
    });

    it("a failure after a first page keeps that page on screen and says the list was not updated", async () => {
      const ok = server(invoices(60));
      const calls = api((call) => (call.query.get("page") === "2" ? problem(500) : ok(call)));
      logIn();
      const view = await mountList();
      const first = numbers(view);
      fireEvent.click(button(view, TEXT.next));
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.updateFailed);
      expect(numbers(view)).toEqual(first);
      expect(calls.callsTo(LIST)).toHaveLength(2);
    });

    it("reloads from the first page when the customer switches company", async () => {
      const calls = api();
      signIn(user([company({ idTier: "T1" }), company({ idTier: "T2", token: "company-token-2" })]));
      const view = await mountList();
      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      getCore().store.getState().chooseCompany("T2");
      await answered(view, calls, 3);
      const last = calls.callsTo(LIST).at(-1)!;
      expect(last.headers.authorization).toBe("Bearer company-token-2");
      expect(last.query.get("page")).toBe("1");
    });
  });

  describe("paging", () => {
    it("25 a page: previous/next, the current page marked, the range in the status line", async () => {
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      const nav = view.screen.getByRole("navigation", { name: TEXT.pages });
      const pageButtons = () => [...nav.querySelectorAll("ol button")].map((b) => [b.textContent, b.getAttribute("aria-current")]);
      expect(pageButtons()).toEqual([
        [TEXT.page(1), "page"],
        [TEXT.page(2), null],
        [TEXT.page(3), null],
      ]);
      expect((button(view, TEXT.previous) as HTMLButtonElement).disabled).toBe(true);
      expect(statusLine(view)).toBe(TEXT.range(1, 25, 60));

      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      expect(lastQuery(calls)).toMatchObject({ page: "2", sort: "date", order: "desc" });
      expect(statusLine(view)).toBe(TEXT.range(26, 50, 60));
      expect(numbers(view)[0]).toBe(invoice(35).number);
      expect(button(view, TEXT.page(2)).getAttribute("aria-current")).toBe("page");

      fireEvent.click(button(view, TEXT.page(3)));
      await answered(view, calls, 3);
      expect(statusLine(view)).toBe(TEXT.range(51, 60, 60));
      expect(rows(view)).toHaveLength(10);
      expect((button(view, TEXT.next) as HTMLButtonElement).disabled).toBe(true);
      expect((button(view, TEXT.previous) as HTMLButtonElement).disabled).toBe(false);

      fireEvent.click(button(view, TEXT.previous));
      await answered(view, calls, 4);
      expect(lastQuery(calls).page).toBe("2");
    });

    it("many pages: the first, the last and the neighbours of the current one, gaps marked", async () => {
      const calls = api(server(invoices(250)));
      logIn();
      const view = await mountList();
      const shown = () =>
        [...view.root.querySelectorAll(".pagination ol li")].map(
          (li) => (li.querySelector("[aria-hidden]") ? "… " : "") + li.querySelector("button")!.textContent!.replace(/^\D+/, ""),
        );
      expect(shown()).toEqual(["1", "2", "… 10"]);
      fireEvent.click(button(view, TEXT.page(10)));
      await answered(view, calls, 2);
      expect(shown()).toEqual(["1", "… 9", "10"]);
      fireEvent.click(button(view, TEXT.page(9)));
      await answered(view, calls, 3);
      expect(shown()).toEqual(["1", "… 8", "9", "10"]);
      expect(statusLine(view)).toBe(TEXT.range(201, 225, 250));
    });

    it("a search counted only in part: “more than” in the status line, and the page after the last counted one offered", async () => {
      // As the API answers a common fragment: matches counted up to 1,000 past the page, then "more than".
      const calls = api(({ query }) => {
        const page = Number(query.get("page"));
        const total = page * 25 >= 1_000 ? 2_000 : 1_000;
        const items = invoices(25).map((i) => ({ ...i, id: `${i.id}-${page}` }));
        return { body: { items, total, moreThanTotal: true, page, pageSize: 25, years: [] } };
      });
      logIn();
      const view = await mountList();
      expect(statusLine(view)).toBe(TEXT.rangeMore(1, 25, 1_000));
      const last = () => view.root.querySelector(".pagination ol li:last-child button")!.textContent!.replace(/^\D+/, "");
      expect(last()).toBe("41");
      fireEvent.click(button(view, TEXT.page(41)));
      await answered(view, calls, 2);
      expect(lastQuery(calls).page).toBe("41");
      expect(statusLine(view)).toBe(TEXT.rangeMore(1_001, 1_025, 2_000));
      expect(last()).toBe("81");
      expect((button(view, TEXT.next) as HTMLButtonElement).disabled).toBe(false);
    });
  });

  describe("sorting", () => {
    it("newest first at the start: aria-sort on the date column only", async () => {
      api(server(invoices(3)));
      logIn();
      const view = await mountList();
      expect(ariaSort(view)).toEqual([null, "descending", null, null, null, null, null]);
    });

    it.each<[string, Array<[string, string, string, number]>]>([
      // clicks: [column label, sort, order, column index with aria-sort]
      [
        "amount, then amount again, then number",
        [
          ["Montant", "amount", "desc", 3],
          ["Montant", "amount", "asc", 3],
          ["Numéro", "number", "desc", 0],
        ],
      ],
      [
        "date (already desc) → asc → desc",
        [
          ["Date de facture", "date", "asc", 1],
          ["Date de facture", "date", "desc", 1],
        ],
      ],
    ])("%s", async (_label, steps) => {
      const calls = api(server(invoices(3)));
      logIn();
      const view = await mountList();
      for (const [i, [label, sort, order, column]] of steps.entries()) {
        fireEvent.click(sortButton(view, label));
        await answered(view, calls, i + 2);
        expect(lastQuery(calls)).toMatchObject({ sort, order, page: "1" });
        const expected: Array<string | null> = Array(7).fill(null);
        expected[column] = order === "asc" ? "ascending" : "descending";
        expect(ariaSort(view)).toEqual(expected);
      }
    });

    it("sorting goes back to the first page and shows the server's order", async () => {
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      fireEvent.click(sortButton(view, "Montant"));
      await answered(view, calls, 3);
      expect(lastQuery(calls)).toMatchObject({ page: "1", sort: "amount", order: "desc" });
      expect(numbers(view)[0]).toBe(invoice(60).number);
      fireEvent.click(sortButton(view, "Montant"));
      await answered(view, calls, 4);
      expect(numbers(view)[0]).toBe(invoice(1).number);
    });
  });

  describe("search and filters", () => {
    it("the search box says that a search of 1 or 2 characters looks only at the start of the number", async () => {
      api();
      logIn();
      const view = await mountList();
      const box = view.screen.getByRole("searchbox", { name: TEXT.search });
      const hint = view.root.getElementById(box.getAttribute("aria-describedby")!)!;
      expect(hint.textContent).toBe(TEXT.searchHint);
    });

    it("the search waits until the customer pauses typing (debounce), sends the trimmed text once, from page 1", async () => {
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      type(view, "F");
      await new Promise((r) => setTimeout(r, 100));
      type(view, "F2023");
      await new Promise((r) => setTimeout(r, 100));
      type(view, "  F2024 ");
      // Less than the pause since the last key: nothing sent yet.
      await new Promise((r) => setTimeout(r, 200));
      expect(calls.callsTo(LIST)).toHaveLength(2);
      await answered(view, calls, 3);
      await new Promise((r) => setTimeout(r, 400));
      expect(calls.callsTo(LIST)).toHaveLength(3);
      expect(lastQuery(calls)).toMatchObject({ q: "F2024", page: "1" });
      expect(numbers(view)).toEqual(
        invoices(60)
          .filter((i) => i.number.startsWith("F2024"))
          .map((i) => i.number),
      );
      expect(statusLine(view)).toBe(TEXT.range(1, 12, 12));
    });

    it("the search button (or Enter) searches at once", async () => {
      const calls = api(server(invoices(3)));
      logIn();
      const view = await mountList();
      type(view, "CDE-7");
      fireEvent.click(button(view, TEXT.searchButton));
      await waitFor(() => expect(calls.callsTo(LIST)).toHaveLength(2));
      expect(lastQuery(calls).q).toBe("CDE-7");
    });

    it("filters without results: the filters stay, “no invoice matches”, and clearing them starts over", async () => {
      const calls = api(server(invoices(3)));
      logIn();
      const view = await mountList();
      expect(view.screen.queryByRole("button", { name: TEXT.clear })).toBeNull();
      type(view, "ZZZ");
      fireEvent.submit(view.root.querySelector("form")!);
      await answered(view, calls, 2);
      expect(statusLine(view)).toBe(TEXT.noMatch);
      expect(rows(view)).toEqual([]);
      // No column headers above "no invoice matches": there is nothing under them.
      expect(view.root.querySelector("table, thead, [role=columnheader]")).toBeNull();
      // Not the "no invoices at all" invitation: the filters are still there to change.
      expect(view.screen.queryByText(TEXT.none)).toBeNull();
      expect(field<HTMLInputElement>(view, "invoice-search").value).toBe("ZZZ");

      // While the unfiltered list loads: still the form, never the "no invoices at all" invitation,
      // not even for one render (it would drop the form, and the focus with it).
      const invitations: string[] = [];
      const watch = new MutationObserver((records) => {
        for (const node of records.flatMap((r) => [...r.addedNodes])) {
          if (node.textContent?.includes(TEXT.none)) invitations.push(node.textContent);
        }
      });
      watch.observe(view.root, { childList: true, subtree: true, characterData: true });
      onTestFinished(() => watch.disconnect());
      fireEvent.click(button(view, TEXT.clear));
      expect(field(view, "invoice-search")).not.toBeNull();
      await answered(view, calls, 3);
      expect(invitations).toEqual([]);
      expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
      expect(field<HTMLInputElement>(view, "invoice-search").value).toBe("");
      expect(rows(view)).toHaveLength(3);
      expect(view.screen.queryByRole("button", { name: TEXT.clear })).toBeNull();
      // The button is gone: focus goes to the search field, not the page's body.
      expect(view.root.activeElement).toBe(field(view, "invoice-search"));
    });

    it("the status filter: unpaid or paid invoices only", async () => {
      const calls = api(server(invoices(12)));
      logIn();
      const view = await mountList();
      const options = [...field<HTMLSelectElement>(view, "invoice-status").options].map((o) => [o.value, o.textContent]);
      expect(options).toEqual([
        ["", "Toutes"],
        ["unpaid", TEXT.unpaid],
        ["paid", TEXT.paid],
      ]);
      select(view, "invoice-status", "unpaid");
      await answered(view, calls, 2);
      expect(lastQuery(calls).status).toBe("unpaid");
      expect(rows(view).map((r) => r[5])).toEqual([TEXT.unpaid, TEXT.unpaid, TEXT.unpaid]);
    });

    it("choices made one step at a time (arrow keys on a select) ask for one list, once the customer pauses", async () => {
      const calls = api(server(invoices(84)));
      logIn();
      const view = await mountList();
      // A key press every 60 ms, as someone holding or tapping an arrow key.
      for (const year of ["2026", "2025", "2024", "2023"]) {
        select(view, "invoice-year", year);
        await new Promise((r) => setTimeout(r, 60));
      }
      select(view, "invoice-status", "paid");
      // What the selects show follows at once.
      expect(field<HTMLSelectElement>(view, "invoice-year").value).toBe("2023");
      await answered(view, calls, 2);
      await new Promise((r) => setTimeout(r, 500));
      expect(calls.callsTo(LIST)).toHaveLength(2);
      expect(lastQuery(calls)).toMatchObject({ year: "2023", status: "paid" });
    });

    it("the years of the answer, archive years marked", async () => {
      api(server(invoices(84)));
      logIn();
      const view = await mountList();
      expect([...field<HTMLSelectElement>(view, "invoice-year").options].map((o) => [o.value, o.textContent])).toEqual([
        ["", TEXT.allYears],
        ["2026", "2026"],
        ["2025", "2025"],
        ["2024", "2024"],
        ["2023", "2023"],
        ["2022", TEXT.archiveYear(2022)],
        ["2021", TEXT.archiveYear(2021)],
        ["2020", TEXT.archiveYear(2020)],
      ]);
    });

    it.each<[number, string, boolean]>([
      [2024, "year", false],
      [2023, "year", false],
      [2022, "annee", true],
      [2020, "annee", true],
    ])("year %i → the %s parameter; archive note: %s", async (year, parameter, archive) => {
      const calls = api(server(invoices(84)));
      logIn();
      const view = await mountList();
      select(view, "invoice-year", String(year));
      await answered(view, calls, 2);
      const query = lastQuery(calls);
      expect(query[parameter]).toBe(String(year));
      expect(query).not.toHaveProperty(parameter === "year" ? "annee" : "year");
      expect(rows(view).map((r) => r[1]!.slice(-4))).toEqual(Array(12).fill(String(year)));
      expect(view.root.querySelector(".note")?.textContent ?? null).toBe(archive ? TEXT.archiveNote(year) : null);
      // Back to every year: no year parameter at all, no note.
      select(view, "invoice-year", "");
      await answered(view, calls, 3);
      expect(lastQuery(calls)).not.toHaveProperty("year");
      expect(lastQuery(calls)).not.toHaveProperty("annee");
      expect(view.root.querySelector(".note")).toBeNull();
    });
  });

  describe("cards on narrow screens", () => {
    it("each cell carries its column's header as label (the action cell none); the roles keep the table semantics", async () => {
      api(server(invoices(2)));
      logIn();
      const view = await mountList();
      const table = view.screen.getByRole("table");
      expect(table.getAttribute("role")).toBe("table");
      for (const tr of tbody(view).querySelectorAll("tr")) {
        expect(tr.getAttribute("role")).toBe("row");
        expect([...tr.children].map((c) => c.getAttribute("data-label"))).toEqual([...TEXT.columns.slice(0, 6), null]);
        expect([...tr.children].map((c) => c.getAttribute("role"))).toEqual(["rowheader", "cell", "cell", "cell", "cell", "cell", "cell"]);
      }
      expect([...view.root.querySelectorAll("thead th")].map((th) => th.getAttribute("role"))).toEqual(Array(7).fill("columnheader"));
      // The sortable headers stay visible as sort buttons on cards; the others are marked as such.
      expect([...view.root.querySelectorAll("thead th.sortable .sort-button")].map((b) => b.firstChild!.textContent)).toEqual([
        "Numéro",
        "Date de facture",
        "Montant",
      ]);
    });
  });

  describe("the list state kept with the address (Back, reload)", () => {
    const KEY = "macc-invoices";
    const entry = () => (history.state as Record<string, string> | null)?.[KEY];
    const atEntry = (search: string) => history.replaceState({ [KEY]: search }, "");
    const back = () => history.back();

    it("standalone: an entry's state (coming back to the page) is shown at once: request, fields, sort and page", async () => {
      atEntry("statut=paid&tri=amount-asc&page=2&q=F20");
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      expect(calls.callsTo(LIST)).toHaveLength(1);
      expect(lastQuery(calls)).toEqual({ page: "2", pageSize: "25", sort: "amount", order: "asc", status: "paid", q: "F20" });
      expect(field<HTMLSelectElement>(view, "invoice-status").value).toBe("paid");
      expect(field<HTMLInputElement>(view, "invoice-search").value).toBe("F20");
      expect(ariaSort(view)[3]).toBe("ascending");
      expect(button(view, TEXT.page(2)).getAttribute("aria-current")).toBe("page");
    });

    it("standalone: the host page's own address and history state are left alone", async () => {
      history.replaceState({ cms: "kept" }, "", "/produits?page=4&q=tracteur");
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      expect(lastQuery(calls)).toMatchObject({ page: "1" });
      expect(lastQuery(calls)).not.toHaveProperty("q");
      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      expect(location.pathname + location.search).toBe("/produits?page=4&q=tracteur");
      expect(history.state).toEqual({ cms: "kept", [KEY]: "page=2" });
    });

    it.each<[string]>([
      ["page=-1&tri=price-up&annee=99&statut=open&q=a%00b"],
      ["page=1e3"],
      ["tri=amount-asc-asc"],
      [`q=${"F".repeat(51)}`],
    ])("invalid values (%s) are ignored: the first page, newest first", async (search) => {
      atEntry(search);
      const calls = api(server(invoices(30)));
      logIn();
      const view = await mountList();
      expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
      expect(rows(view)).toHaveLength(25);
    });

    it("a page past the end goes to the last page; a year without invoices is dropped (the entry replaced)", async () => {
      atEntry("page=9&statut=unpaid");
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      await answered(view, calls, 2);
      expect(lastQuery(calls)).toMatchObject({ page: "1", status: "unpaid" });
      expect(entry()).toBe("statut=unpaid");

      atEntry("annee=2019&page=2");
      window.dispatchEvent(new PopStateEvent("popstate"));
      await waitFor(() => expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" }));
      expect(entry()).toBe("");
      expect(field<HTMLSelectElement>(view, "invoice-year").value).toBe("");
    });

    it("an archive year from the address is asked with annee, once the years are known", async () => {
      atEntry("annee=2021");
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      await waitFor(() => expect(lastQuery(calls)).toMatchObject({ annee: "2021" }));
      expect(lastQuery(calls)).not.toHaveProperty("year");
      await settled(view);
      expect(view.root.querySelector(".note")!.textContent).toBe(TEXT.archiveNote(2021));
      expect(field<HTMLSelectElement>(view, "invoice-year").value).toBe("2021");
    });

    it("pages add history entries and Back returns to the previous page", async () => {
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      const length = history.length;
      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      fireEvent.click(button(view, TEXT.page(3)));
      await answered(view, calls, 3);
      expect(history.length).toBe(length + 2);
      expect(entry()).toBe("page=3");

      back();
      await answered(view, calls, 4);
      expect(lastQuery(calls).page).toBe("2");
      expect(button(view, TEXT.page(2)).getAttribute("aria-current")).toBe("page");
    });

    it("filters and sorting go back to page 1 in the same entry: Back leaves the list state before them", async () => {
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      select(view, "invoice-status", "unpaid");
      await answered(view, calls, 3);
      fireEvent.click(sortButton(view, "Montant"));
      await answered(view, calls, 4);
      expect(entry()).toBe("statut=unpaid&tri=amount-desc");
      back();
      await answered(view, calls, 5);
      expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
      expect(field<HTMLSelectElement>(view, "invoice-status").value).toBe("");
      expect(ariaSort(view)[1]).toBe("descending");
    });

    it("typing replaces the entry once the customer pauses (no entry per key); Back restores the search box", async () => {
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      fireEvent.click(button(view, TEXT.next));
      await answered(view, calls, 2);
      const length = history.length;
      for (const text of ["F", "F2", "F20", "F202", "F2024"]) type(view, text);
      await answered(view, calls, 3);
      expect(entry()).toBe("q=F2024");
      expect(history.length).toBe(length);

      back();
      await answered(view, calls, 4);
      expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
      expect(field<HTMLInputElement>(view, "invoice-search").value).toBe("");
      // Restoring the box does not send a search of its own.
      await new Promise((r) => setTimeout(r, 450));
      expect(calls.callsTo(LIST)).toHaveLength(4);
    });

    it("clearing the filters empties the state in the entry", async () => {
      atEntry("q=CDE&statut=paid&annee=2024");
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      fireEvent.click(button(view, TEXT.clear));
      await answered(view, calls, 2);
      expect(entry()).toBe("");
      expect(field<HTMLInputElement>(view, "invoice-search").value).toBe("");
    });

    it("another company: the list starts over, and so does the stored state", async () => {
      atEntry("statut=paid&page=2");
      const calls = api();
      signIn(user([company({ idTier: "T1" }), company({ idTier: "T2", token: "company-token-2" })]));
      const view = await mountList();
      expect(lastQuery(calls)).toMatchObject({ page: "2", status: "paid" });
      getCore().store.getState().chooseCompany("T2");
      await answered(view, calls, 2);
      expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
      expect(entry()).toBe("");
      await new Promise((r) => setTimeout(r, 50));
      expect(calls.callsTo(LIST)).toHaveLength(2);
    });

    describe("in <macc-portal>: the query string of the FACTURES address", () => {
      const FOOTER = "GET /api/servicesMACC/reseau/FRA/type/gen";
      const FOOTER_BODY = {
        adresseTitre: "MACC France",
        adresseLigne1: "12 route des Moissons",
        codePostal: "51100",
        ville: "Reims",
        listSousServices: [],
      };
      async function mountPortal(path: string) {
        history.replaceState(null, "", path);
        const calls = stubApi(
          { ...sessionRoutes(), [FOOTER]: { body: FOOTER_BODY }, [LIST]: server(invoices(60)) },
          { unmatched: "pending" },
        );
        logIn();
        const view = await mount("<macc-portal></macc-portal>");
        // The portal loads the screen's code and texts first: slower than a standalone element.
        await waitFor(() => expect(view.root.querySelector("main tbody[aria-busy=false]")).not.toBeNull(), { timeout: 10_000 });
        return { view, calls };
      }

      it("an address with a state opens the list in that state (a reload, a shared link)", async () => {
        const { view, calls } = await mountPortal("/portail/mon-compte/factures?statut=unpaid&tri=number-asc&q=F20");
        expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "number", order: "asc", status: "unpaid", q: "F20" });
        expect(field<HTMLSelectElement>(view, "invoice-status").value).toBe("unpaid");
      });

      it("pages push addresses, filters replace them, Back returns; other parameters and the path stay", async () => {
        const { view, calls } = await mountPortal("/portail/mon-compte/factures?lang=fr");
        const length = history.length;
        fireEvent.click(button(view, TEXT.next));
        await answered(view, calls, 2);
        expect(location.pathname + location.search).toBe("/portail/mon-compte/factures?lang=fr&page=2");
        expect(history.length).toBe(length + 1);

        select(view, "invoice-year", "2024");
        await answered(view, calls, 3);
        expect(location.search).toBe("?lang=fr&annee=2024");
        expect(history.length).toBe(length + 1);

        back();
        await answered(view, calls, 4);
        expect(location.search).toBe("?lang=fr");
        expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
        expect(field<HTMLSelectElement>(view, "invoice-year").value).toBe("");
      });

      it("invalid values in the address: the list with its defaults, no crash", async () => {
        const { view, calls } = await mountPortal("/portail/mon-compte/factures?page=0&annee=abcd&statut=%00&tri=");
        expect(lastQuery(calls)).toEqual({ page: "1", pageSize: "25", sort: "date", order: "desc" });
        expect(rows(view)).toHaveLength(25);
      });
    });
  });

  describe("downloads", () => {
    /** Stubs the object URL and the anchor click of saveBlob; returns what was saved. */
    function captureSaves() {
      const saved: Array<{ blob: Blob; href: string; download: string; target: string; inPage: boolean }> = [];
      const blobs = new Map<string, Blob>();
      let n = 0;
      const spies = [
        vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
          const url = `blob:test/${++n}`;
          blobs.set(url, blob as Blob);
          return url;
        }),
        vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined),
        vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
          saved.push({
            blob: blobs.get(this.href)!,
            href: this.href,
            download: this.download,
            target: this.target,
            inPage: this.isConnected,
          });
        }),
      ];
      onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
      return saved;
    }

    const PDF_BODY: StubResponse = { body: "%PDF-1.4 facture", headers: { "Content-Type": "application/pdf" } };

    it.each<[string, string]>([
      ["inv-60", "F2024-0060"],
      ["inv-1", "F2020-0001"],
    ])("PDF of %s: GET …/pdf with the token, saved as facture-%s.pdf", async (id, number) => {
      const saved = captureSaves();
      const calls = api(server(invoices(60)), { [PDF("inv-60")]: PDF_BODY, [PDF("inv-1")]: PDF_BODY });
      logIn();
      const view = await mountList();
      if (id === "inv-1") {
        fireEvent.click(button(view, TEXT.page(3)));
        await answered(view, calls, 2);
      }
      fireEvent.click(button(view, TEXT.pdf(number)));
      await waitFor(() => expect(saved).toHaveLength(1));
      const [call] = calls.callsTo(PDF(id));
      expect(call!.headers.authorization).toBe("Bearer company-token-1");
      expect(saved[0]).toMatchObject({ download: `facture-${number}.pdf`, href: "blob:test/1", inPage: true });
      expect(saved[0]!.blob.type).toBe("application/pdf");
      // The temporary link does not stay in the page.
      expect(document.body.querySelector("a")).toBeNull();
      expect(view.root.querySelector('[role="alert"]')).toBeNull();
    });

    it("an invoice id is encoded in the PDF address", async () => {
      const saved = captureSaves();
      const calls = api(server([invoice(1, { id: "2026/A 7" })]), { "GET /api/me/invoices/2026%2FA%207/pdf": PDF_BODY });
      logIn();
      const view = await mountList();
      fireEvent.click(button(view, TEXT.pdf("F2020-0001")));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(calls.callsTo("GET /api/me/invoices/2026%2FA%207/pdf")).toHaveLength(1);
    });

    it("the PDF button is busy while downloading, ignoring clicks", async () => {
      const saved = captureSaves();
      const answer = deferred();
      const calls = api(server(invoices(3)), { [PDF("inv-3")]: answer.handler });
      logIn();
      const view = await mountList();
      const pdf = button(view, TEXT.pdf("F2020-0003"));
      fireEvent.click(pdf);
      await answer.started;
      await waitFor(() => expect(pdf.getAttribute("aria-disabled")).toBe("true"));
      fireEvent.click(pdf);
      answer.resolve(PDF_BODY);
      await waitFor(() => expect(saved).toHaveLength(1));
      await waitFor(() => expect(pdf.getAttribute("aria-disabled")).toBeNull());
      expect(calls.callsTo(PDF("inv-3"))).toHaveLength(1);
    });

    it.each<[string, StubResponse]>([
      ["404", problem(404)],
      ["500", problem(500)],
    ])("PDF failure (%s): “download failed” on that row only; no file, no toast; a new try can succeed", async (_label, failure) => {
      const saved = captureSaves();
      let attempts = 0;
      api(server(invoices(3)), { [PDF("inv-2")]: () => (++attempts === 1 ? failure : PDF_BODY) });
      logIn();
      const view = await mountList();
      fireEvent.click(button(view, TEXT.pdf("F2020-0002")));
      const alert = await view.screen.findByRole("alert");
      expect(alert.textContent).toBe(TEXT.downloadFailed);
      expect(alert.closest("tr")!.querySelector("th")!.textContent).toBe("F2020-0002");
      expect(saved).toHaveLength(0);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(button(view, TEXT.pdf("F2020-0002")));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(view.root.querySelector('[role="alert"]')).toBeNull();
    });

    it.each<[number, number]>([
      [2024, 12],
      [2021, 12],
    ])("a year chosen (%i, %i invoices): the year's ZIP button", async (year, _count) => {
      api(server(invoices(60)));
      logIn();
      const view = await mountList();
      expect(view.root.querySelector(".progress")).toBeNull();
      select(view, "invoice-year", String(year));
      await waitFor(() => expect(view.screen.getByRole("button", { name: TEXT.zip(year) })).toBeTruthy());
    });

    it("with a status filter, the ZIP button still offers the whole year, which is what the archive holds", async () => {
      const calls = api(server(invoices(60)));
      logIn();
      const view = await mountList();
      select(view, "invoice-year", "2020");
      await answered(view, calls, 2);
      expect(view.screen.getByRole("button", { name: TEXT.zip(2020) })).toBeTruthy();
      select(view, "invoice-status", "unpaid");
      await answered(view, calls, 3);
      expect(rows(view)).toHaveLength(3);
      expect(view.screen.getByRole("button", { name: TEXT.zip(2020) })).toBeTruthy();
    });

    /** Serves the ZIP as a stream the test feeds, with the route's headers. */
    function streamZip(calls: ApiStub) {
      const base = calls.fetch.getMockImplementation() as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      calls.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await base(input, init);
        if (!String(input).includes("/archive/") || !response.ok) return response;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        return new Response(body, { status: response.status, headers: response.headers });
      });
      return {
        opened: () => waitFor(() => expect(controller).toBeDefined()),
        send: (bytes: number) => controller!.enqueue(new Uint8Array(bytes).fill(80)),
        end: () => controller!.close(),
      };
    }

    it("ZIP download: progress while it comes, then saved as factures-YEAR.zip; a second click meanwhile sends nothing", async () => {
      const saved = captureSaves();
      const calls = api(server(invoices(60)), {
        [ZIP(2024)]: { body: "", headers: { "Content-Type": "application/zip", "Content-Length": "1000" } },
      });
      const zip = streamZip(calls);
      logIn();
      const view = await mountList();
      select(view, "invoice-year", "2024");
      const start = await waitFor(() => button(view, TEXT.zip(2024)));
      fireEvent.click(start);
      await zip.opened();
      const progress = await waitFor(() => {
        const found = view.root.querySelector<HTMLProgressElement>(".progress progress");
        if (!found) throw new Error("no progress bar");
        return found;
      });
      expect(view.root.getElementById(progress.getAttribute("aria-labelledby")!)!.textContent).toBe(TEXT.preparing);
      expect(progress.getAttribute("max")).toBe("100");
      expect(start.getAttribute("aria-disabled")).toBe("true");

      zip.send(250);
      await waitFor(() => expect(progress.getAttribute("value")).toBe("25"));
      fireEvent.click(start);
      zip.send(500);
      await waitFor(() => expect(progress.getAttribute("value")).toBe("75"));
      zip.send(250);
      zip.end();

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatchObject({ download: "factures-2024.zip" });
      expect(saved[0]!.blob.size).toBe(1000);
      expect(saved[0]!.blob.type).toBe("application/zip");
      expect(calls.callsTo(ZIP(2024))).toHaveLength(1);
      expect(calls.callsTo(ZIP(2024))[0]!.headers.authorization).toBe("Bearer company-token-1");
      await waitFor(() => expect(view.root.querySelector(".progress progress")).toBeNull());
      expect(start.getAttribute("aria-disabled")).toBeNull();
    });

    it("ZIP download without Content-Length: the progress stays (indeterminate) until the file is there", async () => {
      captureSaves();
      const calls = api(server(invoices(60)), { [ZIP(2024)]: { body: "", headers: { "Content-Type": "application/zip" } } });
      const zip = streamZip(calls);
      logIn();
      const view = await mountList();
      select(view, "invoice-year", "2024");
      const start = await waitFor(() => button(view, TEXT.zip(2024)));
      fireEvent.click(start);
      await zip.opened();
      zip.send(300);
      await new Promise((r) => setTimeout(r, 30));
      expect(view.root.querySelector(".progress progress")).not.toBeNull();
      expect(view.root.querySelector(".progress")!.textContent).toContain(TEXT.preparing);
      expect(start.getAttribute("aria-disabled")).toBe("true");
      zip.end();
    });

    it("ZIP failure: the message beside the button; no file, no toast; a new try clears it", async () => {
      const saved = captureSaves();
      let attempts = 0;
      api(server(invoices(60)), {
        [ZIP(2022)]: () => (++attempts === 1 ? problem(500) : { body: "PK", headers: { "Content-Type": "application/zip" } }),
      });
      logIn();
      const view = await mountList();
      select(view, "invoice-year", "2022");
      fireEvent.click(await waitFor(() => button(view, TEXT.zip(2022))));
      expect((await view.screen.findByRole("alert")).textContent).toBe(TEXT.zipFailed);
      expect(view.root.querySelector(".progress progress")).toBeNull();
      expect(saved).toHaveLength(0);
      expect(getCore().toasts.getState().toasts).toHaveLength(0);
      fireEvent.click(button(view, TEXT.zip(2022)));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(view.screen.queryByText(TEXT.zipFailed)).toBeNull();
    });
  });
});
