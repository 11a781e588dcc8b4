import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-personal-info";
import {
  emailChangeFor,
  FOOTER_PATH,
  footerOk,
  pending,
  PROFILE_BELGIAN,
  PROFILE_INVALID,
  PROFILE_SERVICE_ERROR,
  PROFILE_WRONG_PASSWORD,
  profileFor,
  profileSaved,
  ok,
  refreshAs,
  USER_AGRI,
  USER_BELGIAN,
  USER_ONE_COMPANY,
} from "./fixtures";
import { elementAttributes, fillFields, shadowOf, submitForm, textOf, waitFor, type MaccPageParameters } from "./helpers";

/**
 * `<macc-personal-info>` (INFOS_PERSONNEL): the customer's and the selected company's data.
 * GET /me/profile loads it, PUT /me/profile saves it (with today's last-update date). The form
 * shows every save failure itself; the 500 message gives the customer service phone, from the
 * footer's contact call for the company's network.
 */
const PROFILE = profileFor(USER_ONE_COMPANY);

const meta = {
  title: "Elements/macc-personal-info",
  render: (_args, { globals }) => <macc-personal-info {...elementAttributes(globals)} />,
  parameters: {
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      "GET /me/profile": ok(PROFILE, 400),
      "PUT /me/profile": profileSaved(PROFILE),
      [FOOTER_PATH]: footerOk(),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const loggedIn = { user: USER_ONE_COMPANY } satisfies MaccPageParameters;

/** Waits for the loaded form, changes `values` and submits it. */
async function saveWith(canvasElement: HTMLElement, values: Record<string, string>) {
  const root = await shadowOf(canvasElement, "macc-personal-info", "form");
  fillFields(root, values);
  // A changed e-mail brings up the current password field: fill it once it is there.
  if (values.motDePasse === undefined && "email" in values) {
    await waitFor(() => root.querySelector('[name="motDePasse"]'), "the current password field");
    fillFields(root, { motDePasse: "Moisson2026" });
  }
  submitForm(root);
  return root;
}

/** A French customer (SIRET), every field filled in. */
export const Loaded: Story = {
  parameters: { macc: loggedIn },
};

/** A Belgian company: enterprise number (0403.170.701 as the example), Belgian address, no title. */
export const BelgianCompany: Story = {
  parameters: {
    macc: { user: USER_BELGIAN } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_BELGIAN),
      "GET /me/profile": ok(PROFILE_BELGIAN, 400),
      "PUT /me/profile": profileSaved(PROFILE_BELGIAN),
    },
  },
};

/** The AGRI theme (toolbar locked to AGRI), the AGR company of a two-company account selected. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_AGRI),
      "GET /me/profile": ok(profileFor(USER_AGRI), 400),
      "PUT /me/profile": profileSaved(profileFor(USER_AGRI)),
    },
  },
};

/** GET /me/profile takes its time: the skeleton of the form. */
export const Loading: Story = {
  parameters: { macc: loggedIn, api: { "GET /me/profile": pending() } },
};

/** GET /me/profile fails (500): an inline message with "Try again", plus the generic error toast. */
export const LoadError: Story = {
  name: "Load error (500)",
  parameters: { macc: loggedIn, api: { "GET /me/profile": PROFILE_SERVICE_ERROR } },
};

/** Required fields emptied, a malformed e-mail and an invalid SIRET: checked before any request. */
export const ValidationErrors: Story = {
  parameters: { macc: loggedIn },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, "macc-personal-info", "form");
    fillFields(root, { nom: "", prenom: "", raison_sociale: "", immatriculation: "552 100 555", mobile: "06 12 AB", code_postal: "5122" });
    submitForm(root);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
    await expect(root.querySelectorAll(".error-summary li").length).toBeGreaterThanOrEqual(5);
  },
};

/** PUT /me/profile accepted: "Your information has been updated." */
export const Saved: Story = {
  parameters: { macc: loggedIn },
  play: async ({ canvasElement }) => {
    const root = await saveWith(canvasElement, { fonction: "Cogérante", ville: "Reims", code_postal: "51100" });
    await expect(await textOf(root, ".alert--success")).toBeTruthy();
  },
};

/** 422 from the API (postcode and registration number refused by the server's own checks). */
export const ServerValidationErrors: Story = {
  name: "Server validation errors (422)",
  parameters: { macc: loggedIn, api: { "PUT /me/profile": PROFILE_INVALID } },
  play: async ({ canvasElement }) => {
    const root = await saveWith(canvasElement, { ville: "Reims" });
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** A new e-mail address with a wrong current password (422 on `motDePasse`). */
export const WrongPasswordForNewEmail: Story = {
  name: "Wrong password for a new e-mail (422)",
  parameters: { macc: loggedIn, api: { "PUT /me/profile": PROFILE_WRONG_PASSWORD } },
  play: async ({ canvasElement }) => {
    const root = await saveWith(canvasElement, { email: "claire.lefevre@demo.macc.test" });
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/**
 * A new e-mail address: saved as a change waiting for its link (the API answers the same whether or
 * not the address has an account); the form says where the link went and shows the change under the field.
 */
export const NewEmailWaitsForItsLink: Story = {
  name: "New e-mail waits for its link",
  parameters: { macc: loggedIn },
  play: async ({ canvasElement }) => {
    const root = await saveWith(canvasElement, { email: "claire.lefevre@demo.macc.test" });
    await waitFor(() => root.querySelector(".pending-email"), "the pending change");
    await expect(await textOf(root, ".pending-email")).toContain("claire.lefevre@demo.macc.test");
  },
};

/** A change asked earlier, still waiting: shown on arrival, with its deadline and "Cancel this change". */
export const EmailChangePending: Story = {
  name: "E-mail change pending",
  parameters: {
    macc: loggedIn,
    api: {
      "GET /me/profile": ok({ ...PROFILE, emailChange: emailChangeFor("claire.lefevre@demo.macc.test") }, 400),
      "DELETE /me/email-change": { status: 204 },
    },
  },
};

/** 500: "could not be updated … call us on" the phone of the company's network (footer contact). */
export const SaveFails: Story = {
  name: "Save fails (500)",
  parameters: { macc: loggedIn, api: { "PUT /me/profile": PROFILE_SERVICE_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await saveWith(canvasElement, { ville: "Reims" });
    await expect(await textOf(root, ".alert--error")).toMatch(/\+33/);
  },
};

/** Not logged in: a prompt and a link to the login page, no request. */
export const Anonymous: Story = {};

export const UnderMaintenance: Story = {
  parameters: { macc: { ...loggedIn, maintenance: true } satisfies MaccPageParameters },
};
