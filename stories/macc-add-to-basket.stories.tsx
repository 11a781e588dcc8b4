import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import "../elements/macc-add-to-basket";
import type { ApiFixture, ApiRequest } from "../.storybook/api-stub";
import { ok, SERVER_ERROR } from "./fixtures";
import { elementAttributes, shadowOf, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-add-to-basket item="ID">`: adds one item to the stored basket (GET /basket/items?ids=ID
 * checks the catalogue still holds it) and says what happened, with a link to the basket. Press
 * the button in each story: the basket is the page's, so a story's basket carries over to the next.
 */

const ITEMS_PATH = "GET /basket/items";
const CATALOGUE = ["1001", "1002", "1004"];

const items = (): ApiFixture =>
  ok((req: ApiRequest) => {
    const ids = (req.query.get("ids") ?? "").split(",");
    return {
      items: ids.filter((id) => CATALOGUE.includes(id)).map((id) => ({ id, nom: `Article ${id}`, description: "", image: null })),
      unknown: ids.filter((id) => !CATALOGUE.includes(id)),
    };
  }, 300);

const meta = {
  title: "Elements/macc-add-to-basket",
  args: { item: "1004", name: "Aliment vaches laitières VL 18" },
  render: (args, { globals }) => <macc-add-to-basket {...args} {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: null, panier: ["1001", "1002"] } satisfies MaccPageParameters,
    api: { [ITEMS_PATH]: items() },
  },
} satisfies Meta<{ item: string; name?: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-add-to-basket";

async function press(canvasElement: HTMLElement): Promise<ShadowRoot> {
  const root = await shadowOf(canvasElement, TAG, "button");
  root.querySelector("button")!.click();
  return root;
}

/** Two items in the basket: the press adds a third and says so. */
export const Added: Story = {
  play: async ({ canvasElement }) => {
    const root = await press(canvasElement);
    await expect(await textOf(root, "[role=status] a")).toBeTruthy();
  },
};

/** The item is in the basket already: said, nothing added. */
export const AlreadyThere: Story = {
  parameters: { macc: { user: null, panier: ["1004"] } satisfies MaccPageParameters },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
  },
};

/** An id the catalogue no longer holds. */
export const NoLongerAvailable: Story = {
  args: { item: "9999", name: undefined },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
  },
};

/** The basket holds its 50 items at most. */
export const Full: Story = {
  parameters: { macc: { user: null, panier: Array.from({ length: 50 }, (_, i) => String(2000 + i)) } satisfies MaccPageParameters },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
  },
};

/** The catalogue cannot be asked: try again. */
export const CheckFails: Story = {
  parameters: { api: { [ITEMS_PATH]: SERVER_ERROR } },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
  },
};
