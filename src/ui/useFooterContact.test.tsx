import { beforeEach, describe, expect, it } from "vitest";
import "../../elements/macc-contacts";
import "../../elements/macc-footer";
import "../../elements/macc-login-help";
import type { FooterContact } from "../core/contacts";
import { getCore } from "../core/index";
import { deferred, mount, problem, resetPage, stubApi, waitFor } from "../test/elements";

const FRANCE: FooterContact = {
  adresseTitre: "MACC France",
  adresseLigne1: "12 route des Moissons",
  codePostal: "51100",
  ville: "Reims",
  listSousServices: [{ nomSousService: "Service client", telephone1: "03 26 00 00 01", mail1: "client@macc.fr" }],
};
const FOOTER = "GET /api/servicesMACC/reseau/FRA/type/gen?langue=fr-FR";
const PAGE = ["macc-footer", "macc-contacts", "macc-login-help", "macc-footer"];

beforeEach(() => resetPage());

describe("the page's contact block", () => {
  it("is fetched once however many elements show it", async () => {
    const answer = deferred();
    const api = stubApi({ [FOOTER]: answer.handler });
    const elements = [];
    for (const tag of PAGE) elements.push(await mount(`<${tag}></${tag}>`));
    answer.resolve({ body: FRANCE });
    for (const { el, root } of elements.filter(({ el }) => el.localName !== "macc-login-help")) {
      await waitFor(() => expect(root.querySelector("address")?.textContent, el.localName).toContain("MACC France"));
    }
    expect(api.callsTo(FOOTER)).toHaveLength(1);
  });

  it("an element added later reads the page's copy, without asking again", async () => {
    const api = stubApi({ [FOOTER]: { body: FRANCE } });
    const first = await mount("<macc-footer></macc-footer>");
    await waitFor(() => expect(first.root.querySelector("address")).not.toBeNull());
    const later = await mount("<macc-contacts></macc-contacts>");
    await waitFor(() => expect(later.root.querySelector("address")?.textContent).toContain("MACC France"));
    expect(api.callsTo(FOOTER)).toHaveLength(1);
  });

  it("a failure is reported by the elements that show the block, not by the one that only wants its phone", async () => {
    const answer = deferred();
    const api = stubApi({ [FOOTER]: answer.handler });
    const footer = await mount("<macc-footer></macc-footer>");
    await mount("<macc-login-help></macc-login-help>");
    // Both elements asked through the one request in flight. Counted before the answer: the quiet
    // recovery asks again 5 s after the failure, which a busy machine can reach before the end.
    expect(api.callsTo(FOOTER)).toHaveLength(1);
    answer.resolve(problem(500));
    await waitFor(() => expect(footer.screen.getByText(/Nos coordonnées ne peuvent pas être affichées/)).toBeTruthy());
    await waitFor(() => expect(getCore().toasts.getState().toasts).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getCore().toasts.getState().toasts).toHaveLength(1);
  });

  it("after a failure, it recovers by itself when the browser is back online, quietly (one toast in all)", async () => {
    let answer = problem(500);
    const api = stubApi({ [FOOTER]: () => answer });
    const footer = await mount("<macc-footer></macc-footer>");
    await waitFor(() => expect(footer.screen.getByText(/Nos coordonnées ne peuvent pas être affichées/)).toBeTruthy());
    dispatchEvent(new Event("online"));
    await waitFor(() => expect(api.callsTo(FOOTER)).toHaveLength(2));
    // Still failing: the error stays (no skeleton in between), and is not reported again.
    expect(footer.screen.getByText(/Nos coordonnées ne peuvent pas être affichées/)).toBeTruthy();
    answer = { body: FRANCE };
    dispatchEvent(new Event("online"));
    await waitFor(() => expect(footer.root.querySelector("address")?.textContent).toContain("MACC France"));
    expect(getCore().toasts.getState().toasts).toHaveLength(1);
  });
});
