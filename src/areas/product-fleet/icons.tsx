import { bothThemes, titleIcon, ToolIcon, type ScreenIcon } from "../../ui/icons";

/** The product fleet and a product: a parcel at MACC, a tractor at AGRIMACC. */
export const PRODUCTS_ICON: ScreenIcon = {
  MACC: titleIcon("box", <path d="M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8" />),
  AGRI: titleIcon(
    "tractor",
    <>
      <circle cx="7" cy="16" r="4" />
      <circle cx="18" cy="18" r="2.5" />
      <path d="M4 11V5h6l1.5 6H18a2 2 0 0 1 2 2v2.5M11 18h4.5M15 11V7" />
    </>,
  ),
};

/** A product's after-sales service: a spanner. */
export const AFTER_SALES_ICON = bothThemes({ name: "wrench", Draw: ToolIcon });
