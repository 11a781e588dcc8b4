import { fireEvent } from "@testing-library/dom";
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
  signIn,
  stubApi,
  user,
  waitFor,
  type RouteHandler,
} from "../../test/elements";

// The dashboard reads its basket requests with its counts, in one request.
const REQUESTS = "GET /api/me/summary";
const COUNTS = { invoices: { unpaid: 0, total: 0 }, products: 0, adviser: false };
const answer = (basketRequests: typeof SENT) => ({ body: { ...COUNTS, basketRequests } });
const TITLE = "Mes demandes de panier";
const when = (iso: string) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

const SENT = [
  {
    id: "r-2",
    reference: "P-2026-000124",
    createdAt: "2026-11-24T15:05:00Z",
    status: "sent",
    items: [
      { id: "1001", nom: "Semoir Maxi-Graine 3000" },
      { id: "1002", nom: "Disque de rechange" },
    ],
  },
  {
    id: "r-1",
    reference: "P-2026-000101",
    createdAt: "2026-10-02T08:30:00Z",
    status: "sent",
    items: [{ id: "1003", nom: "Engrais azoté" }],
  },
];

function api(handler: RouteHandler) {
  return stubApi({
    ...sessionRoutes(),
    "GET /api/features": { body: { features: [] } },
    [REQUESTS]: handler,
  });
}

beforeEach(() => {
  resetPage();
  signIn(user([company(), company({ idTier: "T2", token: "company-token-2" })]));
});

describe("<macc-dashboard>: my basket requests", () => {
  it("the requests sent for this company, newest first: date, reference, items, status", async () => {
    const calls = api(answer(SENT));
    const view = await mount("<macc-dashboard></macc-dashboard>");
    await view.screen.findByText("Référence P-2026-000124");
    const section = view.screen.getByRole("region", { name: TITLE });
    const rows = [...section.querySelectorAll("li")].map((li) => [
      li.querySelector(".basket-request__date")!.textContent,
      li.querySelector(".basket-request__reference")!.textContent,
      li.querySelector(".badge-status")!.textContent,
      li.querySelector(".basket-request__items")!.textContent,
    ]);
    expect(rows).toEqual([
      [when(SENT[0]!.createdAt), "Référence P-2026-000124", "Envoyée", "Semoir Maxi-Graine 3000, Disque de rechange"],
      [when(SENT[1]!.createdAt), "Référence P-2026-000101", "Envoyée", "Engrais azoté"],
    ]);
    expect(calls.callsTo(REQUESTS)[0]!.headers.authorization).toBe("Bearer company-token-1");
  });

  it("nothing sent yet: no section", async () => {
    const calls = api(answer([]));
    const view = await mount("<macc-dashboard></macc-dashboard>");
    await waitFor(() => expect(calls.callsTo(REQUESTS)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(view.screen.queryByRole("region", { name: TITLE })).toBeNull();
  });

  it("while they load: a labelled skeleton", async () => {
    const pending = deferred();
    api(pending.handler);
    const view = await mount("<macc-dashboard></macc-dashboard>");
    await pending.started;
    expect(await view.screen.findByRole("status", { name: "Chargement de vos demandes de panier" })).toBeTruthy();
    pending.resolve(answer(SENT));
    await view.screen.findByText("Référence P-2026-000124");
  });

  it("a failure: the message and “try again”, which asks again", async () => {
    let attempts = 0;
    api(() => (++attempts === 1 ? problem(500) : answer(SENT)));
    const view = await mount("<macc-dashboard></macc-dashboard>");
    await view.screen.findByText("Vos demandes de panier ne peuvent pas être affichées pour le moment.");
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
    fireEvent.click(view.screen.getByRole("button", { name: "Réessayer" }));
    await view.screen.findByText("Référence P-2026-000124");
  });

  it("another company chosen: its own requests", async () => {
    const calls = api((call) => answer(call.headers.authorization === "Bearer company-token-2" ? [] : SENT));
    const view = await mount("<macc-dashboard></macc-dashboard>");
    await view.screen.findByRole("region", { name: TITLE });
    getCore().store.getState().chooseCompany("T2");
    await waitFor(() => expect(calls.callsTo(REQUESTS)).toHaveLength(2));
    await waitFor(() => expect(view.screen.queryByRole("region", { name: TITLE })).toBeNull());
  });
});
