import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-footer";
import { COMPANY_AGR, FOOTER_PATH, footerNoServices, footerOk, pending, refreshAs, SERVER_ERROR, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, type MaccPageParameters } from "./helpers";

/**
 * `<macc-footer>`: the network's contact block (GET /servicesMACC/reseau/{codeReseau}/type/gen)
 * and the site's links. Anonymous visitors get the network of the locale (AGR in the AGRI theme);
 * a logged-in customer gets the network of the selected company.
 */
const meta = {
  title: "Elements/macc-footer",
  render: (_args, { globals }) => <macc-footer {...elementAttributes(globals)} />,
  parameters: { api: { [FOOTER_PATH]: footerOk() } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

/** The API takes its time: skeleton lines, `aria-busy` on the contact section. */
export const Loading: Story = {
  parameters: { api: { [FOOTER_PATH]: pending() } },
};

/** The API fails (500): an inline message in place of the contact block, plus the error toast. */
export const ServerError: Story = {
  name: "Error (500)",
  parameters: { api: { [FOOTER_PATH]: SERVER_ERROR } },
};

/** A network with an address but no sub-services. */
export const EmptySubServices: Story = {
  parameters: { api: { [FOOTER_PATH]: footerNoServices() } },
};

/** Logged in with an AGR company: the company's network (AGRIMACC contact block), whatever the locale. */
const AGRI_CUSTOMER = { ...USER_ONE_COMPANY, codeReseau: "AGR", entreprises: [COMPANY_AGR] };
export const LoggedInAgriCompany: Story = {
  parameters: {
    macc: { user: AGRI_CUSTOMER } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(AGRI_CUSTOMER) },
  },
};

/** The API answered 503 somewhere on the page: every element shows the maintenance screen. */
export const UnderMaintenance: Story = {
  parameters: { macc: { maintenance: true } satisfies MaccPageParameters },
};
