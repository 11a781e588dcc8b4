import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ApiFixture } from "../.storybook/api-stub";
import "../elements/macc-team";
import type { TeamAnswer } from "../src/contract/team";
import { COMPANY_FRA, ok, pending, problem, refreshAs, SERVER_ERROR, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, shadowOf, submitForm, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-team>` (TEAM): the chosen company's members and invitations from GET /me/team, with role,
 * status and end date. Its owner invites (POST /me/team/invitations), changes a member
 * (PATCH /me/team/members/{id}), removes one, resends or withdraws an invitation; a full member
 * reads the list only.
 */
const TEAM: TeamAnswer = {
  members: [
    { id: "m-1", email: "single@demo.macc.test", name: "Sophie Durand", role: "owner", status: "active", endsOn: null, you: true },
    {
      id: "m-2",
      email: "comptable@ferme.test",
      name: "Nathalie Roux",
      role: "accountant",
      status: "active",
      endsOn: "2027-04-30",
      you: false,
    },
    { id: "m-3", email: "atelier@ferme.test", name: "Julien Moreau", role: "workshop", status: "suspended", endsOn: null, you: false },
  ],
  invitations: [
    {
      id: "i-1",
      email: "saisonnier@ferme.test",
      role: "read-only",
      status: "invited",
      endsOn: "2027-09-30",
      expiresAt: "2026-12-05T08:00:00.000Z",
    },
    { id: "i-2", email: "ancien@ferme.test", role: "full", status: "expired", endsOn: null, expiresAt: "2026-11-01T08:00:00.000Z" },
  ],
};
const TEAM_PATH = "GET /me/team";
const INVITE_PATH = "POST /me/team/invitations";
const FULL_USER = { ...USER_ONE_COMPANY, entreprises: [{ ...COMPANY_FRA, role: "full" as const }] };

const meta = {
  title: "Elements/macc-team",
  render: (_args, { globals }) => <macc-team {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [TEAM_PATH]: ok(TEAM, 300),
      [INVITE_PATH]: new ApiFixture({ status: 201, body: { id: "i-3", expiresAt: "2026-12-05T08:00:00.000Z" }, delayMs: 400 }),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-team";

/** The owner's view: members, invitations, the actions and the invitation form. */
export const Default: Story = {};

/** While GET /me/team answers: a skeleton in the list's place. */
export const Loading: Story = { parameters: { api: { [TEAM_PATH]: pending() } } };

/** The owner alone: the list says so above the invitation form. */
export const Alone: Story = {
  parameters: { api: { [TEAM_PATH]: ok({ members: [TEAM.members[0]], invitations: [] }) } },
};

/** GET /me/team fails: the error with its retry button. */
export const LoadError: Story = { parameters: { api: { [TEAM_PATH]: SERVER_ERROR } } };

/** A full member reads the team: no actions, no invitation form. */
export const ReadOnly: Story = {
  parameters: { macc: { user: FULL_USER } satisfies MaccPageParameters, api: { "POST /auth/refresh": refreshAs(FULL_USER) } },
};

/** The invitation sent empty: the summary and each field's message. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".team__invite form");
    submitForm(root);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** The owner cannot demote themself, the last owner: the dialog says why. */
export const LastOwner: Story = {
  parameters: {
    api: {
      "PATCH /me/team/members/m-1": problem(
        409,
        "Conflict",
        "L'entreprise doit garder au moins un propriétaire actif : nommez d'abord un autre propriétaire.",
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".team__actions button");
    root.querySelector<HTMLButtonElement>(".team__actions button")!.click();
    const dialog = await shadowOf(canvasElement, TAG, "dialog select");
    dialog.querySelector<HTMLSelectElement>("dialog select")!.value = "full";
    dialog.querySelector<HTMLSelectElement>("dialog select")!.dispatchEvent(new Event("change", { bubbles: true }));
    dialog.querySelector<HTMLButtonElement>('dialog button[type="submit"]')!.click();
    await expect(await textOf(root, "dialog .alert")).toContain("propriétaire");
  },
};
