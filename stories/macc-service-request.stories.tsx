import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ApiFixture } from "../.storybook/api-stub";
import "../elements/macc-service-request";
import type { ServiceRequestAnswer } from "../src/contract/service-request";
import { noNetwork, ok, pending, PRODUCT_NOT_FOUND, PRODUCT_PATH, refreshAs, SERVER_ERROR, TRACTOR, USER_ONE_COMPANY } from "./fixtures";
import { elementAttributes, fillFields, forgetSaved, shadowOf, submitForm, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-service-request family="CODE" product="CODE">` (SERVICE_REQUEST): a request to the
 * after-sales service about a machine of the fleet. The family's machines come from
 * GET /me/products/{code}; photos go one by one to POST /me/service-requests/photos (each with its
 * progress), the request to POST /me/service-requests (201, sent once per Idempotency-Key).
 */
const MACHINES = {
  codeFamille: "MACH",
  produit: "Machines agricoles",
  achats: [
    { dateAchat: "2025-10-14", quantite: 1, codeProduit: "MACH-SEMOIR-4M", numeroSerie: "SD4-21-08817" },
    { dateAchat: "2024-10-28", quantite: 1, codeProduit: "MACH-PULVE-3000", numeroSerie: "PT3-22-01452" },
    { dateAchat: "2022-10-17", quantite: 1, codeProduit: "MACH-TRACT-130", numeroSerie: "TR130-20-00391" },
  ],
  documents: { technical: [], sav: [] },
};
const SEND_PATH = "POST /me/service-requests";

const SENT: ServiceRequestAnswer = {
  reference: "D-2026-7K3M9Q",
  createdAt: "2026-11-28T08:12:00.000Z",
  status: "received",
  kind: "breakdown",
  urgency: "machine-stopped",
  machine: TRACTOR,
  description: "Le tracteur ne démarre plus.",
  usageHours: 4210,
  location: "farm",
  address: "La Grange Neuve, 85000 La Roche-sur-Yon",
  callTime: "morning",
  photos: [],
  video: null,
  sms: true,
};

const meta = {
  title: "Elements/macc-service-request",
  render: (_args, { globals }) => <macc-service-request {...elementAttributes(globals)} family="MACH" product="MACH-TRACT-130" />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [PRODUCT_PATH]: ok(MACHINES, 300),
      [SEND_PATH]: new ApiFixture({ status: 201, body: SENT, delayMs: 400 }),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-service-request";

/** Fills in a valid request and sends it. */
async function send(canvasElement: HTMLElement): Promise<ShadowRoot> {
  const root = await shadowOf(canvasElement, TAG, 'input[name="kind"]');
  root.querySelector<HTMLInputElement>('input[name="kind"][value="breakdown"]')!.click();
  root.querySelector<HTMLInputElement>('input[name="urgency"][value="machine-stopped"]')!.click();
  const description = root.querySelector<HTMLTextAreaElement>('textarea[name="description"]')!;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(
    description,
    "Le tracteur ne démarre plus depuis ce matin.",
  );
  description.dispatchEvent(new Event("input", { bubbles: true }));
  fillFields(root, { usageHours: "4210" });
  submitForm(root);
  return root;
}

/** `product` names the tractor: the machine is shown, the form is empty. */
export const Default: Story = {};

/** Without `product`, a family of three machines: the form asks which one. */
export const SeveralMachines: Story = {
  render: (_args, { globals }) => <macc-service-request {...elementAttributes(globals)} family="MACH" />,
};

/** The family's machines load: the machine's place is kept. */
export const Loading: Story = {
  parameters: { api: { [PRODUCT_PATH]: pending() } },
};

/** Without `family`: a link to the product fleet. */
export const NoMachine: Story = {
  name: "Empty (no family)",
  render: (_args, { globals }) => <macc-service-request {...elementAttributes(globals)} />,
};

/** A family the company never bought (404). */
export const NotFound: Story = {
  name: "Not found (404)",
  parameters: { api: { [PRODUCT_PATH]: PRODUCT_NOT_FOUND } },
};

/** The family cannot be read (500): a message and "Try again". */
export const LoadError: Story = {
  name: "Load error (500)",
  parameters: { api: { [PRODUCT_PATH]: SERVER_ERROR } },
};

/** Submitting the empty form: the error summary (focused) and a message on each field. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, "form");
    submitForm(root);
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** 201: the reference and what happens next. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await expect(await textOf(root, ".alert--success")).toMatch(/D-2026-7K3M9Q/);
  },
};

/** 500: the request could not be sent; what was typed is kept. */
export const SendFails: Story = {
  name: "Send fails (500)",
  parameters: { api: { [SEND_PATH]: SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".alert--error");
  },
};

/** No network: the request is saved on this device (a status, not an error), with the way to write another. */
export const SavedOffline: Story = {
  name: "Saved offline",
  parameters: { api: { [SEND_PATH]: noNetwork() } },
  beforeEach: forgetSaved("service-request"),
  play: async ({ canvasElement }) => {
    const root = await send(canvasElement);
    await textOf(root, ".saved-offline");
    await expect(root.querySelector(".actions button")).toBeTruthy();
  },
};
