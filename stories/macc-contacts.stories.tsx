import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-contacts";
import {
  ADVISER,
  ADVISER_AGRI,
  ADVISER_PATH,
  ADVISER_SERVICE_ERROR,
  FOOTER_PATH,
  footerNoServices,
  footerOk,
  NO_ADVISER,
  ok,
  pending,
  refreshAs,
  SERVER_ERROR,
  USER_AGRI,
  USER_ONE_COMPANY,
} from "./fixtures";
import { elementAttributes, type MaccPageParameters } from "./helpers";

/**
 * `<macc-contacts>` (INTERLOCUTEURS, public): the contact services of the network, from the
 * footer's call (GET /servicesMACC/reseau/{code}/type/gen?langue): the locale's network for a
 * visitor (AGR in the AGRI theme), the company's once logged in. A logged-in customer sees their
 * adviser first (GET /me/adviser); an adviser failure just leaves the card out.
 */
const meta = {
  title: "Elements/macc-contacts",
  render: (_args, { globals }) => <macc-contacts {...elementAttributes(globals)} />,
  parameters: { api: { [FOOTER_PATH]: footerOk(300) } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: the services of the locale's network and an invitation to log in. */
export const Anonymous: Story = {};

/** A visitor in the AGRI theme (toolbar locked to AGRI): the AGRIMACC services. */
export const AnonymousAgriTheme: Story = {
  name: "Anonymous, AGRI theme",
  globals: { theme: "AGRI" },
};

const loggedIn = {
  macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
  api: { "POST /auth/refresh": refreshAs(USER_ONE_COMPANY), [FOOTER_PATH]: footerOk(300), [ADVISER_PATH]: ok(ADVISER, 400) },
};

/** Logged in: the adviser first, then the services, and a button to the contact form. */
export const LoggedIn: Story = { parameters: loggedIn };

/** Logged in without a dedicated adviser: the services only. */
export const LoggedInNoAdviser: Story = {
  name: "Logged in, no adviser",
  parameters: { ...loggedIn, api: { ...loggedIn.api, [ADVISER_PATH]: ok(NO_ADVISER, 400) } },
};

/** GET /me/adviser fails (500): the page shows the services only, no message. */
export const AdviserFails: Story = {
  name: "Adviser fails (500)",
  parameters: { ...loggedIn, api: { ...loggedIn.api, [ADVISER_PATH]: ADVISER_SERVICE_ERROR } },
};

/** Logged in with the AGR company in the AGRI theme: its adviser and the AGRIMACC services. */
export const LoggedInAgriTheme: Story = {
  name: "Logged in, AGRI theme",
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_AGRI), [FOOTER_PATH]: footerOk(300), [ADVISER_PATH]: ok(ADVISER_AGRI, 400) },
  },
};

/** The contact call takes its time. */
export const Loading: Story = {
  parameters: { api: { [FOOTER_PATH]: pending() } },
};

/** The contact call fails (500): a message and "Try again". */
export const LoadError: Story = {
  name: "Load error (500)",
  parameters: { api: { [FOOTER_PATH]: SERVER_ERROR } },
};

/** A network with an address but no sub-services. */
export const NoServices: Story = {
  name: "Empty (no services)",
  parameters: { api: { [FOOTER_PATH]: footerNoServices() } },
};
