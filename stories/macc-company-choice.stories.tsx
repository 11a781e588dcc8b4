import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-company-choice";
import { COMPANY_AGR, USER_MULTI, USER_MULTI_FIRST_LOGIN, USER_NO_COMPANY, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, shadowOf, waitFor, type MaccPageParameters } from "./helpers";

/**
 * `<macc-company-choice>` (CHOIX_ENTREPRISE): no request of its own; it lists the companies of
 * the logged-in account (and its last connection). Choosing one switches the page to that
 * company (token, network, theme), fires `macc-company-change` and `macc-navigate` to the
 * dashboard (see the Actions panel; Storybook cancels the navigation).
 */
const meta = {
  title: "Elements/macc-company-choice",
  render: (_args, { globals }) => <macc-company-choice {...elementAttributes(globals)} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// Each story sets its own account: Storybook deep-merges plain objects of `parameters`, so a
// user given at the meta level would be mixed into a story's own.
const several = { macc: { user: USER_MULTI } satisfies MaccPageParameters };

/** Three companies (FRA, AGR, BLG); the first one is the current company. */
export const SeveralCompanies: Story = { parameters: several };

/** The AGRI theme (toolbar locked to AGRI): same three companies, one of them AGRIMACC. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: several,
};

/** Choosing the AGR company: `macc-company-change` with its id, and the "current" badge moves to it. */
export const ChoosingACompany: Story = {
  parameters: several,
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, "macc-company-choice", ".company-card");
    const changed = new Promise<unknown>((resolve) =>
      document.addEventListener("macc-company-change", (e) => resolve((e as CustomEvent).detail), { once: true }),
    );
    const cards = [...root.querySelectorAll<HTMLElement>(".company-card")];
    cards[1]!.querySelector("button")!.click();
    await expect(await changed).toMatchObject({ idTier: COMPANY_AGR.idTier, codeReseau: "AGR" });
    await waitFor(
      () => root.querySelectorAll(".company-card")[1]?.getAttribute("data-current") === "true",
      "the chosen company to become current",
    );
  },
};

/** First login ever: no "last connection" line. */
export const FirstLogin: Story = {
  parameters: { macc: { user: USER_MULTI_FIRST_LOGIN } satisfies MaccPageParameters },
};

/** A single company (the portal does not usually send such a customer here, but the element copes). */
export const OneCompany: Story = {
  parameters: { macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters },
};

/** No company linked to the account yet: a message to contact MACC instead of the list. */
export const NoCompany: Story = {
  parameters: { macc: { user: USER_NO_COMPANY } satisfies MaccPageParameters },
};

/** Not logged in: a prompt and a link to the login page. */
export const Anonymous: Story = {
  parameters: { macc: { user: null } satisfies MaccPageParameters },
};

export const UnderMaintenance: Story = {
  parameters: { macc: { user: USER_MULTI, maintenance: true } satisfies MaccPageParameters },
};
