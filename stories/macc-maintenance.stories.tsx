import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-maintenance";
import type { Locale } from "../src/contract/constants";
import { writeCachedFooter } from "../src/core/contacts";
import { ApiFixture } from "../.storybook/api-stub";
import { footerContact, refreshAs, USER_MULTI } from "./fixtures";
import { elementAttributes } from "./helpers";

/** `<macc-maintenance>` (MAINTENANCE route): the screen every element shows while the API answers 503. */
const meta = {
  title: "Elements/macc-maintenance",
  render: (_args, { globals }) => <macc-maintenance {...elementAttributes(globals)} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor who never saw the footer: the message, "Try again" and the way home; no contact block stored. */
export const Maintenance: Story = {};

/**
 * A logged-in customer, the server having announced the end (MACC_MAINTENANCE_UNTIL): the end in
 * the toolbar's language, and the contact block of their network as the footer stored it.
 * "Try again" finds the API still in maintenance.
 */
export const LoggedInWithExpectedEnd: Story = {
  parameters: {
    macc: { user: USER_MULTI, maintenance: true, maintenanceEnd: "2026-11-28T05:00:00Z" },
    api: {
      "POST /auth/refresh": refreshAs(USER_MULTI),
      "GET /health": new ApiFixture({ status: 503, body: { status: "maintenance", expectedEnd: "2026-11-28T05:00:00Z" }, delayMs: 400 }),
    },
  },
  beforeEach({ globals }) {
    const locale = globals.locale as Locale;
    writeCachedFooter(USER_MULTI.entreprises[0]!.codeReseau, locale, footerContact(USER_MULTI.entreprises[0]!.codeReseau, locale));
  },
};
