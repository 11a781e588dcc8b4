import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-footer";
import "../../../elements/macc-header";
import "../../../elements/macc-login";
import "../../../elements/macc-maintenance";
import { getCore } from "../../core/index";
import { mount, problem, resetPage, stubApi, type Mounted, waitFor } from "../../test/elements";
import { isLogged } from "../../core/store";

const TITLE_FR = "Nous sommes actuellement en maintenance.";
const TEXT_FR = "Des travaux de maintenance sont en cours. Veuillez nous excuser pour la gêne occasionnée.";

const showsMaintenance = (view: Mounted) => view.screen.queryByRole("heading", { level: 1, name: TITLE_FR }) !== null;

beforeEach(() => resetPage());

describe("<macc-maintenance>", () => {
  it("shows the maintenance screen of SPEC §4/§8 in French", async () => {
    const view = await mount("<macc-maintenance></macc-maintenance>");
    const status = view.screen.getByRole("status");
    expect(view.screen.getByRole("heading", { level: 1, name: TITLE_FR })).toBeTruthy();
    expect(status.textContent).toContain(TEXT_FR);
    expect(status.getAttribute("part")).toBe("maintenance");
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
    expect(footer.screen.getByRole("status").textContent).toContain(TEXT_FR);
    expect(footer.root.querySelector("footer")).toBeNull();
    await waitFor(() => expect(showsMaintenance(header)).toBe(true));
    expect(header.root.querySelector("header")).toBeNull();

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
    await waitFor(() => expect(showsMaintenance(view)).toBe(true));
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
