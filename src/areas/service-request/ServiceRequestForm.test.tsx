import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import "../../../elements/macc-service-request";
import { VIDEO_MAX_BYTES } from "../../contract/service-request";
import { videoReader } from "./video";
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
  type Mounted,
  type RouteHandler,
} from "../../test/elements";
import { offline, savedOfflineCases, savedShown } from "../../test/offline-forms";

/**
 * The video's length as the browser would read it (happy-dom plays no video): the real checks, this
 * length. Through the module's reader, not vi.mock: the files of a worker share one module graph.
 */
const videoLength = { seconds: 12 as number | null };

const FAMILY = "GET /api/me/products/MACH";
const SEND = "POST /api/me/service-requests";

const TEXT = {
  title: "Demander une intervention",
  anonymous: "Connectez-vous pour demander l'aide de notre service après-vente pour une machine.",
  noFamily: "Choisissez la machine dans votre parc produits pour faire une demande à son sujet.",
  notFound: "Produit introuvable",
  which: "Quelle machine ?",
  summaryTitle: "Un problème a été détecté",
  required: [
    "Choisissez la machine concernée",
    "Choisissez l'objet de votre demande",
    "Décrivez le problème ou votre besoin",
    "Indiquez si la machine est à l'arrêt",
  ],
  send: "Envoyer ma demande",
  sent: "Votre demande a été envoyée. Sa référence est D-2026-7K3M9Q.",
  failed: "Votre demande n'a pas pu être envoyée. Rien n'est perdu : veuillez réessayer dans un instant.",
  hours: "Saisissez les heures en nombre entier entre 0 et 99\u202f999",
  otherAddress: "Saisissez l'adresse où se trouve la machine",
};

const MACHINES = {
  codeFamille: "MACH",
  produit: "Machines agricoles",
  achats: [
    { dateAchat: "2025-10-14", quantite: 1, codeProduit: "MACH-SEMOIR-4M", numeroSerie: "SD4-21-08817" },
    { dateAchat: "2022-10-17", quantite: 1, codeProduit: "MACH-TRACT-130", numeroSerie: "TR130-20-00391" },
  ],
  documents: { technical: [], sav: [] },
};

const SENT = {
  reference: "D-2026-7K3M9Q",
  createdAt: "2026-11-28T08:12:00.000Z",
  status: "received",
  kind: "breakdown",
  urgency: "machine-stopped",
  machine: {
    codeFamille: "MACH",
    produit: "Machines agricoles",
    codeProduit: "MACH-TRACT-130",
    numeroSerie: "TR130-20-00391",
    dateAchat: "2022-10-17",
  },
  description: "Le tracteur ne démarre plus.",
  usageHours: 4210,
  location: "farm",
  address: "La Grange Neuve, 85000 La Roche-sur-Yon",
  callTime: "morning",
  photos: [],
  sms: true,
};

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({ ...sessionRoutes(), [FAMILY]: { body: MACHINES }, [SEND]: { status: 201, body: SENT }, ...routes });
}
const logIn = () => signIn(user([company({ codeReseau: "FRA" })]));

async function mountForm(attributes = 'family="mach"') {
  const view = await mount(`<macc-service-request ${attributes}></macc-service-request>`);
  await waitFor(() => expect(view.root.querySelector("form")).toBeTruthy());
  await waitFor(() => expect(view.root.querySelector(".service-request__machine h2")?.textContent).toBe("Machines agricoles"));
  return view;
}
const field = (view: Mounted, name: string) => view.root.getElementById(name) as HTMLInputElement;
const type = (view: Mounted, name: string, value: string) => fireEvent.change(field(view, name), { target: { value } });
const choose = (view: Mounted, name: string, value: string) =>
  fireEvent.click(view.root.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!);
const submit = (view: Mounted) => fireEvent.click(view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
const summaryItems = async (view: Mounted) => {
  const summary = await waitFor(() => {
    const found = view.root.querySelector<HTMLElement>('.error-summary[role="alert"]');
    if (!found) throw new Error("no error summary");
    return found;
  });
  expect(view.root.getElementById(summary.getAttribute("aria-labelledby")!)!.textContent).toBe(TEXT.summaryTitle);
  return [...summary.querySelectorAll("li")].map((li) => li.textContent);
};

function fillValid(view: Mounted) {
  choose(view, "kind", "breakdown");
  type(view, "description", "Le tracteur ne démarre plus.");
  type(view, "usageHours", "4210");
  choose(view, "urgency", "machine-stopped");
  type(view, "callTime", "morning");
}

beforeEach(() => {
  resetPage();
  videoLength.seconds = 12;
  vi.spyOn(videoReader, "duration").mockImplementation(() =>
    videoLength.seconds === null ? Promise.reject(new Error("unreadable")) : Promise.resolve(videoLength.seconds),
  );
});

/** A video chosen in the file chooser (its bytes: a WebM's header; its size as said). */
function chooseVideo(view: Mounted, size = 2048) {
  const file = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], "bruit.webm", { type: "video/webm" });
  Object.defineProperty(file, "size", { value: size });
  fireEvent.change(field(view, "video"), { target: { files: [file] } });
}
const fieldError = (view: Mounted) => view.root.querySelector("#video-hint ~ .field__error")?.textContent;

describe("<macc-service-request>", () => {
  it("anonymous: a prompt to log in, nothing asked of the API", async () => {
    const calls = api();
    const view = await mount('<macc-service-request family="MACH"></macc-service-request>');
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
    expect(view.screen.getByText(TEXT.anonymous)).toBeTruthy();
    expect(calls.callsTo(FAMILY)).toHaveLength(0);
  });

  it("without a family: a link to the product fleet", async () => {
    api();
    logIn();
    const view = await mount("<macc-service-request></macc-service-request>");
    expect(await view.screen.findByText(TEXT.noFamily)).toBeTruthy();
    expect(view.root.querySelector("form")).toBeNull();
  });

  it("a family not in the fleet (404): not found, no form", async () => {
    api({ [FAMILY]: problem(404, "Not Found") });
    logIn();
    const view = await mount('<macc-service-request family="MACH"></macc-service-request>');
    expect(await view.screen.findByRole("heading", { level: 1, name: TEXT.notFound })).toBeTruthy();
    expect(view.root.querySelector("form")).toBeNull();
  });

  it("`product` prefills the machine: its code, serial number and purchase date, chosen in the list", async () => {
    api();
    logIn();
    const view = await mountForm('family="MACH" product="MACH-TRACT-130"');
    await waitFor(() => expect(view.root.querySelector(".service-request__machine dl")?.textContent).toContain("TR130-20-00391"));
    expect(view.root.querySelector(".service-request__machine dl")!.textContent).toContain("17/10/2022");
    expect(field(view, "machine").value).toBe("MACH-TRACT-130|TR130-20-00391");
  });

  it("several machines and nothing filled in: the summary takes focus and names each field, nothing is sent", async () => {
    const calls = api();
    logIn();
    const view = await mountForm();
    expect((view.screen.getByLabelText(TEXT.which) as HTMLSelectElement).options).toHaveLength(3);
    submit(view);
    expect(await summaryItems(view)).toEqual(TEXT.required);
    await waitFor(() => expect(view.root.activeElement?.classList.contains("error-summary")).toBe(true));
    expect(calls.callsTo(SEND)).toHaveLength(0);

    type(view, "machine", "MACH-TRACT-130|TR130-20-00391");
    fillValid(view);
    type(view, "usageHours", "12,5");
    choose(view, "location", "other");
    submit(view);
    expect(await summaryItems(view)).toEqual([TEXT.hours, TEXT.otherAddress]);
    // What was typed stays.
    expect(field(view, "description").value).toBe("Le tracteur ne démarre plus.");
  });

  it("sends the request once with its Idempotency-Key, then the reference and what happens next", async () => {
    const answer = deferred();
    const calls = api({ [SEND]: answer.handler });
    logIn();
    const view = await mountForm('family="MACH" product="MACH-TRACT-130"');
    fillValid(view);
    submit(view);
    submit(view); // a double click
    await waitFor(() => expect(calls.callsTo(SEND)).toHaveLength(1));
    const [call] = calls.callsTo(SEND);
    expect(call!.headers["idempotency-key"]).toMatch(/^[\w-]{8,}$/);
    expect(call!.body).toEqual({
      codeFamille: "MACH",
      codeProduit: "MACH-TRACT-130",
      numeroSerie: "TR130-20-00391",
      kind: "breakdown",
      description: "Le tracteur ne démarre plus.",
      usageHours: 4210,
      urgency: "machine-stopped",
      location: "farm",
      otherAddress: "",
      callTime: "morning",
      photos: [],
      video: null,
      langue: "fr-FR",
    });
    answer.resolve({ status: 201, body: SENT });
    expect(await view.screen.findByText(TEXT.sent)).toBeTruthy();
    expect(view.screen.getByText("Nous vous avons envoyé une confirmation par e-mail et par SMS.")).toBeTruthy();
    expect(calls.callsTo(SEND)).toHaveLength(1);
  });

  it("a server failure: a clear message, what was typed kept, and sent again with the same key", async () => {
    let tries = 0;
    const calls = api({ [SEND]: () => (++tries === 1 ? problem(500, "Internal Server Error") : { status: 201, body: SENT }) });
    logIn();
    const view = await mountForm('family="MACH" product="MACH-TRACT-130"');
    fillValid(view);
    submit(view);
    expect(await view.screen.findByText(TEXT.failed)).toBeTruthy();
    expect(field(view, "description").value).toBe("Le tracteur ne démarre plus.");
    submit(view);
    expect(await view.screen.findByText(TEXT.sent)).toBeTruthy();
    const [first, second] = calls.callsTo(SEND);
    expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
  });

  describe("sending that survives the network", () => {
    savedOfflineCases({
      send: SEND,
      copy: '<macc-service-request family="MACH"></macc-service-request>',
      api: (send) => {
        const calls = api({ [SEND]: send });
        logIn();
        return calls;
      },
      open: () => mountForm('family="MACH" product="MACH-TRACT-130"'),
      fill: (view, n) => {
        fillValid(view);
        type(view, "description", `Le tracteur ne démarre plus (${n}).`);
      },
      submit,
      recorded: { status: 201, body: SENT },
      shownSent: (view) => view.screen.findByText(TEXT.sent),
      mark: (call) => (call.body as { description: string }).description,
      // Found by its place: its words wait for the catalogs.
      another: (view) => view.root.querySelector<HTMLElement>(".actions button")!,
    });
  });

  it("a saved request the API refuses (422): back in the form with the field's error, not dropped", async () => {
    let online = false;
    const refusal = {
      status: 422,
      body: {
        type: "https://macc.example/problems/validation",
        title: "Unprocessable",
        status: 422,
        errors: [{ path: "description", message: "Trop court pour le service après-vente." }],
      },
      headers: { "Content-Type": "application/problem+json" },
    };
    api({ [SEND]: () => (online ? refusal : offline()) });
    logIn();
    const view = await mountForm('family="MACH" product="MACH-TRACT-130"');
    fillValid(view);
    submit(view);
    await waitFor(() => expect(savedShown(view)).toBe(true));
    online = true;
    window.dispatchEvent(new Event("online"));
    expect(await summaryItems(view)).toEqual(["Trop court pour le service après-vente."]);
    expect(field(view, "description").value).toBe("Le tracteur ne démarre plus.");
    expect(field(view, "usageHours").value).toBe("4210");
  });

  it.each([
    ["larger than 30 MB", VIDEO_MAX_BYTES + 1, 12],
    ["longer than 30 s", 4096, 31],
    ["unreadable", 4096, null],
  ])("a video %s: said on its field, nothing uploaded, the request still goes without it", async (_, size, seconds) => {
    videoLength.seconds = seconds;
    const calls = api();
    logIn();
    const view = await mountForm('family="MACH" product="MACH-TRACT-130"');
    const picker = field(view, "video");
    expect(picker.accept).toBe("video/*");
    expect(field(view, "video-camera").getAttribute("capture")).toBe("environment");
    chooseVideo(view, size);
    // Found by its place until the catalogs have its words: present, and not the happy path's progress.
    await waitFor(() => expect(fieldError(view)).toBeTruthy());
    expect(view.root.querySelector(".service-request__photo")).toBeNull();
    expect(calls.callsTo("POST /api/me/service-requests/videos")).toHaveLength(0);
    fillValid(view);
    submit(view);
    expect(await view.screen.findByText(TEXT.sent)).toBeTruthy();
    expect((calls.callsTo(SEND)[0]!.body as { video: unknown }).video).toBeNull();
  });

  it("a video filmed without a network: kept on the device with the request, uploaded and named once back online", async () => {
    let online = false;
    const onLine = vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    try {
      const calls = api({
        "POST /api/me/service-requests/videos": () =>
          online ? { status: 201, body: { id: "9f1c2f64-3c1e-4d55-9b7a-0e1f2d3c4b5a", type: "webm", size: 4 } } : offline(),
        [SEND]: () => (online ? { status: 201, body: SENT } : offline()),
      });
      logIn();
      const view = await mountForm('family="MACH" product="MACH-TRACT-130"');
      chooseVideo(view);
      await waitFor(() => expect(view.root.querySelector(".service-request__photo .service-request__kept")).toBeTruthy());
      fillValid(view);
      submit(view);
      await waitFor(() => expect(savedShown(view)).toBe(true));
      expect(calls.callsTo(SEND)).toHaveLength(0);

      online = true;
      window.dispatchEvent(new Event("online"));
      expect(await view.screen.findByText(TEXT.sent)).toBeTruthy();
      expect(calls.callsTo("POST /api/me/service-requests/videos")).toHaveLength(1);
      const sent = calls.callsTo(SEND);
      expect(sent).toHaveLength(1);
      expect((sent[0]!.body as { video: unknown }).video).toBe("9f1c2f64-3c1e-4d55-9b7a-0e1f2d3c4b5a");
    } finally {
      onLine.mockRestore();
    }
  });
});
