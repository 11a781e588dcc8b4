import { fireEvent } from "@testing-library/dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../elements/macc-bank-details";
import { isLogged } from "../../core/store";
import { FakeXhr } from "../../test/fake-xhr";
import { getCore } from "../../core/index";
import {
  company,
  mount,
  problem,
  renderedRoot,
  resetPage,
  sessionRoutes,
  signIn,
  stubApi,
  user,
  waitFor,
  type Mounted,
  type RouteHandler,
} from "../../test/elements";

const FEATURES = "GET /api/features";
const DETAILS = "GET /api/me/bank-details";
const FOOTER = "GET /api/servicesMACC/reseau/FRA/type/gen";
const ON = { body: { features: ["coordonnee-bancaire"] } };
const TAG = "<macc-bank-details></macc-bank-details>";

const TEXT = {
  title: "Coordonnées bancaires",
  anonymous: "Connectez-vous pour consulter et modifier vos coordonnées bancaires.",
  inForce: "Coordonnées en vigueur",
  pending: "Modification en cours de validation",
  none: "Nous n'avons pas encore de coordonnées bancaires pour votre entreprise. Ajoutez-les ci-dessous avec votre RIB.",
  change: "Modifier mes coordonnées bancaires",
  add: "Ajouter mes coordonnées bancaires",
  loadError: "Vos coordonnées bancaires ne peuvent pas être affichées pour le moment.",
  retry: "Réessayer",
  iban: "IBAN",
  holder: "Intitulé du compte",
  rib: "Votre RIB",
  send: "Envoyer mes nouvelles coordonnées",
  required: { iban: "Saisissez l'IBAN", intitule: "Saisissez l'intitulé du compte", rib: "Joignez votre RIB" },
  checksum: "Cet IBAN n'est pas valide : vérifiez-le sur votre RIB",
  length: "Un IBAN FR compte 27 caractères",
  country: "« US » n'est pas un pays qui utilise l'IBAN",
  tooLarge: `Le fichier est trop volumineux : ${new Intl.NumberFormat("fr-FR", { style: "unit", unit: "kilobyte" }).format(2)} au maximum`,
  unsupported: "Ce type de fichier n'est pas accepté : envoyez un PDF, JPEG ou PNG",
  sent: "Vos nouvelles coordonnées bancaires sont en cours de validation. Vos coordonnées actuelles restent en vigueur d'ici là.",
  pendingTitle: "Modification en cours de validation",
  sendOther: "Envoyer d'autres coordonnées à la place",
  sameAsInForce: "Ce sont déjà vos coordonnées bancaires : modifiez l'IBAN ou l'intitulé du compte",
  failed: "Vos coordonnées bancaires n'ont pas pu être mises à jour. Veuillez réessayer plus tard.",
};

const IN_FORCE = {
  id: "11111111-1111-4111-8111-111111111111",
  iban: "FR7630006000011234567890189",
  intitule: "ETS DURAND ET FILS",
  submittedAt: "2025-01-07T10:00:00.000Z",
  validatedAt: "2025-01-10T10:00:00.000Z",
  document: { name: "rib.pdf", type: "pdf", size: 2048 },
};
const PENDING = {
  id: "22222222-2222-4222-8222-222222222222",
  iban: "FR0914508000405678901234523",
  intitule: "ETS DURAND ET FILS",
  submittedAt: "2026-11-20T10:00:00.000Z",
  validatedAt: null,
  document: { name: "nouveau.pdf", type: "pdf", size: 4096 },
};
const LIMITS = { maxBytes: 2048, types: ["pdf", "jpeg", "png"] };
const details = (inForce: unknown = IN_FORCE, pending: unknown = null) => ({ body: { inForce, pending, limits: LIMITS } });

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({ ...sessionRoutes(), [FEATURES]: ON, [DETAILS]: details(), [FOOTER]: problem(404), ...routes });
}
const logIn = () => signIn(user([company({ codeReseau: "FRA" })]));

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
const ribFile = (bytes: Uint8Array = PDF, name = "rib.pdf") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" });

beforeEach(() => {
  resetPage();
  FakeXhr.sent = [];
  FakeXhr.answer = (xhr) => xhr.reply(202, { pending: PENDING });
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const control = (view: Mounted, id: "iban" | "intitule" | "rib") => view.root.getElementById(id) as HTMLInputElement;
const type = (view: Mounted, id: "iban" | "intitule", value: string) => fireEvent.change(control(view, id), { target: { value } });
async function choose(view: Mounted, file: File) {
  Object.defineProperty(control(view, "rib"), "files", { value: [file], configurable: true });
  fireEvent.change(control(view, "rib"));
  // The file's first bytes are read before it counts as chosen.
  await new Promise((r) => setTimeout(r, 20));
}
const submit = (view: Mounted) => fireEvent.click(view.root.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
const summaryItems = (view: Mounted) => [...view.root.querySelectorAll(".error-summary li")].map((li) => li.textContent);
const text = (view: Mounted) => view.root.textContent ?? "";

/** Logged in, the screen shown, a change typed with a RIB and sent, a valid one unless told (the test scripts the upload's answer). */
async function sendChange(iban = "FR7630006000011234567890189", intitule = "A") {
  api();
  logIn();
  const view = await mountScreen();
  type(view, "iban", iban);
  type(view, "intitule", intitule);
  await choose(view, ribFile());
  submit(view);
  return view;
}

async function mountScreen(html = TAG) {
  const view = await mount(html);
  await waitFor(() => expect(view.root.querySelector("#change-title")).not.toBeNull());
  return view;
}

describe("<macc-bank-details>: the server's flag and the locale", () => {
  it.each<[string, string, RouteHandler, boolean]>([
    ["flag off", "fr-FR", { body: { features: [] } }, true],
    ["flags unreadable", "fr-FR", problem(500), true],
    ["flag on, en-GB", "en-GB", ON, false],
    ["flag on, fr-BE", "fr-BE", ON, false],
  ])("%s (%s): renders nothing and asks for no bank details", async (_label, locale, features, asked) => {
    const calls = api({ [FEATURES]: features });
    logIn();
    const view = await mount(`<macc-bank-details locale="${locale}"></macc-bank-details>`);
    await waitFor(() => expect(calls.callsTo(FEATURES)).toHaveLength(asked ? 1 : 0));
    await new Promise((r) => setTimeout(r, 30));
    expect(renderedRoot(view.el)!.childElementCount).toBe(0);
    expect(calls.callsTo(DETAILS)).toHaveLength(0);
    // A failed read of the flags is quiet: no toast, still logged in.
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
    expect(isLogged(getCore().store.getState())).toBe(true);
  });

  it("flag on, anonymous: a prompt to log in", async () => {
    api();
    const view = await mount(TAG);
    await waitFor(() => expect(view.screen.getByText(TEXT.anonymous)).toBeTruthy());
    expect(view.screen.getByRole("heading", { level: 1, name: TEXT.title })).toBeTruthy();
  });
});

describe("<macc-bank-details>: what is on file", () => {
  it("the details in force, the IBAN grouped by four, and the change being validated", async () => {
    const calls = api({ [DETAILS]: details(IN_FORCE, PENDING) });
    logIn();
    const view = await mountScreen();
    expect(view.screen.getByRole("heading", { level: 2, name: TEXT.inForce })).toBeTruthy();
    // The heading is read once: the badge beside it, which says the same, is not part of it.
    expect(view.screen.getByRole("heading", { level: 2, name: TEXT.pendingTitle }).textContent).toBe(TEXT.pendingTitle);
    const ibans = [...view.root.querySelectorAll("dd.iban")].map((dd) => dd.textContent);
    expect(ibans).toEqual(["FR76 3000 6000 0112 3456 7890 189", "FR09 1450 8000 4056 7890 1234 523"]);
    expect(text(view)).toContain("Validées le10 janvier 2025");
    expect(text(view)).toContain("Envoyées le20 novembre 2026");
    expect(view.screen.getByRole("heading", { level: 2, name: TEXT.change })).toBeTruthy();
    expect(calls.callsTo(DETAILS)[0]!.headers.authorization).toBe("Bearer company-token-1");
  });

  it("nothing on file yet: said, and the form adds them", async () => {
    api({ [DETAILS]: details(null, null) });
    logIn();
    const view = await mountScreen();
    expect(view.screen.getByText(TEXT.none)).toBeTruthy();
    expect(view.screen.getByRole("heading", { level: 2, name: TEXT.add })).toBeTruthy();
  });

  it("a failed read: said, with a way to try again", async () => {
    let answers = 0;
    const calls = api({ [DETAILS]: () => (++answers === 1 ? problem(500) : details()) });
    logIn();
    const view = await mount(TAG);
    await waitFor(() => expect(view.screen.getByText(TEXT.loadError)).toBeTruthy());
    fireEvent.click(view.screen.getByRole("button", { name: TEXT.retry }));
    await waitFor(() => expect(view.root.querySelector("form")).not.toBeNull());
    expect(calls.callsTo(DETAILS)).toHaveLength(2);
  });
});

describe("<macc-bank-details>: the change form", () => {
  it("folded under a change being validated: a button unfolds it and puts the focus in its first field", async () => {
    api({ [DETAILS]: details(IN_FORCE, PENDING) });
    logIn();
    const view = await mountScreen();
    expect(view.root.querySelector("form")).toBeNull();
    fireEvent.click(view.screen.getByRole("button", { name: TEXT.sendOther }));
    expect(view.root.querySelector("form")).not.toBeNull();
    await waitFor(() => expect(view.root.activeElement).toBe(control(view, "iban")));
  });

  it("the details already in force, as typed: said on the IBAN, and nothing is sent", async () => {
    const view = await sendChange("fr76 3000 6000 0112 3456 7890 189", " Ets Durand et Fils ");
    await waitFor(() => expect(summaryItems(view)).toEqual([TEXT.sameAsInForce]));
    expect(FakeXhr.sent).toHaveLength(0);
    // Another holder is another change.
    type(view, "intitule", "Durand et Fils SARL");
    submit(view);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  });

  it("the account holder wraps like the IBAN: a company's full name stays whole in view on a phone", async () => {
    api();
    logIn();
    const view = await mountScreen();
    expect(control(view, "intitule").localName).toBe("textarea");
  });

  it("labelled fields; the accepted types and size as the server says", async () => {
    api();
    logIn();
    const view = await mountScreen();
    expect(view.screen.getByLabelText(TEXT.iban)).toBe(control(view, "iban"));
    expect(view.screen.getByLabelText(TEXT.holder)).toBe(control(view, "intitule"));
    expect(view.screen.getByLabelText(TEXT.rib)).toBe(control(view, "rib"));
    expect(control(view, "rib").type).toBe("file");
    expect(control(view, "rib").accept).toBe("application/pdf,.pdf,image/jpeg,.jpg,image/png,.png");
    expect(text(view)).toContain("PDF, JPEG ou PNG, ");
  });

  it.each<[string, { iban?: string; intitule?: string; file?: File }, string[]]>([
    ["nothing", {}, [TEXT.required.iban, TEXT.required.intitule, TEXT.required.rib]],
    ["a wrong check digit", { iban: "FR76 3000 6000 0112 3456 7890 188", intitule: "A", file: ribFile() }, [TEXT.checksum]],
    ["a French IBAN one digit short", { iban: "FR76 3000 6000 0112 3456 7890 18", intitule: "A", file: ribFile() }, [TEXT.length]],
    ["a country without IBANs", { iban: "US76 3000 6000 0112 3456 7890 18", intitule: "A", file: ribFile() }, [TEXT.country]],
    [
      "a file over the limit",
      { iban: "FR7630006000011234567890189", intitule: "A", file: ribFile(new Uint8Array(4096).fill(0x25)) },
      [TEXT.tooLarge],
    ],
    [
      "a text file named .pdf",
      { iban: "FR7630006000011234567890189", intitule: "A", file: ribFile(new TextEncoder().encode("hello")) },
      [TEXT.unsupported],
    ],
  ])("%s: the errors in a summary that takes focus, nothing sent, what was typed kept", async (_label, values, errors) => {
    api();
    logIn();
    const view = await mountScreen();
    if (values.iban) type(view, "iban", values.iban);
    if (values.intitule) type(view, "intitule", values.intitule);
    if (values.file) await choose(view, values.file);
    submit(view);
    await waitFor(() => expect(summaryItems(view)).toEqual(errors));
    expect(view.root.activeElement).toBe(view.root.querySelector(".error-summary"));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(control(view, "iban").value).toBe(values.iban ?? "");
  });

  it("the IBAN is one line that wraps: Enter sends the form instead of starting a line, an IBAN pasted over two lines counts whole", async () => {
    api();
    logIn();
    const view = await mountScreen();
    const iban = control(view, "iban");
    expect([iban.localName, iban.getAttribute("rows")]).toEqual(["textarea", "1"]);
    type(view, "iban", "FR76 3000 6000 0112\n3456 7890 188");
    const enter = fireEvent.keyDown(iban, { key: "Enter" });
    expect(enter, "the new line is not typed").toBe(false);
    await waitFor(() => expect(summaryItems(view)).toEqual([TEXT.checksum, TEXT.required.intitule, TEXT.required.rib]));
    expect(iban.value).toBe("FR76 3000 6000 0112\n3456 7890 188");
    expect(fireEvent.keyDown(iban, { key: "Enter", shiftKey: true }), "nor with Shift").toBe(false);
  });

  it("a valid change: sent as a form with the token, its progress shown; then the success message and the pending change", async () => {
    let release!: () => void;
    FakeXhr.answer = (xhr) => {
      xhr.progress(1024, 4096);
      release = () => xhr.reply(202, { pending: PENDING });
    };
    let reads = 0;
    const calls = api({ [DETAILS]: () => (++reads === 1 ? details() : details(IN_FORCE, PENDING)) });
    logIn();
    const view = await mountScreen();
    type(view, "iban", " fr09 1450-8000 4056 7890 1234 523 ");
    type(view, "intitule", "  ETS DURAND ET FILS ");
    await choose(view, ribFile(PDF, "mon rib.pdf"));
    submit(view);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [xhr] = FakeXhr.sent;
    expect([xhr!.method, new URL(xhr!.url).pathname]).toEqual(["POST", "/api/me/bank-details"]);
    expect(xhr!.headers.authorization).toBe("Bearer company-token-1");
    expect(xhr!.headers["x-langue"]).toBe("fr-FR");
    expect(xhr!.withCredentials).toBe(true);
    expect(xhr!.body!.get("iban")).toBe("FR0914508000405678901234523");
    expect(xhr!.body!.get("intitule")).toBe("ETS DURAND ET FILS");
    expect((xhr!.body!.get("rib") as File).name).toBe("mon rib.pdf");
    await waitFor(() => expect(view.root.querySelector("progress")?.getAttribute("value")).toBe("25"));
    expect(text(view)).toContain("Envoi de votre RIB : 25 %");
    // A second click while it is sent does nothing.
    submit(view);
    release();
    await waitFor(() => expect(view.screen.getByText(TEXT.sent)).toBeTruthy());
    expect(FakeXhr.sent).toHaveLength(1);
    await waitFor(() => expect(view.screen.getByRole("heading", { level: 2, name: TEXT.pendingTitle })).toBeTruthy());
    expect(calls.callsTo(DETAILS)).toHaveLength(2);
    // The form folds under the change now being validated; unfolded, it starts empty.
    expect(view.root.querySelector("form")).toBeNull();
    expect(view.root.querySelector("progress")).toBeNull();
    fireEvent.click(view.screen.getByRole("button", { name: TEXT.sendOther }));
    expect(control(view, "iban").value).toBe("");
  });

  it("sent at once after choosing the file: the submit waits for the file's type, then sends it once", async () => {
    api();
    logIn();
    const view = await mountScreen();
    type(view, "iban", "FR7630006000011234567890189");
    type(view, "intitule", "A");
    Object.defineProperty(control(view, "rib"), "files", { value: [ribFile(PDF, "vite.pdf")], configurable: true });
    fireEvent.change(control(view, "rib"));
    submit(view);
    submit(view);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0]!.body!.get("rib") as File).name).toBe("vite.pdf");
    expect(summaryItems(view)).toEqual([]);
    await new Promise((r) => setTimeout(r, 30));
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("sent just after the file's type was read, before the screen caught up: still sent once, with the file", async () => {
    api();
    logIn();
    const view = await mountScreen();
    type(view, "iban", "FR7630006000011234567890189");
    type(view, "intitule", "A");
    // The read of the file's first bytes ends when the test says so.
    let finishRead = () => {};
    const file = ribFile(PDF, "juste-lu.pdf");
    const slice = file.slice.bind(file);
    file.slice = (...args: Parameters<File["slice"]>) => {
      const head = slice(...args);
      const read = head.arrayBuffer();
      head.arrayBuffer = () => new Promise((resolve) => (finishRead = () => resolve(read)));
      return head;
    };
    Object.defineProperty(control(view, "rib"), "files", { value: [file], configurable: true });
    fireEvent.change(control(view, "rib"));
    finishRead();
    // The read's callbacks have run; React has not drawn the new value yet.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    submit(view);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0]!.body!.get("rib") as File).name).toBe("juste-lu.pdf");
    expect(summaryItems(view)).toEqual([]);
  });

  it("the server's field errors (a file too large for it) are shown on the fields; the session stays", async () => {
    FakeXhr.answer = (xhr) =>
      xhr.reply(422, {
        type: "urn:macc:problem:file-too-large",
        status: 422,
        detail: "Le fichier est trop volumineux : 2 ko au maximum.",
        errors: [{ path: "rib", message: "Le fichier est trop volumineux : 2 ko au maximum." }],
      });
    const view = await sendChange();
    await waitFor(() => expect(summaryItems(view)).toEqual(["Le fichier est trop volumineux : 2 ko au maximum."]));
    expect(isLogged(getCore().store.getState())).toBe(true);
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
  });

  it("a failure the form cannot explain: the update-failed message, nothing lost", async () => {
    FakeXhr.answer = (xhr) => xhr.reply(500, { status: 500, detail: "Une erreur vient de se produire, veuillez contacter la MACC." });
    const view = await sendChange();
    await waitFor(() => expect(view.screen.getByText(TEXT.failed)).toBeTruthy());
    expect(control(view, "iban").value).toBe("FR7630006000011234567890189");
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
  });
});
