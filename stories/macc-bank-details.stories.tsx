import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-bank-details";
import { ok, pending, problem, refreshAs, USER_AGRI, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, shadowOf, submitForm, type MaccPageParameters } from "./helpers";

/**
 * `<macc-bank-details>` (COORDONNEE_BANCAIRE, fr-FR only): shown only while the server's
 * `coordonnee-bancaire` feature is on (GET /features); otherwise, and in the other locales, it
 * renders nothing. GET /me/bank-details gives the details in force, the change being validated and
 * the RIB limits. Sending a change uploads its RIB through XMLHttpRequest (for its progress), which
 * the stories' fetch stand-in does not answer: the form's checks before sending are shown here,
 * the sending itself in the component and browser tests.
 */
const FEATURES_PATH = "GET /features";
const DETAILS_PATH = "GET /me/bank-details";
const FLAG_ON = ok({ features: ["coordonnee-bancaire"] }, 0);
const LIMITS = { maxBytes: 5 * 1024 * 1024, types: ["pdf", "jpeg", "png"] };
const IN_FORCE = {
  id: "0b5e3c1a-0000-4000-8000-000000000001",
  iban: "FR7630006000011234567890189",
  intitule: "ETS DURAND ET FILS",
  submittedAt: "2025-03-21T09:00:00.000Z",
  validatedAt: "2025-03-24T09:00:00.000Z",
  document: { name: "rib.pdf", type: "pdf", size: 182_000 },
};
const PENDING = {
  id: "0b5e3c1a-0000-4000-8000-000000000002",
  iban: "FR0914508000405678901234523",
  intitule: "GAEC DU BOCAGE VENDEEN",
  submittedAt: "2026-11-20T09:00:00.000Z",
  validatedAt: null,
  document: { name: "nouveau-rib.png", type: "png", size: 1_240_000 },
};
const details = (inForce: unknown, pendingChange: unknown = null) => ok({ inForce, pending: pendingChange, limits: LIMITS }, 300);

const meta = {
  title: "Elements/macc-bank-details",
  render: (_args, { globals }) => <macc-bank-details {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [FEATURES_PATH]: FLAG_ON,
      [DETAILS_PATH]: details(IN_FORCE),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-bank-details";

/** The details in force (IBAN grouped by four) and the change form. */
export const Default: Story = {};

/** A change being validated beside the details in force, in the AGRI theme (toolbar locked to AGRI). */
export const BeingValidated: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_AGRI), [FEATURES_PATH]: FLAG_ON, [DETAILS_PATH]: details(IN_FORCE, PENDING) },
  },
};

/** Nothing on file yet: the form adds them. */
export const Empty: Story = {
  name: "Empty (no details yet)",
  parameters: { api: { [DETAILS_PATH]: details(null) } },
};

/** The details load. */
export const Loading: Story = {
  parameters: { api: { [DETAILS_PATH]: pending() } },
};

/** The details cannot be read (500): said, with "try again". */
export const LoadFails: Story = {
  name: "Load fails (500)",
  parameters: { api: { [DETAILS_PATH]: problem(500, "Internal Server Error") } },
};

/** Submitting the empty form: the error summary (focused) and a message on each field. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "form");
    submitForm(root);
    await expect(await shadowOf(canvasElement, TAG, ".error-summary li")).toBeTruthy();
    await expect(root.querySelectorAll(".error-summary li").length).toBe(3);
  },
};

/** The server's `coordonnee-bancaire` feature is off: the element renders nothing. */
export const FeatureOff: Story = {
  name: "Feature off (renders nothing)",
  parameters: { api: { [FEATURES_PATH]: ok({ features: [] }, 0) } },
};

/** Not logged in: a prompt and a link to the login page. */
export const Anonymous: Story = {
  parameters: { macc: { user: null } satisfies MaccPageParameters },
};
