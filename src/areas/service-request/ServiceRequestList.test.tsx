import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-portal";
import {
  company,
  mount,
  problem,
  resetPage,
  sessionRoutes,
  signIn,
  stubApi,
  user,
  waitFor,
  type Mounted,
  type RouteHandler,
} from "../../test/elements";

const PAGE = "/portail/mon-compte/demandes-intervention";
const LIST = "GET /api/me/service-requests";
const TIMELINE = "GET /api/me/service-requests/D-2026-7K3M9Q/timeline";
const CANCEL = "POST /api/me/service-requests/D-2026-7K3M9Q/cancel";
const MESSAGE = "POST /api/me/service-requests/D-2026-7K3M9Q/messages";

const MACHINE = {
  codeFamille: "MACH",
  produit: "Machines agricoles",
  codeProduit: "MACH-TRACT-130",
  numeroSerie: "TR130-20-00391",
  dateAchat: "2022-10-17",
};
const SUMMARY = {
  reference: "D-2026-7K3M9Q",
  createdAt: "2026-11-27T08:12:00.000Z",
  status: "assigned",
  kind: "breakdown",
  urgency: "machine-stopped",
  machine: MACHINE,
  photoCount: 0,
};
const TIMELINE_BODY = {
  reference: "D-2026-7K3M9Q",
  status: "assigned",
  technician: "Atelier Dupont",
  window: null,
  cancellable: true,
  entries: [
    {
      kind: "status",
      at: "2026-11-27T08:12:00.000Z",
      author: "customer",
      status: "received",
      technician: null,
      window: null,
      message: null,
    },
    {
      kind: "status",
      at: "2026-11-27T09:00:00.000Z",
      author: "after-sales",
      status: "assigned",
      technician: "Atelier Dupont",
      window: null,
      message: "Nous vous appelons demain.",
    },
  ],
};

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({
    ...sessionRoutes(),
    "GET /api/servicesMACC/reseau/FRA/type/gen": { body: { listSousServices: [] } },
    [LIST]: { body: { requests: [SUMMARY] } },
    [TIMELINE]: { body: TIMELINE_BODY },
    ...routes,
  });
}

async function open(search = "") {
  signIn(user([company({ codeReseau: "FRA" })]));
  history.replaceState(null, "", `${PAGE}${search}`);
  const view = await mount("<macc-portal></macc-portal>");
  await waitFor(() => expect(view.root.querySelector("main h1")).not.toBeNull(), { timeout: 10_000 });
  return view;
}

const items = (view: Mounted) => [...view.root.querySelectorAll(".service-requests__item")].map((li) => li.textContent);

beforeEach(() => resetPage());

describe("My service requests (SERVICE_REQUESTS)", () => {
  it("lists the open requests, newest first, with their state; ?ref= opens the timeline", async () => {
    const calls = api();
    const view = await open("?ref=D-2026-7K3M9Q");
    expect(view.root.querySelector("main h1")!.textContent).toBe("Mes demandes d'intervention");
    await waitFor(() => expect(items(view)).toEqual([expect.stringContaining("Machines agricoles — D-2026-7K3M9Q")]));
    expect(items(view)[0]).toContain("Prise en charge");
    expect(calls.callsTo(LIST)[0]!.url).toContain("state=open");
    const timeline = await waitFor(() => view.root.querySelector(".service-requests__timeline ol")!);
    expect(timeline.textContent).toContain("Nous vous appelons demain.");
    expect(view.root.querySelector(".service-requests__timeline")!.textContent).toContain("suivie par Atelier Dupont");
  });

  it("shows the closed ones on demand, and says when there are none", async () => {
    const calls = api({ [LIST]: (call) => ({ body: { requests: call.url.includes("state=closed") ? [] : [SUMMARY] } }) });
    const view = await open();
    await waitFor(() => expect(items(view)).toHaveLength(1));
    fireEvent.click(view.screen.getByRole("button", { name: "Closes" }));
    await waitFor(() =>
      expect(view.root.querySelector("main .alert")?.textContent).toBe("Vous n'avez aucune demande d'intervention close."),
    );
    expect(calls.callsTo(LIST).some((c) => c.url.includes("state=closed"))).toBe(true);
  });

  it("says when the list cannot be loaded, and tries again on demand", async () => {
    let fail = true;
    api({ [LIST]: () => (fail ? problem(500) : { body: { requests: [SUMMARY] } }) });
    const view = await open();
    await waitFor(() => expect(view.root.textContent).toContain("Vos demandes d'intervention n'ont pas pu être chargées."));
    fail = false;
    const retry = [...view.root.querySelectorAll("main button")].find((b) => b.textContent === "Réessayer")!;
    fireEvent.click(retry);
    await waitFor(() => expect(items(view)).toHaveLength(1));
  });

  it("cancels a request not yet scheduled, and sends a message", async () => {
    const calls = api({
      [CANCEL]: { body: { ...TIMELINE_BODY, status: "cancelled", cancellable: false } },
      [MESSAGE]: {
        body: {
          ...TIMELINE_BODY,
          entries: [
            ...TIMELINE_BODY.entries,
            { ...TIMELINE_BODY.entries[0], kind: "message", status: null, message: "Le portail est ouvert." },
          ],
        },
      },
    });
    const view = await open("?ref=D-2026-7K3M9Q");
    const textarea = await waitFor(() => view.root.querySelector<HTMLTextAreaElement>("#service-request-message")!);
    fireEvent.click(view.screen.getByRole("button", { name: "Envoyer le message" }));
    await waitFor(() => expect(view.root.textContent).toContain("Écrivez un message de 2 à 2000 caractères."));
    expect(calls.callsTo(MESSAGE)).toHaveLength(0);
    fireEvent.input(textarea, { target: { value: "Le portail est ouvert." } });
    fireEvent.change(textarea, { target: { value: "Le portail est ouvert." } });
    fireEvent.click(view.screen.getByRole("button", { name: "Envoyer le message" }));
    await waitFor(() => expect(calls.callsTo(MESSAGE).map((c) => c.body)).toEqual([{ message: "Le portail est ouvert." }]));
    await waitFor(() => expect(view.root.querySelector(".service-requests__timeline ol")!.textContent).toContain("Le portail est ouvert."));
    fireEvent.click(view.screen.getByRole("button", { name: "Annuler cette demande" }));
    await waitFor(() => expect(view.root.querySelector(".service-requests__timeline p strong")!.textContent).toBe("Annulée"));
    expect(calls.callsTo(CANCEL)).toHaveLength(1);
    expect(view.screen.queryByRole("button", { name: "Annuler cette demande" })).toBeNull();
  });
});
