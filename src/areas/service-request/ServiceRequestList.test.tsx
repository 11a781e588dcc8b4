import { fireEvent } from "@testing-library/dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../elements/macc-portal";
import { offline } from "../../test/offline-forms";
import { FakeXhr } from "../../test/fake-xhr";
import { photoResizer } from "./resize";
import { videoReader } from "./video";
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
const UPLOAD = "POST /api/me/service-requests/photos";
const PHOTO = {
  id: "5b1d7c2e-8f3a-4b6c-9d0e-1f2a3b4c5d6e",
  url: "/api/me/service-requests/D-2026-7K3M9Q/photos/5b1d7c2e-8f3a-4b6c-9d0e-1f2a3b4c5d6e",
  type: "jpeg",
  size: 4,
};
const TEXT = {
  empty: "Écrivez un message, ou ajoutez une photo ou une vidéo",
  thumbnail: "Photo n° 1, s'ouvre dans un nouvel onglet",
};

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

/** The timeline answered after a message: its entry added. */
const withEntry = (entry: Record<string, unknown>) => ({
  ...TIMELINE_BODY,
  entries: [...TIMELINE_BODY.entries, { ...TIMELINE_BODY.entries[0], kind: "message", status: null, photos: [], video: null, ...entry }],
});
const sendMessage = (view: Mounted) =>
  fireEvent.click(view.root.querySelector<HTMLButtonElement>('.service-requests__write button[type="submit"]')!);
/** The photos resized (happy-dom draws no canvas): the file itself, through the module's resizer. */
let resized: Blob[] = [];
function choosePhoto(view: Mounted) {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "verin.jpg", { type: "image/jpeg" });
  fireEvent.change(view.root.getElementById("photos")!, { target: { files: [file] } });
}
/** The error summary's lines, once it shows. */
const summaryItems = (view: Mounted) =>
  waitFor(() => {
    const lines = [...view.root.querySelectorAll('.error-summary[role="alert"] li')].map((li) => li.textContent);
    expect(lines).not.toEqual([]);
    return lines;
  });

const items = (view: Mounted) => [...view.root.querySelectorAll(".service-requests__item")].map((li) => li.textContent);

beforeEach(() => {
  resetPage();
  resized = [];
  vi.spyOn(photoResizer, "resize").mockImplementation(async (file) => (resized.push(file), file));
  // A photo's upload reports its progress, by XMLHttpRequest: half, then all, then the API's answer.
  FakeXhr.sent = [];
  FakeXhr.answer = (xhr) => {
    xhr.progress(2, 4);
    xhr.progress(4, 4);
    xhr.reply(201, { id: PHOTO.id, type: "jpeg", size: 4 });
  };
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

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

  it("cancels a request not yet scheduled, and sends a message once with its key", async () => {
    const calls = api({
      [CANCEL]: { body: { ...TIMELINE_BODY, status: "cancelled", cancellable: false } },
      [MESSAGE]: { body: withEntry({ message: "Le portail est ouvert." }) },
    });
    const view = await open("?ref=D-2026-7K3M9Q");
    const textarea = await waitFor(() => view.root.querySelector<HTMLTextAreaElement>("#message")!);
    sendMessage(view);
    expect(await summaryItems(view)).toEqual([TEXT.empty]);
    expect(calls.callsTo(MESSAGE)).toHaveLength(0);
    fireEvent.change(textarea, { target: { value: "Le portail est ouvert." } });
    sendMessage(view);
    await waitFor(() =>
      expect(calls.callsTo(MESSAGE).map((c) => c.body)).toEqual([{ message: "Le portail est ouvert.", photos: [], video: null }]),
    );
    expect(calls.callsTo(MESSAGE)[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(view.root.querySelector(".service-requests__timeline ol")!.textContent).toContain("Le portail est ouvert."));
    expect(textarea.value).toBe("");
    fireEvent.click(view.screen.getByRole("button", { name: "Annuler cette demande" }));
    await waitFor(() => expect(view.root.querySelector(".service-requests__timeline p strong")!.textContent).toBe("Annulée"));
    expect(calls.callsTo(CANCEL)).toHaveLength(1);
    expect(view.screen.queryByRole("button", { name: "Annuler cette demande" })).toBeNull();
  });

  it("read again after a message, the list stays in place (busy) instead of a skeleton that would move the timeline", async () => {
    let answer!: (response: { body: unknown }) => void;
    let reads = 0;
    api({
      [LIST]: () => (++reads === 1 ? { body: { requests: [SUMMARY] } } : new Promise((resolve) => (answer = resolve))),
      [MESSAGE]: { body: withEntry({ message: "Le portail est ouvert." }) },
    });
    const view = await open("?ref=D-2026-7K3M9Q");
    await waitFor(() => expect(items(view)).toHaveLength(1));
    fireEvent.change(await waitFor(() => view.root.querySelector<HTMLTextAreaElement>("#message")!), {
      target: { value: "Le portail est ouvert." },
    });
    sendMessage(view);
    await waitFor(() => expect(reads).toBe(2));
    expect(items(view)).toHaveLength(1);
    expect(view.root.querySelector(".service-requests__list")!.getAttribute("aria-busy")).toBe("true");
    expect(view.root.querySelector('main [aria-label="Chargement de vos demandes d\'intervention"]')).toBeNull();
    answer({ body: { requests: [{ ...SUMMARY, status: "scheduled" }] } });
    await waitFor(() => expect(items(view)[0]).not.toContain("Prise en charge"));
    expect(view.root.querySelector(".service-requests__list")!.hasAttribute("aria-busy")).toBe(false);
  });

  it("a message of photos only: each resized and uploaded with its progress, then named; the timeline shows thumbnails that open the photo", async () => {
    const calls = api({
      [MESSAGE]: { body: withEntry({ message: null, photos: [PHOTO] }) },
      [`GET ${PHOTO.url}`]: { body: "jpeg", headers: { "Content-Type": "image/jpeg" } },
    });
    const view = await open("?ref=D-2026-7K3M9Q");
    await waitFor(() => expect(view.root.getElementById("photos")).not.toBeNull());
    expect(view.root.getElementById("photos-camera")!.getAttribute("capture")).toBe("environment");
    choosePhoto(view);
    await waitFor(() => expect(view.root.querySelector(".service-request__photo progress")?.getAttribute("value")).toBe("100"));
    expect(resized).toHaveLength(1);
    expect(FakeXhr.sent.map((x) => [x.method, new URL(x.url).pathname, x.headers["authorization"]?.startsWith("Bearer ")])).toEqual([
      ["POST", "/api/me/service-requests/photos", true],
    ]);
    sendMessage(view);
    await waitFor(() => expect(calls.callsTo(MESSAGE).map((c) => c.body)).toEqual([{ message: "", photos: [PHOTO.id], video: null }]));
    const link = await waitFor(() => {
      const found = view.root.querySelector<HTMLAnchorElement>(".service-requests__media a");
      if (!found) throw new Error("no thumbnail yet");
      return found;
    });
    expect(link.href).toMatch(/^blob:/);
    expect(link.target).toBe("_blank");
    expect(link.querySelector("img")!.alt).toBe(TEXT.thumbnail);
    expect(calls.callsTo(`GET ${PHOTO.url}`)).toHaveLength(1);
    // The form is empty again.
    expect(view.root.querySelector(".service-request__photo")).toBeNull();
  });

  it("a message with a video only: checked in the page, uploaded, named; the timeline plays it on demand", async () => {
    const VIDEO = { id: "9f1c2f64-3c1e-4d55-9b7a-0e1f2d3c4b5a", type: "webm", size: 4 };
    const url = `/api/me/service-requests/D-2026-7K3M9Q/videos/${VIDEO.id}`;
    vi.spyOn(videoReader, "duration").mockResolvedValue(12);
    FakeXhr.answer = (xhr) => xhr.reply(201, VIDEO);
    const calls = api({
      [MESSAGE]: { body: withEntry({ message: null, video: { ...VIDEO, url } }) },
      [`GET ${url}`]: { body: "webm", headers: { "Content-Type": "video/webm" } },
    });
    const view = await open("?ref=D-2026-7K3M9Q");
    await waitFor(() => expect(view.root.getElementById("video")).not.toBeNull());
    const file = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], "bruit.webm", { type: "video/webm" });
    fireEvent.change(view.root.getElementById("video")!, { target: { files: [file] } });
    await waitFor(() => expect(view.root.querySelector(".service-request__photo progress")?.getAttribute("value")).toBe("100"));
    sendMessage(view);
    await waitFor(() => expect(calls.callsTo(MESSAGE).map((c) => c.body)).toEqual([{ message: "", photos: [], video: VIDEO.id }]));
    const play = await waitFor(() => {
      const found = [...view.root.querySelectorAll<HTMLButtonElement>(".service-requests__media button")].find(
        (b) => b.textContent === "Lire la vidéo",
      );
      if (!found) throw new Error("no play button yet");
      return found;
    });
    expect(calls.callsTo(`GET ${url}`)).toHaveLength(0); // read only when asked for
    fireEvent.click(play);
    await waitFor(() => expect(view.root.querySelector(".service-requests__media video")?.getAttribute("src")).toMatch(/^blob:/));
    expect(calls.callsTo(`GET ${url}`)).toHaveLength(1);
  });

  it("without a network: the message waits on the device with its photo, and goes with it once back online", async () => {
    let online = false;
    const onLine = vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    try {
      const calls = api({
        [UPLOAD]: () => (online ? { status: 201, body: { id: PHOTO.id, type: "jpeg", size: 4 } } : offline()),
        [MESSAGE]: () => (online ? { body: withEntry({ message: "Voir la photo.", photos: [PHOTO] }) } : offline()),
        [`GET ${PHOTO.url}`]: { body: "jpeg", headers: { "Content-Type": "image/jpeg" } },
      });
      const view = await open("?ref=D-2026-7K3M9Q");
      const textarea = await waitFor(() => view.root.querySelector<HTMLTextAreaElement>("#message")!);
      choosePhoto(view);
      await waitFor(() => expect(view.root.querySelector(".service-request__photo .service-request__kept")).toBeTruthy());
      fireEvent.change(textarea, { target: { value: "Voir la photo." } });
      sendMessage(view);
      await waitFor(() => expect(view.root.querySelector(".service-requests__write .saved-offline")).toBeTruthy());
      expect(calls.callsTo(MESSAGE)).toHaveLength(0);

      online = true;
      window.dispatchEvent(new Event("online"));
      await waitFor(() => expect(view.root.querySelector(".service-requests__media a")).toBeTruthy());
      expect(calls.callsTo(UPLOAD)).toHaveLength(1);
      expect(calls.callsTo(MESSAGE).map((c) => c.body)).toEqual([{ message: "Voir la photo.", photos: [PHOTO.id] }]);
      await waitFor(() => expect(view.root.querySelector(".service-requests__write .saved-offline")).toBeNull());
    } finally {
      onLine.mockRestore();
    }
  });

  it("a refusal: a closed request's words, a photo not received on its field", async () => {
    api({ [MESSAGE]: problem(409, "Cette demande est close : faites une nouvelle demande pour écrire au service après-vente.") });
    const view = await open("?ref=D-2026-7K3M9Q");
    const textarea = await waitFor(() => view.root.querySelector<HTMLTextAreaElement>("#message")!);
    fireEvent.change(textarea, { target: { value: "Encore là ?" } });
    sendMessage(view);
    await waitFor(() => expect(view.root.querySelector(".service-requests__write")!.textContent).toContain("Cette demande est close"));
    expect(textarea.value).toBe("Encore là ?");
  });
});
