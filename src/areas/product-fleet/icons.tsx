import { bothThemes, titleIcon, ToolIcon, type ScreenIcon } from "../../ui/icons";

/** The product fleet and a product: a parcel at MACC, a tractor at AGRIMACC. */
export const PRODUCTS_ICON: ScreenIcon = {
  MACC: titleIcon("box", <path d="M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8" />),
  AGRI: titleIcon(
    "tractor",
    <>
      <circle cx="7" cy="15" r="5" />
      <circle cx="7" cy="15" r="1" />
      <circle cx="19" cy="18" r="3" />
      <path d="M3 11V3h8l2 7h6a2 2 0 0 1 2 2v3.2M12 18h4M16 10V6" />
    </>,
  ),
};

/** A product's after-sales service: a spanner. */
export const AFTER_SALES_ICON = bothThemes({ name: "wrench", Draw: ToolIcon });
