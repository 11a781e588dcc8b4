import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-invoices";
import {
  INVOICE_PDF_PATH,
  INVOICE_ZIP_PATH,
  INVOICES,
  INVOICES_PATH,
  invoicesOk,
  NO_INVOICES,
  ok,
  pdfFile,
  pending,
  problem,
  refreshAs,
  SERVER_ERROR,
  USER_AGRI,
  USER_ONE_COMPANY,
  USER_UK,
  zipFile,
} from "./fixtures";
import { elementAttributes, fillFields, shadowOf, textOf, waitFor, type MaccPageParameters } from "./helpers";

/**
 * `<macc-invoices>` (FACTURES): the selected company's invoices, newest first, paged on the server
 * (GET /me/invoices?page&pageSize&sort&order&q&year|annee&status). Years up to 2022 come from
 * customer accounting: asked with `annee`, with a note. Each row downloads its PDF
 * (GET /me/invoices/{id}/pdf); a year's invoices download as one ZIP with a progress bar
 * (GET /me/invoices/archive/{year}.zip). Only for the FRA, AGR, FIL and EXP networks, or the AGRI theme.
 */
const meta = {
  title: "Elements/macc-invoices",
  render: (_args, { globals }) => <macc-invoices {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [INVOICES_PATH]: invoicesOk(),
      [INVOICE_PDF_PATH]: pdfFile(),
      [INVOICE_ZIP_PATH]: zipFile(),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-invoices";

/** 137 invoices over six years: 25 a page, the three latest unpaid. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    await expect(root.querySelectorAll("tbody tr").length).toBe(25);
    await expect(root.querySelector(".pagination")).toBeTruthy();
  },
};

/** Twelve invoices: one page, no pagination. */
export const OnePage: Story = {
  parameters: { api: { [INVOICES_PATH]: invoicesOk(INVOICES.slice(0, 12)) } },
};

/** The first answer takes its time: skeleton rows, `aria-busy` on the table body. */
export const Loading: Story = {
  parameters: { api: { [INVOICES_PATH]: pending() } },
};

/** GET /me/invoices fails (500): a message and "Try again" in place of the table. */
export const LoadError: Story = {
  name: "Load error (500)",
  parameters: { api: { [INVOICES_PATH]: SERVER_ERROR } },
};

/** No invoice at all: an invitation to contact the sales team (contact form link). */
export const NoInvoices: Story = {
  name: "Empty (no invoices yet)",
  parameters: { api: { [INVOICES_PATH]: ok(NO_INVOICES, 300) } },
};

/** A search that matches nothing: the filters stay, "no invoice matches". */
export const NoResults: Story = {
  name: "Filters without results",
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    fillFields(root, { "invoice-search": "ZZZ-404" });
    await waitFor(() => root.querySelector('[role="status"]')?.textContent && root.querySelectorAll("tbody tr").length === 0, "no results");
  },
};

/** Sorted by amount, largest first (the column header's button; `aria-sort` on the header). */
export const SortedByAmount: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    root.querySelectorAll<HTMLButtonElement>("thead .sort-button")[2]!.click();
    await waitFor(() => root.querySelector('th[aria-sort="descending"]:nth-child(4)'), "the amount column sorted");
  },
};

/** Unpaid invoices only. */
export const UnpaidOnly: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    fillFields(root, { "invoice-status": "unpaid" });
    await waitFor(
      () => root.querySelectorAll("tbody tr").length === 3 && root.querySelectorAll(".badge-status--paid").length === 0,
      "the unpaid invoices",
    );
  },
};

/** An archive year (2021): asked with `annee`, the note about customer accounting, the year's ZIP. */
export const ArchiveYear: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    fillFields(root, { "invoice-year": "2021" });
    await expect(await textOf(root, ".note")).toContain("2021");
  },
};

/** A year's ZIP being prepared: the progress bar under the count (the answer takes a while). */
export const ZipDownload: Story = {
  name: "ZIP download in progress",
  parameters: { api: { [INVOICE_ZIP_PATH]: zipFile(60_000) } },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    fillFields(root, { "invoice-year": "2025" });
    const button = await waitFor(() => root.querySelector<HTMLButtonElement>(".progress button"), "the ZIP button");
    button.click();
    await waitFor(() => root.querySelector(".progress progress"), "the progress bar");
  },
};

/** The ZIP of a year fails (500): a message beside the button. */
export const ZipDownloadFails: Story = {
  name: "ZIP download fails (500)",
  parameters: { api: { [INVOICE_ZIP_PATH]: problem(500, "Internal Server Error", "The archive service is unavailable.") } },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    fillFields(root, { "invoice-year": "2025" });
    const button = await waitFor(() => root.querySelector<HTMLButtonElement>(".progress button"), "the ZIP button");
    button.click();
    await textOf(root, '.progress [role="alert"]');
  },
};

/** The PDF of an invoice fails (404): "Download failed" on its row. */
export const PdfDownloadFails: Story = {
  name: "PDF download fails (404)",
  parameters: { api: { [INVOICE_PDF_PATH]: problem(404, "Not Found", "Cette facture n'est plus disponible.") } },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "tbody tr th");
    root.querySelector<HTMLButtonElement>("tbody tr button")!.click();
    await textOf(root, 'tbody [role="alert"]');
  },
};

/** A GBR company in the MACC theme: invoices are not online in that country; a link to the contacts. */
export const NetworkWithoutInvoices: Story = {
  name: "Network without invoices (GBR)",
  parameters: {
    macc: { user: USER_UK } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_UK) },
  },
};

/** The AGRI theme (toolbar locked to AGRI), the AGR company selected. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_AGRI), [INVOICES_PATH]: invoicesOk(INVOICES.slice(0, 40)) },
  },
};

/** Not logged in: a prompt and a link to the login page, no request. */
export const Anonymous: Story = {
  parameters: { macc: { user: null } satisfies MaccPageParameters },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { user: USER_ONE_COMPANY, maintenance: true } satisfies MaccPageParameters },
};
