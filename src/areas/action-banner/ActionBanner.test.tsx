/**
 * `<macc-action-banner>` (issue 30): nothing for a visitor (the page told 0), nothing while
 * loading, a region with a heading listing the entries most urgent first with their links, a
 * dismissal that hides the entry, records it and tells the page the new counts, an error with its
 * retry.
 */
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-action-banner";
import type { NotificationsAnswer } from "../../contract/notifications";
import { company, deferred, listen, mount, problem, resetPage, sessionRoutes, signIn, stubApi, user, waitFor } from "../../test/elements";

const READ = "GET /api/me/notifications";
const ANSWER: NotificationsAnswer = {
  entries: [
    { key: "freshness", kind: "freshness", fingerprint: "f1", action: true, read: false, at: "2024-01-13T00:00:00.000Z", dueInDays: 45 },
    { key: "invoices", kind: "invoices", fingerprint: "v1", action: false, read: false, at: "2026-11-27T09:00:00.000Z", count: 2 },
  ],
  total: 2,
  actionRequired: 1,
};
const counts = (events: CustomEvent<{ total: number; actionRequired: number }>[]) => events.map((e) => e.detail);

beforeEach(() => resetPage());

describe("<macc-action-banner>", () => {
  it("a visitor: nothing shown, nothing read, the page told 0", async () => {
    const api = stubApi({});
    const events = listen<{ total: number; actionRequired: number }>("macc-notifications-change");
    const view = await mount("<macc-action-banner></macc-action-banner>");
    await waitFor(() => expect(counts(events)).toEqual([{ total: 0, actionRequired: 0 }]));
    expect(view.root.querySelector(".action-banner")).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("a customer: a region with its heading, the entries most urgent first linking to their screens, the page told the counts", async () => {
    stubApi({ ...sessionRoutes(), [READ]: { body: ANSWER } });
    signIn(user([company()]));
    const events = listen<{ total: number; actionRequired: number }>("macc-notifications-change");
    const view = await mount("<macc-action-banner></macc-action-banner>");
    const region = await waitFor(() => view.screen.getByRole("region", { name: "Ce qui demande votre attention" }));
    expect(region.querySelector("[role=alert]")).toBeNull();
    const links = [...region.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Confirmez les informations de votre entreprise (échéance dans 45 jours)", "/portail/mon-compte/confirmation-information"],
      ["2 nouvelles factures", "/portail/mon-compte/factures"],
    ]);
    expect(counts(events).at(-1)).toEqual({ total: 2, actionRequired: 1 });
  });

  it("dismissing: the entry goes at once, focus moves to the next link, the server is told the version, the page the new counts", async () => {
    const api = stubApi({ ...sessionRoutes(), [READ]: { body: ANSWER }, "PUT /api/me/notifications/freshness/state": { status: 204 } });
    signIn(user([company()]));
    const events = listen<{ total: number; actionRequired: number }>("macc-notifications-change");
    const view = await mount("<macc-action-banner></macc-action-banner>");
    const dismiss = await waitFor(() =>
      view.screen.getByRole("button", { name: "Masquer : Confirmez les informations de votre entreprise (échéance dans 45 jours)" }),
    );
    dismiss.click();
    await waitFor(() => expect(view.root.querySelectorAll("li")).toHaveLength(1));
    expect(view.root.activeElement?.textContent).toBe("2 nouvelles factures");
    await waitFor(() => expect(api.callsTo("PUT /api/me/notifications/freshness/state")).toHaveLength(1));
    expect(api.callsTo("PUT /api/me/notifications/freshness/state")[0]!.body).toEqual({ fingerprint: "f1", state: "dismissed" });
    await waitFor(() => expect(counts(events).at(-1)).toEqual({ total: 1, actionRequired: 0 }));
  });

  it("while loading: nothing (a CMS page that has painted does not move for a customer with nothing to do); a failure: the message and “try again”, which reads again", async () => {
    const answer = deferred();
    let reads = 0;
    const api = stubApi({ ...sessionRoutes(), [READ]: (call) => (++reads === 1 ? answer.handler(call) : problem(500)) });
    signIn(user([company()]));
    const view = await mount("<macc-action-banner></macc-action-banner>");
    await waitFor(() => expect(api.callsTo(READ)).toHaveLength(1));
    expect(view.root.querySelector(".action-banner, [aria-busy]")).toBeNull();
    answer.resolve(problem(500));
    const retry = await waitFor(() => view.screen.getByRole("button", { name: "Réessayer" }));
    expect(view.screen.getByText("Ce qui demande votre attention ne peut pas être affiché pour le moment.")).toBeTruthy();
    retry.click();
    await waitFor(() => expect(api.callsTo(READ).length).toBeGreaterThanOrEqual(2));
  });
  it("a scheduled service request: its visit's day and window written the locale's way", async () => {
    const visit = { date: "2026-12-03", from: "08:00", to: "10:30" };
    const entry = { key: "service-request:7", kind: "service-request", fingerprint: "s1", action: false, read: false } as const;
    stubApi({
      ...sessionRoutes(),
      [READ]: {
        body: {
          entries: [{ ...entry, at: "2026-11-27T09:00:00.000Z", reference: "SR-42", status: "scheduled", visit }],
          total: 1,
          actionRequired: 0,
        },
      },
    });
    signIn(user([company()]));
    const view = await mount('<macc-action-banner locale="en-GB"></macc-action-banner>');
    const link = await waitFor(() => view.screen.getByRole("link"));
    expect(link.textContent).toBe("Service request SR-42: visit on 3 December 2026, 08:00–10:30");
  });
});
