import { bothThemes, titleIcon, ToolIcon, type ScreenIcon } from "../../ui/icons";

/** The product fleet and a product: a parcel at MACC, a tractor at AGRIMACC. */
export const PRODUCTS_ICON: ScreenIcon = {
  MACC: titleIcon("box", "M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8"),
  AGRI: titleIcon(
    "tractor",
    "M2 15a5 5 0 1 0 10 0a5 5 0 1 0 -10 0M6 15a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M16 18a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M3 11V3h8l2 7h6a2 2 0 0 1 2 2v3.2M12 18h4M16 10V6",
  ),
};

/** A product's after-sales service: a spanner. */
export const AFTER_SALES_ICON = bothThemes({ name: "wrench", Draw: ToolIcon });
