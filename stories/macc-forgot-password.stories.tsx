import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-forgot-password";
import {
  accepted,
  BOT_CHECK_PATH,
  botCheckOk,
  FORGOT_THROTTLED,
  NEW_PASSWORD_RULES,
  noContent,
  RESET_LINK_GONE,
  SERVER_ERROR,
} from "./fixtures";
import { elementAttributes, fillFields, shadowOf, submitForm, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-forgot-password>` (MOT_DE_PASSE_OUBLIE). Without `?token=` in the page address: the
 * e-mail form (POST /auth/forgot, 202 whether or not the account exists). Opened from the link
 * of the e-mail (`?token=…`): the new password form (POST /auth/reset, 204).
 */
const meta = {
  title: "Elements/macc-forgot-password",
  render: (_args, { globals }) => <macc-forgot-password {...elementAttributes(globals)} />,
  parameters: {
    api: {
      [BOT_CHECK_PATH]: botCheckOk(),
      "POST /auth/forgot": accepted(),
      "POST /auth/reset": noContent(600),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Puts `?token=…` on the preview iframe's address, as the reset link of the e-mail does (the
 * element reads it when it mounts), and takes it off again when the story is left.
 */
function withResetToken(token = "sb-reset-token-4f1c9a") {
  return () => {
    const url = new URL(location.href);
    url.searchParams.set("token", token);
    history.replaceState(history.state, "", url);
    return () => {
      const back = new URL(location.href);
      back.searchParams.delete("token");
      history.replaceState(history.state, "", back);
    };
  };
}

async function requestLink(canvasElement: HTMLElement, email: string) {
  const root = await shadowOf(canvasElement, "macc-forgot-password", "form");
  fillFields(root, { email });
  submitForm(root);
  return root;
}

async function choosePassword(canvasElement: HTMLElement, nouveauMotDePasse: string, confirmerMotDePasse = nouveauMotDePasse) {
  const root = await shadowOf(canvasElement, "macc-forgot-password", 'input[name="nouveauMotDePasse"]');
  fillFields(root, { nouveauMotDePasse, confirmerMotDePasse });
  submitForm(root);
  return root;
}

// --- the e-mail form

export const RequestForm: Story = {};

/** Submitting without an e-mail address: error summary, no request. */
export const MissingEmail: Story = {
  play: async ({ canvasElement }) => {
    const root = await requestLink(canvasElement, "");
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** An address in the wrong format: error summary, no request. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const root = await requestLink(canvasElement, "claire.lefevre@");
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** 202: "Check your e-mails", with the address typed and a button to ask for a new link. */
export const LinkSent: Story = {
  play: async ({ canvasElement }) => {
    const root = await requestLink(canvasElement, "single@demo.macc.test");
    await expect(await textOf(root, ".alert--success")).toContain("single@demo.macc.test");
  },
};

/** 429 with `Retry-After: 300`: the form asks to wait 5 minutes. */
export const Throttled: Story = {
  name: "Throttled (429)",
  parameters: { api: { "POST /auth/forgot": FORGOT_THROTTLED } },
  play: async ({ canvasElement }) => {
    const root = await requestLink(canvasElement, "single@demo.macc.test");
    await expect(await textOf(root, ".alert--error")).toMatch(/5/);
  },
};

/** 500: "We could not send the e-mail". */
export const SendFails: Story = {
  name: "Send fails (500)",
  parameters: { api: { "POST /auth/forgot": SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await requestLink(canvasElement, "single@demo.macc.test");
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/** The AGRI theme (toolbar locked to AGRI). */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
};

// --- the new password form (`?token=` in the address)

/** Opened from the e-mail's link: the new password and its confirmation. */
export const ResetForm: Story = {
  beforeEach: withResetToken(),
};

/** Submitting the empty form: error summary, no request. */
export const ResetMissingFields: Story = {
  beforeEach: withResetToken(),
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement, "");
    await expect(root.querySelectorAll(".error-summary li")).toHaveLength(2);
  },
};

/** A new password breaking the rules and a different confirmation: checked before any request. */
export const ResetPasswordRules: Story = {
  beforeEach: withResetToken(),
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement, "moisson", "moissons");
    await expect(root.querySelectorAll(".error-summary li")).toHaveLength(2);
  },
};

/** 204: "Password changed" and a link to log in. */
export const ResetDone: Story = {
  beforeEach: withResetToken(),
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement, "Moisson2026");
    await expect(await textOf(root, ".alert--success")).toBeTruthy();
  },
};

/** 410: the link was used or is older than 30 minutes; a button goes back to the e-mail form. */
export const ResetLinkExpired: Story = {
  name: "Reset link expired (410)",
  beforeEach: withResetToken("sb-expired-token"),
  parameters: { api: { "POST /auth/reset": RESET_LINK_GONE } },
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement, "Moisson2026");
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/** 422: the server's rule errors (worded by the API) on the fields. */
export const ResetServerRules: Story = {
  name: "Reset rule errors (422)",
  beforeEach: withResetToken(),
  parameters: { api: { "POST /auth/reset": NEW_PASSWORD_RULES } },
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement, "Moisson2026");
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** 500: "Your password could not be changed". */
export const ResetFails: Story = {
  name: "Reset fails (500)",
  beforeEach: withResetToken(),
  parameters: { api: { "POST /auth/reset": SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement, "Moisson2026");
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { maintenance: true } satisfies MaccPageParameters },
};
