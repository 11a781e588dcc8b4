import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-info-confirmation";
import {
  COMPANY_WELCOME,
  confirmationOk,
  FOOTER_PATH,
  footerOk,
  ok,
  pending,
  PROFILE_INVALID,
  PROFILE_SERVICE_ERROR,
  profileFor,
  profileSaved,
  refreshAs,
  SERVER_ERROR,
  USER_AGRI_WELCOME,
  USER_ONE_COMPANY,
  USER_STALE,
  USER_WELCOME,
} from "./fixtures";
import { elementAttributes, fillFields, shadowOf, submitForm, textOf, waitFor, type MaccPageParameters } from "./helpers";

/**
 * `<macc-info-confirmation>` (CONFIRMATION_INFORMATION): the selected company's data was never
 * confirmed (`derniereMiseAJour: null`, migrated accounts: welcome variant) or is more than 3
 * years old (stale variant). The customer confirms it as is (POST /me/confirmation) or corrects
 * it (the profile form, PUT /me/profile); either way the element fires `macc-navigate` to where
 * the customer was going (the dashboard here; Storybook cancels the navigation).
 */
const WELCOME_PROFILE = profileFor(USER_WELCOME);

const meta = {
  title: "Elements/macc-info-confirmation",
  render: (_args, { globals }) => <macc-info-confirmation {...elementAttributes(globals)} />,
  parameters: {
    api: {
      "POST /auth/refresh": refreshAs(USER_WELCOME),
      "GET /me/profile": ok(WELCOME_PROFILE, 400),
      "POST /me/confirmation": confirmationOk(COMPANY_WELCOME),
      "PUT /me/profile": profileSaved(WELCOME_PROFILE),
      [FOOTER_PATH]: footerOk(),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const welcome = { user: USER_WELCOME } satisfies MaccPageParameters;

/** The summary's two buttons: confirm as is, or correct. */
async function summaryButtons(canvasElement: HTMLElement) {
  const root = await shadowOf(canvasElement, "macc-info-confirmation", ".summary-list");
  const [confirm, correct] = [...root.querySelectorAll<HTMLButtonElement>(".actions button")];
  return { root, confirm: confirm!, correct: correct! };
}

const navigated = () =>
  new Promise<unknown>((resolve) => document.addEventListener("macc-navigate", (e) => resolve((e as CustomEvent).detail), { once: true }));

/** Migrated account, never confirmed: "Welcome to your new customer area" and the summary. */
export const Welcome: Story = {
  parameters: { macc: welcome },
};

/** Last confirmed on 14 June 2022 (more than 3 years ago): "Confirm your information" with that date. */
export const Stale: Story = {
  parameters: {
    macc: { user: USER_STALE } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_STALE),
      "GET /me/profile": ok(profileFor(USER_STALE), 400),
      "POST /me/confirmation": confirmationOk(USER_STALE.entreprises[0]!),
    },
  },
};

/**
 * Data confirmed recently (the portal's guards would not open the screen; the element still
 * copes): the neutral "please check" wording.
 */
export const Fresh: Story = {
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_ONE_COMPANY), "GET /me/profile": ok(profileFor(USER_ONE_COMPANY), 400) },
  },
};

/** The AGRI theme (toolbar locked to AGRI): welcome variant for the AGR company of a two-company account. */
export const AgriWelcome: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI_WELCOME } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_AGRI_WELCOME),
      "GET /me/profile": ok(profileFor(USER_AGRI_WELCOME), 400),
      "POST /me/confirmation": confirmationOk(USER_AGRI_WELCOME.entreprises[0]!),
    },
  },
};

/** GET /me/profile takes its time: the intro, then the skeleton. */
export const Loading: Story = {
  parameters: { macc: welcome, api: { "GET /me/profile": pending() } },
};

/** GET /me/profile fails (500): an inline message with "Try again", plus the generic error toast. */
export const LoadError: Story = {
  name: "Load error (500)",
  parameters: { macc: welcome, api: { "GET /me/profile": PROFILE_SERVICE_ERROR } },
};

/** "Yes, my information is correct": POST /me/confirmation, then `macc-navigate` to the dashboard. */
export const Confirmed: Story = {
  parameters: { macc: welcome },
  play: async ({ canvasElement }) => {
    const { confirm } = await summaryButtons(canvasElement);
    const next = navigated();
    confirm.click();
    await expect(await next).toMatchObject({ route: "DASHBOARD" });
  },
};

/** POST /me/confirmation fails (500): the failure message with the customer service phone. */
export const ConfirmationFails: Story = {
  name: "Confirmation fails (500)",
  parameters: { macc: welcome, api: { "POST /me/confirmation": SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const { root, confirm } = await summaryButtons(canvasElement);
    confirm.click();
    await expect(await textOf(root, ".alert--error")).toMatch(/\+33/);
  },
};

/** "No, I want to correct it": the profile form, with "Save and continue" and "Cancel". */
export const Correcting: Story = {
  parameters: { macc: welcome },
  play: async ({ canvasElement }) => {
    const { root, correct } = await summaryButtons(canvasElement);
    correct.click();
    await waitFor(() => root.querySelector("form"), "the profile form");
  },
};

/** Correcting with required fields emptied: the error summary, no request. */
export const CorrectionValidationErrors: Story = {
  parameters: { macc: welcome },
  play: async ({ canvasElement }) => {
    const { root, correct } = await summaryButtons(canvasElement);
    correct.click();
    await waitFor(() => root.querySelector("form"), "the profile form");
    fillFields(root, { nom: "", email: "" });
    submitForm(root);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** Correcting and saving: PUT /me/profile, then `macc-navigate` to the dashboard. */
export const CorrectedAndSaved: Story = {
  parameters: { macc: welcome },
  play: async ({ canvasElement }) => {
    const { root, correct } = await summaryButtons(canvasElement);
    correct.click();
    await waitFor(() => root.querySelector("form"), "the profile form");
    fillFields(root, { fonction: "Associée", telephone: "+33 3 26 98 76 54" });
    const next = navigated();
    submitForm(root);
    await expect(await next).toMatchObject({ route: "DASHBOARD" });
  },
};

/** Correcting, the API refuses the postcode and the registration number (422). */
export const CorrectionServerErrors: Story = {
  name: "Correction refused (422)",
  parameters: { macc: welcome, api: { "PUT /me/profile": PROFILE_INVALID } },
  play: async ({ canvasElement }) => {
    const { root, correct } = await summaryButtons(canvasElement);
    correct.click();
    await waitFor(() => root.querySelector("form"), "the profile form");
    submitForm(root);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** Correcting, the save fails (500): the failure message with the customer service phone. */
export const CorrectionFails: Story = {
  name: "Correction fails (500)",
  parameters: { macc: welcome, api: { "PUT /me/profile": PROFILE_SERVICE_ERROR } },
  play: async ({ canvasElement }) => {
    const { root, correct } = await summaryButtons(canvasElement);
    correct.click();
    await waitFor(() => root.querySelector("form"), "the profile form");
    submitForm(root);
    await expect(await textOf(root, ".alert--error")).toMatch(/\+33/);
  },
};

/** Not logged in: the element renders nothing at all (no selected company). */
export const Anonymous: Story = {};

export const UnderMaintenance: Story = {
  parameters: { macc: { ...welcome, maintenance: true } satisfies MaccPageParameters },
};
