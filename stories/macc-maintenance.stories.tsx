import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-maintenance";
import { elementAttributes } from "./helpers";

/** `<macc-maintenance>` (MAINTENANCE route): the screen every element shows while the API answers 503. */
const meta = {
  title: "Elements/macc-maintenance",
  render: (_args, { globals }) => <macc-maintenance {...elementAttributes(globals)} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Maintenance: Story = {};
