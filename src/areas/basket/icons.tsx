import { bothThemes, titleIcon, type ScreenIcon } from "../../ui/icons";

/** The basket: a shopping trolley at MACC, a market basket at AGRIMACC. */
export const BASKET_ICON: ScreenIcon = {
  MACC: titleIcon(
    "cart",
    "M7.5 20a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0M16.5 20a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.5L22 7H6",
  ),
  AGRI: titleIcon("basket", "M2 10h20M4 10l1.7 9.2A2 2 0 0 0 7.7 21h8.6a2 2 0 0 0 2-1.8L20 10M8 10l4-7 4 7M9 14v3M12 14v3M15 14v3"),
};

/** The basket sent: a tick. */
export const SENT_ICON = bothThemes(titleIcon("circle-check", "M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0M8 12l3 3 5-6"));
