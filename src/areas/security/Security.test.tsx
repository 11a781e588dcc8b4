import { fireEvent } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../elements/macc-security";
import type { ActivityAnswer, DevicesAnswer } from "../../contract/security";
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

const DEVICES = "GET /api/me/security/devices";
const ACTIVITY = "GET /api/me/security/activity";
const THIS = "11111111-1111-4111-8111-111111111111";
const PHONE = "22222222-2222-4222-8222-222222222222";

const BODY: DevicesAnswer = {
  devices: [
    {
      id: THIS,
      browser: "Chrome 124",
      system: "Windows",
      form: "computer",
      place: null,
      address: "203.0.113.x",
      firstUsedAt: "2026-11-20T07:45:00.000Z",
      lastUsedAt: "2026-11-28T09:12:00.000Z",
      current: true,
    },
    {
      id: PHONE,
      browser: "Safari 17",
      system: "iOS 17",
      form: "phone",
      place: "Angers, FR",
      address: "198.51.100.x",
      firstUsedAt: "2026-10-02T18:03:00.000Z",
      lastUsedAt: "2026-11-27T19:40:00.000Z",
      current: false,
    },
  ],
};
const LOG: ActivityAnswer = {
  team: true,
  next: "7",
  entries: [
    {
      id: "9",
      kind: "company-switch",
      at: "2026-11-28T08:55:00.000Z",
      count: 1,
      actor: "comptable@ferme.test",
      detail: { company: "EARL Les Tilleuls", browser: "Firefox 126", system: "Linux" },
    },
    { id: "8", kind: "login-failed", at: "2026-11-27T23:10:00.000Z", count: 14, actor: null, detail: { address: "198.18.0.x" } },
    { id: "7", kind: "bank-details", at: "2026-11-25T15:20:00.000Z", count: 1, actor: null, detail: { last4: "0189" } },
  ],
};
const OLDER: ActivityAnswer = {
  team: true,
  next: null,
  entries: [{ id: "3", kind: "password", at: "2026-10-01T08:00:00.000Z", count: 1, actor: null, detail: {} }],
};

function api(routes: Record<string, RouteHandler> = {}) {
  return stubApi({
    ...sessionRoutes(),
    [DEVICES]: { body: BODY },
    [ACTIVITY]: (call) => ({ body: call.query.get("after") ? OLDER : LOG }),
    ...routes,
  });
}

// In the source language: the texts stay the same once the catalogs are translated.
async function open() {
  signIn(user([company({ codeReseau: "FRA", role: "owner" })]));
  return mount('<macc-security locale="en-GB"></macc-security>');
}

const devices = (root: ShadowRoot) => [...root.querySelectorAll(".security__device")].map((li) => li.textContent ?? "");
const lines = (root: ShadowRoot) => [...root.querySelectorAll(".security__line")].map((li) => li.textContent ?? "");
const button = (root: ShadowRoot, text: string) => [...root.querySelectorAll("button")].find((b) => b.textContent?.startsWith(text))!;

beforeEach(() => resetPage());

describe("<macc-security>", () => {
  it("shows skeletons while loading, then the devices (this one marked, without a sign-out) and the activity", async () => {
    const pending = deferred();
    api({ [DEVICES]: pending.handler });
    const view = await open();
    await pending.started;
    await waitFor(() => expect(view.root.querySelector(".skeleton")).not.toBeNull());
    pending.resolve({ body: BODY });
    await waitFor(() => expect(devices(view.root)).toHaveLength(2));
    expect(devices(view.root)[0]).toContain("Chrome 124 · Windows");
    expect(devices(view.root)[0]).toContain("This device");
    expect(devices(view.root)[0]).toContain("203.0.113.x");
    expect(view.root.querySelectorAll(".security__device")[0]!.querySelector("button")).toBeNull();
    expect(devices(view.root)[1]).toContain("Angers, FR");
    expect(view.screen.getByRole("button", { name: "Sign out Safari 17 · iOS 17" })).toBeTruthy();
    await waitFor(() => expect(lines(view.root)).toHaveLength(3));
    expect(lines(view.root)[0]).toContain("Opened the company EARL Les Tilleuls");
    expect(lines(view.root)[0]).toContain("By: comptable@ferme.test");
    expect(lines(view.root)[1]).toContain("Failed login attempts: 14");
    expect(lines(view.root)[2]).toContain("IBAN ending 0189");
  });

  it("signs out one device and lists the devices again", async () => {
    let signedOut = false;
    const calls = api({
      [DEVICES]: () => ({ body: signedOut ? { devices: [BODY.devices[0]] } : BODY }),
      [`DELETE /api/me/security/devices/${PHONE}`]: () => ((signedOut = true), { status: 204 }),
    });
    const view = await open();
    await waitFor(() => expect(devices(view.root)).toHaveLength(2));
    fireEvent.click(view.screen.getByRole("button", { name: "Sign out Safari 17 · iOS 17" }));
    await waitFor(() => expect(devices(view.root)).toHaveLength(1));
    expect(calls.callsTo(`DELETE /api/me/security/devices/${PHONE}`)).toHaveLength(1);
    expect(view.root.querySelector('[role="status"]')!.textContent).toContain("Safari 17 · iOS 17 was signed out.");
    expect(view.root.textContent).toContain("No other device is signed in.");
  });

  it("asks before signing out all other devices, and sends nothing when cancelled", async () => {
    const calls = api({ "POST /api/me/security/devices/sign-out-others": { body: { signedOut: 1 } } });
    const view = await open();
    await waitFor(() => expect(devices(view.root)).toHaveLength(2));
    fireEvent.click(button(view.root, "Sign out all other devices"));
    await waitFor(() => expect(view.root.querySelector("dialog")).not.toBeNull());
    fireEvent.click(button(view.root, "Cancel"));
    await waitFor(() => expect(view.root.querySelector("dialog")).toBeNull());
    expect(calls.callsTo("POST /api/me/security/devices/sign-out-others")).toHaveLength(0);
    fireEvent.click(button(view.root, "Sign out all other devices"));
    await waitFor(() => expect(view.root.querySelector("dialog")).not.toBeNull());
    fireEvent.click(button(view.root, "Sign out the others"));
    await waitFor(() => expect(calls.callsTo("POST /api/me/security/devices/sign-out-others")).toHaveLength(1));
    await waitFor(() =>
      expect(view.root.querySelector('[role="status"]')!.textContent).toContain("Every other device was signed out (1)."),
    );
  });

  it("filters the activity and shows more with the previous page's cursor", async () => {
    const calls = api();
    const view = await open();
    await waitFor(() => expect(lines(view.root)).toHaveLength(3));
    fireEvent.click(button(view.root, "Show more"));
    await waitFor(() => expect(lines(view.root)).toHaveLength(4));
    expect(calls.callsTo(ACTIVITY).at(-1)!.query.get("after")).toBe("7");
    expect(button(view.root, "Show more")).toBeUndefined();
    const select = view.root.querySelector<HTMLSelectElement>("#security-activity-kind")!;
    fireEvent.change(select, { target: { value: "team" } });
    await waitFor(() => expect(calls.callsTo(ACTIVITY).at(-1)!.query.get("kind")).toBe("team"));
    await waitFor(() => expect(lines(view.root)).toHaveLength(3));
  });

  it("says when nothing is recorded, and when a list cannot be loaded (with a retry)", async () => {
    let fail = true;
    api({
      [DEVICES]: () => (fail ? problem(500) : { body: BODY }),
      [ACTIVITY]: { body: { team: false, next: null, entries: [] } },
    });
    const view = await open();
    await waitFor(() => expect(view.root.textContent).toContain("Your devices could not be loaded."));
    await waitFor(() => expect(view.root.textContent).toContain("Nothing recorded for this choice in the last 12 months."));
    fail = false;
    fireEvent.click(button(view.root, "Try again"));
    await waitFor(() => expect(devices(view.root)).toHaveLength(2));
  });

  it("asks a visitor to log in", async () => {
    stubApi({});
    const view = await mount('<macc-security locale="en-GB"></macc-security>');
    await waitFor(() => expect(view.root.textContent).toContain("Log in to see your devices and your account's activity."));
  });
  it("exposes its parts for ::part() styling: the screen, the devices and their buttons, the activity and its lines", async () => {
    api();
    const view = await open();
    await waitFor(() => expect(lines(view.root)).toHaveLength(3));
    const parts = (name: string) => [...view.root.querySelectorAll(`[part~="${name}"]`)];
    expect(parts("security").map((e) => e.tagName)).toEqual(["DIV"]);
    expect(parts("devices").map((e) => e.tagName)).toEqual(["UL"]);
    expect(parts("device")).toEqual([...view.root.querySelectorAll(".security__device")]);
    // This device has no sign-out: the other one's button only.
    expect(parts("device-sign-out").map((b) => b.textContent)).toEqual(["Sign out Safari 17 · iOS 17"]);
    expect(parts("sign-out-others").map((b) => b.textContent)).toEqual(["Sign out all other devices"]);
    expect(parts("activity").map((e) => e.tagName)).toEqual(["OL"]);
    expect(parts("activity-entry")).toEqual([...view.root.querySelectorAll(".security__line")]);
    expect(parts("activity-more").map((b) => b.textContent)).toEqual(["Show more"]);
  });
});
