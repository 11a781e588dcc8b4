import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-action-banner";
import type { NotificationsAnswer } from "../src/contract/notifications";
import { noContent, ok, pending, refreshAs, SERVER_ERROR, USER_AGRI, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, shadowOf, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-action-banner>` (issue 30): what needs the logged-in customer, most urgent first, from
 * GET /me/notifications (the header's count reads the same answer); each entry links to its screen
 * and can be dismissed until it changes (PUT /me/notifications/{key}/state). It tells the page the
 * counts with `macc-notifications-change` on `document`, and shows nothing to a visitor.
 */
export const NOTIFICATIONS: NotificationsAnswer = {
  entries: [
    { key: "freshness", kind: "freshness", fingerprint: "f1", action: true, read: false, at: "2024-01-13T00:00:00.000Z", dueInDays: 45 },
    { key: "bank-details", kind: "bank-details", fingerprint: "b1", action: false, read: false, at: "2026-11-20T09:00:00.000Z" },
    { key: "invitations", kind: "invitations", fingerprint: "i1", action: false, read: true, at: "2026-11-25T09:00:00.000Z", count: 1 },
    {
      key: "service-request:0b7a3c1e-0000-4000-8000-000000000001",
      kind: "service-request",
      fingerprint: "s1",
      action: false,
      read: false,
      at: "2026-11-27T09:00:00.000Z",
      reference: "D-2026-7KQ2ZP",
      status: "scheduled",
      visit: { date: "2026-12-03", from: "08:00", to: "10:00" },
    },
    { key: "invoices", kind: "invoices", fingerprint: "v1", action: false, read: false, at: "2026-11-27T09:00:00.000Z", count: 2 },
    {
      key: "documents",
      kind: "documents",
      fingerprint: "d1",
      action: false,
      read: false,
      at: "2026-11-26T09:00:00.000Z",
      count: 1,
      codeFamille: "MACH",
    },
  ],
  total: 6,
  actionRequired: 1,
};
const PATH = "GET /me/notifications";

const meta = {
  title: "Elements/macc-action-banner",
  render: (_args, { globals }) => <macc-action-banner {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [PATH]: ok(NOTIFICATIONS, 300),
      "PUT /me/notifications/:key/state": noContent(200),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-action-banner";

/** Every kind of entry, the information to confirm first. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".action-banner li");
    await expect(await textOf(root, ".action-banner li a")).toContain("45");
  },
};

/** The AGRI brand. */
export const Agri: Story = {
  parameters: { macc: { user: USER_AGRI } satisfies MaccPageParameters, api: { "POST /auth/refresh": refreshAs(USER_AGRI) } },
  globals: { theme: "AGRI" },
};

/** The due entry and two new invoices, as due@ sees them on a country site's home page. */
export const DueSoon: Story = {
  parameters: {
    api: { [PATH]: ok({ entries: [NOTIFICATIONS.entries[0], NOTIFICATIONS.entries[4]], total: 2, actionRequired: 1 }) },
  },
};

/**
 * While GET /me/notifications answers: nothing is drawn. The CMS page has painted before the banner
 * can know, so a skeleton would push it down, then pull it back up for a customer with nothing to do.
 * (The dashboard's banner keeps a skeleton: its tiles wait below it.)
 */
export const Loading: Story = { parameters: { api: { [PATH]: pending() } } };

/** The read fails: a short message and its retry button. */
export const LoadError: Story = { parameters: { api: { [PATH]: SERVER_ERROR } } };

/** Nothing needs the customer: nothing is shown (the page is told 0). */
export const Empty: Story = { parameters: { api: { [PATH]: ok({ entries: [], total: 0, actionRequired: 0 }) } } };

/** A visitor: nothing is read, nothing shown (the page is told 0). */
export const Visitor: Story = { parameters: { macc: { user: null } satisfies MaccPageParameters } };

/** Dismissing the first entry: it goes, focus moves to the next one's link. */
export const Dismissed: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".action-banner__dismiss");
    root.querySelector<HTMLButtonElement>(".action-banner__dismiss")!.click();
    await expect(root.querySelectorAll(".action-banner li").length).toBe(NOTIFICATIONS.entries.length - 1);
  },
};
