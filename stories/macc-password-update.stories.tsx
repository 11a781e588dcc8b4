import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-password-update";
import {
  noContent,
  ok,
  pending,
  OLD_PASSWORD_WRONG,
  PASSWORD_ALREADY_CHANGED,
  PASSWORD_ATTEMPTS_THROTTLED,
  refreshAs,
  SERVER_ERROR,
  USER_AGRI,
  USER_ONE_COMPANY,
} from "./fixtures";
import { elementAttributes, fillFields, shadowOf, submitForm, textOf, waitFor, type MaccPageParameters } from "./helpers";

/**
 * `<macc-password-update>` (MOT_DE_PASSE_UPDATE): current, new and confirmation passwords.
 * GET /me/password says first whether the change may still be made (the form, or the forgotten-password
 * link in its place); POST /me/password answers 204 by default (the account's other sessions end); the
 * change is allowed once (409 afterwards, from another tab). Every failure is shown by the screen itself.
 */
const meta = {
  title: "Elements/macc-password-update",
  render: (_args, { globals }) => <macc-password-update {...elementAttributes(globals)} />,
  parameters: {
    api: {
      "GET /me/password": ok({ modifiable: true }),
      "POST /me/password": noContent(600),
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const loggedIn = { user: USER_ONE_COMPANY } satisfies MaccPageParameters;

/** Fills the three fields of the element's form and submits it. */
async function submitPasswords(
  canvasElement: HTMLElement,
  values: { ancienMotDePasse: string; nouveauMotDePasse: string; confirmerMotDePasse: string },
) {
  const root = await shadowOf(canvasElement, "macc-password-update", "form");
  fillFields(root, values);
  submitForm(root);
  return root;
}

const VALID = { ancienMotDePasse: "Ancien-mot-2024", nouveauMotDePasse: "Moisson2026", confirmerMotDePasse: "Moisson2026" };

/** The empty form of a logged-in customer. */
export const Default: Story = {
  parameters: { macc: loggedIn },
};

/** Submitting the empty form: error summary and a message under each field, no request. */
export const MissingFields: Story = {
  parameters: { macc: loggedIn },
  play: async ({ canvasElement }) => {
    const root = await submitPasswords(canvasElement, { ancienMotDePasse: "", nouveauMotDePasse: "", confirmerMotDePasse: "" });
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
    await expect(root.querySelectorAll(".error-summary li")).toHaveLength(3);
  },
};

/** A new password that breaks the rules (length, upper case, digit) and a different confirmation. */
export const PasswordRules: Story = {
  parameters: { macc: loggedIn },
  play: async ({ canvasElement }) => {
    const root = await submitPasswords(canvasElement, {
      ancienMotDePasse: "whatever",
      nouveauMotDePasse: "court",
      confirmerMotDePasse: "autre",
    });
    await expect(root.querySelectorAll(".error-summary li")).toHaveLength(2);
  },
};

/** POST /me/password answers 204: success message, fields emptied. */
export const Success: Story = {
  parameters: { macc: loggedIn },
  play: async ({ canvasElement }) => {
    const root = await submitPasswords(canvasElement, VALID);
    await expect(await textOf(root, ".alert--success")).toBeTruthy();
  },
};

/** 422 on `ancienMotDePasse`: "Your old password is invalid." under the current password. */
export const WrongOldPassword: Story = {
  parameters: { macc: loggedIn, api: { "POST /me/password": OLD_PASSWORD_WRONG } },
  play: async ({ canvasElement }) => {
    const root = await submitPasswords(canvasElement, VALID);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
    await waitFor(() => root.querySelector('[name="ancienMotDePasse"][aria-invalid="true"]'), "the current password marked invalid");
  },
};

/** Already changed once, said on arrival: the message and the "Forgot password?" link in place of the form. */
export const AlreadyChangedOnArrival: Story = {
  name: "Already changed, on arrival",
  parameters: { macc: loggedIn, api: { "GET /me/password": ok({ modifiable: false }) } },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, "macc-password-update", ".alert--info");
    await expect(root.querySelector("form")).toBeNull();
    await expect(root.querySelector('a[href$="/mot-de-passe-oublie"]')).toBeTruthy();
  },
};

/** While the password's state loads: a placeholder of the form's height. */
export const Loading: Story = {
  parameters: { macc: loggedIn, api: { "GET /me/password": pending() } },
};

/** 409 on submission (changed meanwhile in another tab); a link to "Forgot password?". */
export const AlreadyChangedOnce: Story = {
  name: "Already changed once (409)",
  parameters: { macc: loggedIn, api: { "POST /me/password": PASSWORD_ALREADY_CHANGED } },
  play: async ({ canvasElement }) => {
    const root = await submitPasswords(canvasElement, VALID);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/** 500: "could not be updated, try again later". */
export const ServerError: Story = {
  name: "Server error (500)",
  parameters: { macc: loggedIn, api: { "POST /me/password": SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await submitPasswords(canvasElement, VALID);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/**
 * 429 after too many wrong current passwords (`Retry-After: 900`). The API client treats 429 as
 * the end of the session (SPEC §4): the page is logged out, a toast shows the server's message,
 * and the element falls back to its "log in" prompt.
 */
export const TooManyAttempts: Story = {
  name: "Too many attempts (429)",
  parameters: { macc: loggedIn, api: { "POST /me/password": PASSWORD_ATTEMPTS_THROTTLED } },
  play: async ({ canvasElement }) => {
    const root = await submitPasswords(canvasElement, VALID);
    await waitFor(() => !root.querySelector("form"), "the log-in prompt");
  },
};

/** The AGRI theme (toolbar locked to AGRI), logged in with an AGR company. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: { macc: { user: USER_AGRI } satisfies MaccPageParameters, api: { "POST /auth/refresh": refreshAs(USER_AGRI) } },
};

/** Not logged in: a prompt and a link to the login page instead of the form. */
export const Anonymous: Story = {};

export const UnderMaintenance: Story = {
  parameters: { macc: { ...loggedIn, maintenance: true } satisfies MaccPageParameters },
};
