import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-dashboard";
import { ok, pending, refreshAs, SERVER_ERROR, SUMMARY_PATH, summaryOf, USER_AGRI, USER_ONE_COMPANY, USER_UK } from "./fixtures";
import { elementAttributes, shadowOf, type MaccPageParameters } from "./helpers";

/** My basket requests: the two sent for this company (read with the counts), under the tiles. */
const BASKET_REQUESTS = [
  {
    id: "r-2",
    reference: "P-2026-000124",
    createdAt: "2026-11-24T15:05:00Z",
    status: "sent",
    items: [
      { id: "1001", nom: "Semoir Maxi-Graine 3000" },
      { id: "1002", nom: "Disques de rechange (lot de 4)" },
    ],
  },
  {
    id: "r-1",
    reference: "P-2026-000101",
    createdAt: "2026-10-02T08:30:00Z",
    status: "sent",
    items: [{ id: "1003", nom: "Engrais azoté 27 %" }],
  },
];

/**
 * `<macc-dashboard>` (DASHBOARD): one tile per part of the customer's account. GET /me/summary
 * gives the counts of the tiles (unpaid invoices, products) and the basket requests, in one request;
 * the tiles work without the counts, so a failure leaves them out quietly. The invoices tile is only for the FRA, AGR, FIL and EXP
 * networks (always in the AGRI theme); the bank details tile is behind a feature flag (off).
 */
const meta = {
  title: "Elements/macc-dashboard",
  render: (_args, { globals }) => <macc-dashboard {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [SUMMARY_PATH]: ok({ ...summaryOf(), basketRequests: BASKET_REQUESTS }, 400),
      // The action banner at its top (stories/macc-action-banner.stories.tsx): two entries.
      "GET /me/notifications": ok({
        entries: [
          {
            key: "freshness",
            kind: "freshness",
            fingerprint: "f1",
            action: true,
            read: false,
            at: "2024-01-13T00:00:00.000Z",
            dueInDays: 45,
          },
          { key: "invoices", kind: "invoices", fingerprint: "v1", action: false, read: false, at: "2026-11-27T09:00:00.000Z", count: 2 },
        ],
        total: 2,
        actionRequired: 1,
      }),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A FRA company: invoices (2 unpaid), my information, my product fleet (5 products). */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, "macc-dashboard", ".tiles");
    await expect(root.querySelectorAll(".tiles > li").length).toBe(3);
  },
};

/** Every invoice paid, one product. */
export const AllPaid: Story = {
  name: "All invoices paid, one product",
  parameters: { api: { [SUMMARY_PATH]: ok(summaryOf({ unpaid: 0, total: 12, products: 1 }), 400) } },
};

/** A new customer: no invoice, no product yet. */
export const Empty: Story = {
  name: "Empty (no invoices, no products)",
  parameters: { api: { [SUMMARY_PATH]: ok(summaryOf({ unpaid: 0, total: 0, products: 0, adviser: false }), 400) } },
};

/** GET /me/summary takes its time: skeletons in place of the counts, the tiles already usable. */
export const Loading: Story = {
  parameters: { api: { [SUMMARY_PATH]: pending() } },
};

/** GET /me/summary fails (500): the tiles without their counts, no toast; the basket requests' section says it, with "try again". */
export const SummaryError: Story = {
  name: "Summary error (500)",
  parameters: { api: { [SUMMARY_PATH]: SERVER_ERROR } },
};

/** A GBR company in the MACC theme: no invoices tile. */
export const NetworkWithoutInvoices: Story = {
  name: "Network without invoices (GBR)",
  parameters: {
    macc: { user: USER_UK } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_UK) },
  },
};

/** The AGRI theme (toolbar locked to AGRI), the AGR company selected: the invoices tile is there. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_AGRI), [SUMMARY_PATH]: ok(summaryOf({ unpaid: 1, total: 7, products: 2 }), 400) },
  },
};

/** Not logged in: a prompt and a link to the login page, no request. */
export const Anonymous: Story = {
  parameters: { macc: { user: null } satisfies MaccPageParameters },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { user: USER_ONE_COMPANY, maintenance: true } satisfies MaccPageParameters },
};
