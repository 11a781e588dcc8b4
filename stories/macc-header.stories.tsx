import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-header";
import { noContent, USER_MULTI, USER_ONE_COMPANY, USER_UK } from "./fixtures";
import { elementAttributes, type MaccPageParameters } from "./helpers";

/**
 * `<macc-header>`: brand, locale selector, search, basket count, main menu and, once logged in,
 * the company block (company, change-company when there are several, logout).
 */
const meta = {
  title: "Elements/macc-header",
  render: (_args, { globals }) => <macc-header {...elementAttributes(globals)} />,
  parameters: { api: { "POST /auth/logout": noContent(400) } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Anonymous: Story = {};

/** Two products in the basket: the basket button shows the count. */
export const AnonymousWithBasket: Story = {
  parameters: { macc: { panier: ["P-1001", "P-2002"] } satisfies MaccPageParameters },
};

/** Logged in with one company: account menu and company block, no change-company button. */
export const LoggedInOneCompany: Story = {
  parameters: { macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters },
};

/** Logged in with three companies: the change-company button (icon + label) appears. */
export const LoggedInSeveralCompanies: Story = {
  parameters: { macc: { user: USER_MULTI } satisfies MaccPageParameters },
};

/** The AGRI theme (toolbar locked to AGRI for this story): AGRIMACC brand and colours. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
};

/** The UK site (en-GB): no "Join us" entry in the main menu. */
export const UkLocale: Story = {
  globals: { locale: "en-GB" },
};

/** A customer of the UK network browsing the French site: still no "Join us". */
export const UkCustomerOnFrenchSite: Story = {
  globals: { locale: "fr-FR" },
  parameters: { macc: { user: USER_UK } satisfies MaccPageParameters },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { maintenance: true } satisfies MaccPageParameters },
};
