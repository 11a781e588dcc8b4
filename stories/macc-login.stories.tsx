import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-login";
import { BOT_CHECK_PATH, botCheckOk, LOGIN_FAILED, LOGIN_THROTTLED, ok, session, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, shadowOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-login>` (LOGIN; `variant="basket"` = LOGIN_PANIER). By default POST /auth/login
 * succeeds with any credentials: the element then fires `macc-login` and `macc-navigate` (see the
 * Actions panel; Storybook cancels the navigation) and shows the already-logged-in panel.
 */
const meta = {
  title: "Elements/macc-login",
  render: (_args, { globals }) => <macc-login {...elementAttributes(globals)} />,
  parameters: { api: { [BOT_CHECK_PATH]: botCheckOk(), "POST /auth/login": ok(session(USER_ONE_COMPANY), 600) } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Types into the form of the element's shadow root and submits it, like a user would. */
async function submitLogin(canvasElement: HTMLElement, email: string, password: string): Promise<ShadowRoot> {
  const root = await shadowOf(canvasElement, "macc-login", "form");
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  for (const [name, value] of [
    ["email", email],
    ["password", password],
  ] as const) {
    const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    setValue.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
  return root;
}

/** Waits for the error summary that a failed login puts above the form. */
async function errorSummary(root: ShadowRoot, timeoutMs = 5000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const alert = root.querySelector('[role="alert"]');
    if (alert?.textContent) return alert.textContent;
    if (Date.now() - started > timeoutMs) throw new Error("no error summary");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const Default: Story = {};

/** LOGIN_PANIER: "log in to continue" above the form; after login it goes on to the basket. */
export const BasketVariant: Story = {
  render: (_args, { globals }) => <macc-login {...elementAttributes(globals)} variant="basket" />,
  parameters: { macc: { panier: ["P-1001"] } satisfies MaccPageParameters },
};

/** Submitting an empty form: error summary and inline messages, no request. */
export const MissingFields: Story = {
  play: async ({ canvasElement }) => {
    const root = await submitLogin(canvasElement, "", "");
    await expect(await errorSummary(root)).toBeTruthy();
  },
};

/** The API answers 401: the login failure message, the e-mail kept in the field. */
export const WrongPassword: Story = {
  parameters: { api: { "POST /auth/login": LOGIN_FAILED } },
  play: async ({ canvasElement }) => {
    const root = await submitLogin(canvasElement, "multi@demo.macc.test", "not-the-password");
    await expect(await errorSummary(root)).toBeTruthy();
  },
};

/** The API answers 429 with `Retry-After: 300`: the form asks to wait 5 minutes. */
export const Throttled: Story = {
  parameters: { api: { "POST /auth/login": LOGIN_THROTTLED } },
  play: async ({ canvasElement }) => {
    const root = await submitLogin(canvasElement, "multi@demo.macc.test", "not-the-password");
    await expect(await errorSummary(root)).toMatch(/5/);
  },
};

/** Already logged in: a status panel with a link to the account instead of the form. */
export const AlreadyLoggedIn: Story = {
  parameters: { macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { maintenance: true } satisfies MaccPageParameters },
};
