import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-adviser";
import {
  ADVISER,
  ADVISER_AGRI,
  ADVISER_NO_PHOTO,
  ADVISER_PATH,
  ADVISER_SERVICE_ERROR,
  NO_ADVISER,
  ok,
  pending,
  refreshAs,
  USER_AGRI,
  USER_ONE_COMPANY,
} from "./fixtures";
import { elementAttributes, type MaccPageParameters } from "./helpers";

/**
 * `<macc-adviser>` (CONSEILLER): the customer's sales representative (GET /me/adviser) with a
 * photo, phone (tel:) and e-mail (mailto:) links and a link to the contact form; without a
 * dedicated adviser, the service to contact instead.
 */
const meta = {
  title: "Elements/macc-adviser",
  render: (_args, { globals }) => <macc-adviser {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [ADVISER_PATH]: ok(ADVISER, 400),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** An adviser with a photo, a landline and a mobile. */
export const Loaded: Story = {};

/** No photo, no mobile. */
export const WithoutPhoto: Story = {
  parameters: { api: { [ADVISER_PATH]: ok(ADVISER_NO_PHOTO, 400) } },
};

/** No dedicated adviser: the customer service answers instead. */
export const NoAdviser: Story = {
  name: "No adviser (the service instead)",
  parameters: { api: { [ADVISER_PATH]: ok(NO_ADVISER, 400) } },
};

/** GET /me/adviser takes its time. */
export const Loading: Story = {
  parameters: { api: { [ADVISER_PATH]: pending() } },
};

/** GET /me/adviser fails (500): a message and "Try again". */
export const LoadError: Story = {
  name: "Load error (500)",
  parameters: { api: { [ADVISER_PATH]: ADVISER_SERVICE_ERROR } },
};

/** The AGRI theme (toolbar locked to AGRI), the AGR company and its adviser. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_AGRI), [ADVISER_PATH]: ok(ADVISER_AGRI, 400) },
  },
};

/** Not logged in: a prompt and a link to the login page, no request. */
export const Anonymous: Story = {
  parameters: { macc: { user: null } satisfies MaccPageParameters },
};
