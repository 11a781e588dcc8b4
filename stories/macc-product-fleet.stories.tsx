import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-product-fleet";
import {
  DOCUMENT_PATH,
  NO_PRODUCTS,
  ok,
  pdfFile,
  pending,
  problem,
  PRODUCT_NOT_FOUND,
  PRODUCT_PATH,
  productDetail,
  productOk,
  PRODUCTS,
  PRODUCTS_PATH,
  refreshAs,
  SERVER_ERROR,
  USER_AGRI,
  USER_ONE_COMPANY,
} from "./fixtures";
import { elementAttributes, shadowOf, textOf, type MaccPageParameters } from "./helpers";

/**
 * `<macc-product-fleet>` (PARC_PRODUITS): the MACC products the company bought
 * (GET /me/products?langue). With `family` it shows that product (PARC_PRODUITS_DETAIL,
 * GET /me/products/{code}?langue): its technical documents and videos, or with `view="sav"` its
 * after-sales documents (PARC_PRODUITS_DETAIL_SAV); a PDF opens from GET /me/documents/{id}.
 */
const meta = {
  title: "Elements/macc-product-fleet",
  render: (_args, { globals }) => <macc-product-fleet {...elementAttributes(globals)} />,
  parameters: {
    macc: { user: USER_ONE_COMPANY } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_ONE_COMPANY),
      [PRODUCTS_PATH]: ok(PRODUCTS, 400),
      [PRODUCT_PATH]: productOk(400),
      [DOCUMENT_PATH]: pdfFile(),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const TAG = "macc-product-fleet";

/** Four product families, with their after-sales and technical documents links. */
export const List: Story = {};

/** GET /me/products takes its time: skeleton rows. */
export const ListLoading: Story = {
  parameters: { api: { [PRODUCTS_PATH]: pending() } },
};

/** No product bought yet. */
export const ListEmpty: Story = {
  name: "List empty",
  parameters: { api: { [PRODUCTS_PATH]: ok(NO_PRODUCTS, 300) } },
};

/** GET /me/products fails (500): a message and "Try again". */
export const ListError: Story = {
  name: "List error (500)",
  parameters: { api: { [PRODUCTS_PATH]: SERVER_ERROR } },
};

const detail = (view?: "sav") => ({
  render: (_args: unknown, { globals }: { globals: Record<string, unknown> }) => (
    <macc-product-fleet {...elementAttributes(globals)} family="SEM-3000" view={view} />
  ),
});

/** `family="SEM-3000"`: technical documents (two PDFs, a video) and the purchases. */
export const Detail: Story = { ...detail() };

/** `view="sav"`: the after-sales documents (one PDF without a known size). */
export const DetailAfterSales: Story = { name: "Detail, after-sales (view=sav)", ...detail("sav") };

/** GET /me/products/{code} takes its time. */
export const DetailLoading: Story = {
  ...detail(),
  parameters: { api: { [PRODUCT_PATH]: pending() } },
};

/** A product with no document of either kind. */
export const DetailWithoutDocuments: Story = {
  ...detail(),
  parameters: { api: { [PRODUCT_PATH]: ok(productDetail("SEM-3000", { technical: [], sav: [] }), 300) } },
};

/** 404: a family the company never bought (or a mistyped address). */
export const DetailNotFound: Story = {
  name: "Detail not found (404)",
  ...detail(),
  parameters: { api: { [PRODUCT_PATH]: PRODUCT_NOT_FOUND } },
};

/** GET /me/products/{code} fails (500). */
export const DetailError: Story = {
  name: "Detail error (500)",
  ...detail(),
  parameters: { api: { [PRODUCT_PATH]: SERVER_ERROR } },
};

/** Opening a PDF fails (500): a message under the document. */
export const DocumentFails: Story = {
  name: "Document fails to open (500)",
  ...detail(),
  parameters: { api: { [DOCUMENT_PATH]: problem(500, "Internal Server Error", "The document service is unavailable.") } },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, TAG, ".documents button");
    root.querySelector<HTMLButtonElement>(".documents button")!.click();
    await textOf(root, '.documents [role="alert"]');
  },
};

/** The AGRI theme (toolbar locked to AGRI), the AGR company selected. */
export const AgriTheme: Story = {
  globals: { theme: "AGRI" },
  parameters: {
    macc: { user: USER_AGRI } satisfies MaccPageParameters,
    api: { "POST /auth/refresh": refreshAs(USER_AGRI), [PRODUCTS_PATH]: ok({ items: PRODUCTS.items.slice(0, 2) }, 400) },
  },
};

/** Not logged in: a prompt and a link to the login page, no request. */
export const Anonymous: Story = {
  parameters: { macc: { user: null } satisfies MaccPageParameters },
};
