import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-add-to-basket";
import "../../../elements/macc-contacts";
import "../../../elements/macc-footer";
import "../../../elements/macc-header";
import "../../../elements/macc-login";
import "../../../elements/macc-maintenance";
import { getCore } from "../../core/index";
import { company, listen, mount, problem, resetPage, signIn, stubApi, user, type Mounted, waitFor } from "../../test/elements";
import { isLogged } from "../../core/store";
import { writeCachedFooter, type FooterContact } from "../../core/contacts";

const TITLE_FR = "Nous sommes actuellement en maintenance.";
const TEXT_FR = "Des travaux de maintenance sont en cours. Veuillez nous excuser pour la gêne occasionnée.";

/** The element says the service is in maintenance: the whole screen, or the line beside the element that holds it. */
const showsMaintenance = (view: Mounted) => view.root.querySelector("[part=maintenance]")?.textContent?.includes(TITLE_FR) ?? false;
/** The element holds the page's maintenance screen: its title, message and help. */
const holdsScreen = (view: Mounted) => view.screen.queryByRole("heading", { level: 1, name: TITLE_FR }) !== null;

beforeEach(() => resetPage());

describe("<macc-maintenance>", () => {
  it("shows the maintenance screen of SPEC §4/§8 in French", async () => {
    const view = await mount("<macc-maintenance></macc-maintenance>");
    const status = view.screen.getAllByRole("status")[0]!;
    expect(view.screen.getByRole("heading", { level: 1, name: TITLE_FR })).toBeTruthy();
    expect(status.textContent).toContain(TEXT_FR);
    expect(view.root.querySelector("[part=maintenance]")!.contains(status)).toBe(true);
  });

  it.each<[string, string]>([
    ["en-GB", "We are currently under maintenance."],
    ["fr-BE", TITLE_FR],
  ])("locale %s → %s", async (locale, title) => {
    const view = await mount(`<macc-maintenance locale="${locale}"></macc-maintenance>`);
    expect(view.screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
  });

  it("sends no request", async () => {
    const api = stubApi({});
    await mount("<macc-maintenance></macc-maintenance>");
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toHaveLength(0);
  });
});

describe("an API answer 503 switches every element to the maintenance screen", () => {
  it("the footer's call answers 503 → the footer, and the header beside it, show the maintenance screen", async () => {
    const api = stubApi({ "GET /api/servicesMACC/reseau/FRA/type/gen": problem(503, "Maintenance") });
    const header = await mount("<macc-header></macc-header>");
    expect(showsMaintenance(header)).toBe(false);
    const footer = await mount("<macc-footer></macc-footer>");

    await waitFor(() => expect(showsMaintenance(footer)).toBe(true));
    expect(footer.root.querySelector("footer")).toBeNull();
    await waitFor(() => expect(showsMaintenance(header)).toBe(true));
    expect(header.root.querySelector("header")).toBeNull();
    // The page's frame says it in a line; the screen is the content's.
    for (const view of [header, footer]) {
      expect(holdsScreen(view)).toBe(false);
      expect(view.screen.getByRole("status").textContent).toBe(TITLE_FR);
    }

    expect(getCore().store.getState().maintenance).toBe(true);
    expect(api.calls).toHaveLength(1); // 503 is not retried
    // The screen says it all: no error toast.
    expect(getCore().toasts.getState().toasts).toHaveLength(0);
  });

  it("the login call answers 503 → the login element shows the maintenance screen", async () => {
    stubApi({ "POST /api/auth/login": problem(503) });
    const view = await mount("<macc-login></macc-login>");
    fireEvent.change(view.screen.getByLabelText("Adresse e-mail"), { target: { value: "jean@ferme.test" } });
    fireEvent.change(view.screen.getByLabelText("Mot de passe"), { target: { value: "Secret123" } });
    fireEvent.click(view.screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(holdsScreen(view)).toBe(true));
    expect(view.root.querySelector("form")).toBeNull();
    expect(isLogged(getCore().store.getState())).toBe(false);
  });

  it("elements added during maintenance show it at once", async () => {
    getCore().store.getState().setMaintenance(true);
    const view = await mount('<macc-login locale="en-GB"></macc-login>');
    expect(view.screen.getByRole("heading", { level: 1, name: "We are currently under maintenance." })).toBeTruthy();
    expect(view.root.querySelector("form")).toBeNull();
  });

  it("other failures do not switch to maintenance", async () => {
    stubApi({ "GET /api/servicesMACC/reseau/FRA/type/gen": problem(500) });
    const footer = await mount("<macc-footer></macc-footer>");
    await footer.screen.findByText(/Nos coordonnées ne peuvent pas être affichées/);
    expect(showsMaintenance(footer)).toBe(false);
    expect(getCore().store.getState().maintenance).toBe(false);
  });
});

/** The stored contact block of a network, as the footer leaves it (SPEC §7). */
const contactOf = (title: string, service: string, phone: string): FooterContact => ({
  adresseTitre: title,
  adresseLigne1: "1 rue des Champs",
  adresseLigne2: null,
  codePostal: "49000",
  ville: "Angers",
  listSousServices: [{ nomSousService: service, telephone1: phone, mail1: "service@", mail2: "macc.test" }],
});

/** The API's maintenance answer (server/app.ts), with its announced end when given. */
const maintenanceAnswer = (expectedEnd?: string) => ({
  status: 503,
  body: {
    type: "urn:macc:problem:maintenance",
    title: "Service Unavailable",
    status: 503,
    detail: TITLE_FR,
    ...(expectedEnd && { expectedEnd }),
  },
  headers: { "Content-Type": "application/problem+json", "Retry-After": expectedEnd ? new Date(expectedEnd).toUTCString() : "600" },
});

describe("what the maintenance screen offers a logged-in customer (issue 26)", () => {
  const END = "2026-11-28T05:00:00.000Z";
  const help = (view: Mounted) => view.screen.queryByRole("button", { name: "Réessayer" });

  beforeEach(() => {
    resetPage({ locale: "fr-FR", portalBase: "/portail", siteBase: "/sites/fr-FR" });
    writeCachedFooter("FRA", "fr-FR", contactOf("MACC France", "Service clients", "02 41 00 00 00"));
    writeCachedFooter("AGR", "fr-FR", contactOf("AGRIMACC", "Service adhérents", "02 41 99 99 99"));
    signIn(user([company({ codeReseau: "AGR" })]));
  });

  it("with an announced end: the end in the customer's language and time zone, their network's contact block, Try again and the site's home", async () => {
    stubApi({ "GET /api/servicesMACC/reseau/AGR/type/gen": maintenanceAnswer(END) }, { unmatched: "pending" });
    const page = await mount("<macc-contacts></macc-contacts>");
    await waitFor(() => expect(help(page)).not.toBeNull());

    expect(getCore().store.getState().maintenanceEnd).toBe(END);
    const when = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short" }).format(new Date(END));
    expect(when).toMatch(/^2[78] novembre 2026 à \d\d:\d\d$/);
    expect(page.screen.getByText(`Retour prévu le ${when}`)).toBeTruthy();

    const contact = page.screen.getByRole("region", { name: "Contactez-nous" });
    expect(contact.textContent).toContain("AGRIMACC");
    expect(contact.textContent).toContain("Service adhérents");
    expect(contact.textContent).not.toContain("MACC France");
    expect(page.screen.getByRole("link", { name: /02 41 99 99 99/ }).getAttribute("href")).toBe("tel:0241999999");
    expect(page.screen.getByRole("link", { name: "Retour à l'accueil" }).getAttribute("href")).toBe("/sites/fr-FR/");
  });

  it("without an announced end: no end line; the rest is there", async () => {
    stubApi({ "GET /api/servicesMACC/reseau/AGR/type/gen": maintenanceAnswer() }, { unmatched: "pending" });
    const page = await mount("<macc-contacts></macc-contacts>");
    await waitFor(() => expect(help(page)).not.toBeNull());
    expect(getCore().store.getState().maintenanceEnd).toBeNull();
    expect(page.screen.queryByText(/Retour prévu/)).toBeNull();
    expect(page.screen.getByRole("region", { name: "Contactez-nous" }).textContent).toContain("Service adhérents");
  });

  it("in English, the end is written the English way", async () => {
    stubApi({ "GET /api/servicesMACC/reseau/AGR/type/gen": maintenanceAnswer(END) }, { unmatched: "pending" });
    const page = await mount('<macc-contacts locale="en-GB"></macc-contacts>');
    await waitFor(() => expect(page.screen.queryByRole("button", { name: "Try again" })).not.toBeNull());
    const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" }).format(new Date(END));
    expect(when).toMatch(/^2[78] November 2026 at \d\d:\d\d$/);
    expect(page.screen.getByText(`Expected back on ${when}`)).toBeTruthy();
  });

  it("Try again asks the API: still in maintenance, it says so; back, every element shows its content again", async () => {
    let back = false;
    const api = stubApi(
      {
        "GET /api/servicesMACC/reseau/AGR/type/gen": () =>
          back ? { body: contactOf("AGRIMACC", "Service adhérents", "02 41 99 99 99") } : maintenanceAnswer(),
        "GET /api/health": () => (back ? { body: { status: "ok" } } : { status: 503, body: { status: "maintenance", expectedEnd: END } }),
      },
      { unmatched: "pending" },
    );
    const page = await mount("<macc-contacts></macc-contacts>");
    await waitFor(() => expect(help(page)).not.toBeNull());

    fireEvent.click(help(page)!);
    await page.screen.findByText("Le service est toujours en maintenance. Veuillez réessayer plus tard.");
    // The health check's 503 brought the announced end.
    await page.screen.findByText(/^Retour prévu le/);
    expect(api.callsTo("GET /api/health")[0]!.headers["authorization"]).toBeUndefined();

    back = true;
    fireEvent.click(help(page)!);
    await waitFor(() => expect(page.root.querySelector("[part=contacts]")).not.toBeNull());
    expect(showsMaintenance(page)).toBe(false);
    expect(getCore().store.getState()).toMatchObject({ maintenance: false, maintenanceEnd: null });
  });

  it("on the maintenance page itself, Try again with the service back goes on to the customer's account", async () => {
    stubApi({ "GET /api/health": { body: { status: "ok" } } });
    const navigations = listen<{ route: string }>("macc-navigate", document, (event) => event.preventDefault());
    const view = await mount("<macc-maintenance></macc-maintenance>");
    await waitFor(() => expect(help(view)).not.toBeNull());
    fireEvent.click(help(view)!);
    await waitFor(() => expect(navigations.map((event) => event.detail.route)).toEqual(["DASHBOARD"]));
  });

  it("on a page of several elements, the screen shows once: in the page's content; its header, footer and add-to-basket buttons say it in a line", async () => {
    stubApi({}, { unmatched: "pending" });
    getCore().store.getState().setMaintenance(true, END);
    const header = await mount("<macc-header></macc-header>");
    const button = await mount('<macc-add-to-basket item="1004"></macc-add-to-basket>');
    const content = await mount("<macc-maintenance></macc-maintenance>");
    const footer = await mount("<macc-footer></macc-footer>");
    await waitFor(() => expect(help(content)).not.toBeNull());
    for (const view of [header, button, content, footer]) expect(showsMaintenance(view)).toBe(true);
    expect([header, button, content, footer].map(holdsScreen)).toEqual([false, false, true, false]);
    for (const view of [header, button, footer]) expect(help(view)).toBeNull();
  });
});
