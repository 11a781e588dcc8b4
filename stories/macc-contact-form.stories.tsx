import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-contact-form";
import {
  BOT_CHECK_PATH,
  botCheckOk,
  CONTACT_INVALID,
  CONTACT_PATH,
  CONTACT_SERVICE_ERROR,
  contactSent,
  FOOTER_PATH,
  footerNoServices,
  footerOk,
  noNetwork,
  pending,
  refreshAs,
  SERVER_ERROR,
  USER_AGRI,
  USER_ONE_COMPANY,
} from "./fixtures";
import { elementAttributes, fillFields, forgetSaved, shadowOf, submitForm, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-contact-form>` (FORMULAIRE_CONTACT): a message to one of the network's services (the
 * footer's contact call lists them), sent with POST /me/contact (201 `{ id }`, 422 with field
 * errors). Checked before any request: a service, a subject (150 characters at most) and a message
 * of 10 to 5,000 characters. A failure keeps what was typed and gives the company's phone.
 * An invisible proof of work (GET /bot-check/challenge, solved in the page) goes with each message
 * in the X-Bot-Check header.
 */
const meta = {
  title: "Elements/macc-contact-form",
  render: (_args, { globals }) => <macc-contact-form {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [FOOTER_PATH]: footerOk(300),
      [BOT_CHECK_PATH]: botCheckOk(),
      [CONTACT_PATH]: contactSent(),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-contact-form";

/** Fills in a valid message (the first service) and sends it. */
async function send(canvasElement: HTMLElement): Promise<ShadowRoot> {
  const root = await shadowOf(canvasElement, TAG, 'select[name="service"] option:nth-child(2)');
  const service = root.querySelector<HTMLOptionElement>('select[name="service"] option:nth-child(2)')!.value;
  fillFields(root, { service, subject: "Pièce pour mon semoir" });
  const message = root.querySelector<HTMLTextAreaElement>('textarea[name="message"]')!;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(
    message,
    "Bonjour, il me faudrait un disque de rechange pour le Maxi-Graine 3000. Merci.",
  );
  message.dispatchEvent(new Event("input", { bubbles: true }));
  submitForm(root);
  return root;
}

/** The empty form, the services of the company's network. */
export const Default: Story = {};

/** The services load (the footer's contact call takes its time). */
export const Loading: Story = {
  parameters: { api: { [FOOTER_PATH]: pending() } },
};

/** A network with no sub-service: only the placeholder to choose from. */
export const NoServices: Story = {
  name: "Empty (no services)",
  parameters: { api: { [FOOTER_PATH]: footerNoServices() } },
};

/** Submitting the empty form: the error summary (focused) and a message on each field. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "form");
    submitForm(root);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
    await expect(root.querySelectorAll(".error-summary li").length).toBe(3);
  },
};

/** 201: the confirmation, with "write another message". */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".alert--success");
  },
};

/** Sending takes its time: the button is busy and a second click sends nothing. */
export const Sending: Story = {
  parameters: { api: { [CONTACT_PATH]: pending() } },
  play: async ({ canvasElement }) => {
    await send(canvasElement);
  },
};

/** 422: the server's messages on their fields, what was typed kept. */
export const ServerValidationErrors: Story = {
  name: "Server validation errors (422)",
  parameters: { api: { [CONTACT_PATH]: CONTACT_INVALID } },
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".error-summary");
  },
};

/** 500: "could not be sent … call us on" the company's phone; what was typed kept. */
export const SendFails: Story = {
  name: "Send fails (500)",
  parameters: { api: { [CONTACT_PATH]: CONTACT_SERVICE_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await expect(await textOf(root, ".alert--error")).toMatch(/\+33/);
  },
};

/** The bot check's challenge cannot be had (500): the message is not sent, the failure message shows. */
export const BotCheckFails: Story = {
  name: "Bot check fails (500)",
  parameters: { api: { [BOT_CHECK_PATH]: SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".alert--error");
  },
};

/** The AGRI theme (toolbar locked to AGRI), the AGR company: the AGRIMACC services. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_AGRI),
      [FOOTER_PATH]: footerOk(300),
      [BOT_CHECK_PATH]: botCheckOk(),
      [CONTACT_PATH]: contactSent(),
    },
  },
};

/** Not logged in: a prompt and a link to the login page. */
export const Anonymous: Story = {
  parameters: { macc: { user: null } satisfies MaccPageParameters },
};

/** No network: the message is saved on this device (a status, not an error), with "Write another message". */
export const SavedOffline: Story = {
  name: "Saved offline",
  parameters: { api: { [CONTACT_PATH]: noNetwork() } },
  beforeEach: forgetSaved("contact"),
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".saved-offline");
  },
};
