import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-basket";
import { ApiFixture, type ApiRequest } from "../.storybook/api-stub";
import {
  BOT_CHECK_PATH,
  botCheckOk,
  FOOTER_PATH,
  footerOk,
  noNetwork,
  ok,
  pending,
  problem,
  profileFor,
  refreshAs,
  SERVER_ERROR,
  USER_AGRI,
  USER_ONE_COMPANY,
  validationProblem,
} from "./fixtures";
import { elementAttributes, fillFields, forgetSaved, shadowOf, submitForm, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-basket>` (PANIER; PANIER_VALIDER with `view="sent"`): the basket's items (GET
 * /basket/items?ids=…: names, descriptions, pictures; unknown ids listed apart), the customer's
 * details (SPEC §3 userPanier, checked with the country's mobile and company-number rules), and
 * POST /basket/requests with an Idempotency-Key and the bot check. Once sent, the confirmation of
 * SPEC §4 in place.
 */

const ITEMS_PATH = "GET /basket/items";
const SEND_PATH = "POST /basket/requests";
const PROFILE_PATH = "GET /me/profile";

/** A picture stand-in (the API serves the real ones): a coloured square with the item's initial. */
const picture = (letter: string, colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="8" fill="${colour}"/><text x="48" y="60" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`,
  )}`;

const CATALOGUE = [
  { id: "1001", nom: "Semoir Maxi-Graine 3000", description: "Semoir de précision 6 rangs, trémie 800 L.", image: picture("S", "#005a4e") },
  { id: "1002", nom: "Disques de rechange (lot de 4)", description: "Pour semoirs Maxi-Graine.", image: picture("D", "#3f6e1f") },
  { id: "1003", nom: "Engrais azoté 27 % — big bag 600 kg", description: "Ammonitrate granulé.", image: picture("E", "#7a4b00") },
];

const items = (delayMs = 300): ApiFixture =>
  ok((req: ApiRequest) => {
    const ids = (req.query.get("ids") ?? "").split(",");
    return { items: CATALOGUE.filter((i) => ids.includes(i.id)), unknown: ids.filter((id) => !CATALOGUE.some((i) => i.id === id)) };
  }, delayMs);

const sent = (delayMs = 800): ApiFixture =>
  new ApiFixture({
    status: 201,
    delayMs,
    body: (req: ApiRequest) => ({
      id: "r-1",
      reference: "P-2026-000123",
      createdAt: new Date().toISOString(),
      items: CATALOGUE.filter((i) => (req.body as { items: string[] }).items.includes(i.id)).map(({ id, nom }) => ({ id, nom })),
      sms: true,
    }),
  });

const meta = {
  title: "Elements/macc-basket",
  render: (_args, { globals }) => <macc-basket {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: null, panier: ["1001", "1002", "9999"] } satisfies MaccPageParameters,
    api: {
      [ITEMS_PATH]: items(),
      [FOOTER_PATH]: footerOk(),
      [BOT_CHECK_PATH]: botCheckOk(),
      [SEND_PATH]: sent(),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-basket";

/** Fills in valid details for a French company and sends the basket. */
async function send(canvasElement: HTMLElement): Promise<ShadowRoot> {
  const root = await shadowOf(canvasElement, TAG, "form");
  fillFields(root, { nom: "Jean Dupont", societe: "GAEC des Prés", mobile: "06 12 34 56 78", immat: "552100554", pays: "FR" });
  submitForm(root);
  return root;
}

/** A visitor's basket: two items and an id the catalogue no longer holds; the choice to log in first. */
export const Visitor: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".basket-item img");
    await expect(root.querySelectorAll(".basket-item").length).toBe(3);
  },
};

/** The items load: one skeleton per item, the form already there. */
export const Loading: Story = {
  parameters: { api: { [ITEMS_PATH]: pending() } },
};

/** The items cannot be had: a message and "try again". */
export const ItemsFail: Story = {
  name: "Items fail (500)",
  parameters: { api: { [ITEMS_PATH]: SERVER_ERROR } },
};

/** Nothing in the basket: a way back to the site. */
export const Empty: Story = {
  parameters: { macc: { user: null, panier: [] } satisfies MaccPageParameters },
};

/** A logged-in customer: company, registration number, name and mobile prefilled (GET /me/profile). */
export const Customer: Story = {
  parameters: {
    macc: { user: USER_ONE_COMPANY, panier: ["1001", "1003"] } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [PROFILE_PATH]: ok(profileFor(USER_ONE_COMPANY)),
      [ITEMS_PATH]: items(),
      [FOOTER_PATH]: footerOk(),
      [BOT_CHECK_PATH]: botCheckOk(),
      [SEND_PATH]: sent(),
    },
  },
};

/** Submitting the empty form: the error summary (focused) and a message on each field. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "form");
    submitForm(root);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
    await expect(root.querySelectorAll(".error-summary li").length).toBe(4);
  },
};

/** Sent: the confirmation of SPEC §4 (registered, message sent, we call back). */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".alert--success");
  },
};

/** Sending takes its time: the button is busy and a second click sends nothing. */
export const Sending: Story = {
  parameters: { api: { [ITEMS_PATH]: items(), [BOT_CHECK_PATH]: botCheckOk(), [FOOTER_PATH]: footerOk(), [SEND_PATH]: pending() } },
  play: async ({ canvasElement }) => {
    await send(canvasElement);
  },
};

/** 422: the server's messages on their fields. */
export const ServerValidationErrors: Story = {
  name: "Server validation errors (422)",
  parameters: { api: { [SEND_PATH]: validationProblem([{ path: "mobile", message: "Ce numéro ne reçoit pas de SMS." }]) } },
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".error-summary");
  },
};

/** 429: how long to wait. */
export const TooMany: Story = {
  name: "Too many requests (429)",
  parameters: { api: { [SEND_PATH]: problem(429, "Too Many Requests", undefined, { headers: { "Retry-After": "600" } }) } },
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await expect(await textOf(root, ".alert--error")).toMatch(/10/);
  },
};

/** 500: "could not be sent … call us on" the company's phone; what was typed kept. */
export const SendFails: Story = {
  name: "Send fails (500)",
  parameters: { api: { [SEND_PATH]: SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await expect(await textOf(root, ".alert--error")).toMatch(/\+33|0\d/);
  },
};

/** The AGRI theme, an AGR customer. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI, panier: ["1002"] } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_AGRI),
      [PROFILE_PATH]: ok(profileFor(USER_AGRI)),
      [ITEMS_PATH]: items(),
      [FOOTER_PATH]: footerOk(),
      [BOT_CHECK_PATH]: botCheckOk(),
      [SEND_PATH]: sent(),
    },
  },
};

/** PANIER_VALIDER opened with nothing sent from this tab: a way to the basket and the site. */
export const NothingSent: Story = {
  name: "Confirmation, nothing sent",
  render: (_args, { globals }) => <macc-basket view="sent" {...elementAttributes(globals)} />,
};

/** No network: the basket is saved on this device (a status, not an error) until the page's queue sends it. */
export const SavedOffline: Story = {
  name: "Saved offline",
  parameters: { api: { [SEND_PATH]: noNetwork() } },
  beforeEach: forgetSaved("basket"),
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".saved-offline");
  },
};
