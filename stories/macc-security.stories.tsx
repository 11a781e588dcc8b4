import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ApiFixture } from "../.storybook/api-stub";
import "../elements/macc-security";
import type { ActivityAnswer, DevicesAnswer } from "../src/contract/security";
import { noContent, ok, pending, refreshAs, SERVER_ERROR, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, shadowOf, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-security>` (SECURITY): the account's signed-in devices from GET /me/security/devices (sign
 * out one: DELETE /me/security/devices/{id}; all others, confirmed: POST …/sign-out-others) and its
 * activity of the last 12 months from GET /me/security/activity (filter `kind`, "Show more" with
 * `after`); the company's owner also reads the team's lines, with who did them.
 */
const DEVICES: DevicesAnswer = {
  devices: [
    {
      id: "d-1",
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
      id: "d-2",
      browser: "Safari 17",
      system: "iOS 17",
      form: "phone",
      place: "Angers, FR",
      address: "198.51.100.x",
      firstUsedAt: "2026-10-02T18:03:00.000Z",
      lastUsedAt: "2026-11-27T19:40:00.000Z",
      current: false,
    },
    {
      id: "d-3",
      browser: "Firefox 126",
      system: "Linux",
      form: "computer",
      place: null,
      address: "2001:db8:1234::/48",
      firstUsedAt: "2026-11-26T06:30:00.000Z",
      lastUsedAt: "2026-11-26T06:31:00.000Z",
      current: false,
    },
  ],
};
const ACTIVITY: ActivityAnswer = {
  team: true,
  next: "101",
  entries: [
    {
      id: "120",
      kind: "company-switch",
      at: "2026-11-28T08:55:00.000Z",
      count: 1,
      actor: "comptable@ferme.test",
      detail: { company: "EARL Les Tilleuls", browser: "Firefox 126", system: "Linux", address: "192.0.2.x" },
    },
    {
      id: "118",
      kind: "login",
      at: "2026-11-28T07:45:00.000Z",
      count: 1,
      actor: null,
      detail: { browser: "Chrome 124", system: "Windows", address: "203.0.113.x" },
    },
    {
      id: "115",
      kind: "login-failed",
      at: "2026-11-27T23:10:00.000Z",
      count: 14,
      actor: null,
      detail: { browser: "Chrome 120", system: "Linux", address: "198.18.0.x" },
    },
    {
      id: "112",
      kind: "invitation",
      at: "2026-11-26T10:00:00.000Z",
      count: 1,
      actor: null,
      detail: { email: "comptable@ferme.test", role: "accountant", change: "sent" },
    },
    { id: "110", kind: "bank-details", at: "2026-11-25T15:20:00.000Z", count: 1, actor: null, detail: { last4: "0189" } },
    { id: "108", kind: "password", at: "2026-11-20T09:00:00.000Z", count: 1, actor: null, detail: { change: "changed" } },
    {
      id: "104",
      kind: "service-request",
      at: "2026-11-18T14:00:00.000Z",
      count: 1,
      actor: "atelier@ferme.test",
      detail: { reference: "SAV-2026-00042", change: "sent" },
    },
    { id: "101", kind: "basket-request", at: "2026-11-10T11:30:00.000Z", count: 1, actor: null, detail: { reference: "P-2026-00917" } },
  ],
};
const OLDER: ActivityAnswer = {
  team: true,
  next: null,
  entries: [{ id: "90", kind: "profile", at: "2026-10-02T18:05:00.000Z", count: 1, actor: null, detail: {} }],
};
const DEVICES_PATH = "GET /me/security/devices";
const ACTIVITY_PATH = "GET /me/security/activity";

const meta = {
  title: "Elements/macc-security",
  render: (_args, { globals }) => <macc-security {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      "POST /me/security/company-switch": noContent(),
      [DEVICES_PATH]: ok(DEVICES, 300),
      [ACTIVITY_PATH]: new ApiFixture({
        body: (call: { query: URLSearchParams }) => (call.query.get("after") ? OLDER : ACTIVITY),
        delayMs: 300,
      }),
      "DELETE /me/security/devices/:id": noContent(400),
      "POST /me/security/devices/sign-out-others": ok({ signedOut: 2 }, 400),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-security";

/** The owner's view: three devices (this one first), the account's and the team's activity. */
export const Default: Story = {};

/** While both lists answer: skeletons that keep their room. */
export const Loading: Story = { parameters: { api: { [DEVICES_PATH]: pending(), [ACTIVITY_PATH]: pending() } } };

/** Only this device, nothing recorded yet. */
export const Empty: Story = {
  parameters: {
    api: {
      [DEVICES_PATH]: ok({ devices: [DEVICES.devices[0]] }),
      [ACTIVITY_PATH]: ok({ team: false, next: null, entries: [] } satisfies ActivityAnswer),
    },
  },
};

/** Both lists fail: each says so with its retry button. */
export const LoadError: Story = { parameters: { api: { [DEVICES_PATH]: SERVER_ERROR, [ACTIVITY_PATH]: SERVER_ERROR } } };

/** "Sign out all other devices" asks first, in a dialog. */
export const SignOutOthers: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".security__devices");
    const button = [...root.querySelectorAll<HTMLButtonElement>(".actions button")].find((b) => !b.closest(".security__device"))!;
    button.click();
    await expect(await textOf(root, "dialog p")).toBeTruthy();
  },
};

/** "Show more" adds the next page below the first. */
export const MoreActivity: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".security__activity");
    [...root.querySelectorAll<HTMLButtonElement>("button")].at(-1)!.click();
    await expect(await shadowOf(canvasElement, TAG, ".security__line--profile")).toBeTruthy();
  },
};
