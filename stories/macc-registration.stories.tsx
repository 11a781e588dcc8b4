import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-registration";
import {
  ACCOUNT_EXISTS,
  BOT_CHECK_FAILED,
  BOT_CHECK_PATH,
  botCheckOk,
  CODE_GONE,
  CODE_THROTTLED,
  CONTACT_MEANS,
  contactMeansFound,
  EMAIL_HAS_ACCOUNT,
  FOUND_FRA,
  NO_CONTACT_MEANS,
  pending,
  REGISTRATION_CODE_PATH,
  REGISTRATION_COMPANIES_PATH,
  REGISTRATION_COMPLETE_PATH,
  REGISTRATION_EXPIRED,
  REGISTRATION_IDENTITY,
  REGISTRATION_NOT_FOUND,
  REGISTRATION_PASSWORD_RULES,
  REGISTRATION_PATH,
  REGISTRATION_VERIFY_PATH,
  registrationCodeSent,
  registrationCompleted,
  registrationFound,
  registrationVerified,
  SERVER_ERROR,
  USER_MULTI,
  USER_ONE_COMPANY,
  WRONG_CODE,
} from "./fixtures";
import { elementAttributes, fillFields, shadowOf, submitForm, textOf, waitFor, type MaccPageParameters } from "./helpers";

/**
 * `<macc-registration>` (INSCRIPTION): self-registration in five steps. 1. the company's
 * registration number or customer number, e-mail and mobile (POST /registration, 404 when nothing
 * matches); 2. the companies found, at least one ticked (POST /registration/{id}/companies: 409 when
 * an account exists, offering a password reset); 3. where to send a 6-digit code, masked
 * (POST …/code, then a resend cool-down); 4. the code (POST …/verify: 422 with the tries left,
 * 410 when it can no longer be used); 5. the password (POST …/complete answers like a login).
 * Every request carries an invisible proof of work (GET /bot-check/challenge) in X-Bot-Check.
 *
 * The flow is kept in sessionStorage (`macc:registration`) and survives a reload; it is one per
 * page, so each story starts again from step 1 ("Cancel and start again") and walks to its step.
 */
const TAG = "macc-registration";

const meta = {
  title: "Elements/macc-registration",
  render: (_args, { globals }) => <macc-registration {...elementAttributes(globals)} />,
  parameters: {
    api: {
      [BOT_CHECK_PATH]: botCheckOk(),
      [REGISTRATION_PATH]: registrationFound(),
      [REGISTRATION_COMPANIES_PATH]: contactMeansFound(),
      [REGISTRATION_CODE_PATH]: registrationCodeSent(),
      [REGISTRATION_VERIFY_PATH]: registrationVerified(),
      [REGISTRATION_COMPLETE_PATH]: registrationCompleted(),
    },
  },
  // A flow left at a later step by the previous story (or a reload) must not show in this one.
  beforeEach: () => {
    try {
      sessionStorage.removeItem("macc:registration");
    } catch {
      // storage blocked: nothing kept either
    }
    return () => cancelFlow(document);
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The flow's own "Cancel and start again" (a link-styled button right in the container). */
const cancelButton = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>(".container > p > .btn--link");

function cancelFlow(scope: ParentNode): void {
  for (const el of scope.querySelectorAll(TAG)) if (el.shadowRoot) cancelButton(el.shadowRoot)?.click();
}

/** Each step's own control, whatever the locale. */
const STEP_MARK = {
  identify: "#pays",
  companies: "#company-0",
  contact: 'input[type="radio"]',
  code: "#code",
  password: "#nouveauMotDePasse",
} as const;

async function atStep(root: ShadowRoot, step: keyof typeof STEP_MARK): Promise<ShadowRoot> {
  await waitFor(() => root.querySelector(STEP_MARK[step]), `step ${step}`, 8000);
  return root;
}

/** Step 1, freshly started. */
async function restart(canvasElement: HTMLElement): Promise<ShadowRoot> {
  const root = await shadowOf(canvasElement, TAG, ".container");
  cancelButton(root)?.click();
  return atStep(root, "identify");
}

async function identify(canvasElement: HTMLElement, values: Record<string, string> = REGISTRATION_IDENTITY): Promise<ShadowRoot> {
  const root = await restart(canvasElement);
  fillFields(root, values);
  submitForm(root);
  return root;
}

async function toCompanies(canvasElement: HTMLElement): Promise<ShadowRoot> {
  return atStep(await identify(canvasElement), "companies");
}

/** Ticks the first company found (the only one is ticked already) and continues. */
async function chooseCompanies(canvasElement: HTMLElement): Promise<ShadowRoot> {
  const root = await toCompanies(canvasElement);
  const first = root.querySelector<HTMLInputElement>("#company-0")!;
  if (!first.checked) first.click();
  submitForm(root);
  return root;
}

async function toContact(canvasElement: HTMLElement): Promise<ShadowRoot> {
  return atStep(await chooseCompanies(canvasElement), "contact");
}

/** Asks for the code by SMS. */
async function sendCode(canvasElement: HTMLElement): Promise<ShadowRoot> {
  const root = await toContact(canvasElement);
  root.querySelector<HTMLInputElement>('input[value="sms-1"]')!.click();
  submitForm(root);
  return root;
}

async function toCode(canvasElement: HTMLElement): Promise<ShadowRoot> {
  return atStep(await sendCode(canvasElement), "code");
}

async function enterCode(canvasElement: HTMLElement, code = "482 913"): Promise<ShadowRoot> {
  const root = await toCode(canvasElement);
  fillFields(root, { code });
  submitForm(root);
  return root;
}

async function toPassword(canvasElement: HTMLElement): Promise<ShadowRoot> {
  return atStep(await enterCode(canvasElement), "password");
}

async function choosePassword(
  canvasElement: HTMLElement,
  nouveauMotDePasse = "Moisson2026",
  confirmerMotDePasse = nouveauMotDePasse,
): Promise<ShadowRoot> {
  const root = await toPassword(canvasElement);
  fillFields(root, { nouveauMotDePasse, confirmerMotDePasse });
  submitForm(root);
  return root;
}

// --- step 1: identify the company

/** The identification form: country, registration number or customer number, e-mail, mobile. */
export const Identify: Story = {
  play: async ({ canvasElement }) => {
    const root = await restart(canvasElement);
    await expect(root.querySelector(".steps")?.textContent).toBeTruthy();
  },
};

/** Submitting the empty form: one of the two numbers, the e-mail and the mobile are asked for. */
export const IdentifyMissingFields: Story = {
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement, { immatriculation: "", numeroClient: "", email: "", mobile: "" });
    await waitFor(() => root.querySelector(".error-summary"), "the error summary");
    await expect(root.querySelectorAll(".error-summary li")).toHaveLength(3);
  },
};

/** A SIREN failing its check digit, an e-mail and a mobile in the wrong format. */
export const IdentifyInvalidValues: Story = {
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement, {
      ...REGISTRATION_IDENTITY,
      immatriculation: "552 100 555",
      email: "nouveau@demo",
      mobile: "06 12",
    });
    await waitFor(() => root.querySelector(".error-summary"), "the error summary");
    await expect(root.querySelectorAll(".error-summary li")).toHaveLength(3);
  },
};

/** A Belgian company: the hint gives the Belgian example. */
export const IdentifyBelgium: Story = {
  play: async ({ canvasElement }) => {
    const root = await restart(canvasElement);
    fillFields(root, { pays: "BE" });
    await waitFor(() => root.textContent?.includes("0403.170.701"), "the Belgian example");
  },
};

/** The search is on its way (the bot check is solved, the API does not answer). */
export const Searching: Story = {
  parameters: { api: { [REGISTRATION_PATH]: pending() } },
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement);
    await waitFor(() => root.querySelector('form button[aria-disabled="true"]'), "the busy button");
  },
};

/** 404 by registration number: "No company matches." on the number. */
export const NoCompanyFound: Story = {
  name: "No company found (404)",
  parameters: { api: { [REGISTRATION_PATH]: REGISTRATION_NOT_FOUND } },
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement);
    await expect(await textOf(root, ".error-summary li")).toBeTruthy();
  },
};

/** 404 by customer number: "Sorry, this customer code is not recognised." */
export const UnknownCustomerNumber: Story = {
  name: "Unknown customer number (404)",
  parameters: { api: { [REGISTRATION_PATH]: REGISTRATION_NOT_FOUND } },
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement, { ...REGISTRATION_IDENTITY, immatriculation: "", numeroClient: "C-999999" });
    await waitFor(() => root.querySelector('#numeroClient[aria-invalid="true"]'), "the error on the customer number");
  },
};

/** 403: the bot check's proof was refused; trying again sends a fresh one. */
export const BotCheckFailed: Story = {
  name: "Bot check failed (403)",
  parameters: { api: { [REGISTRATION_PATH]: BOT_CHECK_FAILED } },
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/** The bot-check challenge cannot be had (500): the generic failure, nothing sent. */
export const BotCheckUnavailable: Story = {
  name: "Bot check unavailable",
  parameters: { api: { [BOT_CHECK_PATH]: SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement);
    await expect(await textOf(root, ".alert--error", 10_000)).toBeTruthy();
  },
};

/** 500: "An error has occurred. Unable to continue." */
export const ServerError: Story = {
  name: "Server error (500)",
  parameters: { api: { [REGISTRATION_PATH]: SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await identify(canvasElement);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/** A logged-in visitor: "You already have an account and are logged in", a link to the account. */
export const AlreadyLoggedIn: Story = {
  parameters: { macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".container a");
    await expect(root.querySelector("form")).toBeNull();
  },
};

// --- step 2: the companies found

/** Two companies found, none ticked yet. */
export const ChooseCompanies: Story = {
  play: async ({ canvasElement }) => {
    const root = await toCompanies(canvasElement);
    await expect(root.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
  },
};

/** A single company found: already ticked. */
export const OneCompanyFound: Story = {
  parameters: { api: { [REGISTRATION_PATH]: registrationFound([FOUND_FRA]) } },
  play: async ({ canvasElement }) => {
    const root = await toCompanies(canvasElement);
    await expect(root.querySelector<HTMLInputElement>("#company-0")!.checked).toBe(true);
  },
};

/** Continuing with none ticked: "Select at least one company". */
export const NoCompanySelected: Story = {
  play: async ({ canvasElement }) => {
    const root = await toCompanies(canvasElement);
    submitForm(root);
    await expect(await textOf(root, ".error-summary li")).toBeTruthy();
  },
};

/** 409: an account exists for these companies; the modal offers to reset the password. */
export const AccountExists: Story = {
  name: "Account exists (409)",
  parameters: { api: { [REGISTRATION_COMPANIES_PATH]: ACCOUNT_EXISTS } },
  play: async ({ canvasElement }) => {
    const root = await chooseCompanies(canvasElement);
    const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>("dialog[open]"), "the modal");
    await expect(dialog.querySelector("h2")?.textContent).toBeTruthy();
  },
};

/** 422 no-contact-means: "No contact means available… Please contact MACC to register." */
export const NoContactMeans: Story = {
  name: "No contact means (422)",
  parameters: { api: { [REGISTRATION_COMPANIES_PATH]: NO_CONTACT_MEANS } },
  play: async ({ canvasElement }) => {
    const root = await chooseCompanies(canvasElement);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/** 404 after step 1: the registration has expired. */
export const RegistrationExpired: Story = {
  name: "Registration expired (404)",
  parameters: { api: { [REGISTRATION_COMPANIES_PATH]: REGISTRATION_EXPIRED } },
  play: async ({ canvasElement }) => {
    const root = await chooseCompanies(canvasElement);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

// --- step 3: where to send the code

/** The masked e-mail address and mobile number. */
export const ChooseContactMeans: Story = {
  play: async ({ canvasElement }) => {
    const root = await toContact(canvasElement);
    await expect(root.querySelectorAll('input[type="radio"]')).toHaveLength(CONTACT_MEANS.length);
  },
};

/** Sending without choosing: "Choose how to receive your code". */
export const NoContactMeansChosen: Story = {
  play: async ({ canvasElement }) => {
    const root = await toContact(canvasElement);
    submitForm(root);
    await expect(await textOf(root, ".error-summary li")).toBeTruthy();
  },
};

/** 429 with `Retry-After: 120`: wait 2 minutes. */
export const CodeThrottled: Story = {
  name: "Code throttled (429)",
  parameters: { api: { [REGISTRATION_CODE_PATH]: CODE_THROTTLED } },
  play: async ({ canvasElement }) => {
    const root = await sendCode(canvasElement);
    await expect(await textOf(root, ".alert--error")).toMatch(/2/);
  },
};

// --- step 4: the code

/** The code was sent by SMS; the resend button counts down its 60 s cool-down. */
export const EnterCode: Story = {
  play: async ({ canvasElement }) => {
    const root = await toCode(canvasElement);
    const input = root.querySelector<HTMLInputElement>("#code")!;
    await expect([input.inputMode, input.autocomplete]).toEqual(["numeric", "one-time-code"]);
  },
};

/** A short cool-down (5 s): the resend button comes back, and sends a new code. */
export const ResendCode: Story = {
  parameters: { api: { [REGISTRATION_CODE_PATH]: registrationCodeSent(5, 300) } },
  play: async ({ canvasElement }) => {
    const root = await toCode(canvasElement);
    const resend = await waitFor(
      () => root.querySelector<HTMLButtonElement>(".actions .btn--secondary:not([disabled])"),
      "the resend button",
      8000,
    );
    resend.click();
  },
};

/** A code of 5 digits: checked before any request. */
export const CodeFormat: Story = {
  play: async ({ canvasElement }) => {
    const root = await enterCode(canvasElement, "12345");
    await expect(await textOf(root, ".error-summary li")).toBeTruthy();
  },
};

/** 422 with `remainingTries: 2`: "Incorrect code. 2 tries left." */
export const WrongCode: Story = {
  name: "Wrong code (422)",
  parameters: { api: { [REGISTRATION_VERIFY_PATH]: WRONG_CODE } },
  play: async ({ canvasElement }) => {
    const root = await enterCode(canvasElement);
    await expect(await textOf(root, ".error-summary li")).toMatch(/2/);
  },
};

/** 410: expired, used or too many tries; the check is disabled until a new code is sent. */
export const CodeNoLongerValid: Story = {
  name: "Code no longer valid (410)",
  parameters: { api: { [REGISTRATION_VERIFY_PATH]: CODE_GONE, [REGISTRATION_CODE_PATH]: registrationCodeSent(0) } },
  play: async ({ canvasElement }) => {
    const root = await enterCode(canvasElement);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
    await waitFor(() => root.querySelector('form button[type="submit"][disabled]'), "the disabled check");
  },
};

// --- step 5: the password

/** The password and its confirmation, with the rules as a hint. */
export const ChoosePassword: Story = {
  play: async ({ canvasElement }) => {
    await toPassword(canvasElement);
  },
};

/** A password breaking the rules and a different confirmation: checked before any request. */
export const PasswordRules: Story = {
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement, "moisson", "moissons");
    await waitFor(() => root.querySelector(".error-summary"), "the error summary");
    await expect(root.querySelectorAll(".error-summary li")).toHaveLength(2);
  },
};

/** 422: the server's rule (worded by the API) on the password. */
export const ServerPasswordRules: Story = {
  name: "Server password rules (422)",
  parameters: { api: { [REGISTRATION_COMPLETE_PATH]: REGISTRATION_PASSWORD_RULES } },
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement);
    await expect(await textOf(root, ".error-summary li")).toBeTruthy();
  },
};

/** 409: the e-mail address already has an account. */
export const EmailHasAccount: Story = {
  name: "E-mail has an account (409)",
  parameters: { api: { [REGISTRATION_COMPLETE_PATH]: EMAIL_HAS_ACCOUNT } },
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

/**
 * 201: the account is created and the visitor logged in (`macc-login`), then sent to the account
 * (`macc-navigate`, cancelled here); the flow is cleared and the element says they are logged in.
 */
export const Completed: Story = {
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement);
    await waitFor(() => !root.querySelector("form") && root.querySelector(".container a"), "the logged-in message", 8000);
  },
};

/** 201 for an account with several companies: `macc-navigate` to the company choice. */
export const CompletedSeveralCompanies: Story = {
  parameters: { api: { [REGISTRATION_COMPLETE_PATH]: registrationCompleted(USER_MULTI) } },
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement);
    await waitFor(() => !root.querySelector("form") && root.querySelector(".container a"), "the logged-in message", 8000);
  },
};

/** 500 at the last step: "An error has occurred. Unable to continue." */
export const CompleteFails: Story = {
  name: "Complete fails (500)",
  parameters: { api: { [REGISTRATION_COMPLETE_PATH]: SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await choosePassword(canvasElement);
    await expect(await textOf(root, ".alert--error")).toBeTruthy();
  },
};

// --- themes and page states

/** The AGRI theme (toolbar locked to AGRI), at the companies step. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  play: async ({ canvasElement }) => {
    await toCompanies(canvasElement);
  },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { maintenance: true } satisfies MaccPageParameters },
};
