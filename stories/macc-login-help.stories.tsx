import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-login-help";
import { FOOTER_PATH, footerOk, pending, refreshAs, SERVER_ERROR, USER_UK } from "./fixtures";
import { elementAttributes, type MaccPageParameters } from "./helpers";

/**
 * `<macc-login-help>` (AIDE_CONNEXION): static help with links to the forgotten password,
 * sign-up and contact pages. The "call us" sentence needs the customer service phone, from the
 * same contact call as the footer (GET /servicesMACC/reseau/{codeReseau}/type/gen): the
 * network of the locale for a visitor (AGR in the AGRI theme), of the company once logged in.
 */
const meta = {
  title: "Elements/macc-login-help",
  render: (_args, { globals }) => <macc-login-help {...elementAttributes(globals)} />,
  parameters: { api: { [FOOTER_PATH]: footerOk() } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: the help sections and "Call us on …" with the phone of the locale's network. */
export const Default: Story = {};

/** The contact call takes its time: the help shows at once, without the phone sentence. */
export const ContactLoading: Story = {
  parameters: { api: { [FOOTER_PATH]: pending() } },
};

/** The contact call fails (500): the help without the phone sentence, plus the generic error toast. */
export const ContactError: Story = {
  name: "Contact error (500)",
  parameters: { api: { [FOOTER_PATH]: SERVER_ERROR } },
};

/** The AGRI theme (toolbar locked to AGRI): AGRIMACC colours, phone of the AGR network. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
};

/** The UK site (en-GB): GBR network. */
export const UkLocale: Story = {
  globals: { locale: "en-GB" },
};

/** Logged in with a UK company on the French site: the phone of the company's network (GBR). */
export const LoggedInCustomer: Story = {
  parameters: {
    macc: { user: USER_UK } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_UK) },
  },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { maintenance: true } satisfies MaccPageParameters },
};
